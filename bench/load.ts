/**
 * Load from autocannon: a fixed number of connections, one request at a time on each (no
 * pipelining), for a fixed time. Latencies are kept for every response and their percentiles computed
 * exactly (autocannon's own histogram rounds them to whole milliseconds).
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Load {
  url: string;
  connections: number;
  durationSeconds: number;
  /**
   * The request each connection sends next. Called once per request, so that each can differ (a new
   * order to refund, other products); a fixed request is built once.
   */
  request: LoadRequest | (() => LoadRequest);
}

export interface Measurement {
  durationSeconds: number;
  /** Responses received, of any status. */
  responses: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  errors: number;
  /** Responses by status code, e.g. {"200": 51234}. */
  statuses: Record<string, number>;
}

export async function runLoad(load: Load): Promise<Measurement> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const request = load.request;
  const requests: autocannon.Request[] =
    typeof request === 'function'
      ? [{ method: 'GET', path: '/', setupRequest: () => ({ ...request() }) as unknown as autocannon.Request }]
      : [{ ...request }];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        pipelining: 1,
        duration: load.durationSeconds,
        timeout: 30,
        requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon passes the client first, which its type definitions leave out.
    (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (latencies.length === 0 ? 0 : latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!);
  const non2xx = Object.entries(statuses).reduce((sum, [status, count]) => (status.startsWith('2') ? sum : sum + count), 0);
  return {
    durationSeconds: result.duration,
    responses: latencies.length,
    requestsPerSecond: latencies.length / result.duration,
    p50Ms: percentile(50),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    maxMs: latencies.at(-1) ?? 0,
    errors: non2xx + result.errors,
    statuses,
  };
}
