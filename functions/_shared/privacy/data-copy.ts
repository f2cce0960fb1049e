/**
 * A copy of everything stored about a person (DPDP Act s.11; DataCopySchema): read from the
 * records of a Subject (subject.ts) and nothing else, in words of the language it runs in (the
 * caller's `inLocale`), India's days and times, rupees, ID numbers as masks only.
 *
 * Staff's notes about the person are part of the copy: they are data about the person, and the
 * Act gives a right to a summary of the personal data processed, whoever wrote it (decision 053).
 * Staff appear by name only where they wrote a note; a member of staff's other doings (who was
 * assigned, who took the attendance) are the institute's, not the person's.
 */
import {
  rights_cancelled,
  rights_certificate_revoked,
  rights_certificate_valid,
  rights_claim_confirmed,
  rights_claim_pending,
  rights_claim_rejected,
  rights_copy_about,
  rights_doc_deleted,
  rights_doc_kept,
  rights_doc_replaced,
  rights_due_open,
  rights_due_paid,
  rights_due_waived,
  rights_event_admitted,
  rights_event_assigned,
  rights_event_contact,
  rights_event_follow_up,
  rights_event_language,
  rights_event_merged,
  rights_event_note,
  rights_event_notification,
  rights_event_status,
  rights_event_unmerged,
  rights_given_guardian,
  rights_given_self,
  rights_issued,
  rights_kind_application,
  rights_kind_enquiry,
  rights_label_came_from,
  rights_label_course,
  rights_label_email,
  rights_label_guardian_name,
  rights_label_guardian_phone,
  rights_label_language,
  rights_label_message,
  rights_label_name,
  rights_label_phone,
  rights_label_registered,
  rights_label_subject,
  rights_label_visit,
  rights_language_en,
  rights_language_hi,
  rights_mark_absent,
  rights_mark_late,
  rights_mark_leave,
  rights_mark_present,
  rights_mode_bank,
  rights_mode_cash,
  rights_mode_cheque,
  rights_mode_upi,
  rights_purpose_marketing,
  rights_purpose_service,
  rights_purpose_updates,
  rights_refund_approved,
  rights_refund_declined,
  rights_refund_paid,
  rights_refund_requested,
  rights_roster_active,
  rights_roster_completed,
  rights_roster_left,
  rights_status_admitted,
  rights_status_contacted,
  rights_status_interested,
  rights_status_lost,
  rights_status_new,
  rights_test_failed,
  rights_test_passed,
  rights_test_unsubmitted,
} from '../../../src/i18n/messages';
import { FORMS } from '../../../src/lib/schemas/application-forms';
import { applicationFormLabel, applicationStatusLabel } from '../../../src/lib/schemas/application-status-words';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../src/lib/schemas/application-status';
import type { DataCopy } from '../../../src/lib/schemas/data-rights';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import { formatRupees } from '../../../src/lib/money';
import type { PersonLanguage } from '../../../src/lib/person-language';
import { inLocale } from '../../../src/i18n/server-locale';
import type { Queryable } from '../platform/db';
import { shownMask } from '../applications/application-detail';
import { rightsRequestsOf } from './requests';
import { SUBJECT_CONSENTS, subjectConsentParams } from './erase';
import type { Subject } from './subject';

