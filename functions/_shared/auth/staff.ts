/**
 * Staff sessions. A signed-in browser holds one cookie, `__Host-staff`: HttpOnly (no script on
 * the page can read it, so an injected script cannot steal it), Secure, SameSite=Strict (no other
 * site's page can make the browser send it), path /. It carries 32 random bytes; the database
 * keeps only their SHA-256 (staff_sessions), so a copy of the database opens no session.
 *
 * A session lives through two stages:
 * - after the password: `second_factor_at` is null, it lasts PENDING_MINUTES, and it may do
 *   nothing but enrol an authenticator or give its code (`requireStaff(…, 'second-factor')`);
 * - after the authenticator code: a new token replaces the first (no fixation), and the session
 *   lasts until IDLE_MINUTES without a request or ABSOLUTE_HOURS after it began, whichever
 *   comes first. Signing out revokes it; "sign out everywhere", disabling the account and
 *   resetting its second factor revoke every session of the account.
 * Every staff endpoint reads the session, touches it and reads the staff member in one statement,
 * and refuses a disabled account however fresh its session. Each names what it needs (`need`, a
 * permission of roles.ts): a role that may not do it gets 403, and its session is not even touched.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import type { Context } from '@netlify/functions';
import { clientIp, truncatedAddress } from '../platform/client';
import { query } from '../platform/db';
import { CROSS_SITE_MESSAGE, HttpError, crossSite } from '../platform/http';
import { roleRefusal, rolesThatCan, type Permission, type Role } from './roles';

/** The session cookie's name (`__Host-`: the browser keeps it only if Secure, path /, no Domain). */
export const STAFF_COOKIE = '__Host-staff';
/** Minutes without a request after which a session ends. */
export const IDLE_MINUTES = 60;
/** Hours after signing in at which a session ends whatever happens. */
export const ABSOLUTE_HOURS = 12;
/** Minutes allowed between the password and the authenticator code. */
export const PENDING_MINUTES = 10;

/** A member of staff as the API shows them. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** A request from a signed-in member of staff. */
export interface StaffRequest {
  staff: StaffMember;
  /** What the member of staff may do (roles.ts). */
  role: Role;
  sessionId: string;
  /** The client's address (for the audit log, which truncates it). */
  address: string;
  /** Whether the session has passed the second factor. */
  verified: boolean;
  /** Whether the account has an authenticator enrolled. */
  enrolled: boolean;
  /** When the session ends at the latest (the idle timeout may end it sooner). */
  expiresAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 under which a session token is stored. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session token the request's cookie carries, or null. */
export function sessionToken(req: Request): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) {
      const value = rest.join('=');
      return TOKEN.test(value) ? value : null;
    }
  }
  return null;
}

/** The Set-Cookie value that hands `token` to the browser for `seconds`. */
export function sessionCookie(token: string, seconds: number): string {
  return `${STAFF_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${seconds}`;
}

