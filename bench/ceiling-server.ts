/**
 * The ceiling: what Fastify and the database driver give for Get Order with nothing of Till around
 * them. One Fastify route, the API key's SHA-256 looked up in a Map (the credential remembered), the
 * order built as JSON by Till's own statement (`db/orders/order-json.ts`) run on the driver directly
 * (better-sqlite3, or a `pg` pool of DATABASE_POOL_SIZE with a named prepared statement), and the
 * text sent as it comes. Till's Get Order does this and what makes it a service (request ids,
 * deadlines, revocation checks, metrics, an access line, error envelopes), so its throughput as a
 * share of the ceiling's, measured in the same run, says what that costs.
 *
 * Run by the bench: DATABASE_URL=... [DATABASE_SCHEMA=...] CEILING_KEY_HASH=<sha256 hex>
 * CEILING_MERCHANT_ID=mer_... CEILING_ENVIRONMENT=sandbox node --import tsx bench/ceiling-server.ts
 */
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { ORDER_JSON } from '../src/db/orders/order-json.js';
import { prepared } from '../src/db/prepared.js';

const url = process.env.DATABASE_URL!;
const principals = new Map([[process.env.CEILING_KEY_HASH!, { merchantId: process.env.CEILING_MERCHANT_ID!, environment: process.env.CEILING_ENVIRONMENT! }]]);

type Read = (merchantId: string, environment: string, orderId: string) => Promise<string | undefined>;

function sqliteRead(path: string): Read {
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  const statement = database.prepare(ORDER_JSON.sqlite).pluck();
  return async (merchantId, environment, orderId) => statement.get(merchantId, environment, orderId) as string | undefined;
}

function postgresRead(connectionString: string, schema: string | undefined): Read {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  const { text } = prepared('postgres', ORDER_JSON.postgres);
  return async (merchantId, environment, orderId) => {
    const result = await pool.query<{ body: string }>({ name: 'order-json', text, values: [merchantId, environment, orderId] });
    return result.rows[0]?.body;
  };
}

const read = url.startsWith('sqlite:') ? sqliteRead(url.slice('sqlite:'.length)) : postgresRead(url, process.env.DATABASE_SCHEMA);

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/v1/orders/:id', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const principal = principals.get(createHash('sha256').update(header.startsWith('Bearer ') ? header.slice(7) : '').digest('hex'));
  if (principal === undefined) return reply.code(401).send({ error: { code: 'invalid_credentials' } });
  const body = await read(principal.merchantId, principal.environment, request.params.id);
  if (body === undefined) return reply.code(404).send({ error: { code: 'resource_not_found' } });
  return reply.type('application/json; charset=utf-8').send(body);
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ url: address }));
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
