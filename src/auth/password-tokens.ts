/**
 * One-time tokens that let a user set their own password without knowing the current one:
 *
 * - `reset`: mailed by "Forgot password?", valid 1 hour.
 * - `temporary`: handed to a user who just signed in with a password an admin or operator chose
 *   (`must_change_password`), valid 15 minutes, so that they choose their own before any code is issued.
 *
 * A token is kept only as its SHA-256, works once, and setting the password ends every sign-in of the
 * user and spends every other token they hold.
 */
import type { Db } from '../db/connection.js';
import type { ReadHandle } from '../db/handle.js';
import {
  deletePasswordTokensExpiredBefore,
  insertPasswordToken,
  passwordTokenWithUser,
  resetTokensSince,
  spendPasswordTokensOf,
  usePasswordToken,
} from '../db/identity/password-tokens.js';
import { holdActiveUserByEmail, setPasswordHash } from '../db/identity/users.js';
import { randomBase62, sha256Hex } from '../ids.js';
import type { Clock } from '../time.js';
import { endSessionsIn } from './sessions.js';
import { hashPassword, normalizeEmail } from './users.js';

export type PasswordTokenPurpose = 'reset' | 'temporary';

export const PASSWORD_TOKEN_TTL_SECONDS: Record<PasswordTokenPurpose, number> = { reset: 60 * 60, temporary: 15 * 60 };

/** A new token for this user; returns the token, shown once (in a mail or a form). */
export async function createPasswordToken(
  db: ReadHandle,
  clock: Clock,
  input: { userId: string; purpose: PasswordTokenPurpose; authorizeRequest?: Record<string, string> },
): Promise<string> {
  const token = randomBase62(43);
  const now = clock.now().getTime();
  await insertPasswordToken(db, {
    token_hash: sha256Hex(token),
    user_id: input.userId,
    purpose: input.purpose,
    authorize_request: input.authorizeRequest === undefined ? null : JSON.stringify(input.authorizeRequest),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + PASSWORD_TOKEN_TTL_SECONDS[input.purpose] * 1000).toISOString(),
    used_at: null,
  });
  return token;
}

/**
 * "Forgot password?" mails one account at most RESET_LINKS_PER_HOUR links an hour, and none while a
 * link mailed less than RESET_LINK_REUSE_SECONDS ago is still open: that link is on its way and
 * works, so a second request reuses it rather than minting and mailing another. Whoever asks, and
 * from however many addresses, cannot flood an inbox; the limit per address comes on top.
 */
export const RESET_LINKS_PER_HOUR = 3;
export const RESET_LINK_REUSE_SECONDS = 5 * 60;

/**
 * A reset token for the active user with this e-mail, or undefined when there is none (unknown or
 * removed) or when the account's limit says no new link (see RESET_LINKS_PER_HOUR): the caller
 * answers the same in every case. The user's row is held while the tokens are counted, so that
 * requests at once are counted one after the other.
 */
export async function startPasswordReset(
  db: Db,
  clock: Clock,
  input: { email: string; authorizeRequest?: Record<string, string> },
): Promise<{ token: string; email: string; merchantId: string } | undefined> {
  return db.transaction(async (trx) => {
    const user = await holdActiveUserByEmail(trx, normalizeEmail(input.email));
    if (user === undefined) return undefined;
    const now = clock.now().getTime();
    const recent = await resetTokensSince(trx, user.id, new Date(now - 60 * 60 * 1000).toISOString());
    if (recent.length >= RESET_LINKS_PER_HOUR) return undefined;
    const reuseFrom = new Date(now - RESET_LINK_REUSE_SECONDS * 1000).toISOString();
    const nowIso = new Date(now).toISOString();
    if (recent.some((token) => token.used_at === null && token.expires_at > nowIso && token.created_at > reuseFrom)) return undefined;
    const token = await createPasswordToken(trx, clock, { userId: user.id, purpose: 'reset', ...(input.authorizeRequest === undefined ? {} : { authorizeRequest: input.authorizeRequest }) });
    return { token, email: user.email, merchantId: user.merchant_id };
  });
}

export type PasswordTokenCheck =
  | { ok: true; userId: string; email: string; purpose: PasswordTokenPurpose; authorizeRequest: Record<string, string> | undefined }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** What a token allows, without using it up (for the page that asks for the new password). */
export async function checkPasswordToken(db: ReadHandle, clock: Clock, token: string): Promise<PasswordTokenCheck> {
  const row = await passwordTokenWithUser(db, sha256Hex(token));
  if (row === undefined || row.removed_at !== null) return { ok: false, reason: 'unknown' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.expires_at <= clock.now().toISOString()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    userId: row.user_id,
    email: row.email,
    purpose: row.purpose,
    authorizeRequest: row.authorize_request === null ? undefined : (JSON.parse(row.authorize_request) as Record<string, string>),
  };
}

/**
 * Sets the user's password with a token, in one transaction: the token is used up (a conditional
 * update, so two submits at once set it once), the password is no longer temporary, every sign-in of
 * the user ends, and every other token of theirs is spent. The password is hashed first, outside
 * the transaction, so a slow hash holds no lock.
 */
export async function setPasswordWithToken(db: Db, clock: Clock, token: string, password: string): Promise<PasswordTokenCheck> {
  const passwordHash = await hashPassword(password);
  const now = clock.now().toISOString();
  const hash = sha256Hex(token);
  return db.transaction(async (trx): Promise<PasswordTokenCheck> => {
    const checked = await checkPasswordToken(trx, clock, token);
    if (!checked.ok) return checked;
    if (!(await usePasswordToken(trx, hash, now))) return { ok: false, reason: 'used' };
    const merchantId = await setPasswordHash(trx, { userId: checked.userId }, { passwordHash, mustChangePassword: 0 }, now);
    if (merchantId === undefined) throw new Error(`user ${checked.userId} of a password token is missing`);
    await endSessionsIn(trx, { merchantId, userId: checked.userId }, {}, 'password_reset', now);
    await spendPasswordTokensOf(trx, checked.userId, now);
    return checked;
  });
}

/** Deletes tokens a day past their expiry. */
export async function purgeExpiredPasswordTokens(db: ReadHandle, now: Date): Promise<number> {
  return deletePasswordTokensExpiredBefore(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
}
