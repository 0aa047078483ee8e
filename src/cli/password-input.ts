/**
 * The password options of the commands that make a user: `--password <p>`, or `--password-stdin`,
 * which reads it from standard input so that it stays out of shell history and the process list.
 */
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { MIN_PASSWORD_LENGTH } from '../auth/users.js';
import { CliError } from './cli-error.js';

export interface PasswordOptions {
  password?: string;
  passwordStdin?: boolean;
  temporary?: boolean;
}

/**
 * Adds `--password` and `--password-stdin` to a command; exactly one of them is needed (see `passwordOf`).
 *
 * @example
 *   withPasswordOptions(command, "the user's").action(async (options) => create(passwordOf(options)));
 */
export function withPasswordOptions(command: Command, whose: string): Command {
  return command
    .addOption(new Option('--password <password>', `${whose} password (at least ${MIN_PASSWORD_LENGTH} characters)`).conflicts('passwordStdin'))
    .option('--password-stdin', 'read the password from the first line of standard input, to keep it out of shell history and the process list')
    .option('--temporary', 'make the password temporary: the user must choose their own at their first sign-in');
}

/** The password given by either option; commander has already refused both at once. */
export function passwordOf(options: PasswordOptions): string {
  const password = options.passwordStdin === true ? readPasswordFromStdin() : options.password;
  if (password === undefined) throw new CliError('a password is needed: give --password <password> or --password-stdin');
  return password;
}

/** The first line of standard input, without its line ending. */
function readPasswordFromStdin(): string {
  const password = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (password === '') throw new CliError('--password-stdin: standard input is empty');
  return password;
}
