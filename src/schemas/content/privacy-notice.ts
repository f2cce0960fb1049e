import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { href, text, words } from './fields';
import { englishWordIn } from './sample-bank-schema';
import { RIGHTS_ANSWER_DAYS } from '../../lib/schemas/data-rights';

/** The forms that take a person's own data, each with its notice (the `form` of a held submission). */
export const NOTICE_FORM_KEYS = ['apply', 'contact', 'emitra', 'csc', 'iibf', 'nielit', 'register', 'data-request'] as const;

/** The application forms: their notices say how long documents and ID numbers are kept ({days}). */
const APPLICATION_FORMS = new Set(['emitra', 'csc', 'iibf', 'nielit']);

/** The `{name}`s of a text. */
const placeholdersOf = (value: string) => [...value.matchAll(/\{(\w*)\}/g)].map((m) => m[1]!);

/**
 * Words in both languages that may use only the placeholders `allowed` and must use each of
 * `needed` in both; the Hindi writes English words in Devanagari (names and abbreviations stay).
 * With `clause`, the text ends without a full stop: the notice adds its language's own.
 */
const noticeWords = ({ max = 600, allowed = [], needed = [], clause = false }: { max?: number; allowed?: string[]; needed?: string[]; clause?: boolean } = {}) =>
  words(text().max(max, `keep it under ${max} characters`)).superRefine((value, ctx) => {
    for (const locale of ['en', 'hi'] as const) {
      const used = placeholdersOf(value[locale]);
      const unknown = used.filter((name) => !allowed.includes(name) && !needed.includes(name));
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [locale],
          message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}${allowed.length + needed.length ? `: use only ${[...needed, ...allowed].map((n) => `{${n}}`).join(', ')}` : ''}`,
        });
      for (const name of needed) if (!used.includes(name)) ctx.addIssue({ code: 'custom', path: [locale], message: `must contain {${name}}, which the notice fills in` });
      if (clause && /[.!?।]$/.test(value[locale])) ctx.addIssue({ code: 'custom', path: [locale], message: 'leave out the full stop at the end: the notice adds it' });
    }
    const english = englishWordIn(value.hi.replace(/\{\w*\}/g, ''));
    if (english)
      ctx.addIssue({ code: 'custom', path: ['hi'], message: `"${english}" is an English word in Latin letters: write it in Devanagari (ई-मेल, फ़ॉर्म) or in Hindi` });
  });

/** One kind of data a form collects, and its specific purpose (Rules 2025 r.3(b)(i)). */
const item = z.strictObject({
  /** What is collected, e.g. "Your mobile number and e-mail address". */
  what: noticeWords({ max: 200 }),
  /** What for, and who sees it, without a full stop at the end. */
  why: noticeWords({ max: 400, clause: true }),
});

/** One form's notice. */
const form = (key: string) =>
  z.strictObject({
    /** The form's name, e.g. "Apply for a course" (staff screens and the guardian's page show it too). */
    title: noticeWords({ max: 80 }),
    /** One sentence shown above the form before the notice is opened: what is kept and what for. */
    summary: noticeWords({ max: 300, clause: true }),
    /** Each kind of data with its purpose, in the form's order. */
    items: z.array(item).min(1, 'list at least one kind of data with its purpose'),
    /** How long it is kept; an application form's says when documents and ID numbers go, with {days} (RETENTION_DAYS). */
    kept: APPLICATION_FORMS.has(key) ? noticeWords({ max: 500, needed: ['days'], clause: true }) : noticeWords({ max: 500, clause: true }),
  });

/**
 * The itemised privacy notices (DPDP Rules 2025 r.3; decision 053): `content/privacy-notice.json`.
 * One notice per form, shown before it in the page's language, and the same items on the privacy
 * page. Every consent record names the `version` the person read: change it whenever a notice's
 * words change.
 */
export const privacyNoticeSchema = z.strictObject({
  /** The notices' one version, e.g. 2026-12-1 (stored with each consent). */
  version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'must be 1 to 40 letters, digits, dots, hyphens or underscores, e.g. 2026-12-1'),
  /** The Grievance Officer (Act s.8(9), Rules r.9): named on every notice and on the privacy page. */
  grievance: z.strictObject({
    /** The officer's title, e.g. "Grievance Officer (the Director)". */
    name: noticeWords({ max: 100 }),
    /** The address people write to. */
    email: z.email('must be an e-mail address'),
    /** The number people call, e.g. +91 94140 12345. */
    phone: z.string().regex(/^\+91 ?[6-9]\d{4} ?\d{5}$/, 'must look like +91 98290 12345'),
    /** The postal address, in both languages. */
    address: noticeWords({ max: 300 }),
    /** Days within which a request or complaint is answered: the RIGHTS_ANSWER_DAYS the office works to. */
    answerDays: z.literal(RIGHTS_ANSWER_DAYS, { error: `must be ${RIGHTS_ANSWER_DAYS}, the days the office answers in (RIGHTS_ANSWER_DAYS)` }),
  }),
  /** The Data Protection Board of India, where a complaint goes after the Grievance Officer. */
  board: z.strictObject({
    /** Its name. */
    name: noticeWords({ max: 100 }),
    /** Where to find it online. */
    url: href().refine((v) => v.startsWith('https://'), 'must be the https:// address of its website'),
  }),
  /** The notice's fixed words. */
  labels: z.strictObject({
    /** Its heading, e.g. "Privacy notice". */
    heading: noticeWords({ max: 60 }),
    /** What opens the notice, e.g. "Read what we collect, why, and your rights". */
    open: noticeWords({ max: 80 }),
    /** Headings of its parts. */
    collected: noticeWords({ max: 60 }),
    consent: noticeWords({ max: 60 }),
    rights: noticeWords({ max: 60 }),
    children: noticeWords({ max: 60 }),
    complaints: noticeWords({ max: 60 }),
    /** "Notice version {version}". */
    version: noticeWords({ max: 60, needed: ['version'] }),
    /** The link words of {account} (/account) and {request} (/data-request) in the texts below. */
    account: noticeWords({ max: 40 }),
    request: noticeWords({ max: 40 }),
    /** The link to the privacy page. */
    policy: noticeWords({ max: 40 }),
  }),
  /** What every notice says, whatever the form. */
  common: z.strictObject({
    /** How to withdraw consent (s.6(4), r.3(b)(ii)): as easily as it was given, from {account} or {request}. */
    withdraw: noticeWords({ needed: ['account', 'request'], clause: true }),
    /** The rights (ss.11–14) and how to use them, answered within {answerDays}. */
    rights: noticeWords({ needed: ['account', 'request', 'answerDays'], clause: true }),
    /** Children (s.9): a guardian's consent, no tracking, no offers. */
    children: noticeWords({ clause: true }),
    /** How to complain: the Grievance Officer first, then the {board} (s.13, r.3(b)(iii)). */
    complain: noticeWords({ needed: ['board', 'answerDays'], clause: true }),
  }),
  /** One notice per form, each of NOTICE_FORM_KEYS. */
  forms: z.strictObject(Object.fromEntries(NOTICE_FORM_KEYS.map((key) => [key, form(key)])) as Record<(typeof NOTICE_FORM_KEYS)[number], ReturnType<typeof form>>),
});

/** The notices as the loader reads them. */
export type PrivacyNoticeFile = z.infer<typeof privacyNoticeSchema>;

/** The notices: `content/privacy-notice.json`, checked at build so a mistake names the file and the field. */
export const privacyNotice = defineCollection({
  loader: fromContent('privacy-notice.json'),
  schema: privacyNoticeSchema,
});
