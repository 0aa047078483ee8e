/**
 * The ES256 keys access tokens are signed with. They live in the database, so that every server
 * process signs with the same key and verifies every other process's tokens.
 *
 * The newest key not retired signs. `rotateSigningKey` adds a new one and retires the old one,
 * which stays published (and accepted) until the last token it can have signed has expired.
 * Each process keeps the published keys in memory and reads them again every minute. A token naming
 * a key it does not hold makes it look that one key up (one primary-key lookup, as an unknown API
 * key costs), so a key rotated by another process is accepted at once.
 *
 * The private keys are stored encrypted with SIGNING_KEY_ENCRYPTION_KEY when it is set (see
 * `signing-key-cipher.ts`); `sealSigningKeys` encrypts those still in clear when a server starts.
 */
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import type { ReadHandle } from '../db/handle.js';
import {
  hasActiveSigningKey,
  holdSigningKeys,
  insertSigningKey,
  retireSigningKeys,
  signingKeysSince,
  storedPrivateKeys,
  storePrivateKey,
} from '../db/identity/signing-keys.js';
import type { DbTransaction } from '../db/transaction.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';
import { SigningKeyCipher } from './signing-key-cipher.js';

/** No encryption key: private keys in clear (outside production only; the configuration refuses it there). */
const IN_CLEAR = new SigningKeyCipher();

export const SIGNING_ALGORITHM = 'ES256';
/** How often a process reads the keys again, so it signs with a key rotated by another process. */
const RELOAD_EVERY_MS = 60_000;
/** What a retired key is kept published beyond the access-token lifetime: the reload period and the clock leeway. */
export const PUBLISHED_MARGIN_MS = RELOAD_EVERY_MS + 60_000;

export interface PublicJwk extends JWK {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: 'sig';
}

async function newKeyRow(clock: Clock, cipher: SigningKeyCipher) {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const id = newId('sig');
  const publicJwk: PublicJwk = { ...(await exportJWK(publicKey)), kid: id, alg: SIGNING_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: id, alg: SIGNING_ALGORITHM };
  return {
    id,
    algorithm: SIGNING_ALGORITHM,
    public_jwk: JSON.stringify(publicJwk),
    private_jwk: await cipher.seal(privateJwk),
    created_at: isoNow(clock),
    retired_at: null,
  } as const;
}

/**
 * Makes sure a signing key exists (the first token signed on a new database makes one). Two processes starting at once on an empty
 * database create one key between them: the check and the insert hold the table's write lock.
 */
export async function ensureSigningKey(db: Db, clock: Clock, cipher: SigningKeyCipher = IN_CLEAR): Promise<void> {
  const row = await newKeyRow(clock, cipher);
  await db.transaction(async (trx) => {
    await holdSigningKeys(trx);
    if (!(await hasActiveSigningKey(trx))) await insertSigningKey(trx, row);
  });
}

/**
 * Adds a new signing key and retires the others, and stores every key encrypted with the current
 * encryption key (re-wrapping those encrypted with SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS, or in clear).
 * Returns the new key's id, the ids it retired and how many stored keys it re-wrapped.
 */
export async function rotateSigningKey(db: Db, clock: Clock, cipher: SigningKeyCipher = IN_CLEAR): Promise<{ id: string; retired: string[]; rewrapped: number }> {
  const row = await newKeyRow(clock, cipher);
  return db.transaction(async (trx) => {
    await holdSigningKeys(trx);
    const rewrapped = await rewrap(trx, cipher, () => true);
    const retired = await retireSigningKeys(trx, row.created_at);
    await insertSigningKey(trx, row);
    return { id: row.id, retired, rewrapped };
  });
}

/**
 * At start-up: checks that every stored private key can be read with the configured encryption keys
 * (throws `SigningKeyUnreadable`, naming the key and what to set, when one cannot), and encrypts those
 * still stored in clear when an encryption key is set. Returns how many it encrypted and how many stay in clear.
 */
export async function sealSigningKeys(db: Db, cipher: SigningKeyCipher): Promise<{ encrypted: number; inClear: number }> {
  return db.transaction(async (trx) => {
    await holdSigningKeys(trx);
    const encrypted = await rewrap(trx, cipher, (stored) => stored.trimStart().startsWith('{'));
    const inClear = (await storedPrivateKeys(trx)).filter((r) => r.private_jwk.trimStart().startsWith('{')).length;
    return { encrypted, inClear };
  });
}

/** Opens every stored private key, and stores again with `cipher` those `chosen` that it does not store so already. */
async function rewrap(trx: DbTransaction, cipher: SigningKeyCipher, chosen: (stored: string) => boolean): Promise<number> {
  let count = 0;
  for (const row of await storedPrivateKeys(trx)) {
    const jwk = await cipher.open(row.id, row.private_jwk);
    if (!chosen(row.private_jwk) || cipher.isCurrent(row.private_jwk)) continue;
    await storePrivateKey(trx, row.id, await cipher.seal({ ...jwk, kid: row.id }));
    count += 1;
  }
  return count;
}

/** Keys still published (or the one named `kid`, if it is): the signing key, and retired keys whose tokens may not all have expired. */
export async function publishedKeys(db: ReadHandle, clock: Clock, accessTokenTtlSeconds: number, kid?: string) {
  return signingKeysSince(db, publishedSince(clock, accessTokenTtlSeconds), kid);
}

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

