/**
 * The WhatsApp notices the office sends a student about their fees (content/whatsapp.json
 * `notices`): a payment received, a UPI payment confirmed or not, a receipt cancelled. Written
 * here, where the student's name, mobile and language are known, in English and Hindi with the
 * student's figures: the amount in rupees, the day in words, how it was paid, the receipt's number.
 * Actions answer it as `notice` for the admin's WhatsAppNotice; the other notices (a refund, a
 * certificate issued) add their key to whatsapp.json and call studentNotice the same way.
 */
import site from '../../../content/site.json';
import whatsapp from '../../../content/whatsapp.json';
import { formatRupees } from '../../../src/lib/money';
import { PAYMENT_MODE_PHRASES, type PaymentMode } from '../../../src/lib/fee-words';
import type { PersonLanguage } from '../../../src/lib/person-language';
import type { StudentNotice } from '../../../src/lib/schemas/student-notice';
import { fillNotice, whatsAppLink, type NoticeTemplate } from '../../../src/lib/whatsapp';
import type { Queryable } from '../platform/db';
import type { Messaging } from '../../../src/lib/schemas/messaging';
import { messagingColumns, messagingOf, type MessagingRecord } from '../consent/messaging';

/** The keys of content/whatsapp.json `notices` the fees send. */
export type FeeNoticeKey = 'receipt' | 'claim-confirmed' | 'claim-rejected' | 'receipt-cancelled';

/** The figures a notice names; each template uses those it needs. */
export interface NoticeFacts {
  amountPaise?: number;
  /** A day (YYYY-MM-DD, India's), said in words. */
  day?: string;
  mode?: PaymentMode;
  /** A receipt's number. */
  number?: string;
  utr?: string | null;
  /** Staff's own words (why a payment was not confirmed, a receipt cancelled). */
  reason?: string;
  /** A due's reference. */
  reference?: string;
  course?: string | null;
}

/** The student a notice goes to. */
export interface NoticeStudent {
  name: string;
  phone: string | null;
  language: PersonLanguage;
  /** Whom staff may message instead (a minor's guardian, or nobody; decision 053). */
  messaging?: Messaging | undefined;
}

/** How it was paid, as the Hindi sentence says it ("हमें … नकद मिल गए हैं"). */
const MODE_PHRASES_HI: Record<PaymentMode, string> = { cash: 'नकद', upi: 'UPI से', bank: 'बैंक ट्रांसफ़र से', cheque: 'चेक से' };

const dayWords = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }),
};

const templates = whatsapp.notices as NoticeTemplate[];

/** The template of `key` (a key missing from whatsapp.json is a mistake in the code, not the data). */
function templateOf(key: string): NoticeTemplate {
  const template = templates.find((t) => t.key === key);
  if (!template) throw new Error(`content/whatsapp.json has no notice "${key}"`);
  return template;
}

/** One notice's text in `language` with the student's figures. */
export function noticeText(key: FeeNoticeKey, language: PersonLanguage, name: string, facts: NoticeFacts): string {
  const template = templateOf(key);
  // "Reason: Wrong UTR." reads once, not "Reason: Wrong UTR..".
  const reason = facts.reason?.trim().replace(/[.।!]+$/u, '');
  return fillNotice(language === 'hi' ? template.hi : template.text, language, {
    name,
    institute: site.name,
    phone: site.phone,
    amount: facts.amountPaise === undefined ? undefined : formatRupees(facts.amountPaise),
    day: facts.day ? dayWords[language].format(new Date(`${facts.day}T00:00:00Z`)) : undefined,
    mode: facts.mode ? (language === 'hi' ? MODE_PHRASES_HI : PAYMENT_MODE_PHRASES)[facts.mode] : undefined,
    number: facts.number,
    utr: facts.utr,
    reason,
    reference: facts.reference,
    course: facts.course,
  });
}

/**
 * The notice for `student` in both languages, their own first, each with its wa.me link: on a
 * minor's guardian's mobile when the guardian agreed to WhatsApp; no link where none may go.
 */
export function noticeFor(key: FeeNoticeKey, student: NoticeStudent, facts: NoticeFacts, emailed: boolean): StudentNotice {
  const { messaging } = student;
  const phone = messaging?.to === 'guardian' ? messaging.phone : student.phone;
  const message = (language: PersonLanguage) => {
    const text = noticeText(key, language, student.name, facts);
    return { text, link: messaging?.to === 'nobody' ? '' : whatsAppLink(phone ?? '', text) };
  };
  const link = message('en').link;
  return {
    student: student.name,
    language: student.language,
    hasMobile: !!link && !link.startsWith('https://wa.me/?'),
    messages: { en: message('en'), hi: message('hi') },
    emailed,
    ...(messaging ? { messaging } : {}),
  };
}

/**
 * The notice for student record `studentId` (its name, mobile and language read here). Every fee
 * notice is e-mailed exactly when the record has an address (receipt-mail.ts, fee-notice-mail.ts),
 * so that is what `emailed` says.
 */
export async function studentNotice(db: Queryable, studentId: string, key: FeeNoticeKey, facts: NoticeFacts): Promise<StudentNotice> {
  const { rows } = await db.query<Omit<NoticeStudent, 'messaging'> & MessagingRecord & { course: string | null; emailed: boolean }>(
    `select s.name, s.phone, s.language, nullif(s.course, '') as course, coalesce(s.email, '') <> '' as emailed,
            ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}
       from students s where s.id = $1`,
    [studentId],
  );
  const student = rows[0];
  if (!student) throw new Error(`student ${studentId} not found`);
  // No mail goes to a student who withdrew their consent to updates (mayMessage).
  return noticeFor(key, { ...student, messaging: messagingOf(student) }, { course: student.course, ...facts }, student.emailed && !student.msg_withdrawn);
}

/**
 * The notice of receipt `receiptId` to its student: `key` 'receipt', 'claim-confirmed' or
 * 'receipt-cancelled', with the receipt's figures as issued (amount, day, mode, number, UTR, the
 * course of the dues it paid) and the cancellation's reason.
 */
export async function receiptNotice(db: Queryable, receiptId: string, key: 'receipt' | 'claim-confirmed' | 'receipt-cancelled'): Promise<StudentNotice> {
  const { rows } = await db.query<{
    studentId: string;
    amountPaise: number;
    day: string;
    mode: PaymentMode;
    number: string;
    utr: string | null;
    reason: string | null;
    course: string | null;
  }>(
    `select r.student_id::text as "studentId", r.amount_paise::int as "amountPaise", r.paid_on::text as day, r.mode, r.number, r.utr,
            r.cancelled_reason as reason,
            (select c.title from fee_allocations a join fee_dues d on d.id = a.due_id join courses c on c.id = d.course_id
              where a.receipt_id = r.id order by a.amount_paise desc limit 1) as course
       from fee_receipts r where r.id = $1`,
    [receiptId],
  );
  const { studentId, course, reason, ...facts } = rows[0]!;
  return studentNotice(db, studentId, key, { ...facts, ...(course ? { course } : {}), ...(reason ? { reason } : {}) });
}
