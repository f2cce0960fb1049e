/**
 * WhatsApp messages from the admin: the templates in content/whatsapp.json filled in for one
 * lead (in English or Hindi, opening in the language the person used on the site), or, after a
 * register is saved, for an absent student and their guardian (in English or Hindi), and the wa.me
 * link that opens WhatsApp with the message ready to send (staff still press Send themselves, from
 * their own phone).
 */

/** The placeholders a template may use; the content schema refuses any other. */
export const PLACEHOLDERS = ['name', 'institute', 'course', 'reference', 'staff'] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** One template of content/whatsapp.json. */
export interface WhatsAppTemplate {
  /** A short stable name, e.g. `first-reply`. */
  key: string;
  /** What staff see in the list, e.g. 'First reply to an enquiry'. */
  label: string;
  /** The message, with `{name}`-style placeholders. */
  text: string;
  /** The same message in Hindi. */
  hi: string;
}

export { LANGUAGE_WORDS, languageOf } from './person-language';

/** The template's words in `language`. */
export const templateIn = (template: WhatsAppTemplate, language: AbsenceLanguage): string => (language === 'hi' ? template.hi : template.text);

/** What a placeholder becomes when the lead has no value for it: still a readable sentence, in the message's language. */
const FALLBACKS: Record<AbsenceLanguage, Record<Placeholder, string>> = {
  en: {
    name: 'ji',
    institute: 'the institute',
    course: 'the course',
    reference: 'your enquiry',
    staff: 'our counsellor',
  },
  hi: { name: 'जी', institute: 'संस्थान', course: 'कोर्स', reference: '-', staff: 'हमारे काउंसलर' },
};

/** Each known placeholder of `text` replaced by its value, or its fallback when the value is missing or blank. */
function fill<P extends string>(text: string, values: Partial<Record<P, string | null | undefined>>, fallbacks: Record<P, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(fallbacks, name)) return whole;
    return values[name as P]?.trim() || fallbacks[name as P];
  });
}

/**
 * The template's text with each known placeholder replaced by its value (trimmed; a missing or
 * blank value by a fallback such as 'the course'). Unknown placeholders stay as written, so a
 * mistake shows instead of silently vanishing; a value is never itself filled in again.
 */
export function fillTemplate(text: string, values: Partial<Record<Placeholder, string | null | undefined>>, language: AbsenceLanguage = 'en'): string {
  return fill(text, values, FALLBACKS[language]);
}

/** The placeholders an absence message may use; the content schema refuses any other. */
export const ABSENCE_PLACEHOLDERS = ['name', 'guardian', 'batch', 'course', 'day', 'institute'] as const;

export type AbsencePlaceholder = (typeof ABSENCE_PLACEHOLDERS)[number];

/** The languages an absence message is written in. */
export const ABSENCE_LANGUAGES = ['en', 'hi'] as const;

export type AbsenceLanguage = (typeof ABSENCE_LANGUAGES)[number];

/** One language's absence messages (content/whatsapp.json `absence`). */
export interface AbsenceTemplate {
  language: AbsenceLanguage;
  /** The language in its own words, e.g. 'हिन्दी'. */
  label: string;
  /** To the student. */
  student: string;
  /** To the student's guardian. */
  guardian: string;
}

/** What a placeholder becomes when there is no value: still a readable sentence, in the message's language. */
const ABSENCE_FALLBACKS: Record<AbsenceLanguage, Record<AbsencePlaceholder, string>> = {
  en: { name: 'your ward', guardian: 'ji', batch: 'the batch', course: 'the course', day: 'today', institute: 'the institute' },
  hi: { name: 'आपके बच्चे', guardian: 'जी', batch: 'बैच', course: 'कोर्स', day: 'आज', institute: 'संस्थान' },
};

/**
 * An absence message filled in (the same rules as fillTemplate): the student's name, their
 * guardian's, the batch, the course, the day in words and the institute.
 */
export function fillAbsence(text: string, language: AbsenceLanguage, values: Partial<Record<AbsencePlaceholder, string | null | undefined>>): string {
  return fill(text, values, ABSENCE_FALLBACKS[language]);
}

/** The placeholders a dues reminder may use; the content schema refuses any other. */
export const DUES_PLACEHOLDERS = ['name', 'amount', 'due', 'label', 'course', 'reference', 'link', 'institute', 'lateFee'] as const;

export type DuesPlaceholder = (typeof DUES_PLACEHOLDERS)[number];

