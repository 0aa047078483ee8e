/**
 * Entry point of `bin/till.js`. A mistake of the operator (bad option, unknown merchant, unreachable
 * database) is one line on stderr and exit code 1; a DATABASE_URL Till cannot use is one line and
 * exit code 2; only a bug prints a stack trace (exit code 2).
 */
import { readFileSync } from 'node:fs';
import { CommanderError } from 'commander';
import { DatabaseUrlError } from '../config.js';
import { userErrorMessage } from './cli-error.js';
import { buildProgram } from './program.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

try {
  await buildProgram(version).parseAsync(process.argv);
} catch (error) {
  let code: number;
  let message: string;
  const userMessage = userErrorMessage(error);
  if (error instanceof CommanderError) {
    // Commander has printed its message (or the help) already.
    code = error.exitCode;
    message = '';
  } else if (error instanceof DatabaseUrlError) {
    // Not a database Till can open: nothing ran, and scripts can tell this apart from a refused command.
    code = 2;
    message = `error: ${error.message}\n`;
  } else if (userMessage !== undefined) {
    code = 1;
    message = `error: ${userMessage}\n`;
  } else {
    code = 2;
    message = `error: unexpected failure, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
  }
  // Exit once stderr is flushed: a command that failed half-way (a server that could not listen) may
  // still hold connections that would keep the process alive.
  process.stderr.write(message, () => process.exit(code));
}
