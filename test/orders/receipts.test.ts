/**
 * Receipts: the receipt of a paid order (`GET /v1/orders/{id}/receipt`), links to its hosted page
 * (`POST /v1/orders/{id}/receipt_links`: the token shown once, only its SHA-256 stored), the hosted
 * page itself (`GET /r/<token>`: the shop, the lines and the totals, its headers, its 80 mm print
 * style, text escaped, 404 for any token no link has) and the e-mailed receipt (the outbox keeps its
 * link without the token; SMTP gets a text and an HTML part). On both databases; the shaping of the
 * cash fields (cash given, change, a split tender) is checked on the receipt's view directly, since
 * orders carry those fields once captures take them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sha256Hex } from '../../src/ids.js';
import type { Order } from '../../src/orders/schemas.js';
import { receiptHtml } from '../../src/receipts/receipt-html.js';
import { receiptText } from '../../src/receipts/receipt-mail.js';
import { receiptOf } from '../../src/receipts/receipt-of.js';
import { formatMoment, receiptView } from '../../src/receipts/receipt-view.js';
import { describeEachBackend } from '../helpers/backends.js';
import { startSmtpServer, waitForOutbox, type TestSmtpServer } from '../helpers/mail.js';
import { Api, createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertError, assertStatus, capture, createCustomer, createOrder, refund } from './support.js';

const SHOP = {
  name: 'Harbour Books & Coffee',
  address: { line1: '1 Quay Street', line2: 'Unit 4', city: 'Bristol', postal_code: 'BS1 4XX', country: 'GB' },
  tax_id: 'GB123456789',
  receipt_footer: 'Thank you!\nReturns within 30 days.',
};

/** The words and amount of the row `key` of a receipt's HTML (`data-figure`), unescaped; undefined without one. */
function figure(html: string, key: string): { label: string; amount: string } | undefined {
  const row = new RegExp(`<tr [^>]*data-figure="${key}"><th scope="row">([^<]*)</th><td class="receipt-amount">([^<]*)</td></tr>`).exec(html);
  return row === null ? undefined : { label: unescape(row[1]!), amount: unescape(row[2]!) };
}

/** Every row `key` of a receipt's HTML, as `label = amount`. */
function figures(html: string, key: string): string[] {
  return [...html.matchAll(new RegExp(`<tr [^>]*data-figure="${key}"><th scope="row">([^<]*)</th><td class="receipt-amount">([^<]*)</td></tr>`, 'g'))].map(
    (m) => `${unescape(m[1]!)} = ${unescape(m[2]!)}`,
  );
}

function unescape(html: string): string {
  return html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The text of the page without its tags, spaces run together. */
function textOf(html: string): string {
  return unescape(html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<br>/g, '\n').replace(/<[^>]+>/g, ' ')).replace(/[ \t]+/g, ' ');
}

/** A receipt link's page on the test server: its URL starts with PUBLIC_URL (with its path), or the server's own address. */
function onServer(server: TestServer, url: string): string {
  return `${server.url}/r/${url.split('/r/').pop()}`;
}

