/**
 * One HTTP attempt of a delivery: a signed POST, checked against private addresses when the
 * connection is made (request-filtering-agent checks the address DNS gave, so a name resolving to
 * 127.0.0.1 or 169.254.169.254 is refused like the address itself), redirects not followed.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

export interface AttemptResult {
  status: number | null;
  /** The first 1 KB of the answer. */
  body: string | null;
  durationMs: number;
  /** `timeout`, `connection_refused`, `blocked_address`, `connection_error`, or `http_<status>`; null on success. */
  error: string | null;
}

const EXCERPT_BYTES = 1024;

/** `v1,<signature>` for each live secret, separated by spaces. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(
    private readonly timeoutMs: number,
    allowPrivateNetworks: boolean,
  ) {
    // Private, loopback, link-local (the metadata address included), CGNAT, unique-local and
    // multicast addresses are all outside ipaddr.js's "unicast" range, which is all the agent lets through.
    const filter = { allowPrivateIPAddress: allowPrivateNetworks, allowMetaIPAddress: allowPrivateNetworks, keepAlive: false };
    this.httpAgent = new RequestFilteringHttpAgent(filter);
    this.httpsAgent = new RequestFilteringHttpsAgent(filter);
  }

  send(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<AttemptResult> {
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
        agent: target.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Till-Webhooks/1' },
        signal,
      });
      const timer = setTimeout(() => {
        finish({ status: null, body: null, error: 'timeout' });
        request.destroy();
      }, this.timeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The excerpt is all that is kept: stop reading a long answer once it is in.
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

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function classify(error: NodeJS.ErrnoException): string {
  if (/is not allowed/.test(error.message)) return 'blocked_address';
  if (error.code === 'ECONNREFUSED') return 'connection_refused';
  if (error.code === 'ETIMEDOUT') return 'timeout';
  if (error.name === 'AbortError') return 'aborted';
  return 'connection_error';
}
