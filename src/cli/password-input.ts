/**
 * The password of the commands that make a user or set a password: read from standard input with
 * `--password-stdin`, never from the command line, where any account on the machine reads it in the
 * process list (`ps`, /proc/<pid>/cmdline) and the shell keeps it in its history.
 */
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { MIN_PASSWORD_LENGTH } from '../auth/users.js';
import { CliError } from './cli-error.js';

export interface PasswordOptions {
  /** Only to refuse it with the way to do it instead. */
  password?: string;
  passwordStdin?: boolean;
  temporary?: boolean;
}

/**
 * Adds `--password-stdin` to a command (see `passwordOf`); a `--password <p>` is refused with a
 * message that shows how to pipe it instead.
 *
 * @example
 *   withPasswordOptions(command, "the user's").action(async (options) => create(passwordOf(options)));
 */
export function withPasswordOptions(command: Command, whose: string): Command {
  return command
    .option('--password-stdin', `read ${whose} password (at least ${MIN_PASSWORD_LENGTH} characters) from the first line of standard input`)
    .addOption(new Option('--password <password>', 'removed: a password on the command line shows in the process list; use --password-stdin').hideHelp())
    .option('--temporary', 'make the password temporary: the user must choose their own at their first sign-in');
}

/** The password read from standard input. */
export function passwordOf(options: PasswordOptions): string {
  if (options.password !== undefined) {
    throw new CliError(
      "--password is not taken: on the command line a password shows in the process list and the shell history. Give it on standard input with --password-stdin, e.g. printf '%s\\n' \"$PASSWORD\" | till ... --password-stdin",
    );
  }
  if (options.passwordStdin !== true) throw new CliError('a password is needed: give it on standard input with --password-stdin');
  return readPasswordFromStdin();
}

/** The first line of standard input, without its line ending. */
function readPasswordFromStdin(): string {
  const password = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  if (password === '') throw new CliError('--password-stdin: standard input is empty');
  return password;
}