test("a receipt's view: cash given and change, a split tender, refunds by tender, tax included in prices", () => {
  const settings = { name: 'Corner Café', address: null, taxId: null, receiptFooter: null };
  const base = {
    id: 'ord_1',
    number: 1042,
    status: 'partially_refunded',
    currency: 'EUR',
    items: [
      { id: 'li_1', product_id: 'prod_1', name: 'Espresso', quantity: 2, unit_price: 250, total: 500, discount: null, discount_amount: 0, refunded_quantity: 0, modifiers: [] },
      { id: 'li_2', product_id: 'prod_2', name: 'Cake', quantity: 1, unit_price: 450, total: 450, discount: null, discount_amount: 0, refunded_quantity: 0, modifiers: [] },
    ],
    discounts: [],
    discount_total: 0,
    // Prices include 10% tax: the lines' 950 are the total, 86 of it tax.
    subtotal: 864,
    tax: 86,
    tip: 50,
    total: 1000,
    refunded_amount: 300,
    created_at: '2026-11-25T14:00:00.000Z',
  };
  // Cash handed over, change given; one refund back in cash.
  const cash = receiptOf(
    {
      ...base,
      payment_method: 'cash',
      payment: { method: 'cash', processor: null, processor_payment_id: null, card_brand: null, card_last4: null, paid_at: '2026-11-25T14:05:00.000Z', cash_amount: 1000, card_amount: 0, cash_given: 2000, change_due: 1000 },
      refunds: [{ id: 'ref_1', order_id: 'ord_1', amount: 300, currency: 'EUR', status: 'succeeded', reason: 'customer_request', items: [], processor_refund_id: null, created_at: '2026-11-26T09:30:00.000Z', cash_amount: 300 }],
    } as unknown as Order,
    settings,
  );
  assert.equal(cash.tax_included, true);
  assert.deepEqual([cash.payment.cash_amount, cash.payment.card_amount, cash.payment.cash_given, cash.payment.change_due], [1000, 0, 2000, 1000]);
  const view = receiptView(cash, { timeZone: 'UTC' });
  assert.deepEqual(view.payment, [
    { key: 'cash', label: 'Cash', amount: '€10.00' },
    { key: 'cash_given', label: 'Cash given', amount: '€20.00' },
    { key: 'change_due', label: 'Change', amount: '€10.00' },
  ]);
  assert.deepEqual(view.totals.map((row) => `${row.label} = ${row.amount}`), ['Subtotal (excl. tax) = €8.64', 'Tax (included in prices) = €0.86', 'Tip = €0.50', 'Total = €10.00']);
  assert.deepEqual(view.refunds.map((row) => `${row.label} = ${row.amount}`), ['Refunded in cash, Nov 26, 2026, 09:30 UTC = -€3.00', 'Paid after refunds = €7.00']);
  assert.equal(view.status, 'Partially refunded');
  assert.equal(view.date, 'Nov 25, 2026, 14:05 UTC');
  const html = receiptHtml(view);
  assert.deepEqual(figure(html, 'cash_given'), { label: 'Cash given', amount: '€20.00' });
  assert.deepEqual(figure(html, 'change_due'), { label: 'Change', amount: '€10.00' });
  const text = receiptText(view);
  assert.match(text, /^Cash given {24}€20\.00$/m);
  assert.match(text, /^Change {28}€10\.00$/m);
  assert.ok(text.split('\n').every((line) => line.length <= 40), `the text fits 40 columns:\n${text}`);

  // A card order paid partly in cash: the card's part and the cash's part; a refund back to the card first.
  const split = receiptOf(
    {
      ...base,
      status: 'paid',
      refunded_amount: 0,
      payment_method: 'card',
      payment: { method: 'card', processor: 'simulator', processor_payment_id: null, card_brand: 'mastercard', card_last4: '4444', paid_at: '2026-11-25T14:05:00.000Z', cash_amount: 400, card_amount: 600, cash_given: 500, change_due: 100 },
      refunds: [],
    } as unknown as Order,
    settings,
  );
  assert.deepEqual(
    receiptView(split, { timeZone: 'UTC' }).payment.map((row) => `${row.label} = ${row.amount}`),
    ['Mastercard •••• 4444 = €6.00', 'Cash = €4.00', 'Cash given = €5.00', 'Change = €1.00'],
  );

  // An order of before the cash fields: a card order's total on the card, a cash order's in cash, no change.
  const older = receiptOf(
    {
      ...base,
      payment_method: 'card',
      payment: { method: 'card', processor: 'simulator', processor_payment_id: null, card_brand: 'visa', card_last4: '4242', paid_at: '2026-11-25T14:05:00.000Z' },
      refunds: [{ id: 'ref_1', order_id: 'ord_1', amount: 300, currency: 'EUR', status: 'succeeded', reason: 'customer_request', items: [], processor_refund_id: null, created_at: '2026-11-26T09:30:00.000Z' }],
    } as unknown as Order,
    settings,
  );
  assert.deepEqual(older.payment, { method: 'card', card_brand: 'visa', card_last4: '4242', cash_amount: 0, card_amount: 1000, cash_given: null, change_due: null, paid_at: '2026-11-25T14:05:00.000Z' });
  assert.equal(older.refunds[0]!.cash_amount, 0);
  assert.deepEqual(
    receiptView(older, { timeZone: 'UTC' }).refunds.map((row) => row.label),
    ['Refunded to the card, Nov 26, 2026, 09:30 UTC', 'Paid after refunds'],
  );
});

