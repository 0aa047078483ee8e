/**
 * `till worker` (the webhook dispatcher alone, for processes that serve no HTTP) and
 * `till events resend evt_...` (send an event to its webhook endpoints again, now).
 */
import type { Command } from 'commander';
import Fastify from 'fastify';
import { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { findEventTenant } from '../db/webhooks/delivery-log.js';
import { baseServices } from '../services.js';
import { processorsFor } from '../payments/processor.js';
import { systemClock } from '../time.js';
import { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { resendEvent } from '../webhooks/webhook-deliveries.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import { describeDatabase, withDatabase } from './with-database.js';

export function registerWebhooks(program: Command): void {
  program
    .command('worker')
    .description('deliver webhooks without serving HTTP, until SIGTERM or SIGINT (pair it with WEBHOOK_DISPATCH=off on the API servers)')
    .action(async () => {
      const config = loadConfig();
      // Migrations are left to `till migrate` or `till serve`: a worker only reads and updates deliveries.
      const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: config.databasePoolSize });
      // The same JSON log lines as the server's.
      const log = Fastify({ logger: { level: config.logLevel } }).log;
      const dispatcher = new WebhookDispatcher({
        db,
        clock: systemClock,
        log,
        retryScheduleSeconds: config.webhookRetryScheduleSeconds,
        timeoutMs: config.webhookTimeoutMs,
        allowPrivateNetworks: config.webhookAllowPrivateNetworks,
        allowLinkLocal: config.webhookAllowLinkLocal,
        pollIntervalMs: config.webhookPollIntervalMs,
        // Endpoint secrets are stored encrypted with it when it is set.
        cipher: new SigningKeyCipher(config.signingKeyEncryptionKey, config.signingKeyEncryptionKeyPrevious),
      });
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
      const result = await withDatabase(loadConfig(), async (db) => {
        const event = await findEventTenant(db, eventId);
        if (event === undefined) throw new CliError(`no event with id "${eventId}"`);
        const services = baseServices(db, systemClock, processorsFor({ production: 'none' }));
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
