/**
 * A small HTTP proxy in front of a test server, for what the server cannot be made to do on demand:
 * lose an answer after doing the work (replaced by a 503 or 429, or the connection cut), or never
 * answer. It records every request, so a test sees each retry and its Idempotency-Key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * What the proxy does with one request: pass it on; pass it on and then answer something else
 * (`replace`), or cut the connection (`drop`); or hold it without passing it on (`hang`).
 */
export type Plan = 'forward' | 'drop' | 'hang' | { replace: { status: number; headers?: Record<string, string>; body?: unknown } };

export interface Proxy {
  url: string;
  seen: Seen[];
  /** Plans for the next requests, in order; once spent, every request is passed on. */
  plans: Plan[];
  /** The requests seen whose path starts with `prefix`. */
  seenOn(method: string, prefix: string): Seen[];
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const seen: Seen[] = [];
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const plan = proxy.plans.shift() ?? 'forward';
      if (plan === 'hang') {
        held.add(response);
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) headers.set(name, value);
      }
      const answer = await fetch(target + (request.url ?? ''), { method: request.method, headers, body: body === '' ? undefined : body });
      const text = await answer.text();
      if (plan === 'drop') {
        response.socket?.destroy();
        return;
      }
      if (plan !== 'forward') {
        const { status, headers: extra = {}, body: replaced } = plan.replace;
        response.writeHead(status, { 'content-type': 'application/json', ...extra }).end(replaced === undefined ? '' : JSON.stringify(replaced));
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: Proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    plans: [],
    seenOn: (method, prefix) => seen.filter((s) => s.method === method && s.path.startsWith(prefix)),
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** An error envelope as the API sends it. */
export function envelope(type: string, code: string, message = `simulated ${code}`) {
  return { error: { type, code, message, request_id: 'req_simulated' } };
}
