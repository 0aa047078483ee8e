/**
 * A database and its errors in words an operator reads in one line.
 */

/** The database URL without its password, fit for a message. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.protocol.startsWith('postgres') ? parsed.toString() : url;
  } catch {
    return url;
  }
}

/** An error's message; pg's AggregateError (an unreachable server) has none of its own. */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message === '' && error instanceof AggregateError) return error.errors.map((e: Error) => e.message).join('; ');
  return message === '' ? String(error) : message;
}
