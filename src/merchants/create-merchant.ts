/**
 * Creates a merchant with its first user, an admin. Used by the operator command line and by sign-up.
 */
import { credentialsProblem, hashPassword, insertUser } from '../auth/users.js';
import type { Db } from '../db/connection.js';
import { insertMerchantRow } from '../db/merchants/merchants.js';
import type { DbTransaction } from '../db/transaction.js';
import { InvalidInput } from '../errors.js';
import { newId } from '../ids.js';
import { currencyCode } from './currencies.js';
import { isoNow, type Clock } from '../time.js';

export interface CreateMerchantInput {
  name: string;
  email: string;
  password: string;
  currency?: string;
  taxRateBps?: number;
  /** The admin's password is temporary: they must choose their own at their first sign-in. */
  temporary?: boolean;
}

export function checkMerchantInput(input: CreateMerchantInput): void {
  if (input.name.trim() === '') throw new InvalidInput('the merchant name must not be empty', 'name');
  const problem = credentialsProblem(input.email, input.password);
  if (problem !== undefined) throw new InvalidInput(problem.message, problem.param);
  if (input.currency !== undefined && currencyCode(input.currency) === undefined) {
    throw new InvalidInput(`currency must be an ISO 4217 code such as USD, EUR or GBP, got "${input.currency}"`, 'currency');
  }
  const bps = input.taxRateBps;
  if (bps !== undefined && (!Number.isInteger(bps) || bps < 0 || bps > 10_000)) {
    throw new InvalidInput(`the tax rate must be whole basis points from 0 to 10000, got "${bps}"`, 'tax_rate_bps');
  }
}

export async function createMerchant(
  db: Db,
  clock: Clock,
  input: CreateMerchantInput,
): Promise<CreatedMerchant> {
  checkMerchantInput(input);
  // Hash before opening the transaction, so a failing hasher leaves nothing half written.
  const passwordHash = await hashPassword(input.password);
  const { password: _password, ...rest } = input;
  return db.transaction((trx) => insertMerchant(trx, clock, { ...rest, passwordHash }));
}

export interface CreatedMerchant {
  merchant: { id: string; name: string; currency: string };
  user: { id: string; email: string };
}

/**
 * Writes a merchant and its admin in the caller's transaction, with a password already checked and
 * hashed (a verified sign-up hashed it when the form was sent). An e-mail that is taken is refused
 * with `InvalidInput`, which rolls the merchant back with the transaction.
 */
export async function insertMerchant(
  trx: DbTransaction,
  clock: Clock,
  input: Omit<CreateMerchantInput, 'password'> & { passwordHash: string },
): Promise<CreatedMerchant> {
  const email = input.email.toLowerCase();
  const now = isoNow(clock);
  const currency = input.currency === undefined ? 'USD' : currencyCode(input.currency)!;
  const merchantId = newId('mer');
  const userId = newId('usr');
  await insertMerchantRow(trx, {
    id: merchantId,
    name: input.name.trim(),
    email,
    currency,
    tax_rate_bps: input.taxRateBps ?? 0,
    created_at: now,
    updated_at: now,
  });
  await insertUser(trx, {
    id: userId,
    merchant_id: merchantId,
    email,
    password_hash: input.passwordHash,
    role: 'admin',
    created_at: now,
    must_change_password: input.temporary === true ? 1 : 0,
  });
  return { merchant: { id: merchantId, name: input.name.trim(), currency }, user: { id: userId, email } };
}
