/**
 * Creates a merchant with its first user, an admin. Used by the operator command line and by sign-up.
 */
import type { Kysely } from 'kysely';
import { credentialsProblem, hashPassword, insertUser, MIN_PASSWORD_LENGTH } from '../auth/users.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';

export interface CreateMerchantInput {
  name: string;
  email: string;
  password: string;
  currency?: string;
  taxRateBps?: number;
}

/** A refused merchant; `field` names the input at fault. */
export class MerchantInputError extends Error {
  constructor(
    message: string,
    readonly field?: 'name' | 'email' | 'password' | 'currency' | 'tax_rate_bps',
  ) {
    super(message);
  }
}

export function checkMerchantInput(input: CreateMerchantInput): void {
  if (input.name.trim() === '') throw new MerchantInputError('the merchant name must not be empty', 'name');
  const problem = credentialsProblem(input.email, input.password);
  if (problem !== undefined) throw new MerchantInputError(problem, credentialsProblem(input.email, 'x'.repeat(MIN_PASSWORD_LENGTH)) === undefined ? 'password' : 'email');
  if (input.currency !== undefined && !/^[A-Z]{3}$/.test(input.currency)) {
    throw new MerchantInputError(`currency must be an ISO 4217 code such as USD, got "${input.currency}"`, 'currency');
  }
  const bps = input.taxRateBps;
  if (bps !== undefined && (!Number.isInteger(bps) || bps < 0 || bps > 10_000)) {
    throw new MerchantInputError(`the tax rate must be whole basis points from 0 to 10000, got "${bps}"`, 'tax_rate_bps');
  }
}

export async function createMerchant(
  db: Kysely<Database>,
  clock: Clock,
  input: CreateMerchantInput,
): Promise<{ merchant: { id: string; name: string }; user: { id: string; email: string } }> {
  checkMerchantInput(input);
  const email = input.email.toLowerCase();
  // Hash before opening the transaction, so a failing hasher leaves nothing half written.
  const passwordHash = await hashPassword(input.password);
  const now = isoNow(clock);
  const merchantId = newId('mer');
  const userId = newId('usr');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('merchants')
      .values({
        id: merchantId,
        name: input.name.trim(),
        email,
        currency: input.currency ?? 'USD',
        tax_rate_bps: input.taxRateBps ?? 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Refuses an e-mail that is taken, and so rolls the merchant back with it.
    await insertUser(trx, { id: userId, merchant_id: merchantId, email, password_hash: passwordHash, role: 'admin', created_at: now });
  });
  return { merchant: { id: merchantId, name: input.name.trim() }, user: { id: userId, email } };
}
