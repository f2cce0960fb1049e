/**
 * Student accounts: sessions and the signed user token (JWS) that names one, and the encrypted
 * tokens (JWE) of a registration or a password reset waiting for its e-mailed code.
 *
 * - Session: a row of user_sessions (7 days). Logging out revokes it; "log out of all devices"
 *   and a password change or reset revoke every session of the account. A token whose session
 *   is revoked or expired is refused, however valid its signature.
 * - User token: HS256, `sub` = user id, `jti` = session id, `iss` pinned, `aud` 'user', 7 days.
 *   Reading one pins the algorithm, issuer and audience and requires `exp`, so an admin token,
 *   an `alg: none` or an HS512 token never passes as a user token.
 * - Activation and reset tokens, and the token of a reset e-mail's link: `dir` + A256GCM, so what is inside (a password hash, whether
 *   the address has an account) cannot be read; 30 minutes; `jti` = the id of its one-time-code
 *   challenge (otp_challenges).
 */
import type { PoolClient } from '@neondatabase/serverless';
import { EncryptJWT, SignJWT, errors as joseErrors, jwtDecrypt, jwtVerify, type JWTPayload } from 'jose';
import { localeOf, type Locale } from '../../../src/i18n/locales';
import { authKeys } from './auth-keys';
import { query } from '../platform/db';
import { HttpError } from '../platform/http';
import { LIMITS } from '../platform/limits';
import {
  ACTIVATION_AUDIENCE,
  ACTIVATION_TOKEN_LIFETIME,
  ISSUER,
  RESET_AUDIENCE,
  RESET_LINK_AUDIENCE,
  RESET_TOKEN_LIFETIME,
  USER_AUDIENCE,
  USER_TOKEN_LIFETIME,
} from './keys';
import {
  server_account_exists,
  server_login_needed,
  server_registration_expired,
  server_registration_invalid,
  server_reset_expired,
  server_reset_link_expired,
  server_reset_link_invalid,
  server_session_expired,
} from '../../../src/i18n/messages';

/** The answer (409) to verifying a registration whose e-mail already has an account. */
export const accountExists = () => server_account_exists();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/* --------------------------------------------------------------- sessions and tokens ---- */

/** Days a session (and its token) lasts. */
const SESSION_DAYS = 7;

/** Opens a session for `userId` and returns its signed token. */
export async function startSession(userId: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    // The sign-in is kept on the account: the retention schedule deletes accounts unused for years.
    `with seen as (update users set last_signed_in_at = now() where id = $1)
     insert into user_sessions (user_id, expires_at) values ($1, now() + make_interval(days => $2)) returning id::text`,
    [userId, SESSION_DAYS],
  );
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(USER_AUDIENCE)
    .setSubject(userId)
    .setJti(row!.id)
    .setIssuedAt()
    .setExpirationTime(USER_TOKEN_LIFETIME)
    .sign(authKeys().userToken);
}

/** The user and session ids of a well-signed user token, or null for anything else. */
export async function verifyUserToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, authKeys().userToken, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: USER_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
    });
    const { sub, jti } = payload;
    return typeof sub === 'string' && UUID.test(sub) && typeof jti === 'string' && UUID.test(jti) ? { userId: sub, sessionId: jti } : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** The user as every /api/user answer gives it. */
export interface PublicUser {
  _id: string;
  name: string;
  email: string;
  role: string;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  role: string;
}

export const toPublicUser = (row: UserRow): PublicUser => ({ _id: row.id, name: row.name, email: row.email, role: row.role });

