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
 * - A website account never signed in for 3 years, with no student record: told once by e-mail
 *   UNUSED_NOTICE_DAYS before (in the account's language), deleted once that notice is that old and
 *   the account still unused.
 * - A request about one's data: 3 years after its answer.
 * - A consent record: CONSENT_YEARS after it was withdrawn or the data it covered was erased (the
 *   erasure ends it: erase.ts `consentsKept`).
 * - A guardian's hold already consented to: once its time (HOLD_HOURS) is over — what it held was
 *   stored, the consent is the proof. (One nobody consented to goes with its uploads:
 *   document-housekeeping.ts `deleteExpiredHolds`.)
 * - The deletion log and the erasures log: LOG_DAYS, as the audit log (an erasure of a request
 *   stays as long as its request, whose deletion unlinks it).
 * - Outbox mail dismissed (never sent, nobody will send it): 30 days after, as sent mail.
 */
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import { rights_mail_contact, rights_mail_greeting, rights_unused_body, rights_unused_keep, rights_unused_subject } from '../../../src/i18n/messages';
import { formatIndiaDay } from '../../../src/lib/india-time';
import { indiaToday } from '../../../src/lib/schemas/real-day';
import type { Locale } from '../../../src/i18n/locales';
import { transaction } from '../platform/db';
import { pageIn } from '../platform/language';
import type { Mail } from '../platform/mail';
import { configuredOrigin } from '../platform/outbox';
import { erase } from './erase';
import { emptySubject, subjectOfUser, type Subject } from './subject';

/** Years after a person's last activity before an enquiry never converted is erased. */
export const ENQUIRY_YEARS = 2;
/** Years after an application was closed before it is erased. */
export const APPLICATION_YEARS = 3;
/** Years without a sign-in before an account with no student record is deleted. */
export const UNUSED_ACCOUNT_YEARS = 3;
/** Days before its deletion that an unused account is told (once). */
export const UNUSED_NOTICE_DAYS = 30;
/** Years after its answer before a request about one's data is deleted. */
export const REQUEST_YEARS = 3;
/** Years after a consent was withdrawn (or its data erased) before its record is deleted. */
export const CONSENT_YEARS = 7;
/** Days the deletion and erasure logs are kept, as the audit log (Rules 2025 r.6: at least a year). */
export const LOG_DAYS = 400;
/** Days dismissed outbox mail is kept, as sent mail. */
export const DISMISSED_MAIL_DAYS = 30;
/** People and accounts erased per run at most (the rest go on the next runs, 10 minutes apart). */
const PER_RUN = 50;

/** What one run did. */
export interface RetentionRun {
  people: number;
  leads: number;
  users: number;
  requests: number;
  /** Unused accounts told of their deletion this run. */
  told: number;
  consents: number;
  holds: number;
  logs: number;
  dismissedMail: number;
}

/** The notice to an unused account, in its language: fixed words, the day, the link to sign in. */
export function unusedAccountMail(to: string, day: string, locale: Locale): Mail {
  const when = formatIndiaDay(day, locale);
  const link = `${configuredOrigin() ?? site.website}${pageIn('/account', locale)}`;
  return {
    to,
    subject: rights_unused_subject({ day: when }, { locale }),
    text: [
      rights_mail_greeting({}, { locale }),
      '',
      rights_unused_body({ day: when }, { locale }),
      '',
      rights_unused_keep({ link }, { locale }),
      '',
      rights_mail_contact({ phone: site.phone }, { locale }),
      '',
      site.name,
    ].join('\n'),
  };
}

/** An account not signed in since `years` ago (minus `days`), with no student record, told or not since. */
const UNUSED = `coalesce(u.last_signed_in_at, u.created_at) < now() - make_interval(years => $1) + make_interval(days => $2)
          and not exists (select 1 from students s where s.user_id = u.id or lower(s.email) = lower(u.email))`;

/** Tells each account about to become unused for UNUSED_ACCOUNT_YEARS, once per unused spell (the outbox sends it). */
async function tellUnused(): Promise<number> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ id: string; email: string; language: string }>(
      `select u.id::text, u.email, u.language from users u
        where ${UNUSED} and (u.unused_notice_at is null or u.unused_notice_at < coalesce(u.last_signed_in_at, u.created_at))
        order by u.id limit $3 for update skip locked`,
      [UNUSED_ACCOUNT_YEARS, UNUSED_NOTICE_DAYS, PER_RUN],
    );
    const day = indiaToday(new Date(Date.now() + UNUSED_NOTICE_DAYS * 86_400_000));
    for (const user of rows) {
      const mail = unusedAccountMail(user.email, day, user.language === 'hi' ? 'hi' : 'en');
      await client.query(`insert into mail_outbox (kind, recipient, subject, body) values ('student', $1, $2, $3)`, [mail.to, mail.subject, mail.text]);
      await client.query('update users set unused_notice_at = now() where id = $1', [user.id]);
    }
    return rows.length;
  });
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
  const done: RetentionRun = { people: 0, leads: 0, users: 0, requests: 0, told: 0, consents: 0, holds: 0, logs: 0, dismissedMail: 0 };
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

  done.told = await tellUnused();
  const users = await transaction(async (client) => {
    // Unused for the whole time, and told at least UNUSED_NOTICE_DAYS ago since the last sign-in.
    const { rows } = await client.query<{ id: string }>(
      `select u.id::text from users u
        where ${UNUSED} and u.unused_notice_at > coalesce(u.last_signed_in_at, u.created_at) and u.unused_notice_at < now() - make_interval(days => $2)
          and coalesce(u.last_signed_in_at, u.created_at) < now() - make_interval(years => $1)
        limit $3`,
      [UNUSED_ACCOUNT_YEARS, UNUSED_NOTICE_DAYS, PER_RUN],
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
    const count = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rowCount ?? 0;
    done.consents = await count('delete from consents where withdrawn_at < now() - make_interval(years => $1)', [CONSENT_YEARS]);
    done.holds = await count(`delete from held_submissions where released_at is not null and expires_at < now()`, []);
    done.logs =
      (await count('delete from deletion_log where at < now() - make_interval(days => $1)', [LOG_DAYS])) +
      (await count('delete from erasures where request_id is null and at < now() - make_interval(days => $1)', [LOG_DAYS]));
    done.dismissedMail = await count('delete from mail_outbox where dismissed_at < now() - make_interval(days => $1)', [DISMISSED_MAIL_DAYS]);
    if (done.people + done.users + requests + done.consents + done.holds > 0) {
      await client.query(`insert into deletion_log (reason, detail) values ('retention', $1)`, [
        JSON.stringify({
          why: 'the retention schedule',
          people: done.people,
          leads: done.leads,
          users: done.users,
          requests,
          consents: done.consents,
          holds: done.holds,
        }),
      ]);
    }
    return requests;
  });
  return done;
}
