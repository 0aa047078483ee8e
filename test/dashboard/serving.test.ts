import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer('sqlite');
});
after(async () => {
  await server?.close();
});

const POLICY = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"];

test('every dashboard address answers the one page, under a policy that allows nothing from elsewhere', async () => {
  for (const path of ['/dashboard', '/dashboard/', '/dashboard/orders/ord_123', '/dashboard/settings/api-keys?x=1', '/dashboard/callback?code=a&state=b']) {
    const response = await fetch(server.url + path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const policy = response.headers.get('content-security-policy') ?? '';
    for (const directive of POLICY) assert.ok(policy.split('; ').includes(directive), `${path}: ${directive} in ${policy}`);
    const html = await response.text();
    assert.match(html, /<div id="app">/);
    assert.doesNotMatch(html, /<script>|<style>| style=|https?:\/\//, 'no inline script or style, nothing from another origin');
  }
});

test("the page's script and style sheet are served with their types and kept for good; anything else is a JSON 404", async () => {
  const html = await (await fetch(`${server.url}/dashboard`)).text();
  const script = /<script type="module" src="(\/dashboard\/assets\/app-[A-Z0-9]+\.js)"><\/script>/.exec(html)?.[1];
  const styles = /<link rel="stylesheet" href="(\/dashboard\/assets\/styles-[A-Z0-9]+\.css)">/.exec(html)?.[1];
  assert.ok(script && styles, html);
  for (const [path, type] of [
    [script, 'text/javascript; charset=utf-8'],
    [styles, 'text/css; charset=utf-8'],
  ] as const) {
    const response = await fetch(server.url + path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get('content-type'), type);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok((await response.text()).length > 1000);
  }
  for (const path of ['/dashboard/assets/app-NOPE.js', '/dashboard/assets/..%2F..%2Fpackage.json', '/dashboard/assets/index.html', '/dashboard/assets/a/b.js']) {
    const response = await fetch(server.url + path);
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await response.json()) as { error: { code: string } };
    assert.equal(body.error.code, 'route_not_found');
  }
});
