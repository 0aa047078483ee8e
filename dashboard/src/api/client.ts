/**
 * The dashboard's API client: openapi-fetch typed by the server's own OpenAPI document, so a change
 * of the API that the dashboard does not follow fails its type check. The middleware adds the access
 * token, an Idempotency-Key on every POST (kept for the one retry), and refreshes once on a 401
 * `token_expired`; any other 401 means the sign-in has ended, and the app signs in again.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { currentSession, endSession, refresh } from '../auth';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type ApiErrorBody = Schemas['Error'];

const replays = new Map<string, Request>();

const auth: Middleware = {
  onRequest({ request, id }) {
    const session = currentSession();
    if (session !== undefined) request.headers.set('Authorization', `Bearer ${session.accessToken}`);
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    replays.set(id, request.clone());
    return request;
  },
  async onResponse({ response, id }) {
    const replay = replays.get(id);
    replays.delete(id);
    if (response.status !== 401 || replay === undefined) return response;
    const current = currentSession();
    if (current !== undefined && replay.headers.get('Authorization') !== `Bearer ${current.accessToken}`) {
      // Sent with tokens replaced since (a refresh or the environment switch): once more with the new ones.
      replay.headers.set('Authorization', `Bearer ${current.accessToken}`);
      return fetch(replay);
    }
    const body = (await response.clone().json().catch(() => undefined)) as ApiErrorBody | undefined;
    if (body?.error.code !== 'token_expired') {
      // The server ended the sign-in (signed out elsewhere, the user removed): sign in again.
      endSession('ended');
      return response;
    }
    const session = await refresh();
    replay.headers.set('Authorization', `Bearer ${session.accessToken}`);
    return fetch(replay);
  },
  onError({ id }) {
    replays.delete(id);
  },
};

export const api = createClient<paths>({ baseUrl: location.origin });
api.use(auth);

/** What the dashboard shows for a failed call: the API's own message, or a network failure to retry. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The data of a call, or an ApiFailure carrying the API's message. */
export async function call<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await promise;
  } catch {
    throw new ApiFailure('Till could not be reached. Check the connection and retry.', 0, 'network_error');
  }
  if (result.error !== undefined || !result.response.ok) {
    const body = result.error as ApiErrorBody | undefined;
    throw new ApiFailure(body?.error?.message ?? `The request failed (${result.response.status}).`, result.response.status, body?.error?.code ?? 'unknown');
  }
  return result.data as T;
}
