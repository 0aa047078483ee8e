/** Waiting in tests for something another process or a timer brings about. */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `check` holds, asking every 20 ms; throws naming `what` if it still does not after `ms`.
 *
 * @example await until('the idle connection is closed', () => hook.openConnections === 0, 5_000);
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await sleep(20);
  }
}
