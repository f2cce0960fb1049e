import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { ABSENCE_LANGUAGES, ABSENCE_PLACEHOLDERS, CERTIFICATE_PLACEHOLDERS, DUES_PLACEHOLDERS, NOTICE_PLACEHOLDERS, PLACEHOLDERS } from '../../lib/whatsapp';
import { REFUND_PLACEHOLDERS } from '../../lib/refund-voucher';
import { fromContent } from './loader';
import { text } from './fields';

/** Placeholders of a text that are not in `known` (PLACEHOLDERS unless given). */
const unknownPlaceholders = (value: string, known: readonly string[] = PLACEHOLDERS) =>
  [...value.matchAll(/\{(\w*)\}/g)].map((m) => m[1]!).filter((name) => !known.includes(name));

/** A message text that uses only the placeholders `known`. */
const message = (known: readonly string[]) =>
  text()
    .max(1000, 'keep the message under 1000 characters: it must fit in a WhatsApp link')
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value, known);
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}: use only ${known.map((n) => `{${n}}`).join(', ')}` });
      }
    });

/**
 * Records have no gender, so a Hindi message must not make the student the subject of a verb
 * (अनुपस्थित रहे / रहीं): their name is greeted ('नमस्ते {name},') or followed by a postposition
 * ('{name} की अनुपस्थिति').
 */
const NAME_AS_SUBJECT = /\{name\}(?!(,| (की|के|का|को|से|ने|में) ))/;

/** One language's messages to an absent student and to their guardian (sent from the register once it is saved). */
const absence = z
  .object({
  /** en or hi. */
  language: z.enum(ABSENCE_LANGUAGES, { message: `must be one of ${ABSENCE_LANGUAGES.join(', ')}` }),
  /** The language in its own words, on the button that chooses it ('English', 'हिन्दी'). */
  label: text().max(30, 'keep the label under 30 characters'),
  /** To the student: placeholders {name}, {guardian}, {batch}, {course}, {day}, {institute}. */
  student: message(ABSENCE_PLACEHOLDERS),
  /** To the guardian: the same placeholders. */
  guardian: message(ABSENCE_PLACEHOLDERS),
  })
  .superRefine((item, ctx) => {
    if (item.language !== 'hi') return;
    for (const field of ['student', 'guardian'] as const) {
      if (NAME_AS_SUBJECT.test(item[field]))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'word it so it fits a girl and a boy alike: follow {name} with a postposition ({name} की अनुपस्थिति), not a verb (अनुपस्थित रहे)',
        });
    }
  });

/** A dues reminder that uses only the dues' placeholders and contains each of `needed`. */
const duesMessage = (needed: string[]) =>
  message(DUES_PLACEHOLDERS).refine((v) => needed.every((name) => v.includes(`{${name}}`)), `must contain ${needed.map((n) => `{${n}}`).join(', ')}`);

/** One language's dues reminder (sent from Today's dues): one text before the due day, two once it has passed. */
const dues = z.object({
  /** en or hi. */
  language: z.enum(ABSENCE_LANGUAGES, { message: `must be one of ${ABSENCE_LANGUAGES.join(', ')}` }),
  /** The language in its own words ('English', 'हिन्दी'). */
  label: text().max(30, 'keep the label under 30 characters'),
  /** Before or on the due day ("is due on {due}"): placeholders {name}, {amount}, {due}, {label}, {course}, {reference}, {link} (the UPI link) and {institute}. */
  upcoming: duesMessage(['amount', 'due', 'link']),
  /** After the due day, the amount without a late fee ("was due on {due}"): the same placeholders. */
  overdue: duesMessage(['amount', 'due', 'link']),
  /** After the due day, the amount including the late fee: {lateFee} names it ("{amount}, which includes a {lateFee} late fee"). */
  overdueWithLateFee: duesMessage(['amount', 'due', 'lateFee', 'link']),
});

/** One language's "certificate issued" message (sent from the batch's certificates once issued). */
const certificate = z
  .object({
    /** en or hi. */
    language: z.enum(ABSENCE_LANGUAGES, { message: `must be one of ${ABSENCE_LANGUAGES.join(', ')}` }),
    /** The language in its own words ('English', 'हिन्दी'). */
    label: text().max(30, 'keep the label under 30 characters'),
    /** Placeholders {name}, {course}, {batch}, {number} (the certificate's), {link} (its verification page) and {institute}. */
    issued: message(CERTIFICATE_PLACEHOLDERS).refine((v) => v.includes('{number}'), 'must contain {number}'),
  })
  .superRefine((item, ctx) => {
    if (item.language === 'hi' && NAME_AS_SUBJECT.test(item.issued))
      ctx.addIssue({ code: 'custom', path: ['issued'], message: 'word it so it fits a girl and a boy alike: follow {name} with a comma or a postposition' });
  });

/** One language in each language of ABSENCE_LANGUAGES, each once. */
const everyLanguage = (what: string) => (list: { language: string }[], ctx: z.RefinementCtx) => {
  list.forEach((item, i) => {
    if (list.findIndex((other) => other.language === item.language) !== i)
      ctx.addIssue({ code: 'custom', path: [i, 'language'], message: `"${item.language}" is listed twice` });
  });
  for (const language of ABSENCE_LANGUAGES) {
    if (!list.some((item) => item.language === language)) ctx.addIssue({ code: 'custom', message: `give the ${what} in "${language}" too` });
  }
};

/** A Hindi message: in Devanagari, and worded to fit a girl and a boy alike (NAME_AS_SUBJECT). */
const hindi = (known: readonly string[]) =>
  message(known).superRefine((value, ctx) => {
    if (!/[\u0900-\u097F]/.test(value)) ctx.addIssue({ code: 'custom', message: 'write the Hindi here (in Devanagari), beside the English text' });
    if (NAME_AS_SUBJECT.test(value))
      ctx.addIssue({
        code: 'custom',
        message: 'word it so it fits a girl and a boy alike: follow {name} with a comma or a postposition ({name} की), not a verb',
      });
  });

/** One message staff can send from the admin, in English and Hindi (it opens in the person's language). */
const template = z.object({
  /** A short stable name in lower case with hyphens, e.g. `first-reply`. */
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens, e.g. first-reply'),
  /** What staff see in the list, e.g. 'First reply to an enquiry'. */
  label: text().max(60, 'keep the label under 60 characters'),
  /** The message, with placeholders {name}, {institute}, {course}, {reference} and {staff}. */
  text: message(PLACEHOLDERS),
  /** The same message in Hindi, with the same placeholders: a person who wrote from a Hindi page gets it. */
  hi: hindi(PLACEHOLDERS),
});

/** One notice the office sends a student from the screen where it happens (a receipt, a UPI payment confirmed or not, a receipt cancelled), in English and Hindi. */
const notice = z.object({
  /** The key the server picks it by, in lower case with hyphens, e.g. `receipt-cancelled`. */
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens, e.g. receipt-cancelled'),
  /** What staff see, e.g. 'Receipt cancelled'. */
  label: text().max(60, 'keep the label under 60 characters'),
  /** The message in English: placeholders {name}, {institute}, {phone}, {amount}, {day}, {mode}, {number}, {utr}, {reason}, {reference}, {label}, {course}. */
  text: message(NOTICE_PLACEHOLDERS),
  /** The same in Hindi, with the same placeholders: a student whose language is Hindi gets it. */
  hi: hindi(NOTICE_PLACEHOLDERS),
});

/** The WhatsApp message templates of the admin (Today, a lead's page, a saved register): `content/whatsapp.json`. */
export const whatsapp = defineCollection({
  loader: fromContent('whatsapp.json'),
  schema: z.object({
    /** The templates, in the order staff see them. */
    templates: z
      .array(template)
      .min(1, 'give at least one template')
      .superRefine((list, ctx) => {
        list.forEach((item, i) => {
          if (list.findIndex((other) => other.key === item.key) !== i) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `"${item.key}" is used by another template` });
        });
      }),
    /** The absence messages, one entry per language: English and Hindi both. */
    absence: z.array(absence).superRefine(everyLanguage('absence messages')),
    /** The dues reminder, one entry per language: English and Hindi both. */
    dues: z.array(dues).superRefine(everyLanguage('dues reminder')),
    /** The "certificate issued" message, one entry per language: English and Hindi both. */
    certificate: z.array(certificate).superRefine(everyLanguage('certificate message')),
    /** The notices to a student, one per key, each in English and Hindi. */
    notices: z.array(notice).superRefine((list, ctx) => {
      list.forEach((item, i) => {
        if (list.findIndex((other) => other.key === item.key) !== i) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `"${item.key}" is used by another notice` });
      });
    }),
    /** The message telling a student their refund was paid: {name}, {amount}, {mode}, {day}, {number} (the voucher), {receipt} and {institute}. */
    refund: z.object({ en: message(REFUND_PLACEHOLDERS), hi: hindi(REFUND_PLACEHOLDERS) }),
  }),
});
