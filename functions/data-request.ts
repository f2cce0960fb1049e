/**
 * POST /api/data-request (DataRequestSchema) — a request about one's data from someone without an
 * account: a copy, a correction, an erasure or a consent withdrawn. Stored as an open request with
 * what they gave; staff find the records, check it is the person asking (a call to the number
 * given, the office) and answer within RIGHTS_ANSWER_DAYS. The answer says nothing of what was
 * found: a stranger typing someone's number learns nothing. Limited like the contact form (per
 * address and per number).
 *
 * Someone under 18 (age 'minor') names a parent or guardian, who makes the request for them (DPDP
 * Act s.9(1): a child's data is dealt with through the guardian): the request waits sealed like any
 * form of a minor (consent/hold.ts, 202 HeldAnswer) and is stored when the guardian consents,
 * naming that consent (release.ts).
 */
import type { Config } from '@netlify/functions';
import { rights_request_thanks } from '../src/i18n/messages';
import { DataRequestSchema, RIGHTS_ANSWER_DAYS } from '../src/lib/schemas/data-rights';
import { indiaToday } from '../src/lib/schemas/real-day';
import { formatIndiaDay } from '../src/lib/india-time';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, requestLocale, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { byClient, byPhone, enforce } from './_shared/platform/limits';
import { holdForm } from './_shared/consent/hold-form';
import { formRequest, storeRequest } from './_shared/privacy/requests';
import { phoneDigits } from './_shared/privacy/subject';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const key = idempotencyKey(req);
  const body = await readJson(req);
  const input = validate(DataRequestSchema, body);
  const language = requestLocale(req);
  const answerBy = (day: string) => rights_request_thanks({ day: formatIndiaDay(day, language) });
  if (input.website) {
    // A bot filled the hidden field: thanked as anyone is, nothing stored.
    return json({ message: answerBy(indiaToday(new Date(Date.now() + RIGHTS_ANSWER_DAYS * 86_400_000))) }, 201);
  }
  const claim = await enforce([
    ['contact:address', byClient(req, context)],
    ['contact:phone', byPhone(phoneDigits(input.phone))],
  ]);
  // An under-18's request waits, sealed, for their parent's or guardian's consent: 202.
  if (input.age === 'minor') return holdForm(context, claim, 'data-request', req, key, body, input, input.guardian!);
  const { row, replayed } = await transaction((client) => storeRequest(client, formRequest(input, language, key)));
  return json({ message: answerBy(row.answer_by), reference: row.reference }, replayed ? 200 : 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
});

export const config: Config = { path: '/api/data-request' };