/** India's time of `value` as 'YYYY-MM-DD HH:MM'. */
export const indiaMoment = (value: Date | string) => new Date(new Date(value).getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
/** India's day of `value`, YYYY-MM-DD. */
const indiaDate = (value: Date | string) => indiaMoment(value).slice(0, 10);
const rupees = (paise: string | number) => formatRupees(Number(paise));
const line = (label: string, value: unknown) => (value === null || value === undefined || value === '' ? [] : [{ label, value: String(value) }]);

type Words = () => string;
const LEAD_STATUS: Record<string, Words> = {
  new: rights_status_new,
  contacted: rights_status_contacted,
  interested: rights_status_interested,
  admitted: rights_status_admitted,
  lost: rights_status_lost,
};
const statusWords = (status: string) =>
  (APPLICATION_STATUSES as readonly string[]).includes(status) ? applicationStatusLabel(status as ApplicationStatus) : (LEAD_STATUS[status]?.() ?? status);
const ROSTER: Record<string, Words> = { active: rights_roster_active, completed: rights_roster_completed, left: rights_roster_left };
const MARKS: Record<string, Words> = { present: rights_mark_present, absent: rights_mark_absent, late: rights_mark_late, leave: rights_mark_leave };
const MODES: Record<string, Words> = { cash: rights_mode_cash, upi: rights_mode_upi, bank: rights_mode_bank, cheque: rights_mode_cheque };
const REFUNDS: Record<string, Words> = {
  requested: rights_refund_requested,
  approved: rights_refund_approved,
  paid: rights_refund_paid,
  declined: rights_refund_declined,
};
const CLAIMS: Record<string, Words> = { pending: rights_claim_pending, confirmed: rights_claim_confirmed, rejected: rights_claim_rejected };
const PURPOSES: Record<string, Words> = { service: rights_purpose_service, updates: rights_purpose_updates, marketing: rights_purpose_marketing };
const languageWords = (language: PersonLanguage) => (language === 'hi' ? rights_language_hi() : rights_language_en());
const words = (table: Record<string, Words>, key: string) => table[key]?.() ?? key;

/** A timeline line in words: what happened to the enquiry, and staff's notes about the person. */
function eventWords(kind: string, detail: Record<string, unknown>, staff: string | null): string | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (kind) {
    case 'note':
      return rights_event_note({ staff: staff ?? '—', text: text(detail['text']) });
    case 'contact': {
      const note = text(detail['note']);
      return note ? `${rights_event_contact()}: ${note}` : rights_event_contact();
    }
    case 'status':
      return rights_event_status({ status: statusWords(text(detail['to'])) });
    case 'assigned':
      return rights_event_assigned();
    case 'follow-up':
      return rights_event_follow_up();
    case 'merged':
      return rights_event_merged();
    case 'unmerged':
      return rights_event_unmerged();
    case 'admitted':
      return rights_event_admitted();
    case 'notification':
      return rights_event_notification();
    case 'language':
      return rights_event_language();
    default:
      return null;
  }
}

/** The consents given by or for the subject (their own, and a parent's or guardian's for them), in words. */
export async function consentsOf(db: Queryable, subject: Subject): Promise<DataCopy['consents']> {
  const { rows } = await db.query<{
    purpose: string;
    given_by: string;
    guardian_name: string | null;
    given_at: string;
    withdrawn_at: string | null;
    notice_version: string;
  }>(
    `select purpose, given_by, guardian_name, given_at, withdrawn_at, notice_version from consents where ${SUBJECT_CONSENTS} order by given_at, id`,
    subjectConsentParams(subject),
  );
  return rows.map((c) => ({
    purpose: words(PURPOSES, c.purpose),
    givenBy: c.given_by === 'guardian' ? rights_given_guardian({ name: c.guardian_name ?? '' }) : rights_given_self(),
    at: indiaMoment(c.given_at),
    withdrawnAt: c.withdrawn_at ? indiaMoment(c.withdrawn_at) : null,
    noticeVersion: c.notice_version,
  }));
}

/** The copy of everything stored about `subject`, in `language`, at `now`. */
export const dataCopyOf = (db: Queryable, subject: Subject, language: PersonLanguage, now = new Date()): Promise<DataCopy> =>
  inLocale(language, () => copyOf(db, subject, language, now));

