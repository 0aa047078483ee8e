/**
 * The dashboard's API client: `@till/client`, typed by the server's own OpenAPI document, so a change
 * of the API that the dashboard does not follow fails its type check. Its access token is the one the
 * sign-in keeper hands the page (`auth.ts`): renewed once on a 401 `token_expired`, while any other 401
 * to it means the sign-in has ended, and the app signs in again. The client gives every POST an
 * Idempotency-Key, which its retries (after a connection error, 408, 429 or 5xx; two at most) reuse.
 */
import { Till } from '@till/client';
import { currentSession, endSession, refresh } from './auth';

export const till = new Till({
  baseUrl: location.origin,
  accessToken: {
    current: () => currentSession()?.accessToken,
    refresh: () => refresh(),
    // The server ended the sign-in (signed out elsewhere, the user removed): sign in again.
    onRefused: () => endSession('ended'),
  },
});

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
