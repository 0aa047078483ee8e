/**
 * The service's clock. Timestamps are ISO 8601 UTC with milliseconds (`2026-11-21T10:00:00.000Z`),
 * stored as that same text on both databases so that ordering and round trips are exact.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
