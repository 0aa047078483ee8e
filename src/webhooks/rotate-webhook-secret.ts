/**
 * Rotate the signing secret of a webhook endpoint, the secrets it replaces signing on until their
 * expiry.
 */
import type { Tenant } from '../auth/principal.js';
import { findLiveEndpointSecrets, storeEndpointSecrets } from '../db/webhooks/endpoints.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import type { RotateSecretBody, WebhookEndpointWithSecret } from './schemas.js';
import { newWebhookSecret } from './webhook-secrets.js';

/** How many earlier secrets may keep signing at once, each until its own expiry. */
export const RETIRING_SECRETS = 3;

/**
 * A new secret; the current one keeps signing for `expires_in_seconds` (default a day), and so do
 * the secrets of earlier rotations until their own expiry, up to RETIRING_SECRETS of them: a receiver
 * that never saw the secrets of rotations that timed out keeps verifying with the one it has. Past
 * that many, the one closest to its expiry is retired first. `expires_in_seconds: 0` retires the
 * current secret and every earlier one at once (a secret that leaked).
 */
export async function rotateWebhookSecret(
  services: Services,
  tenant: Tenant,
  endpointId: string,
  input: RotateSecretBody,
): Promise<WebhookEndpointWithSecret> {
  const nowMs = services.clock.now().getTime();
  const nowIso = new Date(nowMs).toISOString();
  const expiresIn = input.expires_in_seconds ?? 86_400;
  const secret = newWebhookSecret();
  const sealed = await services.cipher.sealSecret(endpointId, secret);
  const found = await services.transaction(async (trx) => {
    const current = await findLiveEndpointSecrets(trx, tenant, endpointId);
    if (current === undefined) return false;
    const retiring = [
      { secret: current.previous_secret, expires_at: current.previous_secret_expires_at },
      { secret: current.previous_secret_2, expires_at: current.previous_secret_2_expires_at },
      { secret: current.previous_secret_3, expires_at: current.previous_secret_3_expires_at },
    ].filter((r): r is { secret: string; expires_at: string } => r.secret !== null && r.expires_at !== null && r.expires_at > nowIso);
    // 0: every earlier secret stops signing now (a secret that leaked).
    if (expiresIn === 0) retiring.length = 0;
    // Stored as it was (it may predate the encryption key; the next start encrypts it then).
    else retiring.unshift({ secret: current.secret, expires_at: new Date(nowMs + expiresIn * 1000).toISOString() });
    while (retiring.length > RETIRING_SECRETS) {
      const soonest = retiring.reduce((a, b) => (b.expires_at < a.expires_at ? b : a));
      retiring.splice(retiring.indexOf(soonest), 1);
    }
    const slot = (i: number) => ({ secret: retiring[i]?.secret ?? null, expires_at: retiring[i]?.expires_at ?? null });
    await storeEndpointSecrets(
      trx,
      tenant,
      endpointId,
      {
        secret: sealed,
        previous_secret: slot(0).secret,
        previous_secret_expires_at: slot(0).expires_at,
        previous_secret_2: slot(1).secret,
        previous_secret_2_expires_at: slot(1).expires_at,
        previous_secret_3: slot(2).secret,
        previous_secret_3_expires_at: slot(2).expires_at,
      },
      nowIso,
    );
    return true;
  });
  if (!found) throw notFound('webhook endpoint', endpointId, 'id');
  return { ...(await getWebhookEndpoint(services, tenant, endpointId)), secret };
}
