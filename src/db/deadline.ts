/**
 * The deadline of a request's database work: the time by which everything it asks of the database
 * must be answered (`DATABASE_STATEMENT_TIMEOUT_MS` from the moment the request arrived). The HTTP
 * layer opens it per request; the PostgreSQL pool reads it to bound the wait for a free connection
 * and each statement's wait for an answer, so that a request answers near its deadline whatever the
 * database does (a table lock, a frozen server, every connection taken).
 *
 * @example
 *   runWithDeadline(Date.now() + 10_000, () => handle(request));
 *   const left = remainingMs(); // undefined outside a request (commands, migrations)
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` (and everything it starts) under a deadline, in epoch milliseconds. */
export function runWithDeadline<T>(deadline: number, work: () => T): T {
  return deadlines.run(deadline, work);
}

/** Milliseconds left before the current request's deadline (negative once past), or undefined outside one. */
export function remainingMs(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline - Date.now();
}
