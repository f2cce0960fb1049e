/**
 * The consents an account sees and may withdraw (GET /api/user/consents, POST
 * /api/user/consent-withdraw): its own, those of the leads with its e-mail address and those of its
 * student records — given by the person or by their parent or guardian. Withdrawing is as easy as
 * giving (DPDP Act s.6(4)) and stops what the consent covered (`withdrawConsent`).
 */
import type { PoolClient } from '@neondatabase/serverless';
import type { ConsentView } from '../../../src/lib/schemas/data-rights';
import {
  guardian_purpose_marketing,
  guardian_purpose_service,
  guardian_purpose_updates,
  guardian_withdraw_marketing,
  guardian_withdraw_service,
  guardian_withdraw_updates,
} from '../../../src/i18n/messages';
import type { Queryable } from '../platform/db';
import type { ConsentPurpose } from './consents';

/** The account asking. */
export interface Account {
  userId: string;
  email: string;
}

interface ConsentRow {
  id: string;
  purpose: ConsentPurpose;
  given_by: 'self' | 'guardian';
  guardian_name: string | null;
  given_at: Date;
  notice_version: string;
  withdrawn_at: Date | null;
  lead_id: string | null;
  student_id: string | null;
  user_id: string | null;
}

/** The consents of `account` (see above), newest first; `id` narrows to one. */
async function consentRows(db: Queryable, account: Account, id?: string): Promise<ConsentRow[]> {
  // Longer than any bigint: no such consent (and no cast error).
  if (id !== undefined && id.length > 18) return [];
  const { rows } = await db.query<ConsentRow>(
    `select c.id::text, c.purpose, c.given_by, c.guardian_name, c.given_at, c.notice_version, c.withdrawn_at,
            c.lead_id::text, c.student_id::text, c.user_id::text
       from consents c
      where (c.user_id = $1::uuid
             or c.lead_id in (select id from leads where email_norm = lower($2))
             or c.student_id in (select id from students where user_id = $1::uuid or (lower(email) = lower($2) and user_id is null)))
        and ($3::bigint is null or c.id = $3::bigint)
      order by c.given_at desc, c.id`,
    [account.userId, account.email, id ?? null],
  );
  return rows;
}

const PURPOSE_WORDS: Record<ConsentPurpose, () => string> = {
  service: () => guardian_purpose_service(),
  updates: () => guardian_purpose_updates(),
  marketing: () => guardian_purpose_marketing(),
};
const EFFECT_WORDS: Record<ConsentPurpose, () => string> = {
  service: () => guardian_withdraw_service(),
  updates: () => guardian_withdraw_updates(),
  marketing: () => guardian_withdraw_marketing(),
};

/** A row as the account reads it, in the request's language. */
const viewOf = (row: ConsentRow): ConsentView => ({
  id: row.id,
  purpose: PURPOSE_WORDS[row.purpose](),
  givenBy: row.given_by,
  guardianName: row.guardian_name,
  at: new Date(row.given_at).toISOString(),
  noticeVersion: row.notice_version,
  withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at).toISOString() : null,
  withdrawEffect: EFFECT_WORDS[row.purpose](),
});

/** The account's consents as it sees them. */
export async function accountConsents(db: Queryable, account: Account): Promise<ConsentView[]> {
  return (await consentRows(db, account)).map(viewOf);
}

/** What withdrawing one consent did. */
export type Withdrawn = { done: true; consent: ConsentView; purpose: ConsentPurpose; givenAt: Date } | { done: false; why: 'not-found' | 'already' };

/**
 * Withdraws consent `id` of `account` (how: 'account', or 'staff'/'request' for D's callers) and
 * stops what it covered, in the caller's transaction:
 * - updates: mail to the person not yet sent is dismissed (later mail is never queued: mayMessage);
 * - marketing: the follow-up days of the person's leads are cleared;
 * - service: recorded only; the Grievance Officer's erasure reads withdrawn service consents.
 */
export async function withdrawConsent(client: PoolClient, account: Account, id: string, how: 'account' | 'staff' | 'request' = 'account'): Promise<Withdrawn> {
  const [row] = await consentRows(client, account, id);
  if (!row) return { done: false, why: 'not-found' };
  if (row.withdrawn_at) return { done: false, why: 'already' };
  await client.query('update consents set withdrawn_at = now(), withdrawn_how = $2 where id = $1 and withdrawn_at is null', [id, how]);
  const emails = await addressesOf(client, row, account.email);
  if (row.purpose === 'updates') {
    await client.query(
      `update mail_outbox set failed_at = now(), dismissed_at = now(), last_error = 'Consent to updates withdrawn'
        where kind in ('applicant', 'student') and sent_at is null and failed_at is null and lower(recipient) = any($1::text[])`,
      [emails],
    );
  }
  if (row.purpose === 'marketing') {
    await client.query(
      `update leads set follow_up_on = null
        where person_id in (select person_id from leads where email_norm = any($1::text[]) or id = $2::bigint) and follow_up_on is not null`,
      [emails, row.lead_id],
    );
  }
  const [after] = await consentRows(client, account, id);
  return { done: true, consent: viewOf(after!), purpose: row.purpose, givenAt: row.given_at };
}

/** The lower-cased addresses of the person a consent is for. */
async function addressesOf(db: Queryable, row: ConsentRow, accountEmail: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `select lower(email) as email from leads where id = $1::bigint and email is not null
     union select lower(email) from students where id = $2::bigint and email is not null
     union select lower(email) from users where id = $3::uuid
     union select lower($4)`,
    [row.lead_id, row.student_id, row.user_id, accountEmail],
  );
  return rows.map((r) => r.email);
}
