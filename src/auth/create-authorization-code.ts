/**
 * The code the authorization server gives an app for a user who signed in: shown to the client once,
 * kept as a SHA-256 hash, good for AUTHORIZATION_CODE_TTL_SECONDS.
 */
import { insertAuthorizationCode } from '../db/identity/sessions.js';
import type { Environment } from '../db/schema.js';
import { randomBase62, sha256Hex } from '../ids.js';
import type { Services } from '../services.js';
import { AUTHORIZATION_CODE_TTL_SECONDS, iso } from './sessions.js';

/** Records a code for a signed-in user; returns the code, which is shown to the client once. */
export async function createAuthorizationCode(
  { db, clock }: Services,
  input: { clientId: string; userId: string; environment: Environment; redirectUri: string; codeChallenge: string },
): Promise<string> {
  const code = randomBase62(43);
  const now = clock.now().getTime();
  await insertAuthorizationCode(db, {
    code_hash: sha256Hex(code),
    client_id: input.clientId,
    user_id: input.userId,
    environment: input.environment,
    redirect_uri: input.redirectUri,
    code_challenge: input.codeChallenge,
    created_at: iso(now),
    expires_at: iso(now + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
    used_at: null,
    session_id: null,
  });
  return code;
}