describeEachBackend('receipts', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  /** A merchant with its receipt settings (10% tax added on top), and a full-access sandbox key. */
  async function shop(settings: Record<string, unknown> = SHOP): Promise<TestMerchant> {
    const merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 1000 });
    assertStatus(await merchant.sandbox.patch('/v1/merchant', settings), 200);
    return merchant;
  }

  /**
   * A paid order: 2 lattes with oat milk (+0.50) and 1.00 off, a croissant, 10% off the order, and a
   * tip of 2.00. Lines 900 - 100 + 325 = 1125, less 113 (10%, half up) = 1012; tax 101; total 1313.
   */
  async function paidOrder(api: Api, extra: Record<string, unknown> = {}): Promise<any> {
    const latte = await api.post('/v1/products', {
      name: 'Latte',
      price: 400,
      modifier_groups: [{ name: 'Milk', required: false, max_selected: 1, options: [{ name: 'Oat milk', price_delta: 50 }] }],
    });
    assertStatus(latte, 201);
    const croissant = await api.post('/v1/products', { name: 'Croissant', price: 325 });
    assertStatus(croissant, 201);
    const order = await createOrder(api, [], {
      items: [
        { product_id: latte.body.id, quantity: 2, modifiers: [{ option_id: latte.body.modifier_groups[0].options[0].id }], discount: { type: 'amount', amount: 100, reason: 'Staff' } },
        { product_id: croissant.body.id, quantity: 1 },
      ],
      discounts: [{ type: 'percentage', percentage_bps: 1000, reason: 'Loyalty' }],
      ...extra,
    });
    const paid = await api.post(`/v1/orders/${order.id}/capture`, { payment_token: 'tok_visa', tip: { amount: 200 } });
    assertStatus(paid, 200);
    assert.deepEqual([paid.body.subtotal, paid.body.tax, paid.body.tip, paid.body.total], [1012, 101, 200, 1313]);
    return paid.body;
  }

  async function link(api: Api, orderId: string): Promise<{ id: string; url: string; token: string; order_id: string; object: string; created_at: string }> {
    const response = await api.post(`/v1/orders/${orderId}/receipt_links`);
    assertStatus(response, 201);
    return response.body;
  }

  test('a receipt link: 201 with its url and a token of 32 base62 characters, shown once; the table keeps its SHA-256 alone', async () => {
    const merchant = await shop();
    const order = await paidOrder(merchant.sandbox);
    const first = await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_links`, undefined, { 'Idempotency-Key': 'receipt-link-1' });
    assertStatus(first, 201);
    assert.deepEqual(Object.keys(first.body).sort(), ['created_at', 'id', 'object', 'order_id', 'token', 'url']);
    assert.match(first.body.id, /^rcl_[0-9A-Za-z]{24}$/);
    assert.equal(first.body.object, 'receipt_link');
    assert.equal(first.body.order_id, order.id);
    assert.match(first.body.token, /^[0-9A-Za-z]{32}$/);
    const url = new URL(first.body.url);
    assert.equal(url.pathname, `/r/${first.body.token}`);
    assert.equal(url.search, '');
    // The same Idempotency-Key makes another link: the answer holding the token is never kept for a replay.
    const second = await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_links`, undefined, { 'Idempotency-Key': 'receipt-link-1' });
    assertStatus(second, 201);
    assert.equal(second.headers.get('idempotent-replayed'), null);
    assert.notEqual(second.body.token, first.body.token);

    const rows = await server.db.kysely.selectFrom('receipt_links').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    assert.deepEqual(
      rows.map((row) => [row.id, row.merchant_id, row.environment, row.token_hash, row.created_by]),
      [first.body, second.body].sort((a, b) => (a.id < b.id ? -1 : 1)).map((made) => [made.id, merchant.merchantId, 'sandbox', sha256Hex(made.token), null]),
    );
    const stored = JSON.stringify(await server.db.kysely.selectFrom('receipt_links').selectAll().execute()) + JSON.stringify(await server.db.kysely.selectFrom('idempotency_keys').selectAll().execute());
    for (const made of [first.body, second.body]) assert.ok(!stored.includes(made.token), 'no row holds a token');
    // Nothing the API answers later shows a token again.
    const later = JSON.stringify([(await merchant.sandbox.get(`/v1/orders/${order.id}`)).body, (await merchant.sandbox.get('/v1/events')).body, (await merchant.sandbox.get(`/v1/orders/${order.id}/receipt`)).body]);
    for (const made of [first.body, second.body]) assert.ok(!later.includes(made.token));
    // Both links work.
    for (const made of [first.body, second.body]) assert.equal((await fetch(onServer(server, made.url))).status, 200);
  });

  test('the hosted page shows the shop, the order, its lines and totals and the payment, with its headers and 80 mm print style', async () => {
    const merchant = await shop();
    const customer = await createCustomer(merchant.sandbox, { name: 'Ada Lovelace', email: `ada-${Date.now()}@example.com` });
    const order = await paidOrder(merchant.sandbox, { customer_id: customer.id, notes: 'Leave it by the back door', metadata: { register: 'front-1' } });
    const made = await link(merchant.sandbox, order.id);
    const response = await fetch(onServer(server, made.url));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(response.headers.get('x-robots-tag'), 'noindex');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.match(policy, /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    const html = await response.text();
    assert.doesNotMatch(html, /<script/i, 'no script');
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /@page receipt \{\s*size: 80mm [^;]*;\s*margin: 4mm;\s*\}/, 'receipt pages are 80 mm wide');
    assert.match(html, /\.receipt-sheet \{\s*page: receipt;\s*\}/);
    assert.match(html, /<main class="receipt-sheet">/);

    const text = textOf(html);
    assert.match(text, /Harbour Books & Coffee/);
    assert.match(text, /1 Quay Street\n ?Unit 4\n ?Bristol BS1 4XX\n ?GB/);
    assert.match(text, /Tax ID: GB123456789/);
    assert.match(text, /Thank you!\nReturns within 30 days\./);
    assert.match(text, new RegExp(`Order #${order.number}`));
    assert.match(text, new RegExp(formatMoment(order.payment.paid_at, 'UTC')));
    assert.match(html, /<span class="receipt-item">Latte<\/span><span class="receipt-detail">2 × \$4\.50<\/span><span class="receipt-detail receipt-modifier">Oat milk \+\$0\.50<\/span><\/th><td class="receipt-amount">\$9\.00<\/td>/);
    assert.match(html, /data-line-discount><th scope="row"><span class="receipt-detail">\$1\.00 off · Staff<\/span><\/th><td class="receipt-amount">-\$1\.00<\/td>/);
    assert.match(html, /<span class="receipt-item">Croissant<\/span><span class="receipt-detail">1 × \$3\.25<\/span><\/th><td class="receipt-amount">\$3\.25<\/td>/);
    assert.deepEqual(figures(html, 'order_discount'), ['Discount: 10% off · Loyalty = -$1.13']);
    assert.deepEqual(figure(html, 'subtotal'), { label: 'Subtotal', amount: '$10.12' });
    assert.deepEqual(figure(html, 'tax'), { label: 'Tax', amount: '$1.01' });
    assert.deepEqual(figure(html, 'tip'), { label: 'Tip', amount: '$2.00' });
    assert.deepEqual(figure(html, 'total'), { label: 'Total', amount: '$13.13' });
    assert.deepEqual(figure(html, 'card'), { label: 'Visa •••• 4242', amount: '$13.13' });
    assert.equal(figure(html, 'cash_given'), undefined, 'no cash given on a card payment');
    assert.equal(figure(html, 'refund'), undefined);
    // No customer details, notes or metadata on a page anyone with the link reads.
    for (const secret of ['Ada Lovelace', customer.email, customer.id, 'back door', 'front-1']) assert.ok(!html.includes(secret), `the page does not show ${secret}`);

    // The API's receipt says the same.
    const receipt = await merchant.sandbox.get(`/v1/orders/${order.id}/receipt`);
    assertStatus(receipt, 200);
    assert.deepEqual(receipt.body.shop, { name: SHOP.name, address: { ...SHOP.address, region: null }, tax_id: SHOP.tax_id, footer: SHOP.receipt_footer });
    assert.deepEqual(
      [receipt.body.object, receipt.body.order_id, receipt.body.number, receipt.body.status, receipt.body.subtotal, receipt.body.tax, receipt.body.tax_included, receipt.body.tip, receipt.body.total],
      ['receipt', order.id, order.number, 'paid', 1012, 101, false, 200, 1313],
    );
    assert.deepEqual(receipt.body.items, order.items);
    for (const secret of [customer.email, customer.id, 'back door', 'front-1']) assert.ok(!JSON.stringify(receipt.body).includes(secret), `the receipt does not hold ${secret}`);
    assert.deepEqual(receipt.body.payment, { method: 'card', card_brand: 'visa', card_last4: '4242', cash_amount: 0, card_amount: 1313, cash_given: null, change_due: null, paid_at: order.payment.paid_at });
  });

  test('refunds show on the receipt; prices that include tax say so', async () => {
    const merchant = await shop({ ...SHOP, prices_include_tax: true });
    const product = await merchant.sandbox.post('/v1/products', { name: 'Tea', price: 1100 });
    const order = await createOrder(merchant.sandbox, [[product.body, 1]], { payment_method: 'cash' });
    await capture(merchant.sandbox, order.id, null);
    await refund(merchant.sandbox, order.id, { amount: 300 });
    await refund(merchant.sandbox, order.id);
    const html = await (await fetch(onServer(server, (await link(merchant.sandbox, order.id)).url))).text();
    // 1100 includes 10% tax: 100 of it.
    assert.deepEqual(figure(html, 'subtotal'), { label: 'Subtotal (excl. tax)', amount: '$10.00' });
    assert.deepEqual(figure(html, 'tax'), { label: 'Tax (included in prices)', amount: '$1.00' });
    assert.deepEqual(figure(html, 'cash'), { label: 'Cash', amount: '$11.00' });
    assert.deepEqual(
      figures(html, 'refund').map((row) => row.replace(/, [A-Z][a-z]{2} \d+, \d{4}, \d\d:\d\d UTC/, '')),
      ['Refunded in cash = -$3.00', 'Refunded in cash = -$8.00'],
    );
    assert.deepEqual(figure(html, 'net'), { label: 'Paid after refunds', amount: '$0.00' });
    assert.match(html, /<p class="receipt-status">Refunded<\/p>/);
    const receipt = (await merchant.sandbox.get(`/v1/orders/${order.id}/receipt`)).body;
    assert.equal(receipt.tax_included, true);
    assert.deepEqual(receipt.refunds.map((r: any) => [r.amount, r.cash_amount]), [[300, 300], [800, 800]]);
  });

  test("the shop's and the products' text is escaped: a product named <script>... is shown as text", async () => {
    const merchant = await shop({ name: 'Bad <b>Shop</b> & "Co"', tax_id: '<i>tax</i>', receipt_footer: '</p><script>alert("footer")</script>', address: { line1: '<img src=x onerror=alert(1)>' } });
    const product = await merchant.sandbox.post('/v1/products', {
      name: '<script>alert("pwned")</script>',
      price: 500,
      modifier_groups: [{ name: 'Extra', required: false, max_selected: 1, options: [{ name: '<svg onload=alert(2)>', price_delta: 0 }] }],
    });
    assertStatus(product, 201);
    const order = await createOrder(merchant.sandbox, [], {
      items: [{ product_id: product.body.id, quantity: 1, modifiers: [{ option_id: product.body.modifier_groups[0].options[0].id }], discount: { type: 'amount', amount: 100, reason: '"><iframe src=//evil>' } }],
    });
    await capture(merchant.sandbox, order.id);
    const html = await (await fetch(onServer(server, (await link(merchant.sandbox, order.id)).url))).text();
    for (const tag of [/<script/i, /<img/i, /<svg/i, /<iframe/i, /<b>/, /<i>/]) assert.doesNotMatch(html, tag);
    assert.match(html, /&lt;script&gt;alert\(&quot;pwned&quot;\)&lt;\/script&gt;/);
    assert.match(html, /<h1 class="receipt-name">Bad &lt;b&gt;Shop&lt;\/b&gt; &amp; &quot;Co&quot;<\/h1>/);
    assert.match(html, /&lt;svg onload=alert\(2\)&gt;/);
    assert.match(html, /&quot;&gt;&lt;iframe src=\/\/evil&gt;/);
    assert.match(html, /<p class="receipt-footer">&lt;\/p&gt;&lt;script&gt;alert\(&quot;footer&quot;\)&lt;\/script&gt;<\/p>/);
    assert.match(html, /<title>Receipt: Bad &lt;b&gt;Shop&lt;\/b&gt; &amp; &quot;Co&quot;, Order #\d+<\/title>/);
  });

  test('a token no link has is a 404 page, the same for any token; a malformed one too', async () => {
    const merchant = await shop();
    const made = await link(merchant.sandbox, (await paidOrder(merchant.sandbox)).id);
    const flipped = made.token.slice(0, -1) + (made.token.endsWith('a') ? 'b' : 'a');
    const pages: string[] = [];
    for (const token of [flipped, made.token.toLowerCase() === made.token ? made.token.toUpperCase() : made.token.toLowerCase(), 'x', 'A'.repeat(200), `${made.token}0`, encodeURIComponent('<script>')]) {
      const response = await fetch(`${server.url}/r/${token}`);
      assert.equal(response.status, 404, token);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('x-robots-tag'), 'noindex');
      pages.push(await response.text());
    }
    assert.match(pages[0]!, /<h1>Receipt not found<\/h1>/);
    assert.ok(pages.every((page) => page === pages[0]), 'one page for every unknown token, naming none');
    assert.doesNotMatch(pages[0]!, /Harbour|Order #/);
    // The link itself still works.
    assert.equal((await fetch(onServer(server, made.url))).status, 200);
  });

  test('pending and canceled orders have no receipt: 422 order_not_paid on every receipt operation', async () => {
    const merchant = await shop();
    const product = await merchant.sandbox.post('/v1/products', { name: 'Tea', price: 300 });
    const pending = await createOrder(merchant.sandbox, [[product.body, 1]]);
    const canceled = await createOrder(merchant.sandbox, [[product.body, 1]]);
    assertStatus(await merchant.sandbox.post(`/v1/orders/${canceled.id}/cancel`), 200);
    for (const order of [pending, canceled]) {
      assertError(await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_links`), 422, 'order_not_paid', null);
      assertError(await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'ada@example.com' }), 422, 'order_not_paid', null);
      assertError(await merchant.sandbox.get(`/v1/orders/${order.id}/receipt`), 422, 'order_not_paid', null);
    }
    assert.equal((await server.db.kysely.selectFrom('receipt_links').select('id').where('merchant_id', '=', merchant.merchantId).execute()).length, 0, 'no link was made');
  });

  test("another merchant's or environment's order is 404 for every receipt operation; a key without orders:write is 403", async () => {
    const owner = await shop();
    const order = await paidOrder(owner.sandbox);
    const stranger = await shop();
    for (const api of [stranger.sandbox, stranger.production]) {
      assertError(await api.post(`/v1/orders/${order.id}/receipt_links`), 404, 'resource_not_found', 'id');
      assertError(await api.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'ada@example.com' }), 404, 'resource_not_found', 'id');
      assertError(await api.get(`/v1/orders/${order.id}/receipt`), 404, 'resource_not_found', 'id');
    }
    const production = await owner.production.post(`/v1/orders/${order.id}/receipt_links`);
    assertError(production, 404, 'resource_not_found', 'id');
    assert.match(production.body.error.message, /exists in the sandbox data set/);
    assertError(await owner.production.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'ada@example.com' }), 404, 'resource_not_found', 'id');
    assertError(await owner.production.get(`/v1/orders/${order.id}/receipt`), 404, 'resource_not_found', 'id');
    const readOnly = await owner.keyWith('sandbox', ['orders:read']);
    assertError(await readOnly.post(`/v1/orders/${order.id}/receipt_links`), 403, 'insufficient_permissions');
    assertError(await readOnly.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'ada@example.com' }), 403, 'insufficient_permissions');
    assertStatus(await readOnly.get(`/v1/orders/${order.id}/receipt`), 200);
    assert.equal((await server.db.kysely.selectFrom('receipt_links').select('id').where('order_id', '=', order.id).execute()).length, 0, 'no link was made');
  });

  test("an e-mailed receipt lands in the outbox, its link without the token; till mail list's link opens the receipt", async () => {
    const merchant = await shop();
    const customer = await createCustomer(merchant.sandbox, { name: 'Ada', email: `ada-${Date.now()}@example.com` });
    const order = await paidOrder(merchant.sandbox, { customer_id: customer.id });
    const sent = await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, {}, { 'Idempotency-Key': `mail-${order.id}` });
    assertStatus(sent, 202);
    assert.deepEqual(sent.body, { object: 'receipt_email', to: customer.email, order_id: order.id });

    const kept = await waitForOutbox(server, customer.email, /receipt/, 20_000, false);
    assert.equal(kept.subject, `Your receipt from ${SHOP.name} (Order #${order.number})`);
    assert.equal(kept.transport, 'log');
    const row = await server.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', customer.email).executeTakeFirstOrThrow();
    assert.equal(row.merchant_id, merchant.merchantId);
    assert.equal(row.token_table, 'receipt_links');
    const links = JSON.parse(row.links) as string[];
    assert.equal(links.length, 1);
    assert.match(links[0]!, /\/r\/\{token\}$/, 'the outbox keeps the link without its token');
    const madeForMail = await server.db.kysely.selectFrom('receipt_links').select(['token_hash']).where('order_id', '=', order.id).execute();
    assert.deepEqual(madeForMail, [{ token_hash: row.token_hash }], 'one link was made for the mail; the outbox knows it by its hash');

    // Shown once, with a new token given to that link: the only token that works.
    const shown = await waitForOutbox(server, customer.email, /receipt/);
    assert.equal(shown.links.length, 1);
    const token = new URL(shown.links[0]!).pathname.replace('/r/', '');
    assert.match(token, /^[0-9A-Za-z]{32}$/);
    const page = await fetch(onServer(server, shown.links[0]!));
    assert.equal(page.status, 200);
    assert.match(await page.text(), new RegExp(`Order #${order.number}`));
    assert.deepEqual(await server.db.kysely.selectFrom('receipt_links').select(['token_hash']).where('order_id', '=', order.id).execute(), [{ token_hash: sha256Hex(token) }]);
    assert.equal((await waitForOutbox(server, customer.email, /receipt/)).links.length, 0, 'a second listing shows no link');

    // The same Idempotency-Key replays the answer and sends nothing more: a later mail to another
    // address arrives, and still the customer has the one.
    const replay = await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, {}, { 'Idempotency-Key': `mail-${order.id}` });
    assertStatus(replay, 202);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, sent.body);
    const stored = await server.db.kysely.selectFrom('idempotency_keys').select('response_body').where('key', '=', `mail-${order.id}`).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.response_body!), sent.body, 'the key keeps the answer alone, not the mail or its link');
    const other = `other-${Date.now()}@example.com`;
    assertStatus(await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, { to: other }), 202);
    await waitForOutbox(server, other, /receipt/, 20_000, false);
    assert.equal((await server.db.kysely.selectFrom('mail_outbox').select('id').where('recipient', '=', customer.email).execute()).length, 1);
  });

  test("without to, the receipt goes to the customer's e-mail: 400 on to without a customer, an e-mail, or customers:read", async () => {
    const merchant = await shop();
    const walkIn = await paidOrder(merchant.sandbox);
    assertError(await merchant.sandbox.post(`/v1/orders/${walkIn.id}/receipt_emails`, {}), 400, 'parameter_missing', 'to');
    const noEmail = await createCustomer(merchant.sandbox, { name: 'Grace', email: null });
    const unreachable = await paidOrder(merchant.sandbox, { customer_id: noEmail.id });
    assertError(await merchant.sandbox.post(`/v1/orders/${unreachable.id}/receipt_emails`), 400, 'parameter_missing', 'to');
    const customer = await createCustomer(merchant.sandbox, { name: 'Ada', email: `ada-${Date.now()}@example.com` });
    const order = await paidOrder(merchant.sandbox, { customer_id: customer.id });
    const ordersOnly = await merchant.keyWith('sandbox', ['orders:read', 'orders:write']);
    const refused = await ordersOnly.post(`/v1/orders/${order.id}/receipt_emails`, {});
    assertError(refused, 400, 'parameter_missing', 'to');
    assert.ok(!JSON.stringify(refused.body).includes(customer.email), "the refusal does not show the customer's e-mail");
    assertError(await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'not an address' }), 400, 'parameter_invalid', 'to');
    const sent = await ordersOnly.post(`/v1/orders/${order.id}/receipt_emails`, { to: 'front-desk@example.com' });
    assertStatus(sent, 202);
    assert.equal(sent.body.to, 'front-desk@example.com');
    await waitForOutbox(server, 'front-desk@example.com', /receipt/, 20_000, false);
    assert.equal((await server.db.kysely.selectFrom('mail_outbox').select('id').where('recipient', '=', customer.email).execute()).length, 0, 'nothing went to the customer');
  });
});

