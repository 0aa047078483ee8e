/**
 * User access tokens: JWTs signed with ES256, carrying the spec's claims (`sub`, `merchant_id`,
 * `role`, `permissions`, `iat`, `exp`, `iss`) plus `env` (the data set), `sid` (the sign-in they
 * belong to), `jti`, and RFC 9068's `typ: at+jwt` header and `aud` (the API, `{issuer}/v1`), so
 * that no other JWT of this issuer (an ID token, a future token for another service) passes for one.
 *
 * Verification pins ES256, takes the key only from the published keys by `kid` (never from a
 * `jwk`, `jku` or `x5u` header), checks `typ`, `iss`, `aud` and `exp` with 60 s of leeway, then asks the database
 * whether the user is still there and the sign-in still open, so that removing a user or revoking a
 * sign-in holds at once on every server process. Permissions are those of the token that the
 * user's role still grants: a demotion takes effect before the token expires.
 */
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ReadHandle } from '../db/handle.js';
import { signInOfAccessToken } from '../db/identity/sessions.js';
import { ENVIRONMENTS, type Environment, type Role } from '../db/schema.js';
import { randomBase62, sha256Hex } from '../ids.js';
import type { Clock } from '../time.js';
import type { CredentialCache } from './credential-cache.js';
import { ROLE_PERMISSIONS } from './permissions.js';
import type { Authenticator, AuthResult } from './principal.js';
import { SIGNING_ALGORITHM, type KeyRing, type SigningKey } from './signing-keys.js';
import { ROLES } from './users.js';

export const CLOCK_LEEWAY_SECONDS = 60;

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  merchant_id: string;
  role: Role;
  permissions: string[];
  env: Environment;
  sid: string;
  iat: number;
  exp: number;
  iss: string;
}

export interface AccessTokenSettings {
  keys: KeyRing;
  /** The issuer: the service's public address, read when a token is made or checked. */
  issuer: () => string;
  ttlSeconds: number;
  clock: Clock;
  /** A sign-in ends this long after it started (SESSION_MAX_AGE_DAYS), its access tokens with it. */
  sessionMaxAgeSeconds: number;
  /**
   * Tokens issued before this instant (Unix seconds) are accepted without `aud`: a Till that did not
   * set it yet issued them, and they expire within the access-token lifetime. Later ones must have it.
   */
  audienceRequiredSince?: number;
}

/** The `typ` header of access tokens (RFC 9068, section 2.1). */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The audience of access tokens: the API they are for, under the issuer's address (`https://api.example.com/v1`). */
export function accessTokenAudience(issuer: string): string {
  return `${issuer}/v1`;
}

export interface TokenSubject {
  userId: string;
  merchantId: string;
  role: Role;
  environment: Environment;
  sessionId: string;
}

/**
 * Signs a token for the subject. `signer` is the key to use, fetched beforehand by a caller inside a
 * transaction (on SQLite the key ring cannot read the database while a transaction holds it).
 */
export async function signAccessToken(settings: AccessTokenSettings, subject: TokenSubject, signer?: SigningKey): Promise<string> {
  const { kid, key } = signer ?? (await settings.keys.signingKey());
  const iat = Math.floor(settings.clock.now().getTime() / 1000);
  return new SignJWT({
    merchant_id: subject.merchantId,
    role: subject.role,
    permissions: [...ROLE_PERMISSIONS[subject.role]],
    env: subject.environment,
    sid: subject.sessionId,
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: ACCESS_TOKEN_TYPE })
    .setSubject(subject.userId)
    .setIssuer(settings.issuer())
    .setAudience(accessTokenAudience(settings.issuer()))
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .setJti(randomBase62(22))
    .sign(key);
}

/** A JWS in compact form: three base64url parts, the first a JSON object (`eyJ` is `{"`). */
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

const INVALID: Extract<AuthResult, { ok: false }> = { ok: false, code: 'invalid_credentials', message: 'Invalid access token.' };

/** Verifies a token's signature and claims; the claims, or why not. */
export async function verifyAccessToken(
  settings: AccessTokenSettings,
  token: string,
): Promise<{ ok: true; claims: AccessTokenClaims } | Extract<AuthResult, { ok: false }>> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        const key = typeof header.kid === 'string' ? await settings.keys.verificationKey(header.kid) : undefined;
        if (key === undefined) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      },
      {
        algorithms: [SIGNING_ALGORITHM],
        typ: ACCESS_TOKEN_TYPE,
        issuer: settings.issuer(),
        clockTolerance: CLOCK_LEEWAY_SECONDS,
        currentDate: settings.clock.now(),
        requiredClaims: ['sub', 'iat', 'exp', 'merchant_id', 'role', 'permissions', 'env', 'sid'],
      },
    ));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, code: 'token_expired', message: 'The access token has expired; refresh it.' };
    if (error instanceof joseErrors.JOSEError) return INVALID;
    throw error;
  }
  return isAccessTokenClaims(payload) && audienceAccepted(payload, settings) ? { ok: true, claims: payload } : INVALID;
}

