/**
 * GET /api/admin/rights-request?id= (permission 'privacy': the Owner) — one request about a
 * person's data, the records found for it (for staff to confirm it is the person asking) and
 * the copy of those records (DataCopySchema, in the request's language). An audit line 'view'.
 *
 * POST /api/admin/rights-request (RightsAnswerSchema) — answers an open request:
 * - erase: the erasure engine (functions/_shared/privacy/erase.ts) runs on the records found;
 *   the answer is staff's note and what the law kept and why, in the request's language;
 * - done: a correction made or a copy handed over, with the note;
 * - decline: with the reason in the note.
 * The requester gets an e-mail in their language when there is an address (fixed words: never
 * a value of theirs nor the note). A request already answered answers 409, nothing changed (a
 * double tap). Each answer is an audit line; an erasure one more, with its counts.
 */
import type { Config } from '@netlify/functions';
import { RightsAnswerSchema, RightsRequestQuerySchema } from '../src/lib/schemas/data-rights';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { deliver, originFor } from './_shared/platform/outbox';
import { answerMail, keptWords, queueAnswerMail } from './_shared/privacy/answer-mail';
import { dataCopyOf } from './_shared/privacy/data-copy';
import { erase, type Kept } from './_shared/privacy/erase';
import { foundWords, subjectOfRequest } from './_shared/privacy/request-subject';
import { requestById, toStaffRequest } from './_shared/privacy/requests';
import { hasRecords } from './_shared/privacy/subject';

const notFound = () => new HttpError(404, 'This request was not found. The list may be out of date: please open it again.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'privacy' });

  if (req.method === 'GET') {
    const { id } = validate(RightsRequestQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return transaction(async (client) => {
      const request = await requestById(client, id);
      if (!request) throw notFound();
      const subject = await subjectOfRequest(client, request);
      const copy = await dataCopyOf(client, subject, request.language);
      const found = await foundWords(client, subject);
      await audit(
        { staffId: staff.id, action: 'view', entity: 'rights-request', entityId: id, subject: request.reference, detail: { found: found.length } },
        address,
        client,
      );
      return json({ request: toStaffRequest(request, indiaToday()), found, copy });
    });
  }

  const input = validate(RightsAnswerSchema, await readJson(req));
  const { mailId, mail, answer } = await transaction(async (client) => {
    const request = await requestById(client, input.id, true);
    if (!request) throw notFound();
    if (request.status !== 'open') throw new HttpError(409, `Request ${request.reference} was already answered. Open it again to see the answer.`);
    const { rows: who } = await client.query<{ email: string | null }>('select email from users where id = $1', [request.user_id]);
    // An under-18's request is answered to the parent or guardian who made it (their e-mail proved by the code or seen at the office).
    const to = request.made_by?.email ?? request.email ?? who[0]?.email ?? null;
    let kept: Kept[] = [];
    let text = input.note;
    if (input.action === 'erase') {
      const subject = await subjectOfRequest(client, request);
      if (!hasRecords(subject))
        throw new HttpError(409, 'No records of this person were found, so there is nothing to erase. Answer “Done” with a note saying so.');
      const erased = await erase(client, subject, { reason: 'request', requestId: request.id, staffId: staff.id });
      kept = erased.kept;
      text = [input.note, '', ...keptWords(kept, request.language)].join('\n');
      await audit(
        {
          staffId: staff.id,
          action: 'delete',
          entity: 'person',
          subject: request.reference,
          detail: { erasure: true, ...erased.counts, objects: erased.objects },
        },
        address,
        client,
      );
    }
    const status = input.action === 'decline' ? 'declined' : 'done';
    const { rows } = await client.query<{ answer_by: string }>(
      `update rights_requests set status = $2, answered_at = now(), answered_by = $3, answered_by_name = $4, answer = $5, kept = $6
        where id = $1 returning answer_by::text`,
      [request.id, status, staff.id, staff.name, text, input.action === 'erase' ? JSON.stringify(kept) : null],
    );
    if (!rows[0]) throw notFound();
    await audit(
      { staffId: staff.id, action: 'update', entity: 'rights-request', entityId: request.id, subject: request.reference, detail: { action: input.action } },
      address,
      client,
    );
    let queued: { mailId: string | null; mail: ReturnType<typeof answerMail> | null } = { mailId: null, mail: null };
    if (to) {
      const outcome = input.action === 'erase' ? 'erased' : input.action === 'decline' ? 'declined' : 'done';
      const made = answerMail(to, { reference: request.reference, outcome, kept, fromAccount: request.user_id !== null }, originFor(req), request.language);
      queued = { mailId: await queueAnswerMail(client, made), mail: made };
    }
    const answered = await requestById(client, request.id);
    return { ...queued, answer: toStaffRequest(answered!, indiaToday()) };
  });
  if (mailId && mail) await afterAnswer(context, () => deliver(mailId, mail));
  const said = input.action === 'erase' ? 'erased and answered' : input.action === 'decline' ? 'declined' : 'answered';
  return json({ message: `Request ${answer.reference} ${said}.`, request: answer });
});

export const config: Config = { path: '/api/admin/rights-request' };
