/**
 * Student accounts: the signed user token (JWS), the encrypted activation token (JWE) of a
 * registration waiting for its code, and the signed-in user of a request.
 *
 * - User token: HS256, `sub` = user id, `iss` pinned, `aud` 'user', 7 days. Reading one pins the
 *   algorithm, issuer and audience and requires `exp`, so an admin token (audience 'admin', a
 *   later issue), an `alg: none` or an HS512 token never passes as a user token.
 * - Activation token: `dir` + A256GCM, so the password hash inside cannot be read; `aud`
 *   'activation', 30 minutes, `jti` = the id of its one-time-code challenge (otp_challenges).
 */
import { EncryptJWT, SignJWT, errors as joseErrors, jwtDecrypt, jwtVerify } from 'jose';
import { query } from './db';
import { env } from './env';
import { HttpError } from './http';
import {
  ACTIVATION_AUDIENCE,
  ACTIVATION_TOKEN_LIFETIME,
  ISSUER,
  USER_AUDIENCE,
  USER_TOKEN_LIFETIME,
  deriveAuthKeys,
  type AuthKeys,
} from './keys';

/** The answer (409) to registering or verifying an e-mail that already has an account. */
export const ACCOUNT_EXISTS = 'An account with this email already exists. Please log in.';

let keys: AuthKeys | undefined;

/** The keys derived from AUTH_SECRET (a clear error, answered as a 500, when it is not set). */
export function authKeys(): AuthKeys {
  if (keys) return keys;
  const secret = env().AUTH_SECRET;
  if (!secret) {
    throw new Error('AUTH_SECRET is not set: `npm start` provides one locally; on Netlify set it (32+ random characters).');
  }
  keys = deriveAuthKeys(secret);
  return keys;
}

/* ----------------------------------------------------------------- user tokens (JWS) ---- */

/** A signed token for the user `userId`. */
export function signUserToken(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(USER_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(USER_TOKEN_LIFETIME)
    .sign(authKeys().userToken);
}

/** The user id of a valid user token, or null for anything else (expired, tampered, wrong kind). */
export async function verifyUserToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, authKeys().userToken, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: USER_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** The signed-in user of `req`, loaded from the database; 401 when there is none. */
export async function requireUser(req: Request): Promise<PublicUser> {
  const token = requestToken(req);
  if (!token) throw unauthorized('Please log in to continue.');
  const userId = await verifyUserToken(token);
  const [row] = userId ? await query<UserRow>('select id::text, name, email, role from users where id = $1', [userId]) : [];
  if (!row) throw unauthorized('Your session has expired. Please log in again.');
  return toPublicUser(row);
}

/* ------------------------------------------------------------ activation tokens (JWE) ---- */

/** What an activation token carries: the registration waiting for its code. */
export interface PendingRegistration {
  name: string;
  email: string;
  passwordHash: string;
  /** Id of the one-time-code challenge (otp_challenges.jti). */
  jti: string;
}

/** Encrypts a pending registration. */
export function createActivationToken({ name, email, passwordHash, jti }: PendingRegistration): Promise<string> {
  return new EncryptJWT({ name, email, passwordHash })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(ACTIVATION_AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(ACTIVATION_TOKEN_LIFETIME)
    .encrypt(authKeys().activation);
}

/** Decrypts an activation token; 400 with a message to register again when it is not valid. */
export async function readActivationToken(token: string): Promise<PendingRegistration> {
  try {
    const { payload } = await jwtDecrypt(token, authKeys().activation, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      issuer: ISSUER,
      audience: ACTIVATION_AUDIENCE,
      requiredClaims: ['exp', 'jti'],
    });
    const { name, email, passwordHash, jti } = payload;
    if (typeof name === 'string' && typeof email === 'string' && typeof passwordHash === 'string' && typeof jti === 'string' && UUID.test(jti)) {
      return { name, email, passwordHash, jti };
    }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new HttpError(400, 'Your registration has expired. Please register again.');
    }
    if (!(error instanceof joseErrors.JOSEError)) throw error;
  }
  throw new HttpError(400, 'This registration is not valid. Please register again.');
}
