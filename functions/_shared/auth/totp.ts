/**
 * The staff's second factor: a TOTP authenticator app (RFC 6238: 6 digits, 30-second steps,
 * SHA-1, as every authenticator app reads from the QR code) through otplib, and 10 single-use
 * recovery codes.
 * - The secret is sealed at rest (sealed.ts) with a key of its own, bound to the staff id.
 * - A code is accepted for the step before, the current step and the step after (clock drift),
 *   and only for a step later than the last one accepted: a code seen over a shoulder or
 *   replayed from a log is refused, even within its 30 seconds (`acceptStep` makes this atomic).
 * - Recovery codes are stored as keyed hashes and marked used in the statement that accepts them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import site from '../../../content/site.json';
import { authKeys } from './auth-keys';
import { seal, unseal } from '../platform/sealed';

/** Recovery codes made at enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** A new authenticator secret (base32, 160 bits). */
export const newTotpSecret = (): string => generateSecret();

/** The secret sealed for `staffId`'s row. */
export const sealTotpSecret = (staffId: string, secret: string) => seal(secret, authKeys().totpSecret, `staff-totp:${staffId}`);

/** The secret of `staffId`'s row. */
export const openTotpSecret = (staffId: string, sealed: string) => unseal(sealed, authKeys().totpSecret, `staff-totp:${staffId}`);

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (email: string, secret: string) => generateURI({ issuer: site.name, label: email, secret });

/** The QR code of `uri` as SVG markup (paths only: no script, no style). */
export const qrSvg = (uri: string): Promise<string> => QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/** The time step a well-formed, current `code` belongs to, or null. Replays are `acceptStep`'s job. */
export async function codeStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Records `step` as the last accepted step of `staffId`, only if it is later than the last one.
 * False means the code was already used (or an older one was): a replay.
 */
export async function acceptStep(client: PoolClient, staffId: string, step: number): Promise<boolean> {
  const result = await client.query('update staff set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)', [staffId, step]);
  return (result.rowCount ?? 0) === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: two groups of five characters (about 49 bits), e.g. `k7m2p-x9qrt`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What a typed recovery code is compared as: lower case, no spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The stored form of a recovery code of `staffId`. */
export const hashRecoveryCode = (staffId: string, code: string) =>
  createHmac('sha256', authKeys().recoveryCode)
    .update(`${staffId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');

/** Replaces `staffId`'s recovery codes with RECOVERY_CODE_COUNT new ones, and returns them (shown once). */
export async function replaceRecoveryCodes(client: PoolClient, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await client.query('delete from staff_recovery_codes where staff_id = $1', [staffId]);
  await client.query('insert into staff_recovery_codes (staff_id, code_hash) select $1, unnest($2::text[])', [
    staffId,
    codes.map((c) => hashRecoveryCode(staffId, c)),
  ]);
  return codes;
}

/** Uses one recovery code of `staffId`: true if it was valid and unused (it is used now). */
export async function useRecoveryCode(client: PoolClient, staffId: string, code: string): Promise<boolean> {
  const result = await client.query('update staff_recovery_codes set used_at = now() where staff_id = $1 and code_hash = $2 and used_at is null', [
    staffId,
    hashRecoveryCode(staffId, code),
  ]);
  return (result.rowCount ?? 0) === 1;
}
