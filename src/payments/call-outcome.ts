/**
 * What became of a processor call, and the rules every capture and refund applies to it.
 *
 * - `succeeded` / `failed`: the processor said so (a decline, a refusal, or an error after which it
 *   shows that nothing moved); the call is settled.
 * - `unknown`: no answer (a timeout, a dropped connection): the charge or refund may or may not have
 *   happened. The call stays pending, the request answers 503 `processor_unavailable`, and the next
 *   capture or refund of the order sends the same call again, with the same key, before anything else.
 * - `in_flight`: the same call is being sent by another request right now (in this process, or in
 *   another: the processor's 409 for a key in flight). The request waits for it, within a bound, or
 *   answers 409 `capture_in_progress`. It never settles it.
 *
 * One process sends a call once at a time: a second request of the same order waits for the first
 * sending's result (`sendOnce`) instead of sending it again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../errors.js';

export type CallOutcome = 'succeeded' | 'failed' | 'unknown' | 'in_flight';

export interface SentCall<T> {
  outcome: CallOutcome;
  /** `succeeded`: what the request that settled it answers (the paid order, the refund). */
  value?: T;
  /** `failed`: the refusal to answer with. */
  refusal?: ApiError;
}

/** How long a capture or refund waits for another request's call of the same order before answering 409. */
export const WAIT_FOR_CALL_MS = 10_000;

const sending = new Map<string, Promise<SentCall<unknown>>>();

/** Sends a call (or prepares a payment) once in this process: a request that finds it being sent waits for that. */
export function sendOnce<T>(key: string, send: () => Promise<SentCall<T>>): Promise<SentCall<T>> {
  let sent = sending.get(key) as Promise<SentCall<T>> | undefined;
  if (sent === undefined) {
    sent = send().finally(() => sending.delete(key));
    sending.set(key, sent);
  }
  return sent;
}

/** Waits before looking at an order's call again (100 ms, doubling, at most 1 s); false once the bound has passed. */
export async function waitForCall(startedAt: number, round: number): Promise<boolean> {
  if (performance.now() - startedAt > WAIT_FOR_CALL_MS) return false;
  await sleep(Math.min(100 * 2 ** round, 1_000));
  return true;
}

/** The answer for a call whose outcome is not known, or that another request is still sending. */
export function undecidedError(outcome: 'unknown' | 'in_flight', what: 'capture' | 'refund'): ApiError {
  const action = what === 'capture' ? 'charge' : 'refund';
  if (outcome === 'in_flight') {
    return new ApiError(
      'capture_in_progress',
      `Another capture or refund of this order is with the card processor right now. Retry the ${what} in a moment: it cannot ${action} twice.`,
    );
  }
  return new ApiError(
    'processor_unavailable',
    `The card processor did not answer in time, so the ${action} may or may not have happened. Retrying the ${what} is safe: it sends the same ${action} again and never ${action}s twice.`,
  );
}
