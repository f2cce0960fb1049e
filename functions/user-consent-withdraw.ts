/**
 * POST /api/user/consent-withdraw {id} → {message, consent: ConsentView}: the signed-in account
 * withdraws one of its consents, and what it covered stops (account-consents.ts): updates → no
 * more e-mail about fees, receipts, certificates or applications and no WhatsApp from staff;
 * marketing → no follow-ups; service → recorded for the Grievance Officer's erasure. A consent
 * not the account's is 404; one already withdrawn 409. 401 when not signed in.
 */
import type { Config } from '@netlify/functions';
import { ConsentWithdrawSchema } from '../src/lib/schemas/data-rights';
import { requireUser } from './_shared/auth/auth';
import { withdrawConsent } from './_shared/consent/account-consents';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { guardian_already_withdrawn, guardian_consent_not_found, guardian_withdrawn } from '../src/i18n/messages';

export default endpoint(async (req) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  const { id } = validate(ConsentWithdrawSchema, await readJson(req));
  const result = await transaction((client) => withdrawConsent(client, { userId: user._id, email: user.email }, id));
  if (!result.done)
    throw new HttpError(result.why === 'already' ? 409 : 404, result.why === 'already' ? guardian_already_withdrawn() : guardian_consent_not_found());
  return json({ message: guardian_withdrawn(), consent: result.consent });
});

export const config: Config = { path: '/api/user/consent-withdraw' };
