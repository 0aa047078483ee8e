/**
 * Argon2id hashing and verification, through one queue per process.
 *
 * Each Argon2id hash takes 19 MiB and tens of milliseconds of a core, and runs on libuv's thread
 * pool (4 threads by default), which the file system, DNS look-ups and zlib share. Without a bound,
 * a burst of sign-ins would fill that pool and queue inside it, out of sight, with every other
 * request that needs a thread waiting behind the hashes. So every hash and every verification (sign-in,
 * sign-up, a new user, the decoy of an unknown e-mail) waits here for one of `PASSWORD_HASH_CONCURRENCY`
 * places: as many as the machine has cores, at most 3, which keeps one thread of the pool free.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3));

const queue = pLimit(PASSWORD_HASH_CONCURRENCY);

/**
 * What the queue has done since the process started: hashes and verifications `started`, those that
 * had to `wait` for a place first, those `running` and `waiting` now, and the most that ever ran at once.
 */
export interface PasswordHashingStats {
  started: number;
  waited: number;
  running: number;
  waiting: number;
  peak: number;
}

const stats = { started: 0, waited: 0, running: 0, peak: 0 };

/** A copy of the queue's counters (the tests read them to see that nothing bypasses the queue). */
export function passwordHashingStats(): PasswordHashingStats {
  return { ...stats, waiting: queue.pendingCount };
}

function inQueue<T>(work: () => Promise<T>): Promise<T> {
  if (queue.activeCount + queue.pendingCount >= PASSWORD_HASH_CONCURRENCY) stats.waited += 1;
  return queue(async () => {
    stats.started += 1;
    stats.running += 1;
    stats.peak = Math.max(stats.peak, stats.running);
    try {
      return await work();
    } finally {
      stats.running -= 1;
    }
  });
}

/** Argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return inQueue(() => hash(password));
}

/** Whether `password` matches the stored Argon2 `passwordHash`. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inQueue(() => verify(passwordHash, password));
}
