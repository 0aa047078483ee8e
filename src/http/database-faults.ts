/**
 * What a client is told when the database fails: 503 with `Retry-After`, `database_timeout` when it
 * answered too late, `service_unavailable` otherwise. Nothing was written in either case, so the
 * request may be sent again (with the same `Idempotency-Key`).
 */
import type { DatabaseFault } from '../db/connection.js';
import { ApiError } from '../errors.js';

const RETRY = 'Retry the request (with the same Idempotency-Key)';

const ANSWERS: Record<DatabaseFault, { code: 'database_timeout' | 'service_unavailable' | 'commit_unconfirmed'; message: string; retryAfterSeconds: number }> = {
  timeout: {
    code: 'database_timeout',
    message: `The database did not answer in time; nothing was changed. ${RETRY}.`,
    retryAfterSeconds: 1,
  },
  unreachable: {
    code: 'service_unavailable',
    message: `The database cannot be reached; nothing was changed. ${RETRY} after Retry-After seconds.`,
    retryAfterSeconds: 2,
  },
  too_many_connections: {
    code: 'service_unavailable',
    message: `The database has no connection to spare; nothing was changed. ${RETRY} after Retry-After seconds.`,
    retryAfterSeconds: 2,
  },
  disk_full: {
    code: 'service_unavailable',
    message: `The disk holding the database is full; nothing was changed. ${RETRY} once the operator has made room.`,
    retryAfterSeconds: 30,
  },
  commit_unconfirmed: {
    code: 'commit_unconfirmed',
    message: `The database stopped answering while it was saving this change, so it may or may not have been made. ${RETRY} to learn which: it answers with the outcome and never does the work twice.`,
    retryAfterSeconds: 1,
  },
  // Most often a primary being demoted in a switchover or failover, whose successor takes writes
  // within seconds (docs/deployment.md): a short wait, as for an unreachable server.
  read_only: {
    code: 'service_unavailable',
    message: `The database is read-only at the moment, so it takes no writes; nothing was changed. ${RETRY} after Retry-After seconds.`,
    retryAfterSeconds: 2,
  },
};

/** The API error of a database fault. */
export function databaseFaultError(fault: DatabaseFault): ApiError {
  const answer = ANSWERS[fault];
  return new ApiError(answer.code, answer.message);
}

/** Seconds a client should wait before trying again, for `Retry-After`. */
export function retryAfterSeconds(fault: DatabaseFault): number {
  return ANSWERS[fault].retryAfterSeconds;
}
