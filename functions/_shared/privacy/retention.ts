/**
 * The retention schedule's housekeeping (docs/data-protection.md, "Retention schedule"; decision
 * 053): what is kept how long after its purpose ends, enforced by the scheduled housekeeping. What
 * expired is erased with the erasure engine (erase.ts), as an erasure request would, a person at a
 * time in a transaction of its own; each run writes one deletion_log line with its counts (and
 * each erasure its line in `erasures`).
 *
 * - An enquiry never converted to a student: 2 years after the person's last activity (their
 *   leads' creation, change or staff's touch), when every lead of the person is that old and any
 *   application of theirs closed 3 years ago. Never a person who is a student.
 * - An application: 3 years after it was closed (approved or rejected). Its documents and ID
 *   numbers go much sooner (RETENTION_DAYS, document-housekeeping.ts).
 * - A website account never signed in for 3 years, with no student record: deleted.
 * - A request about one's data: 3 years after its answer.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { transaction } from '../platform/db';
import { erase } from './erase';
import { emptySubject, subjectOfUser, type Subject } from './subject';

/** Years after a person's last activity before an enquiry never converted is erased. */
export const ENQUIRY_YEARS = 2;
/** Years after an application was closed before it is erased. */
export const APPLICATION_YEARS = 3;
/** Years without a sign-in before an account with no student record is deleted. */
export const UNUSED_ACCOUNT_YEARS = 3;
/** Years after its answer before a request about one's data is deleted. */
export const REQUEST_YEARS = 3;
/** People and accounts erased per run at most (the rest go on the next runs, 10 minutes apart). */
const PER_RUN = 50;

/** What one run did. */
export interface RetentionRun {
  people: number;
  leads: number;
  users: number;
  requests: number;
}

/**
 * People whose every lead expired: no student record from or with them, no open application, and
 * the last activity of each lead ENQUIRY_YEARS ago (an application's closing APPLICATION_YEARS ago).
 */
const EXPIRED_PEOPLE = `
  select l.person_id from leads l left join applications a on a.lead_id = l.id
   where l.erased_at is null
   group by l.person_id
  having bool_and(
           case when a.lead_id is not null
                then a.closed_at is not null and a.closed_at < now() - make_interval(years => $1)
                else greatest(l.created_at, l.updated_at, coalesce(l.touched_at, l.created_at)) < now() - make_interval(years => $2) end)
     and bool_and(l.student_id is null)
     and not exists (select 1 from students s where s.lead_id = any(array_agg(l.id)) or right(regexp_replace(coalesce(s.phone, ''), '\\D', '', 'g'), 10) = any(array_agg(l.phone_norm))
                        or lower(s.email) = any(array_agg(l.email_norm)))
   limit $3`;

/** The subject of person `personId`: their leads alone (they have no student record). */
async function subjectOfPerson(client: PoolClient, personId: string): Promise<Subject> {
  const { rows } = await client.query<{ id: string; name: string; email_norm: string | null; phone_norm: string }>(
    'select id::text, name, email_norm, phone_norm from leads where person_id = $1 and erased_at is null for update',
    [personId],
  );
  const uniq = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  return {
    ...emptySubject(),
    leadIds: rows.map((r) => r.id),
    personIds: [personId],
    names: uniq(rows.map((r) => r.name.trim())),
    emails: uniq(rows.map((r) => r.email_norm)),
    phones: uniq(rows.map((r) => r.phone_norm)),
  };
}

/** Runs the schedule once. */
export async function applyRetention(): Promise<RetentionRun> {
  const done: RetentionRun = { people: 0, leads: 0, users: 0, requests: 0 };
  const people = await transaction(async (client) => {
    const { rows } = await client.query<{ person_id: string }>(EXPIRED_PEOPLE, [APPLICATION_YEARS, ENQUIRY_YEARS, PER_RUN]);
    return rows.map((r) => r.person_id);
  });
  for (const person of people) {
    await transaction(async (client) => {
      const subject = await subjectOfPerson(client, person);
      if (!subject.leadIds.length) return;
      await erase(client, subject, { reason: 'retention' });
      done.people += 1;
      done.leads += subject.leadIds.length;
    });
  }

  const users = await transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select u.id::text from users u
        where coalesce(u.last_signed_in_at, u.created_at) < now() - make_interval(years => $1)
          and not exists (select 1 from students s where s.user_id = u.id or lower(s.email) = lower(u.email))
        limit $2`,
      [UNUSED_ACCOUNT_YEARS, PER_RUN],
    );
    return rows.map((r) => r.id);
  });
  for (const user of users) {
    await transaction(async (client) => {
      const subject = await subjectOfUser(client, user);
      if (!subject.userIds.length) return;
      await erase(client, subject, { reason: 'retention' });
      done.users += 1;
    });
  }

  done.requests = await transaction(async (client) => {
    const { rowCount } = await client.query(`delete from rights_requests where answered_at < now() - make_interval(years => $1)`, [REQUEST_YEARS]);
    const requests = rowCount ?? 0;
    if (done.people + done.users + requests > 0) {
      await client.query(`insert into deletion_log (reason, detail) values ('retention', $1)`, [
        JSON.stringify({ why: 'the retention schedule', people: done.people, leads: done.leads, users: done.users, requests }),
      ]);
    }
    return requests;
  });
  return done;
}
