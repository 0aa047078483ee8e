/**
 * The webhook receiver of the delivery scenarios, in a process of its own (forked by delivery.ts), so
 * that the load generator's work (sending orders, parsing answers) never delays an arrival: what it
 * records is when the request reached a receiver that had nothing else to do.
 *
 * It answers 200 at once to every request and remembers, by `webhook-id`, the first arrival's time
 * (ms since the epoch: the same clock as the parent's) and, if asked, its body. The parent asks over
 * IPC: `{ ask: 'stats' | 'reset' | 'arrivals', seq }`; every answer carries the same `seq`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverQuestion = { seq: number; ask: 'stats' | 'reset' | 'arrivals' };
export interface ReceiverStats {
  /** Requests received, retries included. */
  count: number;
  /** Distinct `webhook-id`s received. */
  distinct: number;
  /** Connections the dispatcher opened. */
  connections: number;
}
export interface ReceiverArrivals {
  /** `[webhook-id, first arrival in ms since the epoch, body or '']`. */
  arrivals: [string, number, string][];
}

const keepBodies = process.argv.includes('--keep-bodies');
let count = 0;
let connections = 0;
const arrivals = new Map<string, { at: number; body: string }>();

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    const id = String(request.headers['webhook-id']);
    count += 1;
    if (!arrivals.has(id)) arrivals.set(id, { at, body: keepBodies ? Buffer.concat(chunks).toString('utf8') : '' });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.on('connection', () => (connections += 1));

process.on('message', (message: ReceiverQuestion) => {
  const stats = (): ReceiverStats => ({ count, distinct: arrivals.size, connections });
  if (message.ask === 'reset') {
    count = 0;
    connections = 0;
    arrivals.clear();
    process.send!({ seq: message.seq, ...stats() });
  } else if (message.ask === 'stats') {
    process.send!({ seq: message.seq, ...stats() });
  } else {
    const answer: ReceiverArrivals = { arrivals: [...arrivals].map(([id, { at, body }]) => [id, at, body]) };
    process.send!({ seq: message.seq, ...answer });
  }
});
// The parent gone (or closing the channel) ends the receiver.
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => {
  process.send!({ seq: 0, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
});
