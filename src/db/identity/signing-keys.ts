/**
 * The identity store's statements on `signing_keys` (the ES256 keys access tokens are signed with)
 * and `oauth_clients` (the apps registered to sign users in).
 */
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { OAuthClientsTable, SigningKeysTable } from '../schema.js';
import type { DbTransaction } from '../transaction.js';

/** Holds the signing keys against every other writer until the transaction ends (a check and an insert, or a rotation, run one at a time). */
export async function holdSigningKeys(trx: DbTransaction): Promise<void> {
  await trx.lockTable('signing_keys');
}

/** Whether a key signs now (one not retired). */
export async function hasActiveSigningKey(handle: ReadHandle): Promise<boolean> {
  return (await kyselyOf(handle).selectFrom('signing_keys').select('id').where('retired_at', 'is', null).executeTakeFirst()) !== undefined;
}

export async function insertSigningKey(trx: DbTransaction, row: SigningKeysTable): Promise<void> {
  await trx.insertInto('signing_keys').values(row).execute();
}

/** Retires every key still signing, at `at`; returns their ids. */
export async function retireSigningKeys(trx: DbTransaction, at: string): Promise<string[]> {
  const retired = await trx.updateTable('signing_keys').set({ retired_at: at }).where('retired_at', 'is', null).returning('id').execute();
  return retired.map((row) => row.id);
}

/** Every stored private key, by id. */
export async function storedPrivateKeys(handle: ReadHandle): Promise<Pick<SigningKeysTable, 'id' | 'private_jwk'>[]> {
  return kyselyOf(handle).selectFrom('signing_keys').select(['id', 'private_jwk']).orderBy('id').execute();
}

export async function storePrivateKey(trx: DbTransaction, id: string, privateJwk: string): Promise<void> {
  await trx.updateTable('signing_keys').set({ private_jwk: privateJwk }).where('id', '=', id).execute();
}

/** Keys not retired or retired after `retiredAfter` (only `kid`, when given), newest first. */
export async function signingKeysSince(handle: ReadHandle, retiredAfter: string, kid?: string): Promise<SigningKeysTable[]> {
  let query = kyselyOf(handle).selectFrom('signing_keys').selectAll();
  if (kid !== undefined) query = query.where('id', '=', kid);
  return query
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiredAfter)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertOAuthClient(handle: ReadHandle, row: OAuthClientsTable): Promise<void> {
  await kyselyOf(handle).insertInto('oauth_clients').values(row).execute();
}

export async function oauthClientRow(handle: ReadHandle, id: string): Promise<OAuthClientsTable | undefined> {
  return kyselyOf(handle).selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every client, oldest first, for the operator. */
export async function allOAuthClients(handle: ReadHandle): Promise<OAuthClientsTable[]> {
  return kyselyOf(handle).selectFrom('oauth_clients').select(['id', 'name', 'redirect_uris', 'created_at']).orderBy('created_at').orderBy('id').execute();
}

/** The names of the clients with these ids. */
export async function oauthClientNames(handle: ReadHandle, ids: readonly string[]): Promise<Pick<OAuthClientsTable, 'id' | 'name'>[]> {
  return kyselyOf(handle).selectFrom('oauth_clients').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** The ids of the clients registered under this name, oldest first. */
export async function oauthClientIdsNamed(handle: ReadHandle, name: string): Promise<string[]> {
  const rows = await kyselyOf(handle).selectFrom('oauth_clients').select('id').where('name', '=', name).orderBy('created_at').orderBy('id').execute();
  return rows.map(({ id }) => id);
}
