/**
 * The baseline: a bare `node:http` server that answers Get Order's JSON bytes, read once from a file,
 * after one SHA-256 of the bearer token looked up in a Map. It does the least any server must do for
 * that request (parse HTTP, check the credential, write the bytes), so a scenario's throughput as a
 * share of the baseline's can be compared across machines and noisy runs.
 *
 * Run by the bench: BASELINE_BODY_FILE=order.json BASELINE_KEY_HASH=<sha256 hex> node --import tsx bench/baseline-server.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BASELINE_BODY_FILE!);
const principals = new Map([[process.env.BASELINE_KEY_HASH!, { merchant: 'the bench merchant' }]]);

const server = createServer((request, response) => {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (principals.get(createHash('sha256').update(token).digest('hex')) === undefined) {
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"invalid_credentials"}}');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the baseline server has no TCP address');
  console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
