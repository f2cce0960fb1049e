/**
 * A due's WhatsApp reminder in English or Hindi (content/whatsapp.json `dues`): the amount left
 * to pay, the due day in words, the instalment, the course, the due's reference and the UPI link
 * that pays exactly that (upiLink, with the reference as `tr`), and the wa.me link that opens it.
 * Before or on the due day it "is due on" that day; once the day has passed it "was due" and is
 * overdue, and when the amount includes the late fee the message names it.
 */
import site from '../../../content/site.json';
import whatsapp from '../../../content/whatsapp.json';
import { formatRupees } from '../../../src/lib/money';
import { upiLink } from '../../../src/lib/upi';
import { fillDues, whatsAppLink, type AbsenceLanguage } from '../../../src/lib/whatsapp';
import { UPI_PAYEE } from './collect';

/** What a reminder names. */
export interface ReminderFacts {
  student: string;
  /** The student's phone (none: WhatsApp asks whom to send it to). */
  phone: string | null;
  course: string | null;
  label: string;
  reference: string;
  dueOn: string;
  balancePaise: number;
  /** The late fee included in the balance on the day (0 before it applies). */
  lateFeePaise: number;
}

const dayWords = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }),
};

/** A due's label in Hindi where it is one the plans make ('Instalment 2 of 3' → 'किस्त 2 (3 में से)'). */
export function labelInHindi(label: string): string {
  const instalment = /^Instalment (\d+) of (\d+)$/.exec(label);
  if (instalment) return `किस्त ${instalment[1]} (${instalment[2]} में से)`;
  return label === 'Course fee' ? 'कोर्स फ़ीस' : label;
}

/** The reminder's text on India's day `today`, and its wa.me link. */
export function reminderMessage(due: ReminderFacts, language: AbsenceLanguage, today: string): { text: string; link: string } {
  const templates = whatsapp.dues.find((t) => t.language === language)!;
  // What is left may be less than the late fee (the rest was paid): it includes at most all of it.
  const lateFee = Math.min(due.lateFeePaise, due.balancePaise);
  const template = due.dueOn >= today ? templates.upcoming : lateFee > 0 ? templates.overdueWithLateFee : templates.overdue;
  const upi = upiLink({ ...UPI_PAYEE, paise: due.balancePaise, note: `Fees ${due.reference} ${due.label}`, reference: due.reference });
  const text = fillDues(template, language, {
    name: due.student,
    amount: formatRupees(due.balancePaise),
    due: dayWords[language].format(new Date(`${due.dueOn}T00:00:00Z`)),
    label: language === 'hi' ? labelInHindi(due.label) : due.label,
    course: due.course,
    reference: due.reference,
    link: upi,
    institute: site.name,
    lateFee: formatRupees(lateFee),
  });
  return { text, link: whatsAppLink(due.phone ?? '', text) };
}
