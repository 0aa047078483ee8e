/**
 * Checked credentials remembered in the process, so that a request with a known API key or access
 * token costs no database lookup: at most 10,000 of them (the oldest dropped first), each for at
 * most 60 s, keyed by the SHA-256 of the token (the token itself is not kept).
 *
 * Whatever is remembered is dropped when the database says a credential may have changed
 * (`CredentialChanges.generation()` moved: a revocation, a removal, a role change or a sign-out on
 * any process), and nothing is remembered while it cannot say (PostgreSQL's listener down). The
 * 60 s bound is belt and braces, not the mechanism.
 *
 * Only accepted credentials are remembered: a refused one is asked of the database every time, so
 * that nobody can fill the memory with made-up tokens.
 */
import type { CredentialChanges } from '../db/credential-changes.js';

export const CREDENTIAL_CACHE_SIZE = 10_000;
export const CREDENTIAL_CACHE_MAX_AGE_MS = 60_000;

export interface CredentialCacheOptions {
  changes: CredentialChanges;
  maxEntries?: number;
  maxAgeMs?: number;
  /** Milliseconds of a monotonic clock (the wall clock of tests may be moved). */
  now?: () => number;
}

export class CredentialCache<V> {
  readonly #changes: CredentialChanges;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { value: V; at: number }>();
  /** The generation what is remembered was checked under; undefined when nothing may be remembered. */
  #generation: number | undefined;

  constructor(options: CredentialCacheOptions) {
    this.#changes = options.changes;
    this.#maxEntries = options.maxEntries ?? CREDENTIAL_CACHE_SIZE;
    this.#maxAgeMs = options.maxAgeMs ?? CREDENTIAL_CACHE_MAX_AGE_MS;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * The value remembered for `key`, or `check()`'s answer, remembered when `keep` says so and no
   * credential changed while it was being checked.
   *
   * @example cache.get(sha256Hex(token), () => lookUp(token), (result) => result.ok)
   */
  async get<R extends V>(key: string, check: () => Promise<R>, keep: (result: R) => boolean): Promise<R | V> {
    const generation = this.#current();
    if (generation !== undefined) {
      const hit = this.#entries.get(key);
      if (hit !== undefined) {
        if (this.#now() - hit.at < this.#maxAgeMs) return hit.value;
        this.#entries.delete(key);
      }
    }
    const result = await check();
    // A change seen while the database was asked may have come after the answer was read.
    if (generation !== undefined && this.#generation === generation && this.#changes.generation() === generation && keep(result)) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { value: result, at: this.#now() });
    }
    return result;
  }

  /** How many credentials are remembered now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The generation now; everything remembered is dropped when it moved or cannot be known. */
  #current(): number | undefined {
    const generation = this.#changes.generation();
    if (generation !== this.#generation) {
      this.#entries.clear();
      this.#generation = generation;
    }
    return generation;
  }
}
