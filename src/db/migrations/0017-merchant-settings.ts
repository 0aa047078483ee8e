import type { Kysely, Migration } from 'kysely';

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
];

/**
 * Merchant settings that can change (`PATCH /v1/merchant`).
 *
 * - `merchants.prices_include_tax`: 1 when line prices include tax (the order's tax is the included
 *   part), 0 when tax is added on top, as before.
 * - `merchants.address` (JSON object of line1, line2, city, region, postal_code, country; null
 *   without one), `merchants.tax_id`, `merchants.receipt_footer`: what a receipt shows.
 * - API keys that held every scope a key could hold keep full access: they gain the new
 *   `merchant:read` and `merchant:write`.
 */
export const merchantSettings = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('merchants').addColumn('prices_include_tax', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('merchants').addColumn('address', 'text').execute();
    await db.schema.alterTable('merchants').addColumn('tax_id', 'text').execute();
    await db.schema.alterTable('merchants').addColumn('receipt_footer', 'text').execute();
    const keys: { id: string; permissions: string }[] = await db.selectFrom('api_keys').select(['id', 'permissions']).execute();
    for (const key of keys) {
      const held = JSON.parse(key.permissions) as string[];
      if (!FULL_ACCESS_BEFORE.every((scope) => held.includes(scope))) continue;
      const permissions = JSON.stringify([...held, 'merchant:read', 'merchant:write']);
      await db.updateTable('api_keys').set({ permissions }).where('id', '=', key.id).execute();
    }
  },
  async down(db: Kysely<any>) {
    const keys: { id: string; permissions: string }[] = await db.selectFrom('api_keys').select(['id', 'permissions']).execute();
    for (const key of keys) {
      const held = JSON.parse(key.permissions) as string[];
      if (!held.some((scope) => scope.startsWith('merchant:'))) continue;
      const permissions = JSON.stringify(held.filter((scope) => !scope.startsWith('merchant:')));
      await db.updateTable('api_keys').set({ permissions }).where('id', '=', key.id).execute();
    }
    for (const column of ['receipt_footer', 'tax_id', 'address', 'prices_include_tax']) {
      await db.schema.alterTable('merchants').dropColumn(column).execute();
    }
  },
});
