/**
 * A real HTTP receiver of webhooks on a free port: records every request and answers what the test
 * tells it to.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './wait.js';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
  /** The sender's port: requests with the same one came over the same connection. */
  remotePort: number | undefined;
  /** When the request arrived, and when its exchange ended (answered, or the connection closed). */
  startedAt: number;
  endedAt: number | undefined;
  /** The status answered, once the whole answer was sent. */
  answered: number | undefined;
}

/** A status and body, sent after `delayMs`; or no answer at all. */
export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** What to answer the next request with; once the list is spent, `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Connections opened to the receiver so far, and those still open. */
  connections: number;
  openConnections: number;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** `keepAliveTimeoutMs`: how long the receiver keeps an idle connection open (Node's default: 5 s). */
export async function startReceiver(fallback: Answer = { status: 200, body: 'ok' }, options: { keepAliveTimeoutMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received,
    answers: [],
    fallback,
    connections: 0,
    openConnections: 0,
    async waitFor(count, timeoutMs = 20_000) {
      await until(`the receiver gets ${count} requests (it has ${received.length})`, () => received.length >= count, timeoutMs);
      return received.slice(0, count);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '', remotePort: request.socket.remotePort, startedAt: Date.now(), endedAt: undefined, answered: undefined };
      received.push(entry);
      response.on('close', () => (entry.endedAt = Date.now()));
      response.on('finish', () => (entry.answered = response.statusCode));
      const answer = receiver.answers.shift() ?? receiver.fallback;
      hanging.add(response);
      if (answer === 'hang') return;
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on('connection', (socket) => {
    receiver.connections += 1;
    receiver.openConnections += 1;
    socket.on('close', () => (receiver.openConnections -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/**
 * The receivers a suite starts, closed together in its `after`.
 *
 * @example const hooks = new Receivers(); const hook = await hooks.start(); ... after(() => hooks.close());
 */
export class Receivers {
  private readonly started: Receiver[] = [];

  async start(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
    const receiver = await startReceiver(...args);
    this.started.push(receiver);
    return receiver;
  }

  async close(): Promise<void> {
    for (const receiver of this.started.splice(0)) await receiver.close();
  }
}
