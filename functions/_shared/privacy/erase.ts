/**
 * The erasure engine (DPDP Act s.12(3), s.8(7); decision 053): erases a person's records across
 * the database, the documents' storage and the outbox, in the caller's transaction, and logs how
 * many rows of each table went (table erasures; never a value).
 *
 * What the law keeps is kept as issued: fee receipts and refund vouchers with their snapshots
 * (name and mobile number as printed: Income-tax Act s.44AA/Rule 6F, CGST Act s.36, 8 years after
 * the financial year), the dues those receipts paid (the ledger behind them, no longer named),
 * issued certificates (their public verification), consent records (proof, with a guardian's name
 * and contact where a guardian gave them; ended now if still standing), and the audit and
 * deletion logs — whose lines lose the person's name, e-mail and number. Everything else goes:
 * - enquiries and applications stay as rows named "Erased" (so the institute's counts hold),
 *   without contacts, messages, attribution, answers, ID numbers or timeline;
 * - documents are deleted from storage, their rows with them (deletion_log reason 'erasure');
 * - mail to or about the person waiting or sent in the outbox is deleted; staff's digests naming
 *   them lose the name;
 * - a student record is deleted with its classes, attendance and practice tests, or — when a
 *   receipt, refund or paid due holds it (the database refuses to delete those) — kept named
 *   "Erased" without contacts;
 * - the website account is deleted with its sessions, one-time codes and security events.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { documentStorage } from '../storage/document-storage';
import { objectKeys } from '../storage/storage';
import type { Subject } from './subject';

/** What an erased name becomes: one neutral word, the same in every language (staff read it in English). */
export const ERASED = 'Erased';

/** What the law keeps through an erasure, for the answer to say why. */
export type KeptKind = 'receipts' | 'refunds' | 'certificates' | 'consents' | 'guardian-consents' | 'logs' | 'request';
export interface Kept {
  what: KeptKind;
  count: number;
}

/** What an erasure did: rows per table, objects deleted from storage, and what was kept. */
export interface Erasure {
  counts: Record<string, number>;
  objects: number;
  kept: Kept[];
}

/** Why it ran, and who asked (for the erasures log). */
export interface ErasureCause {
  reason: 'request' | 'retention';
  requestId?: string | null;
  staffId?: string | null;
}

const likeAny = (needles: string[]) => needles.map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The strings that name the person: full names, e-mail addresses, mobile numbers. */
export function needlesOf(subject: Subject): string[] {
  return [...new Set([...subject.names, ...subject.emails, ...subject.phones].map((n) => n.trim()).filter((n) => n.length >= 3 && n !== ERASED))];
}

/** `value` with every needle replaced by ERASED, through objects and arrays. */
export function redact(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, ERASED);
  if (Array.isArray(value)) return value.map((v) => redact(v, pattern));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, pattern)]));
  return value;
}

/**
 * The consent records of a subject (SQL condition; parameters $1 leads, $2 users, $3 students, $4
 * people): those linked to their records, and a guardian's consent their records name (a student
 * admitted from a minor's enquiry names its consent without the consent naming the student).
 */
export const SUBJECT_CONSENTS = `(lead_id = any($1::bigint[]) or user_id = any($2::uuid[]) or student_id = any($3::bigint[]) or person_id = any($4::bigint[])
    or id in (select guardian_consent_id from leads where id = any($1::bigint[])
              union select guardian_consent_id from users where id = any($2::uuid[])
              union select guardian_consent_id from students where id = any($3::bigint[])))`;

/** The parameters of SUBJECT_CONSENTS. */
export const subjectConsentParams = (subject: Subject) => [subject.leadIds, subject.userIds, subject.studentIds, subject.personIds];

/**
 * The consent records of the subject, kept as proof (DPDP Act s.6(10)) and ended by the erasure:
 * one still standing is marked withdrawn ('erasure') now, so the retention schedule deletes it
 * CONSENT_YEARS from today. Counted apart: the person's own, and those their parent or guardian
 * gave, which keep the guardian's name and contact (the guardian's data, kept as the proof).
 */
export async function consentsKept(client: PoolClient, subject: Subject): Promise<{ self: number; guardian: number }> {
  const { rows } = await client.query<{ given_by: 'self' | 'guardian'; n: number }>(
    `with ended as (
       update consents set withdrawn_at = coalesce(withdrawn_at, now()), withdrawn_how = coalesce(withdrawn_how, 'erasure')
        where ${SUBJECT_CONSENTS} returning given_by
     )
     select given_by, count(*)::int as n from ended group by given_by`,
    subjectConsentParams(subject),
  );
  return { self: rows.find((r) => r.given_by === 'self')?.n ?? 0, guardian: rows.find((r) => r.given_by === 'guardian')?.n ?? 0 };
}

