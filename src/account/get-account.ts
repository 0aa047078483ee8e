/**
 * What a credential is: the merchant it acts for, the environment it acts on, its permissions, and
 * the user behind it when it is a user access token.
 */
import { SCOPES } from '../auth/permissions.js';
import type { Principal } from '../auth/principal.js';
import { accountUser } from '../db/identity/users.js';
import { merchantProfile } from '../db/merchants/merchant-profile.js';
import type { Services } from '../services.js';
import type { Account } from './schemas.js';

export async function getAccount({ db }: Services, principal: Principal): Promise<Account> {
  const merchant = await merchantProfile(db, principal.merchantId);
  if (merchant === undefined) throw new Error(`merchant ${principal.merchantId} of an authenticated credential is missing`);
  const user = principal.kind === 'user' ? await accountUser(db, principal.merchantId, principal.id) : null;
  if (user === undefined) throw new Error(`user ${principal.id} of an authenticated token is missing`);
  return {
    id: merchant.id,
    name: merchant.name,
    currency: merchant.currency,
    tax_rate_bps: merchant.tax_rate_bps,
    prices_include_tax: merchant.prices_include_tax === 1,
    environment: principal.environment,
    permissions: SCOPES.filter((scope) => principal.permissions.has(scope)),
    user,
  };
}
