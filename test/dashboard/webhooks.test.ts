/**
 * The dashboard's Webhooks page in Chromium, against a real server and a real local receiver: an
 * endpoint is added through the page (its secret shown once), a test event reaches the receiver and
 * its attempt appears in the log, an event is resent, the secret rotated, the endpoint disabled and
 * deleted; at phone width the pages fit the screen; a cashier gets no Webhooks page.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestMerchant, startTestServer, type TestMerchant, type TestServer } from '../helpers/server.js';
import { assertClean, BROWSER_SKIP, launchBrowser, openContext, scrollsSideways, signInOnPage, unlabelledControls } from './support.js';
import { STARTS_PROCESSES } from '../helpers/processes.js';

let browser: Browser | undefined;
before(async () => {
  if (BROWSER_SKIP === false) browser = await launchBrowser();
}, STARTS_PROCESSES);
after(async () => {
  await browser?.close();
});

describeEachBackend('the Webhooks page in Chromium', (backend) => {
  let server: TestServer;
  let merchant: TestMerchant;
  let hook: Receiver;
  before(async () => {
    server = await startTestServer(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0,0', WEBHOOK_TIMEOUT_MS: '2000' });
    merchant = await createTestMerchant(server);
    hook = await startReceiver();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  test('an admin adds an endpoint (secret shown once), sends a test event that reaches the receiver and shows in the log, resends, rotates, disables and deletes it', { skip: BROWSER_SKIP }, async () => {
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('No webhook endpoints yet').waitFor();

      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await add.getByLabel('Endpoint URL').fill(hook.url);
      await add.getByLabel('Description').fill('Kitchen display');
      // No event chosen: the form says so, and nothing is made.
      await add.getByRole('button', { name: 'Add endpoint' }).click();
      await add.getByRole('alert').filter({ hasText: 'Choose at least one event' }).waitFor();
      await add.getByRole('checkbox', { name: /order\.paid/ }).check();
      await add.getByRole('checkbox', { name: /customer\.created/ }).check();
      await add.getByRole('button', { name: 'Add endpoint' }).click();

      const shown = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
      const secret = await shown.getByLabel(/Signing secret of/).inputValue();
      assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      await shown.getByRole('button', { name: 'I have stored the secret' }).click();
      await shown.waitFor({ state: 'hidden' });
      assert.equal(await page.locator(`input[value="${secret}"]`).count(), 0, 'the secret is gone from the page once the dialog is closed');

      const [endpoint] = (await merchant.sandbox.get('/v1/webhook_endpoints')).body.data;
      assert.deepEqual([endpoint.url, endpoint.enabled_events, endpoint.description, endpoint.status], [hook.url, ['order.paid', 'customer.created'], 'Kitchen display', 'enabled']);
      assert.equal(endpoint.secret, undefined, 'the API never lists the secret');
      const row = page.locator(`[data-endpoint-id="${endpoint.id}"]`);
      assert.match(await row.innerText(), /Enabled/);

      // The endpoint's page: a test event reaches the receiver, signed with the secret shown, and its attempt shows in the log.
      await row.getByRole('link', { name: hook.url }).click();
      await page.getByRole('heading', { name: hook.url, level: 1 }).waitFor();
      await page.getByText('No delivery attempts yet').waitFor();
      await page.getByRole('button', { name: 'Send test event' }).click();
      const [ping] = await hook.waitFor(1);
      const verified = new Webhook(secret).verify(ping!.body, ping!.headers as Record<string, string>) as { type: string; data: { object: { endpoint_id: string } } };
      assert.deepEqual([verified.type, verified.data.object.endpoint_id], ['ping', endpoint.id]);
      const pingRow = page.locator('table.deliveries tbody tr', { hasText: 'ping' });
      await pingRow.waitFor();
      assert.match(await pingRow.innerText(), /Succeeded[\s\S]*200[\s\S]*ok[\s\S]*\d+ ms/);
      assert.equal(await pingRow.getByRole('button', { name: /Resend/ }).count(), 0, 'a ping is not a stored event: no Resend');

      // A real event, then Resend: a second attempt with the same webhook-id.
      const customer = await merchant.sandbox.post('/v1/customers', { name: 'Ada' });
      assert.equal(customer.status, 201);
      await hook.waitFor(2);
      const eventRows = page.locator('table.deliveries tbody tr', { hasText: 'customer.created' });
      await eventRows.first().waitFor();
      await eventRows.first().getByRole('button', { name: /^Resend customer\.created evt_/ }).click();
      await page.getByText(/customer\.created evt_\w+ is queued again\./).waitFor();
      const [, first, again] = await hook.waitFor(3);
      assert.equal(again!.headers['webhook-id'], first!.headers['webhook-id']);
      await page.locator('table.deliveries tbody tr', { hasText: 'customer.created' }).nth(1).waitFor();

      // Rotate: the new secret is shown once, and the next delivery carries both signatures.
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
      const rotatedDialog = page.getByRole('dialog', { name: 'Your new signing secret' });
      const rotated = await rotatedDialog.getByLabel(/New signing secret of/).inputValue();
      assert.match(rotated, /^whsec_/);
      assert.notEqual(rotated, secret);
      await rotatedDialog.getByRole('button', { name: 'I have stored the secret' }).click();
      await page.getByRole('button', { name: 'Send test event' }).click();
      const [, , , second] = await hook.waitFor(4);
      new Webhook(rotated).verify(second!.body, second!.headers as Record<string, string>);
      new Webhook(secret).verify(second!.body, second!.headers as Record<string, string>);

      // Disable: the API says so, and the test button is off.
      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByText('Disabled: nothing is sent to it until you enable it.').waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.status, 'disabled');
      await page.getByRole('button', { name: 'Send test event', disabled: true }).waitFor();
      await page.locator('.badge', { hasText: 'Disabled' }).waitFor();
      assert.equal((await merchant.sandbox.post('/v1/customers', { name: 'Grace' })).status, 201);
      await page.getByRole('button', { name: 'Enable' }).click();
      await page.getByText('Enabled: events are sent to it again.').waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).body.status, 'enabled');
      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByText('Disabled: nothing is sent to it until you enable it.').waitFor();
      assert.equal(hook.received.length, 4, 'nothing was sent while it was disabled');

      // Delete, after a confirmation: back to the list, which is empty.
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByText('No webhook endpoints yet').waitFor();
      assert.equal((await merchant.sandbox.get(`/v1/webhook_endpoints/${endpoint.id}`)).status, 404);
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });

  test('at phone width (390 px) the list, the add dialog and the delivery log fit the screen as cards', { skip: BROWSER_SKIP }, async () => {
    const created = await merchant.sandbox.post('/v1/webhook_endpoints', {
      url: `${hook.url}/a-rather-long-path/for-a-receiver-that-lives-deep-in-a-web-shop?with=a-query-string`,
      enabled_events: ['*'],
      description: 'Accounting',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal((await merchant.sandbox.post(`/v1/webhook_endpoints/${created.body.id}/test`)).status, 200);
    const phone = await openContext(browser!, { width: 390, height: 844 });
    const { page } = phone;
    try {
      await page.goto(`${server.url}/dashboard/webhooks`);
      await signInOnPage(page, merchant.email, merchant.password);
      await page.locator(`[data-endpoint-id="${created.body.id}"]`).waitFor();
      assert.equal(await scrollsSideways(page), false, 'the list does not scroll sideways');
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the list has a name');
      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      await page.getByRole('dialog', { name: 'Add a webhook endpoint' }).getByLabel('Endpoint URL').waitFor();
      assert.equal(await scrollsSideways(page), false, 'the add dialog does not scroll sideways');
      await page.getByRole('dialog', { name: 'Add a webhook endpoint' }).getByRole('button', { name: 'Cancel' }).click();

      await page.locator(`[data-endpoint-id="${created.body.id}"] a`).click();
      await page.locator('table.deliveries tbody tr', { hasText: 'ping' }).waitFor();
      assert.equal(await scrollsSideways(page), false, 'the endpoint page and its log do not scroll sideways');
      assert.deepEqual(await unlabelledControls(page), [], 'every control of the endpoint page has a name');
      assertClean(phone, server.url);
    } finally {
      await phone.context.close();
    }
  });

  test('a cashier (no webhooks:read) finds no Webhooks page', { skip: BROWSER_SKIP }, async () => {
    const cashier = await signInAs(server, merchant, 'cashier');
    const watched = await openContext(browser!);
    const { page } = watched;
    try {
      await page.goto(`${server.url}/dashboard/webhooks`);
      await signInOnPage(page, cashier.email, cashier.password);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' }).count(), 0);
      assert.ok(!watched.responses.some((r) => r.path.startsWith('/v1/webhook_endpoints')), 'the endpoints are never fetched');
      assertClean(watched, server.url);
    } finally {
      await watched.context.close();
    }
  });
});
