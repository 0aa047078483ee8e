/**
 * The statement check every test server runs (test/helpers/tenant-scope.ts) tells a statement scoped
 * to a merchant from one that is not, on the statements Kysely builds, joins and aliases included.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type RootOperationNode } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { CROSS_TENANT, describeStatement } from '../helpers/tenant-scope.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const scoped = (node: RootOperationNode) => describeStatement(node).filtersByMerchant;
const allowed = (node: RootOperationNode) => CROSS_TENANT.some((c) => c.matches(describeStatement(node)));

test('a statement on a merchant table must name merchant_id', () => {
  assert.equal(scoped(db.selectFrom('orders').select('id').where('id', '=', 'ord_1').toOperationNode()), false);
  assert.equal(scoped(db.selectFrom('orders').select('id').where('merchant_id', '=', 'mer_1').where('id', '=', 'ord_1').toOperationNode()), true);
  assert.equal(scoped(db.updateTable('api_keys').set({ last_used_at: 'now' }).where('id', '=', 'key_1').toOperationNode()), false);
  assert.equal(scoped(db.deleteFrom('products').where('id', '=', 'prod_1').toOperationNode()), false);
  assert.equal(scoped(db.updateTable('products').set({ inventory: sql`inventory + ${1}` }).where('merchant_id', '=', 'mer_1').where('id', '=', 'prod_1').toOperationNode()), true);
});

test('in a join, each merchant table needs its own merchant_id (by its name or its alias)', () => {
  const join = db
    .selectFrom('users')
    .innerJoin('auth_sessions', 'auth_sessions.user_id', 'users.id')
    .select('users.role')
    .where('users.merchant_id', '=', 'mer_1')
    .where('auth_sessions.id', '=', 'ses_1');
  assert.equal(scoped(join.toOperationNode()), false);
  assert.equal(scoped(join.where('auth_sessions.merchant_id', '=', 'mer_1').toOperationNode()), true);
  const aliased = db.selectFrom('webhook_deliveries as d').select('d.id').where('d.merchant_id', '=', 'mer_1');
  assert.equal(scoped(aliased.toOperationNode()), true);
});

test('tables that belong to no merchant are not checked', () => {
  assert.deepEqual(describeStatement(db.selectFrom('signing_keys').selectAll().toOperationNode()).tables, []);
  assert.deepEqual(describeStatement(db.selectFrom('merchants').selectAll().toOperationNode()).tables, []);
});

test('SQL text is judged on its text', () => {
  assert.equal(scoped(sql`select id from orders where id = ${'ord_1'}`.compile(db).query as RootOperationNode), false);
  assert.equal(scoped(sql`select id from orders o where o.merchant_id = ${'m'} and o.id = ${'ord_1'}`.compile(db).query as RootOperationNode), true);
});

test('only the statements that find a tenant or serve all of them are let through', () => {
  // A refresh token found by its hash names its sign-in; an e-mail finds its user.
  assert.equal(allowed(db.selectFrom('refresh_tokens').innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id').select('auth_sessions.user_id').where('refresh_tokens.token_hash', '=', 'h').toOperationNode()), true);
  assert.equal(allowed(db.selectFrom('users').select('id').where('email', '=', 'a@example.com').toOperationNode()), true);
  // A receipt link found by its token's hash names its order; changing it takes the merchant.
  assert.equal(allowed(db.selectFrom('receipt_links').select(['merchant_id', 'environment', 'order_id']).where('token_hash', '=', 'h').toOperationNode()), true);
  assert.equal(allowed(db.updateTable('receipt_links').set({ token_hash: 'h2' }).where('token_hash', '=', 'h').toOperationNode()), false);
  assert.equal(scoped(db.updateTable('receipt_links').set({ token_hash: 'h2' }).where('merchant_id', '=', 'mer_1').where('token_hash', '=', 'h').toOperationNode()), true);
  // But not a user's removal by id, nor an update through a refresh token's sign-in.
  assert.equal(allowed(db.updateTable('users').set({ removed_at: 'now' }).where('id', '=', 'usr_1').toOperationNode()), false);
  assert.equal(allowed(db.updateTable('auth_sessions').set({ revoked_at: 'now' }).where('id', '=', 'ses_1').toOperationNode()), false);
});
