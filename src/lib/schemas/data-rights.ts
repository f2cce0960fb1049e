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
import { AgeFields, checkGuardian } from './guardian-consent';
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

/**
 * A request from someone without an account (POST /api/data-request). An under-18's (`age:
 * 'minor'`) is made by their parent or guardian (`guardian`): it waits for their consent (202
 * HeldAnswer) and is stored when they give it.
 */
/** The request's own fields, without the age question (the form adds the question: withAgeQuestion). */
export const DataRequestFieldsSchema = z.object({
  kind: z.enum(RIGHTS_KINDS, { error: () => rights_kind_required() }),
  name: NameSchema,
  phone: IndianMobileSchema,
  email: EmailSchema.optional(),
  /** A reference they hold (AP-2026-00042, a receipt's number), to find their records. */
  reference: TextSchema(() => rights_label_reference(), 0, 40).optional(),
  details: TextSchema(() => rights_label_details(), 5, 2000, { multiline: true }),
  website: HoneypotSchema,
});

export const DataRequestSchema = DataRequestFieldsSchema.extend(AgeFields)
  /** An under-18's request names the parent or guardian who makes it (their e-mail not the child's). */
  .superRefine(checkGuardian((v) => ({ age: v.age, guardian: v.guardian, email: v.email })));
export type DataRequest = z.output<typeof DataRequestSchema>;

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

/** One line of a copy: a label in the request's language and the value as stored (or in words). */
const Line = z.object({ label: z.string(), value: z.string() });

/**
 * A copy of everything stored about a person (GET /api/user/data; staff hand it over from GET
 * /api/admin/person-data). Labels and states in words in the asker's language; days and times
 * India's ('2026-11-29', '2026-11-29 10:15'); amounts in rupees ('₹4,200'); ID numbers only as
 * their masks. Nothing of anyone else: a member of staff appears by name only where they wrote
 * about the person (a note) or issued a document to them.
 */
export const DataCopySchema = z.object({
  /** What this file is, in a sentence. */
  about: z.string(),
  /** When it was made (India's time). */
  madeAt: z.string(),
  language: z.enum(['en', 'hi']),
  /** The website account, when there is one. */
  account: z.object({ name: z.string(), email: z.string(), createdAt: z.string(), language: z.string() }).nullable(),
  /** Enquiries (Apply, the contact forms) and applications (the four forms), with their timeline. */
  enquiries: z.array(
    z.object({
      reference: z.string(),
      kind: z.string(),
      receivedAt: z.string(),
      status: z.string(),
      details: z.array(Line),
      /** What happened to it: status changes, calls, notes staff wrote about the person. */
      timeline: z.array(z.object({ at: z.string(), what: z.string() })),
    }),
  ),
  /** The answers of each application form, ID numbers masked, and its documents (the list, not the files). */
  applications: z.array(
    z.object({
      reference: z.string(),
      form: z.string(),
      answers: z.array(Line),
      documents: z.array(z.object({ document: z.string(), type: z.string(), size: z.string(), receivedAt: z.string(), state: z.string() })),
    }),
  ),
  /** The student records kept by the office. */
  studentRecords: z.array(z.object({ details: z.array(Line) })),
  /** Batches and where the student stands in each. */
  classes: z.array(z.object({ course: z.string(), batch: z.string(), status: z.string(), joinedOn: z.string() })),
  /** Every day's mark. */
  attendance: z.array(z.object({ day: z.string(), batch: z.string(), mark: z.string(), reason: z.string().nullable() })),
  fees: z.object({
    dues: z.array(z.object({ reference: z.string(), what: z.string(), amount: z.string(), paid: z.string(), dueOn: z.string(), state: z.string() })),
    receipts: z.array(z.object({ number: z.string(), paidOn: z.string(), amount: z.string(), mode: z.string(), state: z.string() })),
    refunds: z.array(z.object({ number: z.string().nullable(), amount: z.string(), status: z.string(), at: z.string() })),
    upiReports: z.array(z.object({ utr: z.string(), amount: z.string(), paidOn: z.string(), status: z.string(), reason: z.string().nullable() })),
  }),
  certificates: z.array(z.object({ number: z.string(), course: z.string(), issuedOn: z.string(), grade: z.string().nullable(), state: z.string() })),
  practiceTests: z.array(
    z.object({ test: z.string(), startedAt: z.string(), submittedAt: z.string().nullable(), score: z.string().nullable(), result: z.string() }),
  ),
  /** Consents given by or for the person (empty where none are recorded). */
  consents: z.array(z.object({ purpose: z.string(), givenBy: z.string(), at: z.string(), withdrawnAt: z.string().nullable(), noticeVersion: z.string() })),
  /** The requests the person made about their data. */
  requests: z.array(RightsRequestViewSchema),
});
export type DataCopy = z.output<typeof DataCopySchema>;

/** GET /api/admin/rights-request?id= and GET /api/admin/person-data?request=: which request. */
export const RightsRequestQuerySchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Please choose a request from the list.') });
export const PersonDataQuerySchema = z.object({ request: z.string().regex(/^\d{1,18}$/, 'Please choose a request from the list.') });

/** A request as staff see it in the list: who asked, how to reach them, the days left. */
export const StaffRightsRequestSchema = RightsRequestViewSchema.extend({
  /** Who asked: the name given, or the account's. */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Made from a signed-in account (who it is is known), or by the form (staff check who asks). */
  fromAccount: z.boolean(),
  givenReference: z.string().nullable(),
  language: z.enum(['en', 'hi']),
  /** Whole India days left to answer (negative: late); null once answered. */
  daysLeft: z.number().int().nullable(),
  answeredBy: z.string().nullable(),
  /** An under-18's request: who made it for them (their parent or guardian) and how they consented, in words; null otherwise. */
  madeBy: z.string().nullable(),
});
export type StaffRightsRequest = z.output<typeof StaffRightsRequestSchema>;

/** GET /api/admin/rights-requests. */
export const StaffRightsRequestsSchema = z.object({ items: z.array(StaffRightsRequestSchema) });

/** GET /api/admin/rights-request?id=: the request, the records found for it (to confirm) and their copy. */
export const StaffRightsRequestDetailSchema = z.object({
  request: StaffRightsRequestSchema,
  /** The records found, as staff name them: 'AP-2026-00042 (Asha Verma)', 'Student record: Asha Verma'. */
  found: z.array(z.string()),
  copy: DataCopySchema,
});
export type StaffRightsRequestDetail = z.output<typeof StaffRightsRequestDetailSchema>;
