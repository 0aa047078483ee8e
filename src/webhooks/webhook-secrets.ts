/**
 * Endpoints' signing secrets at rest. Till signs with them, so they cannot be stored as hashes; with
 * SIGNING_KEY_ENCRYPTION_KEY set they are stored encrypted with it, as the private signing keys are
 * (`SigningKeyCipher.sealSecret`, each bound to its endpoint's id), so a copy of the database cannot
 * forge deliveries. Without the key they are stored in clear (outside production only: the
 * configuration requires the key there).
 *
 * Secrets stored in clear before the key was set are encrypted when a server starts; those encrypted
 * with SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS are re-encrypted by `till signing-key rotate`, like the
 * signing keys.
 */
import { randomBytes } from 'node:crypto';
import { SigningKeyCipher } from '../auth/signing-key-cipher.js';
import type { Db } from '../db/connection.js';
import { storedSecrets, storeRewrappedSecrets } from '../db/webhooks/endpoints.js';
import type { WebhookEndpointRow } from '../db/webhooks/rows.js';

type RetiringColumns =
  | 'previous_secret'
  | 'previous_secret_expires_at'
  | 'previous_secret_2'
  | 'previous_secret_2_expires_at'
  | 'previous_secret_3'
  | 'previous_secret_3_expires_at';

/** The stored secrets of earlier rotations with their expiry, newest first. */
function retiringSecrets(endpoint: Pick<WebhookEndpointRow, RetiringColumns>): [string, string][] {
  const all: [string | null, string | null][] = [
    [endpoint.previous_secret, endpoint.previous_secret_expires_at],
    [endpoint.previous_secret_2, endpoint.previous_secret_2_expires_at],
    [endpoint.previous_secret_3, endpoint.previous_secret_3_expires_at],
  ];
  return all.filter((pair): pair is [string, string] => pair[0] !== null && pair[1] !== null);
}

/** `whsec_` and base64 of 32 random bytes, as Standard Webhooks secrets are written. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** No encryption key: secrets in clear. */
export const SECRETS_IN_CLEAR = new SigningKeyCipher();

/** How many opened secrets a dispatcher keeps, so that it does not decrypt on every delivery. */
const OPENED_CACHE_SIZE = 1_000;

/**
 * The secrets that sign a delivery sent at `sentAt`: the current one, and those of earlier rotations
 * that have not expired (up to three). A cache of opened secrets, keyed by what is stored, saves the
 * decryption for the next delivery to the same endpoint; a rotation stores something else, so the
 * cache never serves a stale secret.
 */
export class EndpointSecrets {
  private readonly opened = new Map<string, string>();

  constructor(private readonly cipher: SigningKeyCipher = SECRETS_IN_CLEAR) {}

  async live(endpoint: Pick<WebhookEndpointRow, 'id' | 'secret' | RetiringColumns>, sentAt: Date): Promise<string[]> {
    const secrets = [await this.open(endpoint.id, endpoint.secret)];
    const at = sentAt.toISOString();
    for (const [stored, expiresAt] of retiringSecrets(endpoint)) {
      if (expiresAt > at) secrets.push(await this.open(endpoint.id, stored));
    }
    return secrets;
  }

  private async open(endpointId: string, stored: string): Promise<string> {
    const cached = this.opened.get(stored);
    if (cached !== undefined) return cached;
    const secret = await this.cipher.openSecret(endpointId, stored);
    if (this.opened.size >= OPENED_CACHE_SIZE) this.opened.clear();
    this.opened.set(stored, secret);
    return secret;
  }
}

/**
 * With an encryption key: stores again with `cipher` every endpoint secret (current and previous) that `chosen` picks and
 * that is not stored as `cipher` stores now. Returns how many values it re-wrapped. Deleted
 * endpoints are included: their rows keep a secret too.
 *
 * @example await rewrapWebhookSecrets(db, cipher, 'in-clear'); // at start-up
 */
export async function rewrapWebhookSecrets(db: Db, cipher: SigningKeyCipher, chosen: 'in-clear' | 'all'): Promise<number> {
  // Without a key there is nothing to encrypt with (and secrets are never decrypted back into clear).
  if (!cipher.encrypts) return 0;
  return db.transaction(async (trx) => {
    let rewrapped = 0;
    // Only the rows holding a secret in clear are read at each start.
    for (const row of await storedSecrets(trx, chosen === 'in-clear')) {
      const rewrap = async (stored: string | null): Promise<string | null> => {
        if (stored === null || cipher.isCurrentSecret(stored)) return stored;
        rewrapped += 1;
        return cipher.sealSecret(row.id, await cipher.openSecret(row.id, stored));
      };
      const secret = (await rewrap(row.secret))!;
      const previous = await rewrap(row.previous_secret);
      const previous2 = await rewrap(row.previous_secret_2);
      const previous3 = await rewrap(row.previous_secret_3);
      if (secret === row.secret && previous === row.previous_secret && previous2 === row.previous_secret_2 && previous3 === row.previous_secret_3) continue;
      await storeRewrappedSecrets(trx, { merchant_id: row.merchant_id, id: row.id, secret, previous_secret: previous, previous_secret_2: previous2, previous_secret_3: previous3 });
    }
    return rewrapped;
  });
}