async function copyOf(db: Queryable, subject: Subject, language: PersonLanguage, now: Date): Promise<DataCopy> {
  const { userIds, studentIds, leadIds } = subject;

  const { rows: users } = await db.query<{ name: string; email: string; created_at: string; language: PersonLanguage }>(
    'select name, email, created_at, language from users where id = any($1::uuid[]) order by created_at limit 1',
    [userIds],
  );
  const user = users[0];

  const { rows: leads } = await db.query<{
    id: string;
    reference: string;
    kind: string;
    form: string;
    status: string;
    name: string;
    email: string | null;
    phone: string;
    course: string | null;
    subject: string | null;
    message: string | null;
    visit_on: string | null;
    channel: string;
    referrer: string | null;
    utm_source: string | null;
    created_at: string;
  }>(
    `select id::text, reference, kind, form, status, name, email, phone, course, subject, message, visit_on::text, channel, referrer, utm_source, created_at
       from leads where id = any($1::bigint[]) and erased_at is null order by created_at, id`,
    [leadIds],
  );
  const { rows: events } = await db.query<{ lead_id: string; at: string; kind: string; detail: Record<string, unknown>; staff: string | null }>(
    `select e.lead_id::text, e.at, e.kind, e.detail, s.name as staff from lead_events e left join staff s on s.id = e.staff_id
      where e.lead_id = any($1::bigint[]) order by e.at, e.id`,
    [leadIds],
  );
  const enquiries: DataCopy['enquiries'] = leads.map((l) => ({
    reference: l.reference,
    kind: l.kind === 'application' || l.kind === 'contact' ? rights_kind_enquiry() : rights_kind_application(),
    receivedAt: indiaMoment(l.created_at),
    status: statusWords(l.status),
    details: [
      ...line(rights_label_name(), l.name),
      ...line(rights_label_phone(), l.phone),
      ...line(rights_label_email(), l.email),
      ...line(rights_label_course(), l.course),
      ...line(rights_label_subject(), l.subject),
      ...line(rights_label_message(), l.message),
      ...line(rights_label_visit(), l.visit_on),
      ...line(rights_label_came_from(), [l.channel, l.utm_source, l.referrer].filter(Boolean).join(', ')),
    ],
    timeline: events
      .filter((e) => e.lead_id === l.id)
      .flatMap((e) => {
        const what = eventWords(e.kind, e.detail ?? {}, e.staff);
        return what ? [{ at: indiaMoment(e.at), what }] : [];
      }),
  }));

  const { rows: apps } = await db.query<{
    lead_id: string;
    reference: string;
    form: ApplicationForm;
    fields: Record<string, unknown>;
    id_masks: Record<string, unknown>;
  }>(
    `select a.lead_id::text, l.reference, a.form, a.fields, a.id_masks from applications a join leads l on l.id = a.lead_id
      where a.lead_id = any($1::bigint[]) and l.erased_at is null order by l.created_at, l.id`,
    [leadIds],
  );
  const { rows: uploads } = await db.query<{
    lead_id: string;
    slot: string;
    detected_type: string | null;
    size: number | null;
    attached_at: string | null;
    created_at: string;
    deleted_at: string | null;
    replaced_at: string | null;
  }>(
    `select lead_id::text, slot, detected_type, size, attached_at, created_at, deleted_at, replaced_at from uploads
      where lead_id = any($1::bigint[]) order by coalesce(attached_at, created_at)`,
    [leadIds],
  );
  const applications: DataCopy['applications'] = apps.map((a) => {
    const def = FORMS[a.form];
    return {
      reference: a.reference,
      form: applicationFormLabel(a.form),
      answers: def.sections.flatMap((s) =>
        s.fields.flatMap((f) => {
          const raw = f.sealed ? shownMask(a.id_masks?.[f.name]) : a.fields?.[f.name];
          if (typeof raw !== 'string' || raw === '') return [];
          const value = f.options ? (f.optionWords?.[raw]?.() ?? f.options[raw] ?? raw) : raw;
          return [{ label: f.says(), value }];
        }),
      ),
      documents: uploads
        .filter((u) => u.lead_id === a.lead_id)
        .map((u) => ({
          document: ((doc) => doc?.says?.() ?? doc?.label ?? u.slot)(def.documents.find((d) => d.slot === u.slot)),
          type: u.detected_type ?? '—',
          size: u.size === null ? '—' : `${Math.max(1, Math.round(u.size / 1024))} KB`,
          receivedAt: indiaMoment(u.attached_at ?? u.created_at),
          state: u.deleted_at ? `${rights_doc_deleted()} ${indiaDate(u.deleted_at)}` : u.replaced_at ? rights_doc_replaced() : rights_doc_kept(),
        })),
    };
  });

  const { rows: students } = await db.query<{
    name: string;
    email: string | null;
    phone: string | null;
    course: string;
    registration_date: string;
    guardian_name: string | null;
    guardian_phone: string | null;
    language: PersonLanguage;
  }>(
    `select name, email, phone, course, registration_date::text, guardian_name, guardian_phone, language from students
      where id = any($1::bigint[]) and erased_at is null order by id`,
    [studentIds],
  );
  const studentRecords = students.map((s) => ({
    details: [
      ...line(rights_label_name(), s.name),
      ...line(rights_label_email(), s.email),
      ...line(rights_label_phone(), s.phone),
      ...line(rights_label_course(), s.course),
      ...line(rights_label_registered(), s.registration_date),
      ...line(rights_label_guardian_name(), s.guardian_name),
      ...line(rights_label_guardian_phone(), s.guardian_phone),
      ...line(rights_label_language(), languageWords(s.language)),
    ],
  }));

  const [classes, attendance, dues, receipts, refunds, claims, certificates, attempts] = await Promise.all([
    db.query<{ course: string; batch: string; status: string; joined_on: string }>(
      `select c.title as course, b.name as batch, bs.status, bs.joined_on::text from batch_students bs
         join batches b on b.id = bs.batch_id join courses c on c.id = b.course_id
        where bs.student_id = any($1::bigint[]) order by bs.joined_on, b.id`,
      [studentIds],
    ),
    db.query<{ day: string; batch: string; mark: string; reason: string | null }>(
      `select a.day::text, b.name as batch, a.mark, a.reason from attendance a join batches b on b.id = a.batch_id
        where a.student_id = any($1::bigint[]) order by a.day, b.id`,
      [studentIds],
    ),
    db.query<{ reference: string; label: string; amount: string; discount: string; paid: string; due_on: string; waived: boolean }>(
      `select reference, label, amount_paise::text as amount, discount_paise::text as discount, paid_paise::text as paid, due_on::text, waived_at is not null as waived
         from fee_dues where student_id = any($1::bigint[]) order by due_on, id`,
      [studentIds],
    ),
    db.query<{ number: string; paid_on: string; amount: string; mode: string; cancelled: boolean }>(
      `select number, paid_on::text, amount_paise::text as amount, mode, cancelled_at is not null as cancelled
         from fee_receipts where student_id = any($1::bigint[]) order by paid_on, id`,
      [studentIds],
    ),
    db.query<{ number: string | null; amount: string; status: string; at: string }>(
      `select number, amount_paise::text as amount, status, coalesce(paid_on::timestamptz, decided_at, requested_at) as at
         from fee_refunds where student_id = any($1::bigint[]) order by requested_at, id`,
      [studentIds],
    ),
    db.query<{ utr: string; amount: string; paid_on: string; status: string; reason: string | null }>(
      `select utr, amount_paise::text as amount, paid_on::text, status, reason from fee_upi_claims where student_id = any($1::bigint[]) order by created_at, id`,
      [studentIds],
    ),
    db.query<{ number: string; course: string; issued_on: string; grade: string | null; revoked: boolean }>(
      `select number, course, issued_on::text, grade, revoked_at is not null as revoked from certificates where student_id = any($1::bigint[]) order by issued_on, id`,
      [studentIds],
    ),
    db.query<{ test: string; started_at: string; submitted_at: string | null; score: number | null; max_score: number | null; passed: boolean | null }>(
      `select case when $2 = 'hi' then t.title_hi else t.title_en end as test, a.started_at, a.submitted_at, a.score, a.max_score, a.passed
         from practice_attempts a join practice_tests t on t.id = a.test_id where a.student_id = any($1::bigint[]) order by a.started_at, a.id`,
      [studentIds, language],
    ),
  ]);

  return {
    about: rights_copy_about({ at: indiaMoment(now) }),
    madeAt: indiaMoment(now),
    language,
    account: user ? { name: user.name, email: user.email, createdAt: indiaMoment(user.created_at), language: languageWords(user.language) } : null,
    enquiries,
    applications,
    studentRecords,
    classes: classes.rows.map((c) => ({ course: c.course, batch: c.batch, status: words(ROSTER, c.status), joinedOn: c.joined_on })),
    attendance: attendance.rows.map((a) => ({ day: a.day, batch: a.batch, mark: words(MARKS, a.mark), reason: a.reason })),
    fees: {
      dues: dues.rows.map((d) => {
        const owed = Number(d.amount) - Number(d.discount);
        return {
          reference: d.reference,
          what: d.label,
          amount: rupees(owed),
          paid: rupees(d.paid),
          dueOn: d.due_on,
          state: d.waived ? rights_due_waived() : Number(d.paid) >= owed ? rights_due_paid() : rights_due_open(),
        };
      }),
      receipts: receipts.rows.map((r) => ({
        number: r.number,
        paidOn: r.paid_on,
        amount: rupees(r.amount),
        mode: words(MODES, r.mode),
        state: r.cancelled ? rights_cancelled() : rights_issued(),
      })),
      refunds: refunds.rows.map((r) => ({ number: r.number, amount: rupees(r.amount), status: words(REFUNDS, r.status), at: indiaDate(r.at) })),
      upiReports: claims.rows.map((c) => ({ utr: c.utr, amount: rupees(c.amount), paidOn: c.paid_on, status: words(CLAIMS, c.status), reason: c.reason })),
    },
    certificates: certificates.rows.map((c) => ({
      number: c.number,
      course: c.course,
      issuedOn: c.issued_on,
      grade: c.grade,
      state: c.revoked ? rights_certificate_revoked() : rights_certificate_valid(),
    })),
    practiceTests: attempts.rows.map((a) => ({
      test: a.test,
      startedAt: indiaMoment(a.started_at),
      submittedAt: a.submitted_at ? indiaMoment(a.submitted_at) : null,
      score: a.score === null ? null : `${a.score} / ${a.max_score ?? '—'}`,
      result: a.submitted_at === null ? rights_test_unsubmitted() : a.passed ? rights_test_passed() : rights_test_failed(),
    })),
    consents: await consentsOf(db, subject),
    requests: await rightsRequestsOf(db, { userIds, studentIds, personIds: subject.personIds }),
  };
}
