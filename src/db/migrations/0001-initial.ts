import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The first schema, written with Kysely's schema builder so that one text serves SQLite and
 * PostgreSQL. Tenant tables key on (merchant_id, id) and index on (merchant_id, environment, ...).
 *
 * Identifiers and timestamps are compared byte by byte on both databases: SQLite does so by default,
 * PostgreSQL is told to with `collate "C"`, so that `order by created_at desc, id desc` gives the
 * same order everywhere whatever the server's locale.
 */
export const initial = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('merchants')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('tax_rate_bps', 'integer', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key, (c) => c.notNull().references('merchants.id'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('removed_at', 'text')
      .execute();
    await db.schema.createIndex('users_merchant').on('users').columns(['merchant_id']).execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', key, (c) => c.primaryKey())
      .addColumn('merchant_id', key, (c) => c.notNull().references('merchants.id'))
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_merchant').on('api_keys').columns(['merchant_id', 'environment', 'created_at']).execute();

    await db.schema
      .createTable('products')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('inventory', 'bigint')
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('products_pk', ['merchant_id', 'id'])
      .addCheckConstraint('products_inventory_not_negative', sql`inventory is null or inventory >= 0`)
      .execute();
    await db.schema.createIndex('products_list').on('products').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();

    await db.schema
      .createTable('customers')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('customers_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('customers_list').on('customers').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();

    await db.schema
      .createTable('orders')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('status', key, (c) => c.notNull())
      .addColumn('customer_id', key)
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal', 'bigint', (c) => c.notNull())
      .addColumn('tax', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('refunded_amount', 'bigint', (c) => c.notNull())
      .addColumn('items_count', 'integer', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('card_last4', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('canceled_at', 'text')
      .addColumn('notes', 'text')
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('orders_pk', ['merchant_id', 'id'])
      .addCheckConstraint('orders_refunds_within_total', sql`refunded_amount >= 0 and refunded_amount <= total`)
      .execute();
    await db.schema.createIndex('orders_list').on('orders').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();
    await db.schema.createIndex('orders_by_status').on('orders').columns(['merchant_id', 'environment', 'status', 'created_at', 'id']).execute();
    await db.schema.createIndex('orders_by_customer').on('orders').columns(['merchant_id', 'environment', 'customer_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('line_items')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('order_id', key, (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('product_id', key, (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('refunded_quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('line_items_pk', ['merchant_id', 'id'])
      .addForeignKeyConstraint('line_items_order', ['merchant_id', 'order_id'], 'orders', ['merchant_id', 'id'])
      .addCheckConstraint('line_items_refunded_within_quantity', sql`refunded_quantity >= 0 and refunded_quantity <= quantity`)
      .execute();
    await db.schema.createIndex('line_items_by_order').on('line_items').columns(['merchant_id', 'order_id', 'position']).execute();

    await db.schema
      .createTable('refunds')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('order_id', key, (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', key, (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addPrimaryKeyConstraint('refunds_pk', ['merchant_id', 'id'])
      .addForeignKeyConstraint('refunds_order', ['merchant_id', 'order_id'], 'orders', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('refunds_by_order').on('refunds').columns(['merchant_id', 'order_id', 'created_at']).execute();

    await db.schema
      .createTable('events')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('id', key, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', key, (c) => c.notNull())
      .addPrimaryKeyConstraint('events_pk', ['merchant_id', 'id'])
      .execute();
    await db.schema.createIndex('events_list').on('events').columns(['merchant_id', 'environment', 'created_at', 'id']).execute();
  },

  async down(db: Kysely<any>) {
    for (const table of ['events', 'refunds', 'line_items', 'orders', 'customers', 'products', 'api_keys', 'users', 'merchants']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
