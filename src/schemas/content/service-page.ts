/**
 * Field schemas shared by the citizen-service pages (E-Mitra, CSC, IIBF, Aadhar): the opening
 * band with its fixed buttons and the required-documents list, their words in English and Hindi.
 */
import { z } from 'astro/zod';
import { linkWords, words } from './fields';

/**
 * The opening band of a service page. `required` lists the [English label, href] buttons the spec
 * fixes; a content file that drops or re-points one of them fails the build.
 */
export const serviceHero = (required: [label: string, href: string][]) =>
  z.object({
    /** The page's main heading, e.g. "E-Mitra". */
    title: words(),
    /** One or two sentences under the heading. */
    intro: words(),
    /** The query, call-back and apply-online buttons, in the order shown. */
    actions: z
      .array(
        linkWords().extend({
          /** The apply-online button, the page's main action: shown in the accent colour. */
          main: z.boolean().default(false),
        }),
      )
      .min(1)
      .superRefine((actions, ctx) => {
        actions.forEach((a, i) => {
          if (/^APPLY/i.test(a.label.en) !== a.main) ctx.addIssue({ code: 'custom', path: [i, 'main'], message: 'mark the apply-online button, and only it, "main": true' });
        });
        for (const [label, href] of required) {
          if (!actions.some((a) => a.label.en === label && a.href === href)) {
            ctx.addIssue({ code: 'custom', message: `the spec needs a "${label}" button going to ${href}` });
          }
        }
      }),
  });

/** A titled list of the documents an applicant brings; `count` is the length the spec fixes, if any. */
export const documentList = (count?: number) =>
  z.object({
    /** Heading of the list, e.g. "Required documents" (keep the word "documents" in the English). */
    heading: words().refine((heading) => /documents/i.test(heading.en), { message: 'keep the word "documents" in the heading', path: ['en'] }),
    /** Optional sentence under the heading. */
    intro: words().optional(),
    /** The documents, one per line. */
    items: count === undefined ? z.array(words()).min(1) : z.array(words()).length(count, `the spec lists ${count} required documents`),
  });

/** A question and its answer. */
export const faqItem = () =>
  z.object({
    /** The question, as a visitor would ask it. */
    question: words(),
    /** The answer, one or two sentences. */
    answer: words(),
  });
