/**
 * Errors of the command line that the operator caused (bad option, unknown merchant, unreachable
 * database...). They are printed as one line, never with a stack trace.
 */
import { CommanderError } from 'commander';
import { SigningKeyUnreadable } from '../auth/signing-key-cipher.js';
import { ConfigError } from '../config.js';
import { InvalidInput } from '../errors.js';

export class CliError extends Error {
  override name = 'CliError';
}

/** The one line for a failure the operator can fix from it alone; undefined for any other (a bug). */
export function userErrorMessage(error: unknown): string | undefined {
  // The domain's refusals read as the rule says them, not as the API's sentence.
  if (error instanceof InvalidInput) return error.reason;
  const fixable = error instanceof CliError || error instanceof ConfigError || error instanceof SigningKeyUnreadable || error instanceof CommanderError;
  return fixable ? error.message : undefined;
}
