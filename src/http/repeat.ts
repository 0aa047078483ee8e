/**
 * Housekeeping that runs every so often while the server is open (purging expired rows), without
 * keeping the process alive and without letting a failure escape: it is logged, and tried again.
 */
import type { FastifyInstance } from 'fastify';

export function repeatWhileOpen(app: FastifyInstance, everyMs: number, failure: string, task: () => Promise<unknown>): void {
  const timer = setInterval(() => {
    task().catch((err) => app.log.warn({ err }, failure));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