/**
 * Deletes the guardian holds that became the subject's records (their sealed copy of what a child
 * sent, and the guardian's code mail with them).
 */
export async function holdsErased(client: PoolClient, subject: Subject): Promise<number> {
  const { rowCount } = await client.query(
    `delete from held_submissions where lead_id = any($1::bigint[]) or user_id = any($2::uuid[])
        or consent_id in (select id from consents where ${SUBJECT_CONSENTS})`,
    subjectConsentParams(subject),
  );
  return rowCount ?? 0;
}

/** Erases `subject` in `client`'s transaction; logs it in `erasures` and deletion_log. */
export async function erase(client: PoolClient, subject: Subject, cause: ErasureCause): Promise<Erasure> {
  const counts: Record<string, number> = {};
  const run = async (name: string, sql: string, params: unknown[]) => {
    const { rowCount } = await client.query(sql, params);
    counts[name] = (counts[name] ?? 0) + (rowCount ?? 0);
  };
  const leads = subject.leadIds;
  const students = subject.studentIds;
  const users = subject.userIds;
  const needles = needlesOf(subject);
  const patterns = likeAny(needles);
  const pattern = needles.length ? new RegExp(needles.map(escapeRegExp).join('|'), 'gi') : null;

  // Consent records: kept and ended, counted while the account and student records still name them.
  const consents = await consentsKept(client, subject);

  // Documents: every upload of the person's applications (attached or of their drafts), from storage first.
  const { rows: uploads } = await client.query<{ id: string; key: string; posted_key: string | null; lead_id: string | null; reference: string | null }>(
    `select u.id::text, u.key, u.posted_key, a.lead_id::text, l.reference
       from uploads u join applications a on a.draft = u.draft or a.lead_id = u.lead_id join leads l on l.id = a.lead_id
      where a.lead_id = any($1::bigint[])
      for update of u`,
    [leads],
  );
  const keys = objectKeys(uploads);
  if (keys.length) await documentStorage().delete(keys);
  await run('uploads', 'delete from uploads where id = any($1::uuid[])', [[...new Set(uploads.map((u) => u.id))]]);
  const byLead = new Map<string, { reference: string | null; documents: number }>();
  for (const u of uploads) {
    if (!u.lead_id) continue;
    const entry = byLead.get(u.lead_id) ?? { reference: u.reference, documents: 0 };
    entry.documents += 1;
    byLead.set(u.lead_id, entry);
  }
  for (const [lead, { reference, documents }] of byLead) {
    await client.query(`insert into deletion_log (reason, lead_id, reference, detail) values ('erasure', $1, $2, $3)`, [
      lead,
      reference,
      JSON.stringify({ why: cause.reason === 'request' ? 'a request to erase' : 'the retention schedule', documents, idNumbers: true }),
    ]);
  }

  // Applications: answers, ID numbers and their masks, the government portal's reference, fix notes.
  await run(
    'applications',
    `update applications set fields = '{}', id_numbers = null, id_key = null, id_masks = '{}', portal_reference = null, fix_slots = null,
            fix_note = null, fix_token_hash = null, fix_expires_at = null, closed_at = coalesce(closed_at, now()), purged_at = now()
      where lead_id = any($1::bigint[])`,
    [leads],
  );
  // Mail about the leads (the institute's summary, the applicant's confirmations), sent or not.
  await run('mail_outbox', 'delete from mail_outbox where lead_id = any($1::bigint[])', [leads]);
  await run('lead_events', 'delete from lead_events where lead_id = any($1::bigint[])', [leads]);
  counts['held_submissions'] = await holdsErased(client, subject);
  await run(
    'leads',
    `update leads set name = $2, name_latin = lower($2), email = null, email_norm = null, phone = '', phone_norm = '', subject = null, message = null,
            lost_note = null, notify_error = null, utm_source = null, utm_medium = null, utm_campaign = null, utm_term = null, utm_content = null,
            referrer = null, landing_page = null, request_hash = null, follow_up_on = null, visit_on = null,
            status = case when status in ('new', 'contacted', 'interested') then 'lost'
                          when status in ('submitted', 'documents-to-fix', 'verified', 'forwarded') then 'rejected' else status end,
            lost_reason = case when status in ('new', 'contacted', 'interested') then 'other' else lost_reason end,
            erased_at = now(), updated_at = now(), version = version + 1
      where id = any($1::bigint[])`,
    [leads, ERASED],
  );

  // Students: classes, attendance, practice tests and reported payments go; dues no receipt paid go.
  await run('practice_attempts', 'delete from practice_attempts where student_id = any($1::bigint[])', [students]);
  await run('attendance', 'delete from attendance where student_id = any($1::bigint[])', [students]);
  await run('batch_students', 'delete from batch_students where student_id = any($1::bigint[])', [students]);
  await run('fee_upi_claims', 'delete from fee_upi_claims where student_id = any($1::bigint[])', [students]);
  await run(
    'fee_dues',
    'delete from fee_dues d where d.student_id = any($1::bigint[]) and not exists (select 1 from fee_allocations a where a.due_id = d.id)',
    [students],
  );
  const { rows: held } = await client.query<{ id: string; receipts: number; refunds: number; dues: number; certificates: number }>(
    `select s.id::text,
            (select count(*)::int from fee_receipts r where r.student_id = s.id) as receipts,
            (select count(*)::int from fee_refunds f where f.student_id = s.id) as refunds,
            (select count(*)::int from fee_dues d where d.student_id = s.id) as dues,
            (select count(*)::int from certificates c where c.student_id = s.id) as certificates
       from students s where s.id = any($1::bigint[])`,
    [students],
  );
  const kept = held.filter((s) => s.receipts + s.refunds + s.dues > 0).map((s) => s.id);
  await run('students', 'delete from students where id = any($1::bigint[]) and not (id = any($2::bigint[]))', [students, kept]);
  await run(
    'students-anonymised',
    `update students set name = $2, name_latin = lower($2), email = null, phone = null, guardian_name = null, guardian_phone = null, user_id = null,
            erased_at = now(), updated_at = now(), version = version + 1
      where id = any($1::bigint[])`,
    [kept, ERASED],
  );

  // The website account: one-time codes, security events, the account and its sessions.
  await run('otp_challenges', 'delete from otp_challenges where lower(email) = any($1::text[])', [subject.emails]);
  await run('security_events', `delete from security_events where user_id = any($1::uuid[]) or detail::text ilike any($2::text[])`, [users, patterns]);
  await run('user_sessions', 'delete from user_sessions where user_id = any($1::uuid[])', [users]);
  await run('users', 'delete from users where id = any($1::uuid[])', [users]);

  // Mail to the person's addresses (any kind), then the person named in staff's digests and alerts.
  await run('mail_outbox', 'delete from mail_outbox where lower(recipient) = any($1::text[]) and kind <> $2', [subject.emails, 'staff']);
  if (pattern) {
    const { rows: mails } = await client.query<{ id: string; subject: string | null; body: string | null }>(
      `select id::text, subject, body from mail_outbox where subject ilike any($1::text[]) or body ilike any($1::text[]) for update`,
      [patterns],
    );
    for (const mail of mails) {
      await client.query('update mail_outbox set subject = $2, body = $3 where id = $1', [mail.id, redact(mail.subject, pattern), redact(mail.body, pattern)]);
    }
    counts['mail_outbox-redacted'] = mails.length;
    // Audit lines stay (access logs: Rules 2025 r.6); the person's name, e-mail and number leave them.
    const { rows: lines } = await client.query<{ id: string; detail: unknown }>(
      `select id::text, detail from audit_log where detail::text ilike any($1::text[]) for update`,
      [patterns],
    );
    for (const l of lines) await client.query('update audit_log set detail = $2 where id = $1', [l.id, JSON.stringify(redact(l.detail, pattern))]);
    counts['audit_log-redacted'] = lines.length;
  }

  const receipts = held.reduce((n, s) => n + s.receipts, 0);
  const refunds = held.reduce((n, s) => n + s.refunds, 0);
  const certificates = held.reduce((n, s) => n + s.certificates, 0);
  const keptList: Kept[] = [
    ...(receipts ? [{ what: 'receipts' as const, count: receipts }] : []),
    ...(refunds ? [{ what: 'refunds' as const, count: refunds }] : []),
    ...(certificates ? [{ what: 'certificates' as const, count: certificates }] : []),
    ...(consents.self ? [{ what: 'consents' as const, count: consents.self }] : []),
    ...(consents.guardian ? [{ what: 'guardian-consents' as const, count: consents.guardian }] : []),
    { what: 'logs', count: 0 },
    ...(cause.reason === 'request' ? [{ what: 'request' as const, count: 1 }] : []),
  ];
  const objects = keys.length;
  await client.query('insert into erasures (reason, request_id, staff_id, counts) values ($1, $2, $3, $4)', [
    cause.reason,
    cause.requestId ?? null,
    cause.staffId ?? null,
    JSON.stringify({ ...counts, objects, kept: Object.fromEntries(keptList.map((k) => [k.what, k.count])) }),
  ]);
  return { counts, objects, kept: keptList };
}
