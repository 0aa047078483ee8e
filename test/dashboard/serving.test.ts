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

test('the installable app: the manifest, its icon, and the service worker, which names the assets of this build and takes the scope /dashboard', async () => {
  const html = await (await fetch(`${server.url}/dashboard`)).text();
  assert.match(html, /<link rel="manifest" href="\/dashboard\/manifest\.webmanifest">/);
  const script = /src="(\/dashboard\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1];
  const styles = /href="(\/dashboard\/assets\/styles-[A-Z0-9]+\.css)"/.exec(html)?.[1];
  assert.ok(script && styles, html);

  const manifest = await fetch(`${server.url}/dashboard/manifest.webmanifest`);
  assert.equal(manifest.status, 200);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json; charset=utf-8');
  const app = (await manifest.json()) as { start_url: string; scope: string; display: string; icons: { src: string }[] };
  assert.deepEqual([app.start_url, app.scope, app.display], ['/dashboard/register', '/dashboard', 'standalone']);
  const icon = await fetch(server.url + app.icons[0]!.src);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get('content-type'), 'image/svg+xml');

  const worker = await fetch(`${server.url}/dashboard/sw.js`);
  assert.equal(worker.status, 200);
  assert.equal(worker.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal(worker.headers.get('cache-control'), 'no-cache', 'a new build is a new worker, seen at the next visit');
  assert.equal(worker.headers.get('service-worker-allowed'), '/dashboard');
  const source = await worker.text();
  for (const kept of ['"/dashboard"', `"${script}"`, `"${styles}"`]) assert.ok(source.includes(kept), `the worker keeps ${kept}`);
  assert.doesNotMatch(source, /\/v1\//, 'the worker keeps nothing of the API');

  const policy = (await fetch(`${server.url}/dashboard`)).headers.get('content-security-policy') ?? '';
  for (const directive of ["manifest-src 'self'", "worker-src 'self'"]) assert.ok(policy.split('; ').includes(directive), directive);
});
