/**
 * POST /api/admin/verify — {code} → {message, token, staff, recoveryCodesLeft}: the second step
 * of a staff sign-in. The code from the authenticator app (each code once: a replay is refused,
 * totp.ts), or one of the account's recovery codes (each once). Five wrong codes in 15 minutes
 * stop further tries (limits.ts). Success signs the session in under a new cookie; after a
 * recovery code the welcome says how many are left ('9 recovery codes left.'), and at 3 or fewer
 * to make new ones under Security.
 */
import type { Config } from '@netlify/functions';
import { codesLeftMessage } from '../src/lib/recovery-codes';
import { ADMIN_MARKER, SecondFactorSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, type FailureUse } from './_shared/platform/limits';
import { deviceCookie } from './_shared/auth/device';
import { completeSecondFactor, requireStaff } from './_shared/auth/staff';
import { acceptStep, codeStep, openTotpSecret, useRecoveryCode } from './_shared/auth/totp';

const WRONG = 'That code is not right. Type the code your authenticator app shows now, or a recovery code.';
const REPLAYED = 'This code was already used. Please wait for the next code in your app.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const signing = await requireStaff(req, context, { stage: 'second-factor', need: 'account' });
  const { staff } = signing;
  if (!signing.enrolled) throw new HttpError(409, 'Please set up your authenticator app first.', { next: 'enrol' });
  if (signing.verified) throw new HttpError(409, 'You are already signed in.');
  const { code } = validate(SecondFactorSchema, await readJson(req));
  const failures: FailureUse[] = [['second-factor-failures:staff', staff.id]];
  const recovery = !/^\d{6}$/.test(code);

  // The try is counted before the code is checked, and given back if it was right.
  const outcome = await attempt(failures, async (tries) => {
    const [row] = await query<{ totp_secret: string }>('select totp_secret from staff where id = $1', [staff.id]);
    const step = recovery ? null : await codeStep(openTotpSecret(staff.id, row!.totp_secret), code);

    const outcome = await transaction(async (client) => {
      if (recovery) {
        if (!(await useRecoveryCode(client, staff.id, code))) return 'wrong' as const;
      } else {
        if (step === null) return 'wrong' as const;
        if (!(await acceptStep(client, staff.id, step))) return 'replayed' as const;
      }
      const cookie = await completeSecondFactor(signing.sessionId, client);
      await audit({ staffId: staff.id, action: 'sign-in', entity: 'session', entityId: signing.sessionId }, signing.address, client);
      if (recovery) await audit({ staffId: staff.id, action: 'use-recovery-code', entity: 'staff', entityId: staff.id }, signing.address, client);
      const left = await client.query<{ left: number }>('select count(*)::int as left from staff_recovery_codes where staff_id = $1 and used_at is null', [
        staff.id,
      ]);
      return { cookie, recoveryCodesLeft: left.rows[0]!.left };
    });

    if (outcome === 'wrong' || outcome === 'replayed') {
      tries.failed();
      await afterAnswer(context, () =>
        recordEvent({ kind: outcome === 'wrong' ? 'second-factor-failed' : 'second-factor-replayed', userId: staff.id }, signing.address),
      );
      throw fieldErrors({ code: outcome === 'wrong' ? WRONG : REPLAYED });
    }
    return outcome;
  });
  const answer = json(
    {
      message: `Welcome back, ${staff.name}!${recovery ? ` ${codesLeftMessage(outcome.recoveryCodesLeft)}` : ''}`,
      token: ADMIN_MARKER,
      staff: { _id: staff.id, name: staff.name, email: staff.email },
      recoveryCodesLeft: outcome.recoveryCodesLeft,
    },
    200,
    { 'Set-Cookie': outcome.cookie },
  );
  // This browser is trusted for the account from now on (device.ts).
  answer.headers.append('Set-Cookie', deviceCookie('staff', staff.email));
  return answer;
});

export const config: Config = { path: '/api/admin/verify' };
