/**
 * The deadline of a request's database work: the time by which everything it asks of the database
 * must be answered (`DATABASE_STATEMENT_TIMEOUT_MS` from the moment the request arrived). The HTTP
 * layer opens it per request; the PostgreSQL pool reads it to bound the wait for a free connection
 * and each statement's wait for an answer, so that a request answers near its deadline whatever the
 * database does (a table lock, a frozen server, every connection taken).
 *
 * @example
 *   runWithDeadline(Date.now() + 10_000, () => handle(request), 10_000);
 *   const left = remainingMs(); // undefined outside a request (commands, migrations)
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Deadline {
  /** Epoch milliseconds. */
  at: number;
  /** How long a request is given: what a step of a long answer gets again (`deadlinePerStep`). */
  budgetMs: number;
}

const deadlines = new AsyncLocalStorage<Deadline>();

/** Runs `work` (and everything it starts) under a deadline, in epoch milliseconds, of a request given `budgetMs`. */
export function runWithDeadline<T>(deadline: number, work: () => T, budgetMs = deadline - Date.now()): T {
  return deadlines.run({ at: deadline, budgetMs }, work);
}

/** Milliseconds left before the current request's deadline (negative once past), or undefined outside one. */
export function remainingMs(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline.at - Date.now();
}

/**
 * For an answer read in many short steps while the client downloads it (the orders export, for
 * minutes): a function that runs each step under a deadline of its own, the current request's budget
 * from the step's start. Under the request's own deadline every step after it passed would fail.
 * Called outside a request, the steps run as they are.
 *
 * @example
 *   const step = deadlinePerStep(); // in the handler, under the request's deadline
 *   for (;;) rows = await step(() => db.read(statement, parameters));
 */
export function deadlinePerStep(): <T>(work: () => T) => T {
  const current = deadlines.getStore();
  if (current === undefined) return (work) => work();
  return (work) => deadlines.run({ at: Date.now() + current.budgetMs, budgetMs: current.budgetMs }, work);
}
