/**
 * A person's rights over their data (DPDP Act 2023 ss.11–14, Rules 2025 r.14; decision 053): the
 * contract between /account, the request form for people without an account, the staff screens
 * and their functions.
 *
 * - A copy of one's data: GET /api/user/data (signed in) answers a `DataCopy` as a download.
 * - A correction or an erasure: POST /api/user/rights-requests (signed in) or POST /api/data-request
 *   (anyone; staff check who is asking before answering). Staff answer within RIGHTS_ANSWER_DAYS.
 * - Consents: GET /api/user/consents lists the account's consents (its own and a guardian's for
 *   it); POST /api/user/consent-withdraw withdraws one as easily as it was given.
 */
import { z } from './zod';
import { EmailSchema, HoneypotSchema, IndianMobileSchema, NameSchema, TextSchema } from './fields';
import { AgeFields } from './guardian-consent';
import { rights_kind_required, rights_label_details, rights_label_reference } from '../../i18n/messages';

/** Days within which a request is answered (Rules 2025 r.14(3): at most 90; the institute's own promise). */
export const RIGHTS_ANSWER_DAYS = 30;

/** What a person may ask for. */
export const RIGHTS_KINDS = ['copy', 'correction', 'erasure', 'withdraw'] as const;
export type RightsKind = (typeof RIGHTS_KINDS)[number];

/** A request from a signed-in account: a copy is a download, so only these two are requests. */
export const AccountRightsRequestSchema = z.object({
  kind: z.enum(['correction', 'erasure'], { error: () => rights_kind_required() }),
  details: TextSchema(() => rights_label_details(), 5, 2000, { multiline: true }),
});

/** A request from someone without an account (POST /api/data-request). */
export const DataRequestSchema = z.object({
  ...AgeFields,
  kind: z.enum(RIGHTS_KINDS, { error: () => rights_kind_required() }),
  name: NameSchema,
  phone: IndianMobileSchema,
  email: EmailSchema.optional(),
  /** A reference they hold (AP-2026-00042, a receipt's number), to find their records. */
  reference: TextSchema(() => rights_label_reference(), 0, 40).optional(),
  details: TextSchema(() => rights_label_details(), 5, 2000, { multiline: true }),
  website: HoneypotSchema,
});

/** A request as its maker and staff see it. */
export const RightsRequestViewSchema = z.object({
  id: z.string(),
  /** DR-2026-00001 */
  reference: z.string(),
  kind: z.enum(RIGHTS_KINDS),
  status: z.enum(['open', 'done', 'declined']),
  details: z.string(),
  receivedAt: z.string(),
  /** The last day to answer (India's day, YYYY-MM-DD). */
  answerBy: z.string(),
  answeredAt: z.string().nullable(),
  /** The answer in words: what was done, and what was kept and why. */
  answer: z.string().nullable(),
});
export type RightsRequestView = z.output<typeof RightsRequestViewSchema>;

/** Staff answer a request (POST /api/admin/rights-request). */
export const RightsAnswerSchema = z.object({
  id: z.string().regex(/^\d+$/),
  /** erase: the erasure engine runs on the person found; done: corrected / copy handed over; decline: with the reason. */
  action: z.enum(['erase', 'done', 'decline']),
  note: TextSchema('Note', 5, 2000, { multiline: true }),
});

/** A consent as the account sees it. */
export const ConsentViewSchema = z.object({
  id: z.string(),
  /** What it covers, in the page's language. */
  purpose: z.string(),
  givenBy: z.enum(['self', 'guardian']),
  guardianName: z.string().nullable(),
  at: z.string(),
  noticeVersion: z.string(),
  withdrawnAt: z.string().nullable(),
  /** What withdrawing it stops, in the page's language. */
  withdrawEffect: z.string(),
});
export type ConsentView = z.output<typeof ConsentViewSchema>;

export const ConsentWithdrawSchema = z.object({ id: z.string().regex(/^\d+$/) });
