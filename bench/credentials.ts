/**
 * The bearer tokens the scenarios send, one per kind of credential. A kind left undefined marks its
 * scenarios "not measured" in the results rather than passed or failed.
 */
import type { BenchDatabase } from './bench-database.js';
import type { CredentialKind } from './scenarios.js';

export type Credentials = Record<CredentialKind, string | undefined>;

export async function benchCredentials(database: BenchDatabase): Promise<Credentials> {
  return {
    api_key: database.apiKey,
    // A user access token for the merchant's admin (database.userId, database.merchantId, sandbox),
    // once Till can issue one.
    jwt: undefined,
  };
}
