/**
 * `/healthz`: the process answers. `/readyz`: the database answers too.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.js';
import { ApiError } from '../errors.js';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/healthz', { schema: { hide: true }, config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { public: true } }, async (request) => {
    try {
      await db.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      throw new ApiError('service_unavailable', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });
}