/** The Set-Cookie value that removes the session cookie. */
export const CLEAR_COOKIE = `${STAFF_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Opens a session for `staffId` that waits for the second factor, and returns the Set-Cookie
 * value that carries it.
 */
export async function startStaffSession(staffId: string, req: Request, context: Context | undefined, client?: PoolClient): Promise<string> {
  const token = newToken();
  const sql = `insert into staff_sessions (token_hash, staff_id, expires_at, client, user_agent)
               values ($1, $2, now() + make_interval(mins => $3), $4, $5)`;
  const params = [
    hashSessionToken(token),
    staffId,
    PENDING_MINUTES,
    truncatedAddress(clientIp(req, context)),
    (req.headers.get('user-agent') ?? '').slice(0, 300),
  ];
  if (client) await client.query(sql, params);
  else await query(sql, params);
  return sessionCookie(token, PENDING_MINUTES * 60);
}

/**
 * Opens a session for `staffId` already past its second factor (a recovery code given with the
 * password, admin-login), inside the caller's transaction: its id and the Set-Cookie value.
 */
export async function startSignedInSession(
  staffId: string,
  req: Request,
  context: Context | undefined,
  client: PoolClient,
): Promise<{ sessionId: string; cookie: string }> {
  const token = newToken();
  const { rows } = await client.query<{ id: string }>(
    `insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at, client, user_agent)
     values ($1, $2, now() + make_interval(hours => $3), now(), $4, $5) returning id::text`,
    [hashSessionToken(token), staffId, ABSOLUTE_HOURS, truncatedAddress(clientIp(req, context)), (req.headers.get('user-agent') ?? '').slice(0, 300)],
  );
  return { sessionId: rows[0]!.id, cookie: sessionCookie(token, ABSOLUTE_HOURS * 60 * 60) };
}

/**
 * Marks the session as past the second factor, under a new token (the one used before the code
 * stops working), and returns the Set-Cookie value of the new token.
 */
export async function completeSecondFactor(sessionId: string, client: PoolClient): Promise<string> {
  const token = newToken();
  await client.query(
    `update staff_sessions set token_hash = $2, second_factor_at = now(), last_seen_at = now(),
            expires_at = now() + make_interval(hours => $3)
      where id = $1`,
    [sessionId, hashSessionToken(token), ABSOLUTE_HOURS],
  );
  return sessionCookie(token, ABSOLUTE_HOURS * 60 * 60);
}

/** The stages a staff endpoint may require. */
export type Stage = 'signed-in' | 'second-factor';

/** What a staff endpoint requires: the stage of the session (default 'signed-in') and what the role must be allowed to do. */
export interface Requirement {
  stage?: Stage;
  need: Permission;
}

const unauthorized = (req: Request, message: string) =>
  new HttpError(401, message, {}, sessionToken(req) || req.headers.get('cookie')?.includes(STAFF_COOKIE) ? { 'Set-Cookie': CLEAR_COOKIE } : {});

interface SessionRow {
  session_id: string;
  verified: boolean;
  expires_at: Date;
  id: string;
  name: string;
  email: string;
  enrolled: boolean;
  role: Role;
  allowed: boolean;
}

/**
 * The signed-in member of staff of `req`, or 401 (403 for a browser asking on behalf of another
 * site, before the session is even read). `stage` 'signed-in' (the default) requires the
 * second factor; 'second-factor' also accepts a session still waiting for it (the enrolment and
 * code endpoints). `need`: what the role must be allowed to do, else 403 "Your role (…) does not
 * allow this." A live session is touched (its idle time starts again) in the same statement, unless
 * the role is refused. A student's token, in whatever header, is never read here.
 */
export async function requireStaff(req: Request, context: Context | undefined, { stage = 'signed-in', need }: Requirement): Promise<StaffRequest> {
  // Reads too: SameSite=Strict already keeps the cookie off another site's requests, and this
  // refusal does not rest on every browser doing so (an older browser, a future cookie change).
  if (crossSite(req)) throw new HttpError(403, CROSS_SITE_MESSAGE);
  const token = sessionToken(req);
  if (!token) throw unauthorized(req, 'Please sign in to continue.');
  // A session still waiting for its second factor is touched only by the calls it may make:
  // refused elsewhere, it changes nothing.
  // A call the role may not make leaves the session as it was, like any other refusal.
  const [row] = await query<SessionRow>(
    `update staff_sessions s
        set last_seen_at = case when ($3 or s.second_factor_at is not null) and t.role = any($4::text[]) then now() else s.last_seen_at end
       from staff t
      where s.token_hash = $1 and t.id = s.staff_id
        and s.revoked_at is null and s.expires_at > now()
        and s.last_seen_at > now() - make_interval(mins => $2)
        and t.disabled_at is null and t.password_hash is not null
     returning s.id::text as session_id, s.second_factor_at is not null as verified, s.expires_at,
               t.id::text, t.name, t.email, t.totp_secret is not null as enrolled, t.role, t.role = any($4::text[]) as allowed`,
    [hashSessionToken(token), IDLE_MINUTES, stage === 'second-factor', rolesThatCan(need)],
  );
  if (!row) throw unauthorized(req, 'Your session has ended. Please sign in again.');
  if (stage === 'signed-in' && !row.verified) throw unauthorized(req, 'Please finish signing in with your authenticator code.');
  if (!row.allowed) throw roleRefusal(row.role);
  return {
    staff: { id: row.id, name: row.name, email: row.email },
    role: row.role,
    sessionId: row.session_id,
    address: clientIp(req, context),
    verified: row.verified,
    enrolled: row.enrolled,
    expiresAt: new Date(row.expires_at),
  };
}

/** Ends one session (signing out on this browser). */
export async function revokeStaffSession(sessionId: string): Promise<void> {
  await query('update staff_sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/**
 * Ends every live session of `staffId` (sign out everywhere, a disabled account, a reset second
 * factor); inside the caller's transaction when `client` is given. Returns how many ended.
 */
export async function revokeStaffSessions(staffId: string, client?: PoolClient): Promise<number> {
  const sql = 'update staff_sessions set revoked_at = now() where staff_id = $1 and revoked_at is null returning 1';
  return client ? ((await client.query(sql, [staffId])).rowCount ?? 0) : (await query(sql, [staffId])).length;
}