describeEachBackend('receipts with PUBLIC_URL and SMTP', (backend) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(backend, { SMTP_URL: smtp.url, MAIL_FROM: 'Till <no-reply@till.test>', PUBLIC_URL: 'https://till.example.test/shop' });
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  test("links start with PUBLIC_URL; the mail has a text part and an HTML part, each with the receipt and its link", async () => {
    const merchant = await createTestMerchant(server, { currency: 'USD', taxRateBps: 0 });
    assertStatus(await merchant.sandbox.patch('/v1/merchant', { name: 'Quay <Books>', receipt_footer: 'See you soon' }), 200);
    const product = await merchant.sandbox.post('/v1/products', { name: 'Atlas', price: 2500 });
    const order = await createOrder(merchant.sandbox, [[product.body, 2]]);
    await capture(merchant.sandbox, order.id);
    const created = await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_links`);
    assertStatus(created, 201);
    const made = created.body;
    assert.match(made.url, /^https:\/\/till\.example\.test\/shop\/r\/[0-9A-Za-z]{32}$/);

    const to = `reader-${Date.now()}@example.com`;
    assertStatus(await merchant.sandbox.post(`/v1/orders/${order.id}/receipt_emails`, { to }), 202);
    const mail = await smtp.waitFor(to, /Your receipt from Quay <Books>/);
    assert.equal(mail.subject, `Your receipt from Quay <Books> (Order #${order.number})`);
    assert.equal(mail.links.length, 1);
    const mailed = mail.links[0]!;
    assert.match(mailed, /^https:\/\/till\.example\.test\/shop\/r\/[0-9A-Za-z]{32}$/);
    assert.notEqual(mailed, made.url, 'the mail has a link of its own');
    assert.match(mail.text, /^Atlas {29}\$50\.00$/m);
    assert.match(mail.text, /^ {2}2 × \$25\.00$/m);
    assert.match(mail.text, /^Total {29}\$50\.00$/m);
    assert.match(mail.text, /^Visa •••• 4242 {20}\$50\.00$/m);
    assert.match(mail.text, /^See you soon$/m);
    assert.ok(mail.html !== undefined, 'an HTML part');
    assert.match(mail.html, /<h1 class="receipt-name">Quay &lt;Books&gt;<\/h1>/);
    assert.deepEqual(figure(mail.html, 'total'), { label: 'Total', amount: '$50.00' });
    assert.match(mail.html, new RegExp(`<a href="${mailed.replace(/[.]/g, '\\.')}">`));
    assert.doesNotMatch(mail.html, /<script/i);
    const page = await fetch(onServer(server, mailed));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Quay &lt;Books&gt;/);
    const outbox = await server.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
    assert.deepEqual([outbox.transport, outbox.links, outbox.token_table, outbox.token_hash], ['smtp', '[]', null, null], 'a mail sent by SMTP is recorded without its link');
  });
});