/** One language's dues reminder (content/whatsapp.json `dues`). */
export interface DuesTemplate {
  language: AbsenceLanguage;
  /** The language in its own words, e.g. 'हिन्दी'. */
  label: string;
  /** Before or on the due day: {amount} ('₹2,500'), {due} (the due day in words), {label} ('Instalment 2 of 3'), {link} (the upi://pay link). */
  upcoming: string;
  /** After the due day, no late fee in the amount: it says the day has passed. */
  overdue: string;
  /** After the due day, with the late fee in the amount: {lateFee} ('₹200') names it. */
  overdueWithLateFee: string;
}

const DUES_FALLBACKS: Record<AbsenceLanguage, Record<DuesPlaceholder, string>> = {
  en: {
    name: 'ji',
    amount: 'the fee',
    due: 'the due date',
    label: 'the instalment',
    course: 'the course',
    reference: '-',
    link: '',
    institute: 'the institute',
    lateFee: 'the late fee',
  },
  hi: { name: 'जी', amount: 'फ़ीस', due: 'नियत तारीख़', label: 'किस्त', course: 'कोर्स', reference: '-', link: '', institute: 'संस्थान', lateFee: 'विलंब शुल्क' },
};

/** A dues reminder filled in (the same rules as fillTemplate). */
export function fillDues(text: string, language: AbsenceLanguage, values: Partial<Record<DuesPlaceholder, string | null | undefined>>): string {
  return fill(text, values, DUES_FALLBACKS[language]);
}

/** The placeholders a "certificate issued" message may use; the content schema refuses any other. */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'course', 'batch', 'number', 'link', 'institute'] as const;

export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

const CERTIFICATE_FALLBACKS: Record<AbsenceLanguage, Record<CertificatePlaceholder, string>> = {
  en: { name: 'ji', course: 'the course', batch: 'the batch', number: '-', link: '', institute: 'the institute' },
  hi: { name: 'जी', course: 'कोर्स', batch: 'बैच', number: '-', link: '', institute: 'संस्थान' },
};

/** A "certificate issued" message (content/whatsapp.json `certificate`) filled in (the same rules as fillTemplate). */
export function fillCertificate(text: string, language: AbsenceLanguage, values: Partial<Record<CertificatePlaceholder, string | null | undefined>>): string {
  return fill(text, values, CERTIFICATE_FALLBACKS[language]);
}

/**
 * The wa.me link that opens a chat with an Indian mobile number (any of +91 98290 12345,
 * 09829012345, 9829012345) with `text` typed in. For a number that is not a mobile number, the
 * link lets WhatsApp ask whom to send it to.
 */
export function whatsAppLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  const to = /^[6-9]\d{9}$/.test(digits) ? `91${digits}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

/** The placeholders a notice to a student may use (content/whatsapp.json `notices`); the content schema refuses any other. */
export const NOTICE_PLACEHOLDERS = ['name', 'institute', 'phone', 'amount', 'day', 'mode', 'number', 'utr', 'reason', 'reference', 'label', 'course'] as const;

export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];

/** One notice the office sends a student (content/whatsapp.json `notices`): a receipt, a UPI payment confirmed, … */
export interface NoticeTemplate {
  /** What it tells, e.g. `receipt`, `claim-rejected`; the server picks it by this key. */
  key: string;
  /** What staff see, e.g. 'Payment received (receipt)'. */
  label: string;
  /** The message in English. */
  text: string;
  /** The same in Hindi. */
  hi: string;
}

const NOTICE_FALLBACKS: Record<AbsenceLanguage, Record<NoticePlaceholder, string>> = {
  en: {
    name: 'ji',
    institute: 'the institute',
    phone: 'the office number',
    amount: 'the amount',
    day: 'today',
    mode: '',
    number: '-',
    utr: '-',
    reason: '-',
    reference: '-',
    label: 'the instalment',
    course: 'course',
  },
  hi: {
    name: 'जी',
    institute: 'संस्थान',
    phone: 'ऑफ़िस के नंबर',
    amount: 'राशि',
    day: 'आज',
    mode: '',
    number: '-',
    utr: '-',
    reason: '-',
    reference: '-',
    label: 'किस्त',
    course: 'कोर्स',
  },
};

/** A notice filled in (the same rules as fillTemplate), its spaces tidied where a value was empty. */
export function fillNotice(text: string, language: AbsenceLanguage, values: Partial<Record<NoticePlaceholder, string | null | undefined>>): string {
  return fill(text, values, NOTICE_FALLBACKS[language]).replace(/ {2,}/g, ' ');
}
