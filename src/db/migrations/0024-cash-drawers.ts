import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/** Every scope an API key could hold before this migration: a key holding them all had full access. */
const FULL_ACCESS_BEFORE = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'customers:read',
  'customers:write',
  'webhooks:read',
  'webhooks:write',
  'merchant:read',
  'merchant:write',
];

/** The scopes this migration adds; full-access keys gain them. */
const ADDED_SCOPES = ['cash_drawers:read', 'cash_drawers:write', 'reports:read'];

/**
 * The register's money (issue 30): cash drawers, and which tender paid what.
 *
 * - `cash_drawers`: a drawer session of one register (`register`, the register's code), opened with a
 *   float and closed with the counted cash. At most one open drawer per register, merchant and
 *   environment (`cash_drawers_one_open`, a partial unique index). `expected_cash` is fixed at close
 *   (float + cash sales - cash refunds + paid in - paid out); `counted_cash` is what was counted.
 * - `cash_drawer_movements`: cash paid in or out of an open drawer, with a reason.
 * - `orders.cash_amount`: the part of the order's total paid in cash (the whole total for a paid cash
 *   order, part of it for a split cash and card tender, 0 otherwise); `orders.cash_given`: the cash the
 *   customer handed over (null when not told); `orders.change_due`: `cash_given - cash_amount`;
 *   `orders.cash_drawer_id`: the drawer (and so the register) the sale was rung up on, null for a sale
 *   made elsewhere. Paid cash orders made before this migration get `cash_amount = total`.
 * - `refunds.cash_amount`: the part of the refund paid back in cash; `refunds.cash_drawer_id`: the
 *   drawer it came out of. Refunds of cash orders made before this migration get `cash_amount = amount`.
 * - API keys that held every scope a key could hold keep full access: they gain the new scopes.
 */
export const cashDrawers = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('cash_drawers')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('register', key, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('opening_float', 'bigint', (c) => c.notNull())
      .addColumn('expected_cash', 'bigint')
      .addColumn('counted_cash', 'bigint')
      .addColumn('opened_by', 'text')
      .addColumn('closed_by', 'text')
      .addColumn('opening_note', 'text')
      .addColumn('closing_note', 'text')
      .addColumn('opened_at', key, (c) => c.notNull())
      .addColumn('closed_at', key)
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cash_drawers_pk', ['merchant_id', 'id'])
      .addCheckConstraint('cash_drawers_status', sql`status in ('open', 'closed')`)
      .addCheckConstraint('cash_drawers_amounts', sql`opening_float >= 0 and (counted_cash is null or counted_cash >= 0)`)
      .execute();
    await db.schema
      .createIndex('cash_drawers_one_open')
      .unique()
      .on('cash_drawers')
      .columns(['merchant_id', 'environment', 'register'])
      .where(sql.ref('status'), '=', 'open')
      .execute();
    await db.schema.createIndex('cash_drawers_list').on('cash_drawers').columns(['merchant_id', 'environment', 'opened_at', 'id']).execute();

    await db.schema
      .createTable('cash_drawer_movements')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('drawer_id', key, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addPrimaryKeyConstraint('cash_drawer_movements_pk', ['merchant_id', 'id'])
      .addCheckConstraint('cash_drawer_movements_type', sql`type in ('paid_in', 'paid_out')`)
      .addCheckConstraint('cash_drawer_movements_amount', sql`amount > 0`)
      .execute();
    await db.schema.createIndex('cash_drawer_movements_by_drawer').on('cash_drawer_movements').columns(['merchant_id', 'drawer_id', 'created_at', 'id']).execute();

    await db.schema.alterTable('orders').addColumn('cash_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('cash_given', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('change_due', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('cash_drawer_id', key).execute();
    await db.schema.createIndex('orders_by_cash_drawer').on('orders').columns(['merchant_id', 'cash_drawer_id']).execute();
    await db.schema.alterTable('refunds').addColumn('cash_amount', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('refunds').addColumn('cash_drawer_id', key).execute();
    await db.schema.createIndex('refunds_by_cash_drawer').on('refunds').columns(['merchant_id', 'cash_drawer_id']).execute();

    await sql`update orders set cash_amount = total where payment_method = 'cash' and paid_at is not null`.execute(db);
    await sql`update refunds set cash_amount = amount
      where exists (select 1 from orders o where o.merchant_id = refunds.merchant_id and o.id = refunds.order_id and o.payment_method = 'cash')`.execute(db);

    const keys: { id: string; permissions: string }[] = await db.selectFrom('api_keys').select(['id', 'permissions']).execute();
    for (const apiKey of keys) {
      const held = JSON.parse(apiKey.permissions) as string[];
      if (!FULL_ACCESS_BEFORE.every((scope) => held.includes(scope))) continue;
      const permissions = JSON.stringify([...held, ...ADDED_SCOPES.filter((scope) => !held.includes(scope))]);
      await db.updateTable('api_keys').set({ permissions }).where('id', '=', apiKey.id).execute();
    }
  },
  async down(db: Kysely<any>) {
    const keys: { id: string; permissions: string }[] = await db.selectFrom('api_keys').select(['id', 'permissions']).execute();
    for (const apiKey of keys) {
      const held = JSON.parse(apiKey.permissions) as string[];
      if (!ADDED_SCOPES.some((scope) => held.includes(scope))) continue;
      const permissions = JSON.stringify(held.filter((scope) => !ADDED_SCOPES.includes(scope)));
      await db.updateTable('api_keys').set({ permissions }).where('id', '=', apiKey.id).execute();
    }
    await db.schema.dropIndex('refunds_by_cash_drawer').execute();
    await db.schema.alterTable('refunds').dropColumn('cash_drawer_id').execute();
    await db.schema.alterTable('refunds').dropColumn('cash_amount').execute();
    await db.schema.dropIndex('orders_by_cash_drawer').execute();
    await db.schema.alterTable('orders').dropColumn('cash_drawer_id').execute();
    await db.schema.alterTable('orders').dropColumn('change_due').execute();
    await db.schema.alterTable('orders').dropColumn('cash_given').execute();
    await db.schema.alterTable('orders').dropColumn('cash_amount').execute();
    await db.schema.dropTable('cash_drawer_movements').execute();
    await db.schema.dropTable('cash_drawers').execute();
  },
});
