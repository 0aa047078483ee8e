/**
 * Creates an API key of the merchant, for the environment asked for (whatever the caller's), with
 * the permissions asked for or all of them. The answer is the only time the key itself is shown.
 */
import { createApiKey as storeApiKey, type ApiKeyView } from '../auth/api-keys.js';
import { DEFAULT_API_KEY_SCOPES } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import type { CreateApiKeyBody } from './schemas.js';

export async function createApiKey(services: Services, actor: Principal, input: CreateApiKeyBody): Promise<ApiKeyView & { key: string }> {
  return storeApiKey(services.db, services.clock, {
    merchantId: actor.merchantId,
    environment: input.environment,
    name: input.name.trim(),
    permissions: input.permissions ?? DEFAULT_API_KEY_SCOPES,
  });
}