/** `aud` names this API (alone or among others); a token without it only if issued before `audienceRequiredSince`. */
function audienceAccepted(payload: AccessTokenClaims, settings: AccessTokenSettings): boolean {
  const audience = accessTokenAudience(settings.issuer());
  if (payload.aud === undefined) return settings.audienceRequiredSince !== undefined && payload.iat < settings.audienceRequiredSince;
  return Array.isArray(payload.aud) ? payload.aud.includes(audience) : payload.aud === audience;
}

function isAccessTokenClaims(payload: JWTPayload): payload is AccessTokenClaims {
  const p = payload as Record<string, unknown>;
  return (
    typeof p.sub === 'string' &&
    typeof p.merchant_id === 'string' &&
    typeof p.sid === 'string' &&
    typeof p.role === 'string' &&
    (ROLES as readonly string[]).includes(p.role) &&
    typeof p.env === 'string' &&
    (ENVIRONMENTS as readonly string[]).includes(p.env) &&
    Array.isArray(p.permissions) &&
    // A scope Till no longer grants (in a token signed by an earlier version) is
    // dropped when the role's permissions are applied, rather than refusing a token Till signed.
    p.permissions.every((scope) => typeof scope === 'string')
  );
}

/** Tokens whose signature and claims a process has checked, so that an app's next requests skip the ES256 verification. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Resolves bearer JWTs to the user they were issued to.
 *
 * A token verified once is remembered (by its exact text, at most 10,000 of them, oldest dropped
 * first): the same bytes verify the same way, so only its expiry is checked again. Whether its user
 * and sign-in still stand is asked of the database, or of `cache`, which forgets every answer as soon
 * as any credential changes on any process (`credential-cache.ts`); the sign-in's maximum age is
 * checked on every request.
 */
export function accessTokenAuthenticator(db: ReadHandle, settings: AccessTokenSettings, cache?: CredentialCache<SignInCheck>): Authenticator {
  /** Tokens verified once, with the key `cache` knows them by (their SHA-256, taken once, not per request). */
  const verifiedTokens = new Map<string, { claims: AccessTokenClaims; cacheKey: string }>();
  async function verifyOnce(token: string): Promise<{ ok: true; claims: AccessTokenClaims; cacheKey: string } | Extract<AuthResult, { ok: false }>> {
    const known = verifiedTokens.get(token);
    if (known !== undefined) {
      if (known.claims.exp + CLOCK_LEEWAY_SECONDS > settings.clock.now().getTime() / 1000) return { ok: true, ...known };
      verifiedTokens.delete(token);
    }
    const verified = await verifyAccessToken(settings, token);
    if (!verified.ok) return verified;
    const remembered = { claims: verified.claims, cacheKey: sha256Hex(token) };
    if (verifiedTokens.size >= VERIFIED_CACHE_SIZE) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, remembered);
    return { ok: true, ...remembered };
  }
  /** The user and the sign-in as the database has them now: who the token acts for, or why not. */
  async function lookUp(claims: AccessTokenClaims): Promise<SignInCheck> {
    const row = await signInOfAccessToken(db, { userId: claims.sub, merchantId: claims.merchant_id, sessionId: claims.sid, environment: claims.env });
    if (row === undefined || row.removed_at !== null || row.revoked_at !== null) {
      return { result: { ok: false, code: 'credential_revoked', message: 'This access token has been revoked; sign in again.' } };
    }
    const granted = new Set(ROLE_PERMISSIONS[row.role]);
    return {
      sessionCreatedAt: row.created_at,
      result: {
        ok: true,
        principal: {
          kind: 'user',
          id: claims.sub,
          merchantId: claims.merchant_id,
          environment: claims.env,
          permissions: new Set([...granted].filter((scope) => claims.permissions.includes(scope))),
          role: row.role,
          sessionId: claims.sid,
        },
      },
    };
  }
  return {
    accepts: (token) => JWT_SHAPE.test(token),
    async authenticate(token): Promise<AuthResult> {
      // The token's expiry is checked here on every request, remembered or not.
      const verified = await verifyOnce(token);
      if (!verified.ok) return verified;
      const claims = verified.claims;
      const check = cache === undefined ? await lookUp(claims) : await cache.get(verified.cacheKey, () => lookUp(claims), (c) => c.result.ok);
      if (check.sessionCreatedAt !== undefined && sessionPastMaxAge(settings, check.sessionCreatedAt)) {
        return { ok: false, code: 'credential_revoked', message: 'This sign-in has reached its maximum age; sign in again.' };
      }
      return check.result;
    },
  };
}

/** What the database said of a token's user and sign-in; `sessionCreatedAt` when it stands, for the maximum age. */
export interface SignInCheck {
  result: AuthResult;
  sessionCreatedAt?: string;
}

/** Whether a sign-in that started at `createdAt` (ISO 8601) has outlived SESSION_MAX_AGE_DAYS. */
export function sessionPastMaxAge(settings: Pick<AccessTokenSettings, 'clock' | 'sessionMaxAgeSeconds'>, createdAt: string): boolean {
  return Date.parse(createdAt) + settings.sessionMaxAgeSeconds * 1000 <= settings.clock.now().getTime();
}
