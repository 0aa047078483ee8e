/**
 * Errors of the command line that the operator caused (bad option, unknown merchant, unreachable
 * database...). They are printed as one line, never with a stack trace.
 */
import { CommanderError } from 'commander';
import { ClientInputError } from '../auth/oauth-clients.js';
import { SigningKeyUnreadable } from '../auth/signing-key-cipher.js';
import { UserInputError } from '../auth/users.js';
import { ConfigError } from '../config.js';
import { MerchantInputError } from '../merchants/create-merchant.js';

export class CliError extends Error {
  override name = 'CliError';
}

/** True for failures the operator can fix from the message alone. */
export function isUserError(error: unknown): error is Error {
  return (
    error instanceof CliError ||
    error instanceof ConfigError ||
    error instanceof MerchantInputError ||
    error instanceof UserInputError ||
    error instanceof ClientInputError ||
    error instanceof SigningKeyUnreadable ||
    error instanceof CommanderError
  );
}
