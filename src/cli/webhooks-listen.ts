/**
 * `till webhooks listen --forward-to URL`: for development. Registers a temporary webhook endpoint
 * pointing at a receiver this command runs, prints each delivery as it arrives, forwards it unchanged
 * (same headers and body, so the signature still verifies) to `--forward-to`, and deletes the endpoint
 * on Ctrl+C. The server must be allowed to reach this machine (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { EVENT_TYPES } from '../events/record-event.js';
import { CliError } from './cli-error.js';

interface ListenOptions {
  forwardTo: string;
  events: string;
  apiUrl: string;
  apiKey: string;
}

/** `order.*,refund.created` as the event types it names; `*` alone for all. */
export function expandEventPatterns(list: string): string[] {
  const patterns = list.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (patterns.includes('*')) return ['*'];
  const types = EVENT_TYPES.filter((type) => patterns.some((p) => p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1)))));
  if (types.length === 0) throw new CliError(`--events "${list}" names no event type; known: ${EVENT_TYPES.join(', ')}`);
  return types;
}

export function registerWebhooksListen(program: Command): void {
  program
    .command('webhooks')
    .description('webhook tools for development')
    .command('listen')
    .description('register a temporary endpoint, print each delivery and forward it to a local receiver, until Ctrl+C')
    .requiredOption('--forward-to <url>', 'where to forward each delivery, e.g. http://127.0.0.1:4242/hook')
    .requiredOption('--api-key <key>', 'an API key (sk_test_...) with webhooks:write')
    .option('--api-url <url>', 'the Till server', 'http://127.0.0.1:3000')
    .option('--events <types>', 'event types, comma-separated; order.* for all order events', '*')
    .action(async (options: ListenOptions) => {
      const enabledEvents = expandEventPatterns(options.events);
      const forwardTo = new URL(options.forwardTo);
      const receiver = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', async () => {
          const body = Buffer.concat(chunks);
          let type = '?';
          try {
            type = (JSON.parse(body.toString('utf8')) as { type?: string }).type ?? '?';
          } catch {
            // printed as is
          }
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
            const value = request.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          let line = `${new Date().toISOString()}  ${type}  ${headers['webhook-id'] ?? ''}  -> `;
          try {
            const forwarded = await fetch(forwardTo, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(9_000) });
            const text = await forwarded.text();
            line += `${forwarded.status}`;
            response.writeHead(forwarded.status, { 'content-type': 'text/plain' }).end(text.slice(0, 1024));
          } catch (error) {
            line += `failed (${(error as Error).message})`;
            response.writeHead(502, { 'content-type': 'text/plain' }).end('forward failed');
          }
          process.stdout.write(line + '\n');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
      const api = (path: string, method: string, body?: unknown) =>
        fetch(new URL(path, options.apiUrl), {
          method,
          headers: { authorization: `Bearer ${options.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const created = await api('/v1/webhook_endpoints', 'POST', { url, enabled_events: enabledEvents, description: 'till webhooks listen (temporary)' });
      const endpoint = (await created.json()) as { id?: string; error?: { message: string } };
      if (created.status !== 201 || endpoint.id === undefined) {
        receiver.close();
        throw new CliError(`cannot register the endpoint at ${options.apiUrl}: ${endpoint.error?.message ?? created.status}`);
      }
      process.stdout.write(`Listening (endpoint ${endpoint.id}, events ${enabledEvents.join(', ')}); forwarding to ${forwardTo.href}. Ctrl+C to stop.\n`);
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve());
      });
      await api(`/v1/webhook_endpoints/${endpoint.id}`, 'DELETE');
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    });
}
