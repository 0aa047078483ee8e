/**
 * `till serve` as an operator starts it (the built command line), in a process of its own, with
 * everything it prints kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { endAtExit, serverProcessEnv } from '../helpers/processes.js';
import type { TestServer } from '../helpers/server.js';

const TILL = fileURLToPath(new URL('../../bin/till.js', import.meta.url));

export interface Serving {
  url: URL;
  child: ChildProcess;
  /** Everything the process has printed (its log lines included). */
  output(): string;
  exited: Promise<number | null>;
}

/** `till serve --json` on the test server's database, as an operator starts it. */
export async function tillServe(server: TestServer, env: Record<string, string>): Promise<Serving> {
  const child = endAtExit(spawn(process.execPath, [TILL, 'serve', '--json'], {
    env: {
      ...process.env,
      ...serverProcessEnv(server),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }));
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // 'close', not 'exit': it comes once stdout and stderr have ended too, so output() then holds every line.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = output.split('\n').find((l) => l.startsWith('{"url":'));
      if (line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout!.on('data', look);
    void exited.then((code) => reject(new Error(`till serve exited with ${code} before listening:\n${output}`)));
  });
  return { url: new URL(url), child, output: () => output, exited };
}

