/**
 * `/healthz`: the process answers; it never touches the database, so a database outage never gets
 * the process restarted. `/readyz`: the database answers and takes writes, within READINESS_DEADLINE_MS.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseFault, Db } from '../db/connection.js';
import { errorBody } from '../errors.js';
import { databaseFaultError, retryAfterSeconds } from './database-faults.js';

/** A balancer's probe gives up after a few seconds; `/readyz` says "not ready" before then. */
export const READINESS_DEADLINE_MS = 2_000;

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/healthz', { schema: { hide: true }, config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const fault = await withinDeadline(db.readiness());
    if (fault === undefined) return { status: 'ready' };
    request.log.warn({ database_fault: fault }, `not ready: database ${fault}`);
    const error = databaseFaultError(fault === 'timeout' ? 'unreachable' : fault);
    return reply.code(error.status).header('Retry-After', String(retryAfterSeconds(fault))).send(errorBody(error, request.id));
  });
}

/** The readiness found, or `timeout` when finding it takes longer than READINESS_DEADLINE_MS. */
async function withinDeadline(readiness: Promise<DatabaseFault | undefined>): Promise<DatabaseFault | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DatabaseFault>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READINESS_DEADLINE_MS);
  });
  try {
    return await Promise.race([readiness, late]);
  } finally {
    clearTimeout(timer);
  }
}
