/**
 * GET /api/admin/recovery-codes (staff only) → {recoveryCodesLeft}: how many of this account's
 * recovery codes are still unused (the Security panel shows '9 recovery codes left', with a warning
 * at 3 or fewer).
 * POST /api/admin/recovery-codes {code} (staff only) → {message, recoveryCodes}: 10 new recovery
 * codes, shown this once; the old ones stop working. A signed-in browser left open is not enough:
 * it takes a code the authenticator app shows now (each code once, as at sign-in: a replay is
 * refused; wrong codes count against the sign-in's limit, 'second-factor-failures:staff').
 * The step is taken, the codes replaced and the audit line written in one transaction.
 */
import type { Config } from '@netlify/functions';
import { RecoveryCodesSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, type FailureUse } from './_shared/platform/limits';
import { requireStaff } from './_shared/auth/staff';
import { acceptStep, codeStep, openTotpSecret, replaceRecoveryCodes } from './_shared/auth/totp';

const WRONG = 'That code is not right. Type the code your authenticator app shows now.';
const REPLAYED = 'This code was already used. Please wait for the next code in your app.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'account' });
  if (req.method === 'GET') {
    const [row] = await query<{ left: number }>('select count(*)::int as left from staff_recovery_codes where staff_id = $1 and used_at is null', [staff.id]);
    return json({ recoveryCodesLeft: row!.left });
  }
  const { code } = validate(RecoveryCodesSchema, await readJson(req));
  const failures: FailureUse[] = [['second-factor-failures:staff', staff.id]];

  // The try is counted before the code is checked, and given back if it was right.
  const outcome = await attempt(failures, async (tries) => {
    const [row] = await query<{ totp_secret: string | null }>('select totp_secret from staff where id = $1', [staff.id]);
    // A signed-in session has passed its second factor; only a reset since could have removed it (and ended the session).
    if (!row?.totp_secret) throw new HttpError(409, 'Please sign in again and set up your authenticator app first.');
    const step = await codeStep(openTotpSecret(staff.id, row.totp_secret), code);

    const outcome =
      step === null
        ? ('wrong' as const)
        : await transaction(async (client) => {
            if (!(await acceptStep(client, staff.id, step))) return 'replayed' as const;
            const recoveryCodes = await replaceRecoveryCodes(client, staff.id);
            await audit(
              { staffId: staff.id, action: 'update', entity: 'recovery-codes', entityId: staff.id, detail: { count: recoveryCodes.length } },
              address,
              client,
            );
            return { recoveryCodes };
          });
    if (outcome === 'wrong' || outcome === 'replayed') {
      tries.failed();
      await afterAnswer(context, () =>
        recordEvent({ kind: outcome === 'wrong' ? 'second-factor-failed' : 'second-factor-replayed', userId: staff.id }, address),
      );
      throw fieldErrors({ code: outcome === 'wrong' ? WRONG : REPLAYED });
    }
    return outcome;
  });
  return json({
    message: 'Here are your new recovery codes. The old ones no longer work. Keep these somewhere safe: each works once.',
    recoveryCodes: outcome.recoveryCodes,
  });
});

export const config: Config = { path: '/api/admin/recovery-codes' };
