/**
 * Migration 0024: paid cash orders made before it read as paid in cash (`cash_amount = total`), their
 * refunds as paid back in cash; full-access API keys gain the new scopes and narrower ones do not; a
 * register has at most one open drawer; and going down and up again keeps the orders.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { cashDrawers } from '../../src/db/migrations/0024-cash-drawers.js';
import { createMerchant } from '../../src/merchants/create-merchant.js';
import { systemClock } from '../../src/time.js';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';

const FULL = ['orders:read', 'orders:write', 'products:read', 'products:write', 'customers:read', 'customers:write', 'webhooks:read', 'webhooks:write', 'merchant:read', 'merchant:write'];

describeEachBackend('migration 0024-cash-drawers', (backend) => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createTestDatabase(backend);
    db = await openDatabase({ url: database.url, schema: database.schema });
    await migrateUpTo(db, '0023-modifiers');
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  test('backfills cash orders and refunds, gives full-access keys the new scopes, and allows one open drawer per register', async () => {
    const { merchant } = await createMerchant(db, systemClock, { name: 'Old Shop', email: 'old-shop-0024@example.com', password: 'a long enough password' });
    const raw = db.kysely as unknown as Kysely<any>;
    const now = new Date().toISOString();
    const order = (id: string, number: number, payment_method: string, paid: boolean) => ({
      merchant_id: merchant.id,
      environment: 'sandbox',
      id,
      number,
      status: paid ? 'partially_refunded' : 'pending',
      customer_id: null,
      currency: 'USD',
      subtotal: 1000,
      tax: 80,
      total: 1080,
      refunded_amount: paid ? 300 : 0,
      items_count: 1,
      payment_method,
      card_last4: payment_method === 'card' && paid ? '4242' : null,
      payment_processor: payment_method === 'card' && paid ? 'simulator' : null,
      processor_payment_id: null,
      card_brand: payment_method === 'card' && paid ? 'visa' : null,
      paid_at: paid ? now : null,
      canceled_at: null,
      notes: null,
      metadata: '{}',
      created_at: now,
      updated_at: now,
      dispute: null,
    });
    await raw
      .insertInto('orders')
      .values([order('ord_cash', 1001, 'cash', true), order('ord_card', 1002, 'card', true), order('ord_cash_pending', 1003, 'cash', false)])
      .execute();
    const refund = (id: string, order_id: string) => ({ merchant_id: merchant.id, environment: 'sandbox', id, order_id, amount: 300, currency: 'USD', status: 'succeeded', reason: 'customer_request', items: '[]', processor_refund_id: null, created_at: now });
    await raw.insertInto('refunds').values([refund('ref_cash', 'ord_cash'), refund('ref_card', 'ord_card')]).execute();
    const apiKey = (id: string, permissions: string[]) => ({ id, merchant_id: merchant.id, environment: 'sandbox', name: id, key_hash: `hash_${id}`, last4: 'abcd', permissions: JSON.stringify(permissions), created_at: now, last_used_at: null, revoked_at: null });
    await raw.insertInto('api_keys').values([apiKey('key_full', FULL), apiKey('key_narrow', ['orders:read'])]).execute();

    await migrateToLatest(db);

    const orders = await raw.selectFrom('orders').select(['id', 'cash_amount', 'cash_given', 'change_due', 'cash_drawer_id']).where('merchant_id', '=', merchant.id).orderBy('id').execute();
    assert.deepEqual(
      orders.map((row) => ({ ...row, cash_amount: Number(row.cash_amount) })),
      [
        { id: 'ord_card', cash_amount: 0, cash_given: null, change_due: null, cash_drawer_id: null },
        { id: 'ord_cash', cash_amount: 1080, cash_given: null, change_due: null, cash_drawer_id: null },
        { id: 'ord_cash_pending', cash_amount: 0, cash_given: null, change_due: null, cash_drawer_id: null },
      ],
    );
    const refunds = await raw.selectFrom('refunds').select(['id', 'cash_amount']).where('merchant_id', '=', merchant.id).orderBy('id').execute();
    assert.deepEqual(refunds.map((row) => [row.id, Number(row.cash_amount)]), [['ref_card', 0], ['ref_cash', 300]]);

    const keys = await raw.selectFrom('api_keys').select(['id', 'permissions']).where('merchant_id', '=', merchant.id).orderBy('id').execute();
    assert.deepEqual(JSON.parse(keys[0]!.permissions), [...FULL, 'cash_drawers:read', 'cash_drawers:write', 'reports:read']);
    assert.deepEqual(JSON.parse(keys[1]!.permissions), ['orders:read']);

    const drawer = (id: string, register: string, status: string) => ({ merchant_id: merchant.id, environment: 'sandbox', id, register, status, currency: 'USD', opening_float: 10000, opened_at: now, updated_at: now });
    await raw.insertInto('cash_drawers').values([drawer('drw_1', 'R1', 'closed'), drawer('drw_2', 'R1', 'open'), drawer('drw_3', 'R2', 'open')]).execute();
    await assert.rejects(raw.insertInto('cash_drawers').values(drawer('drw_4', 'R1', 'open')).execute(), 'a second open drawer of one register is refused');

    await cashDrawers(backend).down!(raw);
    const back = await raw.selectFrom('api_keys').select('permissions').where('id', '=', 'key_full').executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(back.permissions), FULL, 'going down takes the added scopes away');
    await cashDrawers(backend).up(raw);
    const again = await raw.selectFrom('orders').select(['id', 'cash_amount']).where('merchant_id', '=', merchant.id).where('id', '=', 'ord_cash').executeTakeFirstOrThrow();
    assert.equal(Number(again.cash_amount), 1080);
  });
});
