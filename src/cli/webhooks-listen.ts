/**
 * `till webhooks listen [--forward-to URL]`: for development, as `stripe listen`. It prints a webhook
 * signing secret first, then fetches the account's new events from Till itself (`GET /v1/events`,
 * about once a second) and, for each, prints it or forwards it to `--forward-to` signed with that
 * secret (Standard Webhooks headers, as Till's own deliveries), so the receiver verifies it as it
 * would a real delivery.
 *
 * It forwards only what it fetched from Till with the API key: it opens no port of its own, so
 * nobody else can post through it, and the server needs no way to reach this machine (no webhook
 * endpoint is registered, WEBHOOK_ALLOW_PRIVATE_NETWORKS is not needed). The secret is derived from
 * the API key: the same key gives the same secret on every run, so a receiver configured once keeps
 * working; `--print-secret` prints it alone. Events already there when it starts are not forwarded.
 */
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import { EVENT_TYPES } from '../events/event-types.js';
import { signatureHeader } from '../webhooks/send-webhook.js';
import { apiError, apiKeyOf, callApi, withApiCredential, type ApiCredentialOptions } from './api-credential.js';
import { CliError } from './cli-error.js';
import { registerWebhooksTrigger } from './webhooks-trigger.js';

interface ListenOptions extends ApiCredentialOptions {
  forwardTo?: string;
  events: string;
  printSecret?: boolean;
}

interface FetchedEvent {
  id: string;
  type: string;
  created_at: string;
}

/** How often new events are fetched. */
const POLL_MS = 1_000;
/** Pages of 100 read at most per poll, when more events came since the last one. */
const MAX_PAGES = 10;
/** Event ids remembered as already handled. */
const SEEN_KEPT = 10_000;

/** `order.*,refund.created` as the event types it names; `*` alone for all. */
export function expandEventPatterns(list: string): string[] {
  const patterns = list.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (patterns.includes('*')) return ['*'];
  const types = EVENT_TYPES.filter((type) => patterns.some((p) => p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1)))));
  if (types.length === 0) throw new CliError(`--events "${list}" names no event type; known: ${EVENT_TYPES.join(', ')}`);
  return types;
}

/**
 * The signing secret of `till webhooks listen` for this API key: `whsec_` and 32 bytes derived from
 * the key (HMAC-SHA256 in a domain of its own), in base64 as Standard Webhooks writes secrets. It
 * reveals nothing of the key.
 */
export function listenSecret(apiKey: string): string {
  return `whsec_${createHmac('sha256', apiKey).update('till webhooks listen: signing secret').digest('base64')}`;
}

export function registerWebhooksListen(program: Command): void {
  const webhooks = program.command('webhooks').description('webhook tools for development');
  const listen = webhooks
    .command('listen')
    .description("print the webhook signing secret, then print each new event of the key's account, or forward it signed to a local receiver, until Ctrl+C")
    .option('--forward-to <url>', 'forward each event, signed, to this receiver (e.g. http://127.0.0.1:4242/hook); without it, events are printed')
    .option('--events <types>', 'event types, comma-separated; order.* for all order events', '*')
    .option('--print-secret', 'print the signing secret and exit');
  withApiCredential(listen, 'with events:read').action((options: ListenOptions) => listenForEvents(options));
  registerWebhooksTrigger(webhooks);
}

async function listenForEvents(options: ListenOptions): Promise<void> {
  const key = apiKeyOf(options);
  const secret = listenSecret(key);
  if (options.printSecret === true) {
    process.stdout.write(`${secret}\n`);
    return;
  }
  const types = expandEventPatterns(options.events);
  const forwardTo = options.forwardTo === undefined ? undefined : new URL(options.forwardTo);
  const query = `/v1/events?per_page=100${types[0] === '*' ? '' : `&type=${types.join(',')}`}`;
  const seen = new Set<string>();
  const remember = (id: string) => {
    seen.add(id);
    if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value!);
  };

  const first = await callApi<{ data: FetchedEvent[] }>(options.apiUrl, key, 'GET', `${query}&page=1`);
  if (first.status !== 200) throw new CliError(`cannot read the events at ${options.apiUrl} (the key needs events:read): ${apiError(first)}`);
  for (const event of first.body.data) remember(event.id);

  // Ctrl+C and SIGTERM end the loop: taken before the lines that say it is ready, so a stop sent as
  // soon as they are read finds the handler in place (without it, the default action ends the process).
  const stop = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
  process.stdout.write(`Ready. Your webhook signing secret is ${secret} (verify the events with it). Ctrl+C to stop.\n`);
  process.stdout.write(
    `${forwardTo === undefined ? 'Printing' : `Forwarding to ${forwardTo.href}`} the new ${types[0] === '*' ? '' : `${types.join(', ')} `}events of ${options.apiUrl}.\n`,
  );

  let unreachable = false;
  while (!stop.signal.aborted) {
    try {
      await sleep(POLL_MS, undefined, { signal: stop.signal });
    } catch {
      break;
    }
    let fresh: Array<{ event: FetchedEvent; body: string }>;
    try {
      fresh = await newEvents(options.apiUrl, key, query, seen);
      if (unreachable) process.stdout.write(`${new Date().toISOString()}  reading events again\n`);
      unreachable = false;
    } catch (error) {
      if (!unreachable) process.stdout.write(`${new Date().toISOString()}  ${(error as Error).message}; trying again\n`);
      unreachable = true;
      continue;
    }
    for (const { event, body } of fresh) {
      remember(event.id);
      const head = `${new Date().toISOString()}  ${event.type}  ${event.id}`;
      if (forwardTo === undefined) {
        process.stdout.write(`${head}\n${body}\n`);
        continue;
      }
      process.stdout.write(`${head}  -> ${await forward(forwardTo, secret, event.id, body)}\n`);
    }
  }
}

/** The events not seen yet, oldest first, each with its body as a delivery carries it. */
async function newEvents(apiUrl: string, key: string, query: string, seen: ReadonlySet<string>): Promise<Array<{ event: FetchedEvent; body: string }>> {
  const fresh: Array<{ event: FetchedEvent; body: string }> = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await callApi<{ data: FetchedEvent[] }>(apiUrl, key, 'GET', `${query}&page=${page}`);
    if (answer.status !== 200) throw new Error(`reading the events answered ${apiError(answer)}`);
    let reachedSeen = false;
    for (const event of answer.body.data) {
      if (seen.has(event.id)) {
        reachedSeen = true;
        break;
      }
      fresh.push({ event, body: JSON.stringify(event) });
    }
    if (reachedSeen || answer.body.data.length < 100) break;
  }
  return fresh.reverse();
}

/** Posts one event to the receiver, signed; what it answered, for the printed line. */
async function forward(url: URL, secret: string, id: string, body: string): Promise<string> {
  const sentAt = new Date();
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
        'webhook-signature': signatureHeader([secret], id, sentAt, body),
        'user-agent': 'Till-Webhooks-Listen/1',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    return String(answer.status);
  } catch (error) {
    return `failed (${(error as Error).message})`;
  }
}
