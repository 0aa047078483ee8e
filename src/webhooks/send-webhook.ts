/**
 * One HTTP attempt of a delivery: a signed POST, checked against private addresses when the
 * connection is made (request-filtering-agent checks the address DNS gave, so a name resolving to
 * 127.0.0.1 or 169.254.169.254 is refused like the address itself), redirects not followed.
 *
 * Connections are kept open between an endpoint's attempts (keep-alive), by an agent of the endpoint's
 * own: its connections serve no other endpoint (and so no other tenant), each was checked when it was
 * opened (a reused one goes to an address already checked), an idle one is closed after
 * KEEP_ALIVE_IDLE_MS (sooner if the receiver's `Keep-Alive: timeout` asks), and the agent is closed
 * when the endpoint's origin changes or the endpoint stops receiving (`forget`).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { addressRefusal, checkingLookup, refusedAddressError } from './address-filter.js';
import { Webhook } from 'standardwebhooks';

export interface AttemptResult {
  status: number | null;
  /** The first 1 KB of the answer. */
  body: string | null;
  durationMs: number;
  /** `timeout`, `connect_timeout`, `connection_refused`, `blocked_address`, `connection_error`, or `http_<status>`; null on success. */
  error: string | null;
}

const EXCERPT_BYTES = 1024;
/** How long a connection to a receiver stays open unused: below the 5 s many servers (Node's among them) keep one. */
export const KEEP_ALIVE_IDLE_MS = 4_000;
/** Agents of endpoints with no connection left are dropped once more than this many are kept. */
const AGENTS_KEPT = 256;
/** How long a new connection may take to open: a receiver that does not accept in that time is not waited for. */
export const CONNECT_TIMEOUT_MS = 3_000;

type FilteringAgent = RequestFilteringHttpAgent | RequestFilteringHttpsAgent;
type ConnectionListener = (error: Error | null, socket: net.Socket) => void;

/**
 * `Agent.createConnection` checked by `addressRefusal` first (an address in the URL, then each
 * address a name resolves to), then by request-filtering-agent's own checks.
 */
function checked<T extends new (options: ConstructorParameters<typeof RequestFilteringHttpAgent>[0]) => FilteringAgent>(Base: T, allowPrivateNetworks: boolean, allowLinkLocal: boolean): T {
  const lookup = checkingLookup(allowPrivateNetworks, allowLinkLocal);
  return class extends (Base as new (options: ConstructorParameters<typeof RequestFilteringHttpAgent>[0]) => RequestFilteringHttpAgent) {
    override createConnection(options: net.NetConnectOpts & { host?: string }, listener?: ConnectionListener): net.Socket {
      const host = options.host;
      const reason = host === undefined ? undefined : addressRefusal(host, allowPrivateNetworks, allowLinkLocal);
      if (reason !== undefined) {
        const socket = new net.Socket();
        const error = refusedAddressError(host!, undefined, reason);
        if (listener) listener(error, socket);
        else socket.destroy(error);
        return socket;
      }
      return (super.createConnection as (o: unknown, l?: ConnectionListener) => net.Socket)({ ...options, lookup }, listener);
    }
  } as unknown as T;
}

/** `v1,<signature>` for each live secret, separated by spaces. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

export class WebhookSender {
  /** Per endpoint id: the origin its agent connects to, and the agent. */
  private readonly agents = new Map<string, { origin: string; agent: FilteringAgent }>();

  private readonly HttpAgent: typeof RequestFilteringHttpAgent;
  private readonly HttpsAgent: typeof RequestFilteringHttpsAgent;

  constructor(
    private readonly timeoutMs: number,
    private readonly allowPrivateNetworks: boolean,
    /** WEBHOOK_ALLOW_LINK_LOCAL: link-local and metadata addresses stay closed unless this is set too (address-filter.ts). */
    allowLinkLocal = false,
    private readonly connectTimeoutMs: number = CONNECT_TIMEOUT_MS,
  ) {
    this.HttpAgent = checked(RequestFilteringHttpAgent, allowPrivateNetworks, allowLinkLocal);
    this.HttpsAgent = checked(RequestFilteringHttpsAgent as unknown as typeof RequestFilteringHttpAgent, allowPrivateNetworks, allowLinkLocal) as unknown as typeof RequestFilteringHttpsAgent;
  }

  send(endpointId: string, url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(target, {
        method: 'POST',
        agent: this.agentFor(endpointId, target),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Till-Webhooks/1' },
        signal,
      });
      const timer = setTimeout(() => {
        finish({ status: null, body: null, error: 'timeout' });
        request.destroy();
      }, this.timeoutMs);
      // A new connection has a shorter time to open than the whole attempt has (a kept one is open already).
      request.on('socket', (socket: net.Socket) => {
        if (!socket.connecting) return;
        const connectTimer = setTimeout(() => {
          finish({ status: null, body: null, error: 'connect_timeout' });
          request.destroy();
        }, Math.min(this.connectTimeoutMs, this.timeoutMs));
        const clear = () => clearTimeout(connectTimer);
        socket.once('connect', clear);
        socket.once('close', clear);
        request.once('close', clear);
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The excerpt is all that is kept: stop reading a long answer once it is in (its connection is closed).
          if (size >= EXCERPT_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          finish({ status, body: excerpt, error: status >= 200 && status < 300 ? null : `http_${status}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      });
      request.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, body: null, error: classify(error) }));
      request.end(body);
    });
  }

  /** Closes the endpoint's connections: it was disabled or deleted (a later attempt opens and checks new ones). */
  forget(endpointId: string): void {
    this.agents.get(endpointId)?.agent.destroy();
    this.agents.delete(endpointId);
  }

  close(): void {
    for (const { agent } of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  /** The endpoint's agent for `target`'s origin; a changed origin closes the connections to the old one. */
  private agentFor(endpointId: string, target: URL): FilteringAgent {
    const kept = this.agents.get(endpointId);
    if (kept !== undefined && kept.origin === target.origin) return kept.agent;
    this.forget(endpointId);
    if (this.agents.size >= AGENTS_KEPT) this.dropUnused();
    // Private, loopback, link-local (the metadata address included), CGNAT, unique-local and
    // multicast addresses are all outside ipaddr.js's "unicast" range, which is all the agent lets through.
    // One connection at most: an endpoint has one delivery out at a time.
    const options = {
      allowPrivateIPAddress: this.allowPrivateNetworks,
      allowMetaIPAddress: this.allowPrivateNetworks,
      keepAlive: true,
      timeout: KEEP_ALIVE_IDLE_MS,
      maxSockets: 1,
      maxFreeSockets: 1,
    };
    const agent = target.protocol === 'https:' ? new this.HttpsAgent(options) : new this.HttpAgent(options);
    this.agents.set(endpointId, { origin: target.origin, agent });
    return agent;
  }

  /** Drops the agents that hold no connection, so that endpoints seen once do not pile up. */
  private dropUnused(): void {
    for (const [endpointId, { agent }] of this.agents) {
      if (Object.keys(agent.sockets).length === 0 && Object.keys(agent.freeSockets).length === 0) this.agents.delete(endpointId);
    }
  }
}

function classify(error: NodeJS.ErrnoException): string {
  if (/is not allowed/.test(error.message)) return 'blocked_address';
  if (error.code === 'ECONNREFUSED') return 'connection_refused';
  if (error.code === 'ETIMEDOUT') return 'timeout';
  if (error.name === 'AbortError') return 'aborted';
  return 'connection_error';
}
