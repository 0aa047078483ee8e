/**
 * Revokes one of the merchant's API keys; a revoked key is answered as it is. Another merchant's key
 * is not found, like an unknown one.
 */
import { revokeApiKey as revokeStoredApiKey, type ApiKeyView } from '../auth/api-keys.js';
import type { Principal } from '../auth/principal.js';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';

export async function revokeApiKey(services: Services, actor: Principal, keyId: string): Promise<ApiKeyView> {
  // Thrown inside the transaction, so that an Idempotency-Key records the 404, not an empty success.
  return services.transaction(async (trx) => {
    const revoked = await revokeStoredApiKey(trx, services.clock, keyId, actor.merchantId);
    if (revoked === undefined) throw notFound('API key', keyId, 'id');
    return revoked;
  });
}
