/**
 * POST /api/user/consent-withdraw {id} → {message, consent: ConsentView, request?: RightsRequestView}:
 * the signed-in account withdraws one of its consents, and what it covered stops
 * (account-consents.ts): updates → no more e-mail about fees, receipts, certificates or
 * applications and no WhatsApp from staff; marketing → no follow-ups; service → an open request of
 * kind 'withdraw' for the account (the same transaction), which the Owner sees on Today and answers
 * with the erasure engine — the answer names it and the day it will be answered by, in the
 * account's language. An open erasure or withdrawal of the account already waiting is named
 * instead of a second one. A consent not the account's is 404; one already withdrawn 409. 401 when
 * not signed in.
 */
import type { Config } from '@netlify/functions';
import { ConsentWithdrawSchema } from '../src/lib/schemas/data-rights';
import { formatIndiaDay, formatIndiaMoment } from '../src/lib/india-time';
import { requireUser } from './_shared/auth/auth';
import { withdrawConsent } from './_shared/consent/account-consents';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, requestLocale, validate } from './_shared/platform/http';
import { REQUEST_COLUMNS, storeRequest, toRequestView, type RequestRow } from './_shared/privacy/requests';
import {
  guardian_already_withdrawn,
  guardian_consent_not_found,
  guardian_withdrawn,
  rights_purpose_service,
  rights_withdraw_details,
  rights_withdraw_requested,
} from '../src/i18n/messages';

export default endpoint(async (req) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  const { id } = validate(ConsentWithdrawSchema, await readJson(req));
  const language = requestLocale(req);
  const result = await transaction(async (client) => {
    const withdrawn = await withdrawConsent(client, { userId: user._id, email: user.email }, id);
    if (!withdrawn.done || withdrawn.purpose !== 'service') return { withdrawn, request: null };
    // Withdrawing the consent to be served at all asks for the erasure of what it covered (DPDP Act s.6(6), s.8(7)).
    const { rows: open } = await client.query<RequestRow>(
      `select ${REQUEST_COLUMNS} from rights_requests where user_id = $1 and kind in ('withdraw', 'erasure') and status = 'open' order by id limit 1`,
      [user._id],
    );
    const request =
      open[0] ??
      (
        await storeRequest(client, {
          kind: 'withdraw',
          userId: user._id,
          details: rights_withdraw_details({ purpose: rights_purpose_service(), day: formatIndiaMoment(withdrawn.givenAt, language) }),
          language,
          key: null,
        })
      ).row;
    return { withdrawn, request };
  });
  const { withdrawn, request } = result;
  if (!withdrawn.done)
    throw new HttpError(withdrawn.why === 'already' ? 409 : 404, withdrawn.why === 'already' ? guardian_already_withdrawn() : guardian_consent_not_found());
  if (!request) return json({ message: guardian_withdrawn(), consent: withdrawn.consent });
  return json({
    message: rights_withdraw_requested({ reference: request.reference, day: formatIndiaDay(request.answer_by, language) }),
    consent: withdrawn.consent,
    request: toRequestView(request),
  });
});

export const config: Config = { path: '/api/user/consent-withdraw' };
