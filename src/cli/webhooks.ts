/**
 * `till worker` (the webhook dispatcher alone, for processes that serve no HTTP) and
 * `till events resend evt_...` (send an event to its webhook endpoints again, now).
 */
import type { Command } from 'commander';
import Fastify from 'fastify';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { findEventTenant } from '../db/outbox/events.js';
import { systemClock } from '../time.js';
import { resendEvent } from '../webhooks/resend-event.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import { describeDatabase, withDatabase } from './with-database.js';

export function registerWebhooks(program: Command): void {
  program
    .command('worker')
    .description('deliver webhooks without serving HTTP, until SIGTERM or SIGINT (pair it with WEBHOOK_DISPATCH=off on the API servers)')
    .action(async () => {
      const config = loadConfig();
      // Loaded on use, like the server: the other commands need none of it.
      const { webhookDispatcher } = await import('../app/dispatcher.js');
      const { signingKeyCipher } = await import('../app/services.js');
      // Migrations are left to `till migrate` or `till serve`: a worker only reads and updates deliveries.
      const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize });
      // The same JSON log lines as the server's.
      const log = Fastify({ logger: { level: config.logLevel } }).log;
      // Endpoint secrets are stored encrypted with the process's cipher when SIGNING_KEY_ENCRYPTION_KEY is set.
      const dispatcher = webhookDispatcher(config, db, systemClock, log, signingKeyCipher(config));
      dispatcher.start();
      log.info({ database: describeDatabase(config.databaseUrl) }, 'webhook worker started');
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve());
      });
      // In-flight attempts are aborted and handed back, so that another process sends them at once.
      await dispatcher.stop();
      await db.close();
      log.info('webhook worker stopped');
    });

  program
    .command('events')
    .description('events recorded by Till')
    .command('resend')
    .description('send an event again, now, to its webhook endpoints (or to one)')
    .argument('<event-id>', 'the event (evt_...)')
    .option('--endpoint <id>', 'only this webhook endpoint (we_...)')
    .option('--json', 'print {"event_id", "endpoint_ids"} instead of text')
    .action(async (eventId: string, options: OutputOptions & { endpoint?: string }) => {
      const config = loadConfig();
      const result = await withDatabase(config, async (db) => {
        const event = await findEventTenant(db, eventId);
        if (event === undefined) throw new CliError(`no event with id "${eventId}"`);
        const { commandServices } = await import('../app/services.js');
        const services = commandServices(config, db, systemClock);
        try {
          return await resendEvent(services, { merchantId: event.merchant_id, environment: event.environment }, eventId, options.endpoint);
        } catch (error) {
          throw new CliError(error instanceof Error ? error.message : String(error));
        }
      });
      printResult(options, result, () =>
        result.endpoint_ids.length === 0 ? `No enabled endpoint receives ${eventId}; nothing was queued.` : `Queued ${eventId} for ${result.endpoint_ids.join(', ')}.`,
      );
    });
}
