/**
 * The transport every call goes through: the credential, an `Idempotency-Key` on every POST that each
 * retry reuses (so a retry can never do the work twice), retries with exponential back-off and jitter
 * on the answers where retrying is safe, a timeout per attempt, and typed errors.
 */
import { ConnectionError, errorOf, retryAfterMs, type TillError } from './errors.js';

export interface ClientOptions {
  /** Where the API is, e.g. `https://till.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** Retries after the first attempt, on connection errors, 408, 409 `idempotency_key_in_use`, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** Milliseconds one attempt may take, answer body included. Default 60 000. */
  timeout?: number;
  /** Headers sent with every request (e.g. `User-Agent` on a server). */
  headers?: Record<string, string>;
  /** The `fetch` to use; default the platform's. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** The key of a POST; default a new UUID per call, reused by each of its retries. */
  idempotencyKey?: string;
  maxRetries?: number;
  timeout?: number;
  /** Aborts the call (not retried). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What sets `Authorization` for each attempt, and what a 401 may repair. */
export interface Credentials {
  authorization(): Promise<string | undefined>;
  /** The answer to a 401 for a request sent with the current credential: true when a new attempt may succeed. */
  refused?(error: TillError): Promise<boolean>;
}

export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The `Request-Id` header of the answer, for support. */
  requestId: string | undefined;
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

/**
 * The answer of a call: await it for the data, or call `.withResponse()` for the headers and `Request-Id`
 * too. The request starts at once, whether or not it is awaited.
 */
export class ApiPromise<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'ApiPromise';
  protected readonly started: Promise<WithResponse<T>>;
  constructor(run: () => Promise<WithResponse<T>>) {
    this.started = run();
  }
  withResponse(): Promise<WithResponse<T>> {
    return this.started;
  }
  then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.started.then((r) => r.data).then(onfulfilled, onrejected);
  }
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}

export interface Pagination {
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * A list call: await it for one page (`data` and `pagination`), or `for await` it for every object
 * of every page from the one asked for. Lists are newest first and paged by offset, so objects created
 * while iterating push older ones to later pages; the iterator skips an id it has already given.
 */
export class PagePromise<T> extends ApiPromise<Page<T>> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (page: number) => Promise<WithResponse<Page<T>>>,
    private readonly firstPage: number,
  ) {
    super(() => fetchPage(firstPage));
  }

  /** Every page in turn, the first one being this call's. */
  async *pages(): AsyncGenerator<Page<T>> {
    let page = (await this.started).data;
    yield page;
    for (let number = this.firstPage + 1; page.pagination.has_more && page.data.length > 0; number++) {
      page = (await this.fetchPage(number)).data;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    const seen = new Set<string>();
    for await (const page of this.pages()) {
      for (const item of page.data) {
        const id = (item as { id?: unknown }).id;
        if (typeof id === 'string') {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        yield item;
      }
    }
  }
}

/** A v4 UUID: `crypto.randomUUID` where the platform has it (React Native may not), else from random bytes. */
/**
 * `text` without the `char`s it ends with. A loop, not `/x+$/`: that pattern is quadratic on a long run
 * of `x` followed by anything else (the ReDoS check of the test suite finds it).
 */
export function withoutTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A wait of `Retry-After` longer than this is not waited for: the error goes to the caller. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Exponential back-off from 0.5 s, at most 8 s, with jitter: a random 50 % to 100 % of it. */
function backoffMs(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

/** Answers worth another attempt: the API did not do the work, or did it under the same Idempotency-Key. */
function retryable(error: TillError): boolean {
  const { status } = error;
  return status === 408 || status === 429 || status >= 500 || (status === 409 && error.code === 'idempotency_key_in_use');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export class Transport {
  readonly baseUrl: string;
  constructor(
    readonly options: ClientOptions,
    readonly credentials: Credentials | undefined,
  ) {
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError(`baseUrl must be an http(s) URL such as "https://till.example.com", not ${JSON.stringify(options.baseUrl)}`);
    }
    this.baseUrl = withoutTrailing(options.baseUrl, '/');
  }

  /**
   * One call: `path` is relative to `baseUrl` (with its query), `body` is sent as JSON. `idempotent:
   * false` is for the few POSTs the server cannot replay (the OpenAPI document marks them
   * `x-idempotent: false`: their answer shows a secret, or a retry would answer otherwise): they are
   * sent once, never retried, since a retry of one whose answer was lost would do the work twice.
   * `bodyAs: 'text'` gives a success's body as text (the orders export's CSV) rather than parsed JSON.
   */
  async send<T>(method: string, path: string, body: unknown, options: RequestOptions = {}, idempotent = true, bodyAs: 'json' | 'text' = 'json'): Promise<WithResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers, ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST' && idempotent) headers['idempotency-key'] = options.idempotencyKey ?? uuid();
    const maxRetries = idempotent ? (options.maxRetries ?? this.options.maxRetries ?? 2) : 0;
    let repaired = false;
    for (let attempt = 0; ; attempt++) {
      const authorization = await this.credentials?.authorization();
      if (authorization !== undefined) headers.authorization = authorization;
      let answer: { response: Response; text: string };
      try {
        answer = await this.attempt(method, path, headers, body, options);
      } catch (error) {
        if (!(error instanceof ConnectionError) || error.code === 'aborted' || attempt >= maxRetries) throw error;
        await sleep(backoffMs(attempt), options.signal);
        continue;
      }
      const { response, text } = answer;
      const requestId = response.headers.get('request-id') ?? undefined;
      if (response.ok) return { data: (bodyAs === 'text' ? text : parse(text)) as T, response, requestId };
      const error = errorOf(response.status, parse(text), response.headers);
      if (error.status === 401 && !repaired && this.credentials?.refused !== undefined) {
        // Not a retry: once per call, a token replaced while the call was out (renewed for another
        // call, or a new sign-in) is tried, or the refused one renewed, and the call sent again.
        repaired = true;
        if ((await this.credentials.authorization()) !== authorization || (await this.credentials.refused(error))) {
          attempt--;
          continue;
        }
      }
      const wait = retryAfterMs(response.headers) ?? backoffMs(attempt);
      if (attempt >= maxRetries || !retryable(error) || wait > MAX_RETRY_AFTER_MS) throw error;
      await sleep(wait, options.signal);
      if (options.signal?.aborted) throw new ConnectionError('aborted', 'The call was aborted.');
    }
  }

  /** One HTTP exchange, the whole body read within the timeout. */
  private async attempt(method: string, path: string, headers: Record<string, string>, body: unknown, options: RequestOptions) {
    const timeout = options.timeout ?? this.options.timeout ?? 60_000;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => ((timedOut = true), controller.abort()), timeout);
    const abort = () => controller.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      if (options.signal?.aborted) throw new Error('aborted');
      const response = await (this.options.fetch ?? fetch)(this.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      return { response, text: await response.text() };
    } catch (error) {
      if (options.signal?.aborted) throw new ConnectionError('aborted', 'The call was aborted.', error);
      if (timedOut) throw new ConnectionError('timeout', `No answer from ${this.baseUrl} within ${timeout} ms.`, error);
      throw new ConnectionError('connection_failed', `Could not reach ${this.baseUrl}: ${(error as Error)?.message ?? error}`, error);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }
}
