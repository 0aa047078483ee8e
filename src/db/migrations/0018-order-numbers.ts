import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Order numbers and order search (issue 29).
 *
 * - `orders.number`: the order's number, per merchant and environment, from 1001 with no gap, in
 *   creation order. Existing orders are numbered here by (created_at, id); new ones by Create Order
 *   from `order_numbers`. The unique index `orders_number` is the last guard.
 * - `order_numbers`: the last number given per merchant and environment. Create Order increments it
 *   in its own transaction (`db/orders/order-numbers.ts`): the row stays locked until commit, and a
 *   rolled back order gives its number back.
 * - Indexes for List Orders' `q`: by total and by card's last four (orders), and by lower-cased name
 *   and e-mail (customers), each after merchant and environment, so that a search reads index ranges.
 */
export const orderNumbers = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema.alterTable('orders').addColumn('number', 'bigint').execute();
    await sql`update orders set number = numbered.number
      from (select merchant_id, id, 1000 + row_number() over (partition by merchant_id, environment order by created_at, id) as number from orders) numbered
     where orders.merchant_id = numbered.merchant_id and orders.id = numbered.id`.execute(db);
    // SQLite cannot make an added column NOT NULL; there the writers (`ORDER_COLUMNS`) always set it.
    if (dialect === 'postgres') await sql`alter table orders alter column number set not null`.execute(db);
    await db.schema.createIndex('orders_number').unique().on('orders').columns(['merchant_id', 'environment', 'number']).execute();
    await db.schema.createIndex('orders_by_total').on('orders').columns(['merchant_id', 'environment', 'total', 'created_at', 'id']).execute();
    await db.schema.createIndex('orders_by_card_last4').on('orders').columns(['merchant_id', 'environment', 'card_last4', 'created_at', 'id']).execute();
    // Case-insensitive prefix search: a range over the lower-cased text, compared byte by byte.
    const lowered = (column: string) => (dialect === 'postgres' ? sql`(lower(${sql.ref(column)}) collate "C")` : sql`lower(${sql.ref(column)})`);
    await sql`create index customers_by_name on customers (merchant_id, environment, ${lowered('name')})`.execute(db);
    await sql`create index customers_by_email on customers (merchant_id, environment, ${lowered('email')})`.execute(db);

    await db.schema
      .createTable('order_numbers')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('last_number', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_numbers_pk', ['merchant_id', 'environment'])
      .execute();
    await sql`insert into order_numbers (merchant_id, environment, last_number)
      select merchant_id, environment, max(number) from orders group by merchant_id, environment`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('order_numbers').execute();
    for (const index of ['customers_by_email', 'customers_by_name', 'orders_by_card_last4', 'orders_by_total', 'orders_number']) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.alterTable('orders').dropColumn('number').execute();
  },
});