/** A key retired after this instant is still published. */
function publishedSince(clock: Clock, accessTokenTtlSeconds: number): string {
  return new Date(clock.now().getTime() - accessTokenTtlSeconds * 1000 - PUBLISHED_MARGIN_MS).toISOString();
}

interface LoadedKeys {
  signing: SigningKey | undefined;
  verifying: Map<string, CryptoKey>;
  jwks: PublicJwk[];
  loadedAt: number;
}

/** One process's view of the keys, read from the database and refreshed as described above. */
export class KeyRing {
  private loaded: LoadedKeys | undefined;
  private loading: Promise<LoadedKeys> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
    private readonly cipher: SigningKeyCipher = IN_CLEAR,
    /** Told when the signing key read from the database cannot be opened and the one in memory signs on. */
    private readonly onUnreadable: (error: Error) => void = () => undefined,
  ) {}

  /** The key new tokens are signed with. */
  async signingKey(): Promise<SigningKey> {
    let keys = await this.current(RELOAD_EVERY_MS);
    if (keys.signing === undefined) {
      await ensureSigningKey(this.db, this.clock, this.cipher);
      keys = await this.current(0);
    }
    if (keys.signing === undefined) throw new Error('no signing key could be made');
    return keys.signing;
  }

  /** The public key a token names, or undefined when no published key has that id. */
  async verificationKey(kid: string): Promise<CryptoKey | undefined> {
    const keys = await this.current(RELOAD_EVERY_MS);
    const key = keys.verifying.get(kid);
    if (key !== undefined) return key;
    const [row] = await publishedKeys(this.db, this.clock, this.accessTokenTtlSeconds, kid);
    if (row === undefined) return undefined;
    const found = (await importJWK(JSON.parse(row.public_jwk) as PublicJwk, SIGNING_ALGORITHM)) as CryptoKey;
    keys.verifying.set(kid, found);
    // A key this process did not know: the signing key may have changed too; read them all next time.
    keys.loadedAt = 0;
    return found;
  }

  /** The JSON Web Key Set served at `/.well-known/jwks.json`. */
  async jwks(): Promise<{ keys: PublicJwk[] }> {
    return { keys: (await this.current(RELOAD_EVERY_MS)).jwks };
  }

  private async current(maxAgeMs: number): Promise<LoadedKeys> {
    const now = this.clock.now().getTime();
    // A clock set back (or a test's clock moved back) counts as time passed, never as a cache that stays forever.
    if (this.loaded !== undefined && Math.abs(now - this.loaded.loadedAt) < maxAgeMs) return this.loaded;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    this.loaded = await this.loading;
    return this.loaded;
  }

  private async load(): Promise<LoadedKeys> {
    const rows = await publishedKeys(this.db, this.clock, this.accessTokenTtlSeconds);
    const verifying = new Map<string, CryptoKey>();
    const jwks: PublicJwk[] = [];
    for (const row of rows) {
      const jwk = JSON.parse(row.public_jwk) as PublicJwk;
      verifying.set(row.id, (await importJWK(jwk, SIGNING_ALGORITHM)) as CryptoKey);
      jwks.push(jwk);
    }
    const active = rows.find((row) => row.retired_at === null);
    let signing: SigningKey | undefined;
    if (active !== undefined) {
      try {
        signing = { kid: active.id, key: (await importJWK(await this.cipher.open(active.id, active.private_jwk), SIGNING_ALGORITHM)) as CryptoKey };
      } catch (error) {
        // A process started before the keys were re-encrypted with a key it does not have (a rolling
        // deploy) keeps signing with the key it holds, which stays valid, rather than failing every sign-in.
        const held = this.loaded?.signing;
        if (held === undefined) throw error;
        this.onUnreadable(error as Error);
        signing = held;
      }
    }
    return { signing, verifying, jwks, loadedAt: this.clock.now().getTime() };
  }
}

/**
 * The key ring of a server that starts: the stored keys checked and, with an encryption key, those in
 * clear encrypted (`sealSigningKeys`); a warning once when there is no encryption key.
 */
export async function startKeyRing(
  db: Db,
  clock: Clock,
  accessTokenTtlSeconds: number,
  cipher: SigningKeyCipher,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<KeyRing> {
  const stored = await sealSigningKeys(db, cipher);
  if (stored.encrypted > 0) log.info({ count: stored.encrypted }, 'signing keys stored in clear are now encrypted with SIGNING_KEY_ENCRYPTION_KEY');
  if (!cipher.encrypts) {
    log.warn(
      'SIGNING_KEY_ENCRYPTION_KEY is not set: the private keys that sign access tokens are stored in clear in the database, so whoever reads it (a backup, say) can sign tokens for any user. ' +
        'Set it to 32 random bytes (openssl rand -base64 32); production refuses to start without it.',
    );
  }
  return new KeyRing(db, clock, accessTokenTtlSeconds, cipher, (error) =>
    log.error({ err: error }, 'the signing key in the database cannot be read with SIGNING_KEY_ENCRYPTION_KEY: this process signs on with the key it holds'),
  );
}
