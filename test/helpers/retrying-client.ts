/**
 * A client that retries the way a careful integration does: every POST carries an Idempotency-Key,
 * and the same request is sent again (one after another, or several at once) with that key.
 */
import assert from 'node:assert/strict';
import type { Api, ApiResponse } from './server.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from './wait.js';

/** How a request is repeated: `2` / `3` times one after another, or `parallel` (3 at once). */
export type RetryMode = 2 | 3 | 'parallel';

/**
 * Sends a request until it is no longer answered 409 `idempotency_key_in_use` (the first request
 * with the key still running), waiting a little between tries. `apis` are tried in turn, so a
 * retry may reach another server process.
 */
export async function sendUntilSettled(apis: readonly Api[], path: string, body: unknown, key: string, start = 0): Promise<ApiResponse> {
  let attempt = 0;
  let response!: ApiResponse;
  await until(`${path} with key ${key} is no longer in use`, async () => {
    response = await apis[(start + attempt++) % apis.length]!.post(path, body, { 'idempotency-key': key });
    return response.status !== 409 || response.body?.error?.code !== 'idempotency_key_in_use';
  });
  return response;
}

/**
 * Sends one POST several times with one key, as `mode` says, checks that exactly one answer did
 * the work and every other one replays it (same status, same body, `Idempotent-Replayed: true`),
 * and returns the first answer.
 */
export async function sendRepeated(apis: readonly Api[], path: string, body: unknown, key: string, mode: RetryMode): Promise<ApiResponse> {
  let responses: ApiResponse[];
  if (mode === 'parallel') {
    responses = await Promise.all([0, 1, 2].map((i) => sendUntilSettled(apis, path, body, key, i)));
  } else {
    responses = [];
    for (let i = 0; i < mode; i++) responses.push(await sendUntilSettled(apis, path, body, key, i));
  }
  const fresh = responses.filter((r) => r.headers.get('idempotent-replayed') === null);
  assert.equal(fresh.length, 1, `${path} (${key}): ${fresh.length} answers were not replays: ${JSON.stringify(responses.map((r) => r.status))}`);
  const first = fresh[0]!;
  for (const replay of responses.filter((r) => r !== first)) {
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.status, first.status, `${path} (${key}): replayed status`);
    assert.deepEqual(replay.body, first.body, `${path} (${key}): replayed body`);
  }
  return first;
}

/**
 * Sends a POST with an Idempotency-Key until it is served, as a client does when the server sheds
 * load: a 503 (which must carry `Retry-After`) is sent again with the same key after the time it
 * asks for, spread over 0.5 to 1.5 times it so that a burst does not come back as one; a 409
 * `idempotency_key_in_use` is sent again at once. Returns the answer that is neither, how many 503s
 * came before it, and which of `apis` (tried in turn) gave it.
 */
export async function sendUntilServed(
  apis: readonly Api[],
  path: string,
  body: unknown,
  key: string,
  start = 0,
  maxAttempts = 60,
): Promise<{ response: ApiResponse; shed: number; servedBy: number }> {
  let shed = 0;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const servedBy = (start + attempt) % apis.length;
    const response = await apis[servedBy]!.post(path, body, { 'idempotency-key': key });
    if (response.status === 409 && response.body?.error?.code === 'idempotency_key_in_use') continue;
    if (response.status !== 503) return { response, shed, servedBy };
    const retryAfter = Number(response.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `${path} (${key}): a 503 carries Retry-After, got ${response.headers.get('retry-after')}`);
    shed++;
    await sleep(retryAfter * 1000 * (0.5 + Math.random()));
  }
  throw new Error(`${path} (${key}) was not served in ${maxAttempts} attempts`);
}
