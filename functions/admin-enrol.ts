/**
 * /api/admin/enrol — setting up the authenticator app at a first sign-in (a session past the
 * password, on an account without an authenticator):
 * - GET → {secret, uri, qrSvg}: the secret to scan (kept, sealed, until confirmed, so reloading
 *   the page shows the same QR code);
 * - POST {code} → {message, token, staff, recoveryCodes}: a code from the app confirms the secret;
 *   the account gets 10 recovery codes (shown this once) and the session is signed in.
 */
import type { Config } from '@netlify/functions';
import { ADMIN_MARKER, SecondFactorSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, type FailureUse } from './_shared/platform/limits';
import { deviceCookie } from './_shared/auth/device';
import { completeSecondFactor, requireStaff } from './_shared/auth/staff';
import { codeStep, newTotpSecret, openTotpSecret, otpauthUri, qrSvg, replaceRecoveryCodes, sealTotpSecret } from './_shared/auth/totp';

const ALREADY = 'An authenticator is already set up for this account. Please enter its code instead.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const signing = await requireStaff(req, context, { stage: 'second-factor', need: 'account' });
  const { staff } = signing;
  if (signing.enrolled) throw new HttpError(409, ALREADY, { next: 'verify' });
  if (signing.verified) throw new HttpError(409, 'You are already signed in.');

  if (req.method === 'GET') {
    const [row] = await query<{ totp_pending: string }>(`update staff set totp_pending = coalesce(totp_pending, $2) where id = $1 returning totp_pending`, [
      staff.id,
      sealTotpSecret(staff.id, newTotpSecret()),
    ]);
    const secret = openTotpSecret(staff.id, row!.totp_pending);
    const uri = otpauthUri(staff.email, secret);
    return json({ secret, uri, qrSvg: await qrSvg(uri) });
  }

  const { code } = validate(SecondFactorSchema, await readJson(req));
  const failures: FailureUse[] = [['second-factor-failures:staff', staff.id]];
  // The try is counted before the code is checked, and given back if it was right.
  const { pending, step } = await attempt(failures, async (tries) => {
    const [row] = await query<{ totp_pending: string | null }>('select totp_pending from staff where id = $1', [staff.id]);
    if (!row?.totp_pending) throw new HttpError(409, 'Please load the QR code first.');
    const step = await codeStep(openTotpSecret(staff.id, row.totp_pending), code);
    if (step === null) {
      tries.failed();
      throw fieldErrors({ code: 'That code is not right. Check that the app shows this account, and type the code it shows now.' });
    }
    return { pending: row.totp_pending, step };
  });

  const result = await transaction(async (client) => {
    const moved = await client.query(
      `update staff set totp_secret = totp_pending, totp_pending = null, totp_enrolled_at = now(), totp_last_step = $2
        where id = $1 and totp_secret is null and totp_pending = $3`,
      [staff.id, step, pending],
    );
    // Another tab confirmed first: this code's step is already used there.
    if (moved.rowCount !== 1) throw new HttpError(409, ALREADY, { next: 'verify' });
    const recoveryCodes = await replaceRecoveryCodes(client, staff.id);
    const cookie = await completeSecondFactor(signing.sessionId, client);
    await audit({ staffId: staff.id, action: 'enrol-second-factor', entity: 'staff', entityId: staff.id }, signing.address, client);
    await audit({ staffId: staff.id, action: 'sign-in', entity: 'session', entityId: signing.sessionId }, signing.address, client);
    return { recoveryCodes, cookie };
  });

  const answer = json(
    {
      message: 'Your authenticator is set up. Keep your recovery codes somewhere safe: each works once if you lose your phone.',
      token: ADMIN_MARKER,
      staff: { _id: staff.id, name: staff.name, email: staff.email },
      recoveryCodes: result.recoveryCodes,
    },
    200,
    { 'Set-Cookie': result.cookie },
  );
  // This browser is trusted for the account from now on (device.ts).
  answer.headers.append('Set-Cookie', deviceCookie('staff', staff.email));
  return answer;
});

export const config: Config = { path: '/api/admin/enrol' };
