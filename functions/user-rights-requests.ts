/**
 * GET /api/user/rights-requests — the signed-in person's requests about their data, newest first.
 * POST /api/user/rights-requests (AccountRightsRequestSchema) — asks for a correction or an
 * erasure; staff answer within RIGHTS_ANSWER_DAYS (a copy needs no request: GET /api/user/data).
 * One open request of a kind at a time (409 naming it); a replayed Idempotency-Key answers the
 * request it made.
 */
import type { Config } from '@netlify/functions';
import { rights_request_open, rights_request_received } from '../src/i18n/messages';
import { AccountRightsRequestSchema } from '../src/lib/schemas/data-rights';
import { formatIndiaDay } from '../src/lib/india-time';
import { requireUser } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, requestLocale, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { rightsRequestsOf, storeRequest, toRequestView } from './_shared/privacy/requests';
import { subjectOfAccount } from './_shared/privacy/subject';

export default endpoint(async (req) => {
  allowMethods(req, 'GET', 'POST');
  const { user } = await requireUser(req);
  if (req.method === 'GET') {
    return transaction(async (client) => {
      const subject = await subjectOfAccount(client, user._id);
      return json({ items: await rightsRequestsOf(client, subject) });
    });
  }
  const key = idempotencyKey(req);
  const input = validate(AccountRightsRequestSchema, await readJson(req));
  const language = requestLocale(req);
  return transaction(async (client) => {
    // One at a time per account and kind: a second tap or a second tab waits for the first answer.
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`rights:${user._id}`]);
    const { rows: open } = await client.query<{ reference: string; key: string | null }>(
      `select reference, idempotency_key::text as key from rights_requests where user_id = $1 and kind = $2 and status = 'open' limit 1`,
      [user._id, input.kind],
    );
    if (open[0] && (key === null || open[0].key !== key)) throw new HttpError(409, rights_request_open({ reference: open[0].reference }));
    const subject = await subjectOfAccount(client, user._id);
    const { row, replayed } = await storeRequest(client, {
      kind: input.kind,
      userId: user._id,
      name: user.name,
      email: user.email,
      personId: subject.personIds[0] ?? null,
      studentId: subject.studentIds[0] ?? null,
      details: input.details,
      language,
      key,
    });
    const request = toRequestView(row);
    return json(
      { message: rights_request_received({ reference: row.reference, day: formatIndiaDay(row.answer_by, language) }), request },
      replayed ? 200 : 201,
      replayed ? { 'Idempotent-Replayed': 'true' } : {},
    );
  });
});

export const config: Config = { path: '/api/user/rights-requests' };
