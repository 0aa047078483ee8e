/**
 * Lists the merchant's API keys of both environments (or of the one the query names), newest first,
 * revoked keys included: keys are merchant-level records, whatever the environment of the caller.
 */
import { listApiKeys as listStoredApiKeys, type ApiKeyView } from '../auth/api-keys.js';
import type { Principal } from '../auth/principal.js';
import type { Pagination } from '../db/paginate.js';
import type { Services } from '../services.js';
import type { ListApiKeysQuery } from './schemas.js';

export async function listApiKeys(services: Services, actor: Principal, query: ListApiKeysQuery): Promise<{ data: ApiKeyView[]; pagination: Pagination }> {
  return listStoredApiKeys(services.db, actor.merchantId, query);
}
