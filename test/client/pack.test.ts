/**
 * The package as an app gets it: `npm pack` of packages/client, installed offline into a fresh project
 * outside the repository (it has no dependencies), a usage file compiled with `tsc --strict` against
 * its published types, and run against a real server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = join(ROOT, 'packages/client');

/** What the app does with the client; the server's URL and key come from its arguments. */
const USAGE = `
import { Till, NotFoundError, TillError, type Order, type Tokens } from '@till/client';

const [baseUrl, apiKey] = (globalThis as unknown as { process: { argv: string[] } }).process.argv.slice(2) as [string, string];
const till = new Till({ apiKey, baseUrl, maxRetries: 1 });
const product = await till.products.create({ name: 'Packed tea', price: 500, inventory: 10 });
const order: Order = await till.orders.create({ items: [{ product_id: product.id, quantity: 2 }] });
const paid = await till.orders.capture(order.id, { payment_token: 'tok_visa' });
const refund = await till.orders.refund(order.id, { amount: 300 });
let listed = 0;
for await (const each of till.orders.list({ status: 'paid,partially_refunded', per_page: 1 })) listed += each.total > 0 ? 1 : 0;
const { requestId } = await till.orders.retrieve(order.id).withResponse();
let notFound = '';
try {
  await till.orders.retrieve('ord_missing');
} catch (error) {
  if (error instanceof NotFoundError) notFound = error.code;
  else if (error instanceof TillError) notFound = 'other: ' + error.code;
}
if ((globalThis as { never?: boolean }).never) {
  // @ts-expect-error: a price is a number of minor units
  await till.products.create({ name: 'x', price: 'free' });
  // @ts-expect-error: orders have no such operation
  await till.orders.delete(order.id);
  const tokens: Tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: 0 };
  new Till({ baseUrl, tokens, onTokens: (next: Tokens) => console.log(next.expiresAt) });
}
console.log(JSON.stringify({ total: order.total, status: paid.status, refunded: refund.amount, listed, requestId: typeof requestId, notFound }));
`;

let project: string;
before(() => {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(PACKAGE, 'tsconfig.json')], { stdio: 'pipe' });
  project = mkdtempSync(join(tmpdir(), 'till-client-app-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: PACKAGE, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as [{ filename: string; files: { path: string }[] }];
  const files = packed[0].files.map((f) => f.path).sort();
  assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts') && files.includes('package.json'), files.join(', '));
  assert.ok(!files.some((f) => f.startsWith('src/')), 'only dist is published');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'till-client-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(project, packed[0].filename)], { cwd: project, stdio: 'pipe' });
  symlinkSync(realpathSync(join(ROOT, 'node_modules/typescript')), join(project, 'node_modules/typescript'));
  writeFileSync(join(project, 'app.ts'), USAGE);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true, outDir: 'out' }, files: ['app.ts'] }),
  );
  execFileSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
  assert.deepEqual(readdirSync(join(project, 'node_modules/@till/client')).sort(), ['README.md', 'dist', 'package.json']);
});
after(() => rmSync(project, { recursive: true, force: true }));

test('npm pack builds dist/ first, so a tarball packed before any build is complete', () => {
  // A copy of the package as a fresh clone has it, without dist/, inside the repository (whose
  // node_modules/.bin has tsc) in the ignored test-output/ folder.
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  const copy = mkdtempSync(join(ROOT, 'test-output', 'client-package-'));
  try {
    for (const entry of ['package.json', 'tsconfig.json', 'README.md', 'src']) cpSync(join(PACKAGE, entry), join(copy, entry), { recursive: true });
    assert.equal(existsSync(join(copy, 'dist')), false);
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', copy], { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as [{ files: { path: string }[] }];
    const files = packed[0].files.map((f) => f.path);
    assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'), files.join(', '));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

describeEachBackend('@till/client as a packed package', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(async () => {
    await server.close();
  });

  test('a fresh project installs the tarball, compiles with tsc --strict and runs against the server', async () => {
    const shop = await createTestMerchant(server);
    const output = await new Promise<string>((resolve, reject) => {
      // Asynchronous: the server runs in this process and must go on answering.
      import('node:child_process').then(({ execFile }) =>
        execFile(process.execPath, [join(project, 'out/app.js'), server.url, shop.sandboxKey], { cwd: project }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout))),
      );
    });
    assert.deepEqual(JSON.parse(output), { total: 1000, status: 'paid', refunded: 300, listed: 1, requestId: 'string', notFound: 'resource_not_found' });
  });
});