/** The token a request carries: the `token` header (the spec's client) or `Authorization: Bearer`. */
export function requestToken(req: Request): string | null {
  const header = req.headers.get('token')?.trim();
  if (header) return header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

const unauthorized = (message: string) => new HttpError(401, message, {}, { 'WWW-Authenticate': 'Bearer' });

/** A signed-in request: the user and the session its token names. */
export interface Signed {
  user: PublicUser;
  sessionId: string;
}

/**
 * The signed-in user of `req`: the token must be well signed and its session live (not revoked,
 * not expired) in the database, read in one query; 401 otherwise.
 */
export async function requireUser(req: Request): Promise<Signed> {
  const token = requestToken(req);
  if (!token) throw unauthorized(server_login_needed());
  const ids = await verifyUserToken(token);
  const [row] = ids
    ? await query<UserRow>(
        `select u.id::text, u.name, u.email, u.role
           from user_sessions s join users u on u.id = s.user_id
          where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()`,
        [ids.sessionId, ids.userId],
      )
    : [];
  if (!row || !ids) throw unauthorized(server_session_expired());
  return { user: toPublicUser(row), sessionId: ids.sessionId };
}

/** Ends one session (logging out on this device). */
export async function revokeSession(sessionId: string): Promise<void> {
  await query('update user_sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/**
 * Ends every live session of `userId` (log out of all devices, a password change or reset);
 * inside the caller's transaction when `client` is given. Returns how many ended.
 */
export async function revokeAllSessions(userId: string, client?: PoolClient): Promise<number> {
  const sql = 'update user_sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning 1';
  return client ? ((await client.query(sql, [userId])).rowCount ?? 0) : (await query(sql, [userId])).length;
}

/* ------------------------------------------------- activation and reset tokens (JWE) ---- */

/** What an activation token carries: the registration waiting for its code. */
export interface PendingRegistration {
  name: string;
  email: string;
  passwordHash: string;
  /** Id of the one-time-code challenge (otp_challenges.jti). */
  jti: string;
  /**
   * The address already had an account when this registration began: no code was sent (the
   * address was told to log in instead), and none can verify it.
   */
  existing: boolean;
  /** The language of the page it was made on: the account's (users.language) once verified, and its codes' e-mails'. */
  language: Locale;
}

/** What a reset token carries: the address whose password may be reset with the e-mailed code. */
export interface PendingReset {
  email: string;
  jti: string;
}

function encrypt(claims: JWTPayload, audience: string, lifetime: string | number, jti: string): Promise<string> {
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .encrypt(authKeys().activation);
}

/** The claims of one of our encrypted tokens for `audience`, or null (expired: 'expired'). */
async function decrypt(token: string, audience: string): Promise<JWTPayload | 'expired' | null> {
  try {
    const { payload } = await jwtDecrypt(token, authKeys().activation, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      issuer: ISSUER,
      audience,
      requiredClaims: ['exp', 'jti'],
    });
    return typeof payload.jti === 'string' && UUID.test(payload.jti) ? payload : null;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return 'expired';
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** Encrypts a pending registration. */
export function createActivationToken({ name, email, passwordHash, jti, existing, language }: PendingRegistration): Promise<string> {
  return encrypt(
    { name, email, passwordHash, ...(existing ? { existing } : {}), ...(language === 'en' ? {} : { language }) },
    ACTIVATION_AUDIENCE,
    ACTIVATION_TOKEN_LIFETIME,
    jti,
  );
}

/** Decrypts an activation token; 400 with a message to register again when it is not valid. */
export async function readActivationToken(token: string): Promise<PendingRegistration> {
  const payload = await decrypt(token, ACTIVATION_AUDIENCE);
  if (payload === 'expired') throw new HttpError(400, server_registration_expired());
  const { name, email, passwordHash, jti, existing, language } = payload ?? {};
  if (typeof name === 'string' && typeof email === 'string' && typeof passwordHash === 'string' && typeof jti === 'string') {
    // A token made before tokens named a language is English, as its code's e-mail was.
    return { name, email, passwordHash, jti, existing: existing === true, language: localeOf(typeof language === 'string' ? language : null) };
  }
  throw new HttpError(400, server_registration_invalid());
}

/** Encrypts a pending password reset. */
export function createResetToken({ email, jti }: PendingReset): Promise<string> {
  return encrypt({ email }, RESET_AUDIENCE, RESET_TOKEN_LIFETIME, jti);
}

/** Decrypts a reset token; 400 with a message to ask again when it is not valid. */
export async function readResetToken(token: string): Promise<PendingReset> {
  const payload = await decrypt(token, RESET_AUDIENCE);
  if (payload !== 'expired' && typeof payload?.email === 'string' && typeof payload.jti === 'string') {
    return { email: payload.email, jti: payload.jti };
  }
  throw new HttpError(400, server_reset_expired());
}

/**
 * Seconds the link of a reset e-mail works: as long as the window of 'forgot:email', so while
 * strangers' requests keep more e-mails from going to an address, the latest one's link works.
 */
export const RESET_LINK_SECONDS = LIMITS['forgot:email'].seconds;

/** Encrypts the token of a reset e-mail's link (the same challenge as its code; no tries to count). */
export function createResetLinkToken({ email, jti }: PendingReset): Promise<string> {
  return encrypt({ email }, RESET_LINK_AUDIENCE, Math.floor(Date.now() / 1000) + RESET_LINK_SECONDS, jti);
}

/** Decrypts the token of a reset e-mail's link; 400 in words when it is not valid or has expired. */
export async function readResetLinkToken(token: string): Promise<PendingReset> {
  const payload = await decrypt(token, RESET_LINK_AUDIENCE);
  if (payload === 'expired') throw new HttpError(400, server_reset_link_expired());
  if (typeof payload?.email === 'string' && typeof payload.jti === 'string') return { email: payload.email, jti: payload.jti };
  throw new HttpError(400, server_reset_link_invalid());
}
