/**
 * `till merchant update`: each option changes its setting as `PATCH /v1/merchant` does, the API then
 * answers the new settings, and bad input (an unknown merchant, a bad value, the currency once there
 * are orders, nothing to change) is one clear line and exit code 1, changing nothing.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { createTestDatabase, describeEachBackend, type TestDatabase } from '../helpers/backends.js';
import { runTill, runTillJson, startTillServer, tillEnv, type RunningTill } from '../helpers/cli.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';
import { Api } from '../helpers/server.js';

describeEachBackend('till merchant update', (backend) => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let server: RunningTill | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    env = tillEnv(database);
  });
  afterEach(async () => {
    if (server !== undefined) assert.equal(await server.stop(), 0, 'the server shuts down cleanly on SIGTERM');
    server = undefined;
    await database.drop();
  });

  async function createMerchant(): Promise<string> {
    const created = await runTillJson(['merchant', 'create', '--name', 'Corner Shop', '--email', 'owner@example.com', '--password', 'correct horse battery'], env);
    return created.merchant.id as string;
  }

  test('changes each setting given, prints the result, and refuses bad input in one line', STARTS_PROCESSES, async () => {
    const id = await createMerchant();
    const text = await runTill(['merchant', 'update', id, '--name', 'Corner Café', '--currency', 'eur', '--tax-rate-bps', '2000', '--prices-include-tax', '--tax-id', 'FR123', '--receipt-footer', 'Merci !'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stderr, '');
    assert.equal(text.stdout, `Updated merchant ${id} (Corner Café, EUR, tax 2000 bps included in prices).\nTax id: FR123. Receipt footer: Merci !.\n`);

    const json = await runTillJson(['merchant', 'update', id, '--no-prices-include-tax', '--tax-id', ''], env);
    assert.deepEqual(
      { ...json, created_at: undefined, updated_at: undefined },
      { id, name: 'Corner Café', currency: 'EUR', tax_rate_bps: 2000, prices_include_tax: false, address: null, tax_id: null, receipt_footer: 'Merci !', created_at: undefined, updated_at: undefined },
    );

    const refusals: Array<[string[], RegExp]> = [
      [['merchant', 'update', 'mer_nobody', '--name', 'X'], /no merchant with id "mer_nobody"/],
      [['merchant', 'update', id], /nothing to change/],
      [['merchant', 'update', id, '--currency', 'dollars'], /currency must be an ISO 4217 code/],
      [['merchant', 'update', id, '--tax-rate-bps', '10001'], /--tax-rate-bps.*Expected a whole number from 0 to 10000/],
      [['merchant', 'update', id, '--tax-rate-bps', '8.25'], /Expected a whole number/],
      [['merchant', 'update', id, '--name', '  '], /name must not be empty/],
      [['merchant', 'update', id, '--receipt-footer', 'f'.repeat(1001)], /--receipt-footer takes at most 1000 characters/],
    ];
    for (const [args, message] of refusals) {
      const result = await runTill(args, env);
      assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }

    // The currency cannot change once there is an order; the API answers what the command set.
    const { key } = await runTillJson(['api-key', 'create', '--merchant', id, '--environment', 'sandbox'], env);
    let url: string;
    ({ server, url } = await startTillServer(env));
    const api = new Api(url, key);
    const product = await api.post('/v1/products', { name: 'Tart', price: 360 });
    assert.equal(product.status, 201);
    const order = await api.post('/v1/orders', { items: [{ product_id: product.body.id, quantity: 1 }] });
    assert.equal(order.status, 201);
    assert.deepEqual([order.body.currency, order.body.subtotal, order.body.tax, order.body.total], ['EUR', 360, 72, 432]);
    const locked = await runTill(['merchant', 'update', id, '--currency', 'USD'], env);
    assert.equal(locked.code, 1, locked.stderr);
    assert.match(locked.stderr, /cannot change from EUR to USD: the merchant already has orders/);
    assert.equal((await api.get('/v1/merchant')).body.currency, 'EUR');
  });
});
