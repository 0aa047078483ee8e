import type { Kysely, Migration } from 'kysely';

/**
 * Product options and modifiers (issue 29).
 *
 * - `products.modifier_groups`: JSON array of the product's groups (Size, Milk...), each with its
 *   options and their price deltas (`products/modifier-groups.ts` says what is valid). A column, not
 *   tables: Create Order reads a product's groups with the update that takes its stock (no join, no
 *   extra round trip), and the groups are always read and replaced whole.
 * - `line_items.modifiers`: JSON array of the options sold on the line, names and deltas frozen at
 *   sale, so that a later edit of the product does not change a sold line.
 *
 * Both default to `[]`, so existing products have no groups and existing lines no modifiers.
 */
export const modifiers = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('products').addColumn('modifier_groups', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('line_items').addColumn('modifiers', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('line_items').dropColumn('modifiers').execute();
    await db.schema.alterTable('products').dropColumn('modifier_groups').execute();
  },
});
