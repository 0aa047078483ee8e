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

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A range bound as stored text: an ISO 8601 date-time as UTC, or a bare date as its first (`min`)
 * or last (`max`) millisecond, UTC. List Orders' `created_at_min`/`created_at_max` and the sales
 * report's `from`/`to` read dates this one way.
 *
 * @example
 *   boundToTimestamp('2026-11-21', 'max');            // '2026-11-21T23:59:59.999Z'
 *   boundToTimestamp('2026-11-21T10:00:00+01:00', 'min'); // '2026-11-21T09:00:00.000Z'
 */
export function boundToTimestamp(value: string, side: 'min' | 'max'): string {
  if (DATE_ONLY.test(value)) return `${value}T${side === 'min' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(value).toISOString();
}
