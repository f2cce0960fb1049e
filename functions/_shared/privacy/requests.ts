/**
 * People's requests about their data (table rights_requests, migration 029): made from /account
 * or the request form, answered by staff within RIGHTS_ANSWER_DAYS (India's days).
 */
import { RIGHTS_ANSWER_DAYS, type DataRequest, type RightsKind, type RightsRequestView, type StaffRightsRequest } from '../../../src/lib/schemas/data-rights';
import type { PersonLanguage } from '../../../src/lib/person-language';
import type { Queryable } from '../platform/db';
import { phoneDigits } from './subject';

/** A request as stored. */
export interface RequestRow {
  id: string;
  reference: string;
  kind: RightsKind;
  user_id: string | null;
  person_id: string | null;
  student_id: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  given_reference: string | null;
  details: string | null;
  language: PersonLanguage;
  received_at: string;
  answer_by: string;
  status: 'open' | 'done' | 'declined';
  answered_at: string | null;
  answered_by_name: string | null;
  answer: string | null;
  kept: unknown;
  /** The parent's or guardian's consent an under-18's request was made with. */
  guardian_consent_id: string | null;
}

/** The columns of a RequestRow. */
export const REQUEST_COLUMNS = `id::text, reference, kind, user_id::text, person_id::text, student_id::text, name, phone, email, given_reference,
  details, language, received_at, answer_by::text, status, answered_at, answered_by_name, answer, kept, guardian_consent_id::text`;

/** The parent or guardian who made an under-18's request, as their consent names them. */
export interface MadeBy {
  name: string;
  relation: string;
  email: string | null;
  method: 'email-code' | 'office' | 'form';
}

/** A select column: the guardian of request alias `r`'s consent (null for a request made by the person). */
export const madeByColumn = (r: string) =>
  `(select json_build_object('name', c.guardian_name, 'relation', c.guardian_relation, 'email', c.guardian_email, 'method', c.method)
      from consents c where c.id = ${r}.guardian_consent_id) as made_by`;

/** Who made a guardian's request, in staff's words (the staff app is in English). */
export const madeByWords = (m: MadeBy) =>
  `Made for an under-18 by ${m.name} (${m.relation}), who consented ${m.method === 'office' ? 'at the office' : 'with the code sent to their e-mail'}; the answer goes to them.`;

/** A request as its maker and staff see it. */
export const toRequestView = (row: RequestRow): RightsRequestView => ({
  id: row.id,
  reference: row.reference,
  kind: row.kind,
  status: row.status,
  details: row.details ?? '',
  receivedAt: new Date(row.received_at).toISOString(),
  answerBy: row.answer_by,
  answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  answer: row.answer,
});

/** What a new request holds. */
export interface NewRequest {
  kind: RightsKind;
  userId?: string | null;
  personId?: string | null;
  studentId?: string | null;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  givenReference?: string | null;
  details: string;
  language: PersonLanguage;
  /** The Idempotency-Key of the submission: a replay answers the request it made. */
  key: string | null;
  /** An under-18's request: the consent of the parent or guardian who made it. */
  guardianConsentId?: string | null;
}

/** The request the form (POST /api/data-request) sent, as stored: by its sender, or by the guardian who consented for an under-18. */
export const formRequest = (input: DataRequest, language: PersonLanguage, key: string | null, guardianConsentId: string | null = null): NewRequest => ({
  kind: input.kind,
  name: input.name,
  phone: phoneDigits(input.phone),
  email: input.email ? input.email.toLowerCase() : null,
  givenReference: input.reference ? input.reference.toUpperCase() : null,
  details: input.details,
  language,
  key,
  guardianConsentId,
});

/**
 * Stores a request with its reference (DR-YYYY-NNNNN, India's year) and the last day to answer it;
 * a replay of `key` answers the request already made. Returns it and whether it was a replay.
 */
export async function storeRequest(client: Queryable, request: NewRequest): Promise<{ row: RequestRow; replayed: boolean }> {
  if (request.key) {
    const { rows } = await client.query<RequestRow>(`select ${REQUEST_COLUMNS} from rights_requests where idempotency_key = $1`, [request.key]);
    if (rows[0]) return { row: rows[0], replayed: true };
  }
  const { rows } = await client.query<RequestRow>(
    `with ref as (
       insert into reference_counters (prefix, year, last)
       values ('DR', extract(year from now() at time zone 'Asia/Kolkata')::int, 1)
       on conflict (prefix, year) do update set last = reference_counters.last + 1
       returning prefix, year, last
     )
     insert into rights_requests (reference, kind, user_id, person_id, student_id, name, phone, email, given_reference, details, language,
                                  answer_by, idempotency_key, guardian_consent_id)
     select prefix || '-' || year || '-' || lpad(last::text, 5, '0'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
            (now() at time zone 'Asia/Kolkata')::date + $11::int, $12, $13
       from ref
     returning ${REQUEST_COLUMNS}`,
    [
      request.kind,
      request.userId ?? null,
      request.personId ?? null,
      request.studentId ?? null,
      request.name ?? null,
      request.phone ?? null,
      request.email ?? null,
      request.givenReference ?? null,
      request.details,
      request.language,
      RIGHTS_ANSWER_DAYS,
      request.key,
      request.guardianConsentId ?? null,
    ],
  );
  return { row: rows[0]!, replayed: false };
}

/** The requests made by or about the records given, newest first. */
export async function rightsRequestsOf(db: Queryable, of: { userIds: string[]; studentIds: string[]; personIds: string[] }): Promise<RightsRequestView[]> {
  const { rows } = await db.query<RequestRow>(
    `select ${REQUEST_COLUMNS} from rights_requests
      where user_id = any($1::uuid[]) or student_id = any($2::bigint[]) or person_id = any($3::bigint[])
      order by received_at desc, id desc`,
    [of.userIds, of.studentIds, of.personIds],
  );
  return rows.map(toRequestView);
}

/** One request by id (null when there is none). */
export async function requestById(db: Queryable, id: string, lock = false): Promise<(RequestRow & { made_by: MadeBy | null }) | null> {
  const { rows } = await db.query<RequestRow & { made_by: MadeBy | null }>(
    `select ${REQUEST_COLUMNS}, ${madeByColumn('rights_requests')} from rights_requests where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Whole India days from `today` to `answerBy` (negative when late). */
export const daysLeft = (answerBy: string, today: string) => Math.round((Date.parse(`${answerBy}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** A request as staff see it, on the India day `today`; an account's name and e-mail where the account asked. */
export function toStaffRequest(
  row: RequestRow & { account_name?: string | null; account_email?: string | null; made_by?: MadeBy | null },
  today: string,
): StaffRightsRequest {
  return {
    ...toRequestView(row),
    name: row.name ?? row.account_name ?? null,
    phone: row.phone,
    email: row.email ?? row.account_email ?? null,
    fromAccount: row.user_id !== null,
    givenReference: row.given_reference,
    language: row.language,
    daysLeft: row.status === 'open' ? daysLeft(row.answer_by, today) : null,
    answeredBy: row.answered_by_name,
    madeBy: row.made_by ? madeByWords(row.made_by) : null,
  };
}
