/**
 * Sign-up with a verified e-mail. The form records a pending sign-up and mails a link; nothing else
 * exists yet, so the e-mail is not taken and a sign-up someone else started with your address never
 * stands in your way. The link (a one-time token kept only as its SHA-256, valid 24 hours) creates
 * the merchant and its admin, if the e-mail is still free.
 */
import type { Db } from '../db/connection.js';
import type { ReadHandle } from '../db/handle.js';
import { deleteSignUpsExpiredBefore, insertSignUpRequest, signUpRequest, useSignUpRequest } from '../db/identity/password-tokens.js';
import { emailInUse } from '../db/identity/users.js';
import { InvalidInput } from '../errors.js';
import { randomBase62, sha256Hex } from '../ids.js';
import { insertMerchant } from '../merchants/create-merchant.js';
import type { Clock } from '../time.js';
import { hashPassword, normalizeEmail } from './users.js';

export const SIGN_UP_LINK_TTL_SECONDS = 24 * 60 * 60;

export interface SignUpInput {
  email: string;
  businessName: string;
  currency: string;
  password: string;
  /** The OAuth authorization request to continue once the e-mail is verified. */
  authorizeRequest: Record<string, string>;
}

/**
 * What the sign-up form leads to, worked out after the form is answered: a new pending sign-up and
 * its token, or `registered` when the address already has an account (the owner is told by mail).
 */
export async function startSignUp(db: ReadHandle, clock: Clock, input: SignUpInput): Promise<{ registered: true } | { registered: false; token: string }> {
  const email = normalizeEmail(input.email);
  if (await emailInUse(db, email)) return { registered: true };
  const passwordHash = await hashPassword(input.password);
  const token = randomBase62(43);
  const now = clock.now().getTime();
  await insertSignUpRequest(db, {
    token_hash: sha256Hex(token),
    email,
    business_name: input.businessName,
    currency: input.currency,
    password_hash: passwordHash,
    authorize_request: JSON.stringify(input.authorizeRequest),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + SIGN_UP_LINK_TTL_SECONDS * 1000).toISOString(),
    used_at: null,
  });
  return { registered: false, token };
}

export type PendingSignUp = { ok: true; email: string; businessName: string; authorizeRequest: Record<string, string> } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** The pending sign-up of a link, without using it up (for the page that asks to confirm). */
export async function pendingSignUp(db: ReadHandle, clock: Clock, token: string): Promise<PendingSignUp> {
  const row = await signUpRequest(db, sha256Hex(token));
  if (row === undefined) return { ok: false, reason: 'unknown' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.expires_at <= clock.now().toISOString()) return { ok: false, reason: 'expired' };
  return { ok: true, email: row.email, businessName: row.business_name, authorizeRequest: JSON.parse(row.authorize_request) as Record<string, string> };
}

export type CompletedSignUp =
  | { ok: true; userId: string; merchantId: string; authorizeRequest: Record<string, string> }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' }
  | { ok: false; reason: 'taken'; authorizeRequest: Record<string, string> };

/**
 * Uses the link: creates the merchant and its admin in one transaction with marking the link used,
 * so that two clicks at once create one merchant. An e-mail taken since (the owner signed up by
 * another link, or was added to a team) is refused, and the link is used up all the same.
 */
export async function completeSignUp(db: Db, clock: Clock, token: string): Promise<CompletedSignUp> {
  const now = clock.now().toISOString();
  const hash = sha256Hex(token);
  const outcome = await db.transaction(async (trx): Promise<CompletedSignUp> => {
    const row = await signUpRequest(trx, hash);
    if (row === undefined) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used' };
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    // Conditional, so that of two clicks at once only one goes on.
    if (!(await useSignUpRequest(trx, hash, now))) return { ok: false, reason: 'used' };
    const authorizeRequest = JSON.parse(row.authorize_request) as Record<string, string>;
    if (await emailInUse(trx, row.email)) return { ok: false, reason: 'taken', authorizeRequest };
    try {
      const created = await insertMerchant(trx, clock, { name: row.business_name, email: row.email, currency: row.currency, passwordHash: row.password_hash });
      return { ok: true, userId: created.user.id, merchantId: created.merchant.id, authorizeRequest };
    } catch (error) {
      // Taken by a creation that committed between the check and the insert: that transaction is spoilt on PostgreSQL.
      if (error instanceof InvalidInput) throw new SignUpTaken(authorizeRequest);
      throw error;
    }
  }).catch((error: unknown) => {
    if (error instanceof SignUpTaken) return { ok: false, reason: 'taken', authorizeRequest: error.authorizeRequest } as const;
    throw error;
  });
  return outcome;
}

class SignUpTaken extends Error {
  constructor(readonly authorizeRequest: Record<string, string>) {
    super('the e-mail was taken meanwhile');
  }
}

/** Deletes sign-ups a day past their expiry; a used one is kept as long, so its link says "already used". */
export async function purgeExpiredSignUps(db: ReadHandle, now: Date): Promise<number> {
  return deleteSignUpsExpiredBefore(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
}
