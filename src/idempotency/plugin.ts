/**
 * `Idempotency-Key` on every POST, as Stripe does it: the first request with a key does the work;
 * a retry with the same key and body gets the first answer again, with `Idempotent-Replayed: true`;
 * the same key with another body is 400 `idempotency_key_reused`; while the first still runs, 409
 * `idempotency_key_in_use`. Keys are kept 24 hours per merchant and environment, in the database, so
 * they hold across server processes and restarts.
 *
 * A successful answer is stored inside the operation's own transaction (through
 * `Services.transaction`), so a change and the record of its answer commit together: a server that
 * dies after committing still replays the answer, and one that dies before leaves nothing done. An
 * error answer is stored after it is sent, except a 5xx and 409 `capture_in_progress` (another call
 * of the order was still with the card processor), which free the key for a retry, and 402
 * `authentication_required`, which carries the PaymentIntent's client secret: that secret is not kept
 * for 24 hours beside the key, and a retry with the key asks Stripe again, which answers the same
 * challenge of the order's one PaymentIntent.
 *
 * A route whose answer must never be stored (it shows a secret, such as a new API key) sets
 * `idempotent: false` in its config: the header is then ignored there. A route whose body holds a
 * secret (an initial password) names it in `secretFields`: the fingerprint leaves it out, so nothing
 * derived from it is kept beside its proper hash.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import type { Services } from '../services.js';
import { claimKey, completeKey, releaseKey, requestFingerprint } from './claim-key.js';
import { PendingReleases } from './pending-releases.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: this POST ignores `Idempotency-Key`, because its answer must not be stored. */
    idempotent?: boolean;
    /** Body fields left out of the request fingerprint, because they are secrets. */
    secretFields?: readonly string[];
  }
  interface FastifyRequest {
    /** `lockedAt`: when this request took the key (`claimKey`), while it holds it. */
    idempotency: { key: string; state: 'running' | 'stored' | 'replayed'; lockedAt?: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;

/**
 * The status a route answers with when its work commits: 201 for creations (Create Order also
 * declares 200, for an offline sale synced before, which commits nothing), else its one 2xx, else 200.
 */
function successStatus(request: FastifyRequest): number {
  const statuses = Object.keys(request.routeOptions.schema?.response ?? {}).map(Number);
  if (statuses.includes(201)) return 201;
  return statuses.find((status) => status >= 200 && status < 300) ?? 200;
}

/** A request's work uses `request.services` (set in `app/build-app.ts`); expired keys are purged by a job (`app/jobs.ts`). */
export const idempotencyPlugin = fp(async function idempotency(app: FastifyInstance, options: { services: Services }) {
  app.decorateRequest('idempotency', null);
  // Keys of failed requests that could not be released then (the database failing): released once it answers.
  const pending = new PendingReleases(options.services.db, app.log, () => options.services.clock.now().getTime());
  app.addHook('onClose', (_app, done) => {
    pending.close();
    done();
  });

  // Callback-style hooks: most requests (every GET) carry no key, and pass without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || request.headers[IDEMPOTENCY_HEADER] === undefined || request.principal === undefined) return done();
    // A replay has been sent: the route does not run.
    claim(request, reply).then((replayed) => {
      if (!replayed) done();
    }, done);
  });

  /** Claims the request's key; true when the answer stored under it was sent again instead. */
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.routeOptions.config.idempotent === false) return false;
    // Node joins a header sent twice into one value ("a, b"), which would pass for a third key: count the lines as sent.
    if (typeof header !== 'string' || sentMoreThanOnce(request.raw.rawHeaders, IDEMPOTENCY_HEADER) || header.length === 0 || header.length > MAX_KEY_LENGTH || !/^[\x21-\x7e][\x20-\x7e]*$/.test(header)) {
      throw new ApiError(
        'parameter_invalid',
        `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters, sent once.`,
        'Idempotency-Key',
      );
    }
    const tenant = request.principal;
    const { db, clock } = request.services;
    const fingerprint = requestFingerprint(request.method, request.url.split('?')[0]!, withoutFields(request.body, request.routeOptions.config.secretFields));
    const now = clock.now();
    let claim: Awaited<ReturnType<typeof claimKey>>;
    try {
      claim = await claimKey(db, tenant, header, fingerprint, now);
    } catch (error) {
      // The database failed while the key was being taken: the key may have been written and the
      // answer lost (the primary died just after committing it). A hold of this request's, if any,
      // is released once the database answers, so that the retry is not refused for the lease.
      pending.add(tenant, header, now.toISOString());
      throw error;
    }
    switch (claim.kind) {
      case 'mismatch':
        throw new ApiError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with another request (a different endpoint or body). Use a new key for a new request.',
          'Idempotency-Key',
        );
      case 'in_use':
        throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry once it has answered.');
      case 'replay':
        request.idempotency = { key: header, state: 'replayed' };
        reply.code(claim.status).header('Idempotent-Replayed', 'true');
        reply.send(JSON.parse(claim.body));
        return true;
      case 'claimed': {
        const state = { key: header, state: 'running' as 'running' | 'stored' | 'replayed', lockedAt: claim.lockedAt };
        request.idempotency = state;
        const status = successStatus(request);
        request.services = {
          ...request.services,
          // The answer is stored in the work's transaction, but counts as stored only once that has
          // committed: a commit that fails (the primary lost in a failover) leaves the key to be
          // released by the error answer, so that the retry does the work.
          transaction: async (work) => {
            const result = await db.transaction(async (trx) => {
              const done = await work(trx);
              await completeKey(trx, tenant, header, status, JSON.stringify(done));
              return done;
            });
            state.state = 'stored';
            return result;
          },
        };
      }
    }
    return false;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    // Routes registered before this plugin (health, metrics) do not carry the decoration at all.
    const idempotency = request.idempotency;
    if (idempotency == null || idempotency.state !== 'running') return done(null, payload);
    storeAnswer(request, reply, idempotency, payload).then(() => done(null, payload), done);
  });

  /** Stores a claimed request's answer under its key, or frees the key when the answer is a 5xx, a 409 to retry, or holds a client secret. */
  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, idempotency: NonNullable<FastifyRequest['idempotency']>, payload: unknown): Promise<void> {
    if (reply.statusCode >= 500 || reply.statusCode === 409 || carriesClientSecret(reply.statusCode, payload)) {
      idempotency.state = 'stored';
      const lockedAt = idempotency.lockedAt!;
      try {
        await releaseKey(request.services.db, request.principal, idempotency.key, lockedAt);
      } catch (err) {
        // The database is failing (that is likely why this answer is a 5xx): the answer goes out
        // anyway, and the key is released as soon as the database answers again.
        request.log.warn({ err, key: idempotency.key }, 'idempotency key not released yet: tried again every second');
        pending.add(request.principal, idempotency.key, lockedAt);
      }
      return;
    }
    await completeKey(request.services.db, request.principal, idempotency.key, reply.statusCode, String(payload));
    idempotency.state = 'stored';
  }
});

/** Whether the header `name` (lower case) is among the raw header lines (name, value, name, value...) more than once. */
function sentMoreThanOnce(rawHeaders: readonly string[], name: string): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name && ++seen > 1) return true;
  return false;
}

/** The body without the named top-level fields. */
function withoutFields(body: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}

/** A 402 `authentication_required`, whose `payment_intent.client_secret` lets anyone holding it finish the payment. */
function carriesClientSecret(status: number, payload: unknown): boolean {
  if (status !== 402) return false;
  try {
    return (JSON.parse(String(payload)) as { error?: { code?: string } }).error?.code === 'authentication_required';
  } catch {
    return false;
  }
}
