/**
 * Field schemas shared by the citizen-service pages (E-Mitra, CSC, IIBF, Aadhar): the opening
 * band with its fixed buttons and the required-documents list.
 */
import { z } from 'astro/zod';
import { link, text } from './fields';

/**
 * The opening band of a service page. `required` lists the [label, href] buttons the spec fixes;
 * a content file that drops or re-points one of them fails the build.
 */
export const serviceHero = (required: [label: string, href: string][]) =>
  z.object({
    /** The page's main heading, e.g. "E-Mitra". */
    title: text(),
    /** One or two sentences under the heading. */
    intro: text(),
    /** The query, call-back and apply-online buttons, in the order shown. */
    actions: z
      .array(link())
      .min(1)
      .superRefine((actions, ctx) => {
        for (const [label, href] of required) {
          if (!actions.some((a) => a.label === label && a.href === href)) {
            ctx.addIssue({ code: 'custom', message: `the spec needs a "${label}" button going to ${href}` });
          }
        }
      }),
  });

/** A titled list of the documents an applicant brings; `count` is the length the spec fixes, if any. */
export const documentList = (count?: number) =>
  z.object({
    /** Heading of the list, e.g. "Required documents" (keep the word "documents"). */
    heading: text().regex(/documents/i, 'keep the word "documents" in the heading'),
    /** Optional sentence under the heading. */
    intro: text().optional(),
    /** The documents, one per line. */
    items: count === undefined ? z.array(text()).min(1) : z.array(text()).length(count, `the spec lists ${count} required documents`),
  });

/** A question and its answer. */
export const faqItem = () =>
  z.object({
    /** The question, as a visitor would ask it. */
    question: text(),
    /** The answer, one or two sentences. */
    answer: text(),
  });
