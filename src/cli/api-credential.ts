/**
 * The commands that call a running Till server over HTTP (`till webhooks listen`, `till webhooks
 * trigger`) take its address from `--api-url` (or TILL_URL) and the API key from the environment
 * (TILL_API_KEY, or TILL_KEY as `till demo` prints it) or from standard input (`--api-key-stdin`),
 * never from the command line, where any account on the machine reads it in the process list.
 */
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { CliError } from './cli-error.js';

export interface ApiCredentialOptions {
  apiUrl: string;
  apiKeyStdin?: boolean;
  /** Only to refuse it with the way to do it instead. */
  apiKey?: string;
}

export const DEFAULT_API_URL = 'http://127.0.0.1:3000';

/** Adds `--api-url` and `--api-key-stdin` (and refuses `--api-key <key>` with what to do instead). */
export function withApiCredential(command: Command, needs: string): Command {
  return command
    .option('--api-url <url>', 'the Till server (default: TILL_URL, else http://127.0.0.1:3000)', process.env.TILL_URL ?? DEFAULT_API_URL)
    .option('--api-key-stdin', `read the API key (${needs}) from the first line of standard input instead of TILL_API_KEY`)
    .addOption(new Option('--api-key <key>', 'removed: a key on the command line shows in the process list; use TILL_API_KEY or --api-key-stdin').hideHelp());
}

/** The API key: standard input with `--api-key-stdin`, else TILL_API_KEY, else TILL_KEY. */
export function apiKeyOf(options: ApiCredentialOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (options.apiKey !== undefined) {
    throw new CliError('--api-key is not taken: on the command line a key shows in the process list and the shell history. Set TILL_API_KEY, or give the key on standard input with --api-key-stdin');
  }
  if (options.apiKeyStdin === true) {
    const key = readFileSync(0, 'utf8').split(/\r?\n/)[0]?.trim() ?? '';
    if (key === '') throw new CliError('--api-key-stdin: standard input is empty');
    return key;
  }
  const key = (env.TILL_API_KEY ?? env.TILL_KEY ?? '').trim();
  if (key === '') throw new CliError('an API key is needed: set TILL_API_KEY (export TILL_API_KEY=sk_test_...), or give it on standard input with --api-key-stdin');
  return key;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** One call to the server with the key; a server that cannot be reached is a CliError naming it. */
export async function callApi<T = any>(apiUrl: string, key: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(new URL(path, apiUrl), {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CliError(`cannot reach the Till server at ${apiUrl}: ${(error as Error).message}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed as T };
}

/** The error message of an API answer, for a CliError. */
export function apiError(answer: ApiAnswer): string {
  const error = (answer.body as { error?: { message?: string } } | undefined)?.error;
  return `${answer.status}${error?.message === undefined ? '' : ` ${error.message}`}`;
}
