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

/** The IANA name of a time zone as Intl knows it (`utc` is `UTC`), or undefined when Intl knows no such zone. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The instants a local calendar day runs between in a time zone, as stored timestamps: from its
 * first millisecond (inclusive) to the next day's first (exclusive). A day is not always 24 hours:
 * 23 or 25 around a change of clocks, and where the clocks change at midnight the day starts when
 * its date first shows (01:00 on the day the clocks skip from 00:00).
 *
 * @example
 *   localDayBounds('2026-03-08', 'America/New_York'); // { from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' } (23 hours)
 *   localDayBounds('2026-11-21', 'UTC');              // { from: '2026-11-21T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' }
 */
export function localDayBounds(date: string, timeZone: string): { from: string; to: string } {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const from = startOfLocalDay(formatter, year, month, day);
  const next = new Date(utcMs(year, month, day + 1));
  const to = startOfLocalDay(formatter, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  return { from: new Date(from).toISOString(), to: new Date(Math.max(from, to)).toISOString() };
}

/** `Date.UTC` without its reading of years 0 to 99 as 1900 to 1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The local date-time `formatter`'s zone shows at `at`, as milliseconds of a UTC clock showing the same. */
function localClock(formatter: Intl.DateTimeFormat, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return utcMs(parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The first instant whose local date is year-month-day in `formatter`'s zone. */
function startOfLocalDay(formatter: Intl.DateTimeFormat, year: number, month: number, day: number): number {
  const midnight = utcMs(year, month, day);
  // The zone's offset before and after a change of clocks near midnight gives two candidates; the
  // day starts at the earlier one that shows the date (local midnight, or the end of a skipped hour).
  const offsetAt = (at: number) => localClock(formatter, at) - Math.floor(at / 1000) * 1000;
  const first = midnight - offsetAt(midnight);
  const second = midnight - offsetAt(first);
  const showsDate = (at: number) => localClock(formatter, at) >= midnight;
  const candidates = [first, second].filter(showsDate).sort((a, b) => a - b);
  return candidates[0] ?? Math.max(first, second);
}
