/**
 * Encryption at rest of the private signing keys, so that whoever reads the database (a backup, a
 * replica, a leaked dump) cannot mint access tokens.
 *
 * Each private JWK is stored as a JWE in compact form (RFC 7516; `alg: dir`, `enc: A256GCM`: AES-256-GCM
 * with SIGNING_KEY_ENCRYPTION_KEY, a random 96-bit IV, the header authenticated with it). The header's
 * `kid` is a fingerprint of the encryption key, never the key: a key encrypted with another one is
 * recognized and named as such, rather than failing as "corrupt". The decrypted JWK must carry the
 * `kid` of its own row, so ciphertexts moved between rows are refused too.
 *
 * Other secrets Till must use rather than only check (webhook endpoints' signing secrets) are sealed
 * the same way with `sealSecret`/`openSecret`, bound to the id of their row likewise, so that one
 * encryption key (and one rotation procedure) covers every secret in the database.
 */
import { createHash } from 'node:crypto';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader, type JWK } from 'jose';

/** A stored private key that cannot be read with the configured keys; the message says what to set. */
export class SigningKeyUnreadable extends Error {
  override name = 'SigningKeyUnreadable';
}

/** The fingerprint of an encryption key: 16 base64url characters of its SHA-256, in a domain of its own. */
export function keyFingerprint(key: Uint8Array): string {
  return createHash('sha256').update('till signing-key encryption\0').update(key).digest('base64url').slice(0, 16);
}

export class SigningKeyCipher {
  private readonly current: { key: Uint8Array; fingerprint: string } | undefined;
  private readonly previous: { key: Uint8Array; fingerprint: string } | undefined;

  /**
   * @example
   *   new SigningKeyCipher(config.signingKeyEncryptionKey, config.signingKeyEncryptionKeyPrevious)
   */
  constructor(current?: Uint8Array, previous?: Uint8Array) {
    this.current = current === undefined ? undefined : { key: current, fingerprint: keyFingerprint(current) };
    this.previous = previous === undefined ? undefined : { key: previous, fingerprint: keyFingerprint(previous) };
  }

  /** Whether new keys are stored encrypted (SIGNING_KEY_ENCRYPTION_KEY is set). */
  get encrypts(): boolean {
    return this.current !== undefined;
  }

  /** What to store for a private JWK: its JWE under the current key, or its JSON when there is none. */
  async seal(jwk: JWK & { kid: string }): Promise<string> {
    const json = JSON.stringify(jwk);
    if (this.current === undefined) return json;
    return new CompactEncrypt(new TextEncoder().encode(json))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: this.current.fingerprint, cty: 'jwk+json' })
      .encrypt(this.current.key);
  }

  /** Whether a stored value is what `seal` makes now (so `till signing-key rotate` has nothing to re-wrap). */
  isCurrent(stored: string): boolean {
    if (isClear(stored)) return this.current === undefined;
    return this.current !== undefined && fingerprintOf(stored) === this.current.fingerprint;
  }

  /** The private JWK stored for the signing key `kid`, decrypted when it is encrypted. */
  async open(kid: string, stored: string): Promise<JWK> {
    if (isClear(stored)) return checked(kid, JSON.parse(stored) as JWK);
    const fingerprint = fingerprintOf(stored);
    const key = [this.current, this.previous].find((k) => k !== undefined && k.fingerprint === fingerprint)?.key;
    if (key === undefined) throw new SigningKeyUnreadable(this.wrongKey(`the private signing key ${kid}`, fingerprint));
    let plaintext: Uint8Array;
    try {
      ({ plaintext } = await compactDecrypt(stored, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] }));
    } catch {
      throw new SigningKeyUnreadable(`the private signing key ${kid} in the database cannot be decrypted: it was changed after it was encrypted. Restore the row from a backup, or delete it (the tokens it signed stop working)`);
    }
    return checked(kid, JSON.parse(new TextDecoder().decode(plaintext)) as JWK);
  }

  /**
   * What to store for a secret Till signs with (a webhook endpoint's `whsec_...`), bound to `owner`,
   * the id of its row: its JWE under the current key, or the secret as is when there is none.
   */
  async sealSecret(owner: string, secret: string): Promise<string> {
    if (this.current === undefined) return secret;
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ owner, secret })))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: this.current.fingerprint, cty: 'secret+json' })
      .encrypt(this.current.key);
  }

  /** Whether a secret stored for `sealSecret` is stored as it would be now (nothing to re-wrap). */
  isCurrentSecret(stored: string): boolean {
    if (!isCompactJwe(stored)) return this.current === undefined;
    return this.current !== undefined && fingerprintOf(stored) === this.current.fingerprint;
  }

  /** The secret stored for `owner`: decrypted when it is a JWE, as is when it was stored in clear. */
  async openSecret(owner: string, stored: string): Promise<string> {
    if (!isCompactJwe(stored)) return stored;
    const what = `the secret of ${owner}`;
    const fingerprint = fingerprintOf(stored);
    const key = [this.current, this.previous].find((k) => k !== undefined && k.fingerprint === fingerprint)?.key;
    if (key === undefined) throw new SigningKeyUnreadable(this.wrongKey(what, fingerprint));
    let opened: { owner?: unknown; secret?: unknown };
    try {
      const { plaintext } = await compactDecrypt(stored, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
      opened = JSON.parse(new TextDecoder().decode(plaintext)) as typeof opened;
    } catch {
      throw new SigningKeyUnreadable(`${what} in the database cannot be decrypted: it was changed after it was encrypted. Rotate the secret, or restore the row from a backup`);
    }
    if (opened.owner !== owner || typeof opened.secret !== 'string') {
      throw new SigningKeyUnreadable(`${what} in the database belongs to ${String(opened.owner)}: the database was changed by hand. Rotate the secret, or restore the row from a backup`);
    }
    return opened.secret;
  }

  private wrongKey(what: string, fingerprint: string | undefined): string {
    const found = `${what} in the database is encrypted with an encryption key of fingerprint ${fingerprint ?? 'unknown'}`;
    if (this.current === undefined) return `${found}, and SIGNING_KEY_ENCRYPTION_KEY is not set: set it to that key`;
    const configured = [`SIGNING_KEY_ENCRYPTION_KEY (${this.current.fingerprint})`, ...(this.previous === undefined ? [] : [`SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS (${this.previous.fingerprint})`])];
    return (
      `${found}, not with ${configured.join(' nor ')}: set SIGNING_KEY_ENCRYPTION_KEY to the key it was encrypted with; ` +
      'to move to a new key, set the old one as SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS and run "till signing-key rotate"'
    );
  }
}

function isClear(stored: string): boolean {
  return stored.trimStart().startsWith('{');
}

/** A compact JWE has five parts separated by dots; a secret in clear (`whsec_` and base64) has none. */
function isCompactJwe(stored: string): boolean {
  return stored.split('.').length === 5;
}

function fingerprintOf(stored: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(stored);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

/** The JWK of row `kid` must name `kid`: a ciphertext copied from another row is refused. */
function checked(kid: string, jwk: JWK): JWK {
  if (jwk.kid !== kid || typeof jwk.d !== 'string') {
    throw new SigningKeyUnreadable(`the private signing key stored for ${kid} is not that key (it names ${String(jwk.kid)}): the database was changed by hand. Restore the row from a backup, or delete it (the tokens it signed stop working)`);
  }
  return jwk;
}
