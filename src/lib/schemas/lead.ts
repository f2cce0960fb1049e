/**
 * The leads inbox (staff only): the list's query, the actions on one lead, bulk actions and what
 * the API gives back. Two pipelines share it. An enquiry (the Apply dialog, the home and contact
 * forms) goes New → Contacted → Interested (visit booked) → Admitted, or Lost with a reason; an
 * application form (kiosk, CSC, IIBF, NIELIT) goes Submitted → Documents to fix → Verified →
 * Forwarded → Approved or Rejected. Their statuses never overlap, so a lead's status alone says
 * which pipeline it is in and where it may go (NEXT_STATUSES). Each step asks for what it needs
 * (NextStepSchema), the same here in the browser and in the functions.
 */
import type { Messaging } from './messaging';
import type { GuardianConsentView } from './guardian-consent';
import { z } from './zod';
import {
  APPLICATION_FORM_LABELS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  NEXT_APPLICATION_STATUSES,
  type ApplicationStatus,
} from './application-status';
import { EmailSchema, IndianMobileSchema, NameSchema, TextSchema } from './fields';
import { plainText } from './plain-text';
import { indiaToday, isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import type { ApplicationDetail } from './application-review';
import { RecordIdSchema, VersionSchema } from './records';
import { PersonLanguageSchema } from './person-language';
import type { ApplicationForm } from './uploads';

/** The statuses of an enquiry, in pipeline order. */
export const ENQUIRY_STATUSES = ['new', 'contacted', 'interested', 'admitted', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** Every status: the enquiry pipeline, then the application pipeline (application-status.ts). */
export const LEAD_STATUSES = [...ENQUIRY_STATUSES, ...APPLICATION_STATUSES] as const;
export type LeadStatus = EnquiryStatus | ApplicationStatus;
/** What staff read for each status. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  interested: 'Interested (visit booked)',
  admitted: 'Admitted',
  lost: 'Lost',
  ...APPLICATION_STATUS_LABELS,
};
/** Statuses that still need a follow-up (applications have none: their next step is staff's). */
export const OPEN_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'interested'];

/** Where a status may move to (admitted is final: its student record exists; approved and rejected close an application). */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'interested', 'admitted', 'lost'],
  contacted: ['contacted', 'interested', 'admitted', 'lost'],
  interested: ['contacted', 'interested', 'admitted', 'lost'],
  lost: ['contacted', 'interested'],
  admitted: [],
  ...NEXT_APPLICATION_STATUSES,
};

/** Whether `status` belongs to the application pipeline. */
export const isApplicationStatus = (status: string): status is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(status);

/** Why a lead was lost. */
export const LOST_REASONS = {
  'not-interested': 'Not interested any more',
  'joined-elsewhere': 'Joined another institute',
  fees: 'Fees too high',
  timing: 'Batch timings do not suit',
  unreachable: 'Could not be reached',
  'wrong-number': 'Wrong number',
  duplicate: 'Duplicate enquiry',
  other: 'Other reason',
} as const;
export type LostReason = keyof typeof LOST_REASONS;

/** The kinds of lead: an enquiry (a course application or a message) or one of the four application forms. */
export const LEAD_KINDS = { application: 'Application', contact: 'Message', ...APPLICATION_FORM_LABELS } as const;
export type LeadKind = keyof typeof LEAD_KINDS;
/** The forms a lead comes from (an application form is named by its page). */
export const LEAD_FORMS = {
  'apply-form': 'Apply dialog',
  home: 'Home page form',
  'contact-page': 'Contact page',
  '/EmitraForm': 'Kiosk registration form',
  '/CSCForm': 'CSC form',
  '/IIBFForm': 'IIBF form',
  '/NeilitForm': 'NIELIT form',
} as const;

/** Whether a lead of `kind` is an application form's (its own pipeline, fields and documents). */
export const isApplicationKind = (kind: string): kind is ApplicationForm => Object.hasOwn(APPLICATION_FORM_LABELS, kind);

/** How staff reached out. */
export const CONTACT_CHANNELS = { call: 'Call', whatsapp: 'WhatsApp', email: 'E-mail' } as const;
export type ContactChannel = keyof typeof CONTACT_CHANNELS;
/** What came of it. */
export const CONTACT_OUTCOMES = {
  reached: 'Spoke with them',
  'no-answer': 'No answer',
  busy: 'Busy, call back',
  'switched-off': 'Switched off / not reachable',
  'wrong-number': 'Wrong number',
  sent: 'Message sent',
} as const;
export type ContactOutcome = keyof typeof CONTACT_OUTCOMES;

/** Today's date in India (YYYY-MM-DD), the day follow-ups are counted in. */
export { indiaToday };

/** A day (YYYY-MM-DD) that exists. */
const DaySchema = (what: string) =>
  z
    .string({ message: `Please choose ${what}.` })
    .refine(isRealDay, `Please choose ${what}.`)
    .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE);

/** A follow-up or visit day: today or later (India time), within a year. */
export const FutureDaySchema = (what: string) =>
  DaySchema(what)
    .refine((v) => v >= indiaToday(), `Please choose ${what} from today onwards.`)
    .refine((v) => v <= indiaToday(new Date(Date.now() + 366 * 86_400_000)), `Please choose ${what} within a year.`);

/** The student record admitting a lead creates (the lead's details, completed by staff). */
export const AdmissionSchema = z.object({
  /** The student's name. */
  name: NameSchema,
  /** Their e-mail address (a home-form lead has none yet: staff ask for it). */
  email: EmailSchema,
  /** Their mobile number. */
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), IndianMobileSchema.optional()),
  /** The course they joined. */
  course: TextSchema('the course', 2, 120),
});

/** A blank text is a text left out ('Please enter …', not 'at least 2 characters'). */
const filledIn = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** The message for a next step left out. */
export const NEXT_STEP_MESSAGE = 'Please choose the next step.';
/** The message for a documents-to-fix step without documents. */
export const FIX_SLOTS_MESSAGE = 'Please choose at least one document to be uploaded again.';

/** The next step of a lead: a status with what that status needs. */
export const NextStepSchema = z
  .discriminatedUnion(
    'status',
    [
      z.object({
        status: z.literal('contacted'),
        /** When to follow up. */
        followUp: FutureDaySchema('the next follow-up date'),
      }),
      z.object({
        status: z.literal('interested'),
        /** The day of the booked visit. */
        visitOn: FutureDaySchema('the day of the visit'),
        /** When to follow up (the visit day when left out). */
        followUp: FutureDaySchema('the next follow-up date').optional(),
      }),
      z.object({
        status: z.literal('lost'),
        /** Why. */
        lostReason: z.enum(Object.keys(LOST_REASONS) as [LostReason, ...LostReason[]], { message: 'Please choose why the lead was lost.' }),
        /** More words on why (needed for "Other reason"). */
        lostNote: z.preprocess((v) => (v === '' ? undefined : v), TextSchema('the reason', 2, 500, { multiline: true }).optional()),
      }),
      z.object({
        status: z.literal('admitted'),
        /** The student record to create. */
        student: AdmissionSchema,
        /** A batch of the course to put the new student in straight away (optional). */
        batchId: filledIn(RecordIdSchema.optional()),
      }),
      // The application pipeline.
      z.object({
        /** Back to Submitted: the documents asked for are fine after all (the link stops working). */
        status: z.literal('submitted'),
      }),
      z.object({
        status: z.literal('documents-to-fix'),
        /** The documents the applicant is asked to upload again (slots of the application's form). */
        slots: z
          .array(z.string().check(plainText('the documents')).max(60, FIX_SLOTS_MESSAGE), { message: FIX_SLOTS_MESSAGE })
          .min(1, FIX_SLOTS_MESSAGE)
          .max(20, FIX_SLOTS_MESSAGE)
          .transform((slots) => [...new Set(slots)]),
        /** What is wrong with them, for the applicant (it goes into the e-mail). */
        note: z.preprocess(
          (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
          TextSchema('the note to the applicant', 2, 500, { multiline: true }).optional(),
        ),
      }),
      z.object({ status: z.literal('verified') }),
      z.object({
        status: z.literal('forwarded'),
        /** The outside portal's reference for the application. */
        portalReference: filledIn(TextSchema("the portal's reference", 2, 60)),
      }),
      z.object({ status: z.literal('approved') }),
      z.object({
        status: z.literal('rejected'),
        /** Why (kept with the application; the applicant is told to call). */
        reason: filledIn(TextSchema('the reason', 2, 500, { multiline: true })),
      }),
    ],
    { message: NEXT_STEP_MESSAGE },
  )
  .refine((step) => step.status !== 'lost' || step.lostReason !== 'other' || step.lostNote, {
    message: 'Please write the reason.',
    path: ['lostNote'],
  });
export type NextStep = z.infer<typeof NextStepSchema>;
export type NextStepInput = z.input<typeof NextStepSchema>;

/** A note's text. */
const NoteSchema = TextSchema('the note', 1, 2000, { multiline: true });

/**
 * POST /api/admin/leads/{id}: one action. Every action but a note names the version it was based
 * on (409 with the lead as it is now when someone else changed it first).
 */
export const LeadActionSchema = z.discriminatedUnion(
  'action',
  [
    /** A note on the timeline. */
    z.object({ action: z.literal('note'), text: NoteSchema }),
    /** A call, WhatsApp message or e-mail with its outcome, and the next step. */
    z.object({
      action: z.literal('contact'),
      version: VersionSchema,
      channel: z.enum(Object.keys(CONTACT_CHANNELS) as [ContactChannel, ...ContactChannel[]], { message: 'Please choose how you reached out.' }),
      outcome: z.enum(Object.keys(CONTACT_OUTCOMES) as [ContactOutcome, ...ContactOutcome[]], { message: 'Please choose what came of it.' }),
      /** The WhatsApp template used, if any (content/whatsapp.json). */
      template: z.string().check(plainText('the template')).max(60, 'Please choose a template from the list.').optional(),
      note: z.preprocess((v) => (v === '' ? undefined : v), NoteSchema.optional()),
      /**
       * The next step. An enquiry always has one (the server refuses a contact without it); an
       * application may keep its status, since its next step is staff's, not the applicant's.
       */
      next: NextStepSchema.optional(),
    }),
    /** A status change with what it needs. */
    z.object({ action: z.literal('move'), version: VersionSchema, next: NextStepSchema }),
    /** A new follow-up day for an open lead. */
    z.object({ action: z.literal('follow-up'), version: VersionSchema, followUp: FutureDaySchema('the next follow-up date') }),
    /** Assign to a member of staff (null: nobody). */
    z.object({
      action: z.literal('assign'),
      version: VersionSchema,
      assignedTo: z.uuid({ message: 'Please choose a member of staff.' }).nullable(),
    }),
    /** The language of the person's messages and e-mails about this enquiry. */
    z.object({ action: z.literal('language'), version: VersionSchema, language: PersonLanguageSchema }),
  ],
  { message: 'Please choose an action.' },
);
export type LeadAction = z.infer<typeof LeadActionSchema>;
/** LeadActionSchema as an enquiry's forms check it in the browser: a contact names its next step. */
export const EnquiryActionSchema = LeadActionSchema.refine((a) => a.action !== 'contact' || a.next !== undefined, {
  message: NEXT_STEP_MESSAGE,
  path: ['next', 'status'],
});
export type LeadActionInput = z.input<typeof LeadActionSchema>;

/** At most this many leads in one bulk action. */
export const BULK_MAX = 500;
/** A selection of leads. */
const LeadIdsSchema = z
  .array(RecordIdSchema, { message: 'Please select at least one lead.' })
  .min(1, 'Please select at least one lead.')
  .max(BULK_MAX, `Please select at most ${BULK_MAX} leads at a time.`);

/** POST /api/admin/leads/bulk: assign or move many leads (admitting is one lead at a time). */
export const BulkActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('assign'), ids: LeadIdsSchema, assignedTo: z.uuid({ message: 'Please choose a member of staff.' }).nullable() }),
    z.object({
      action: z.literal('move'),
      ids: LeadIdsSchema,
      next: NextStepSchema.refine((s) => s.status !== 'admitted', { message: 'Please admit leads one at a time.', path: ['status'] }).refine(
        (s) => s.status !== 'documents-to-fix' && s.status !== 'forwarded',
        {
          message: 'Please ask for documents and record a portal reference one application at a time.',
          path: ['status'],
        },
      ),
    }),
  ],
  { message: 'Please choose an action.' },
);
export type BulkAction = z.infer<typeof BulkActionSchema>;

/** POST /api/admin/people/merge: the enquiries of person `from` join person `into`. */
export const MergeSchema = z
  .object({ from: RecordIdSchema, into: RecordIdSchema })
  .refine((v) => v.from !== v.into, { message: 'Please choose two different people.', path: ['into'] });
/** POST /api/admin/people/unmerge: undo merge `merge`. */
export const UnmergeSchema = z.object({ merge: RecordIdSchema });

/** Sorts of the list. */
export const LEAD_SORTS = { newest: 'Newest first', oldest: 'Oldest first', 'follow-up': 'Follow-up date', name: 'Name' } as const;
export type LeadSort = keyof typeof LEAD_SORTS;
/** The follow-up filter. */
export const DUE_FILTERS = { overdue: 'Overdue', today: 'Due today', week: 'Due in 7 days', none: 'No follow-up set' } as const;

/** An empty parameter counts as left out. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalDay = (what: string) => z.preprocess(blank, DaySchema(what).optional());

/**
 * The filters of the list and the export (query parameters; GET /api/admin/leads adds `limit`
 * and `after`). `assigned` is a staff id, `me` or `none`.
 */
export const LeadFilterSchema = z
  .object({
    kind: z.preprocess(blank, z.enum(Object.keys(LEAD_KINDS) as [string, ...string[]], { message: 'Please choose a kind from the list.' }).optional()),
    status: z.preprocess(blank, z.enum(LEAD_STATUSES, { message: 'Please choose a status from the list.' }).optional()),
    /** Where the visit came from (e.g. google, facebook, direct). */
    source: z.preprocess(
      blank,
      z.string().trim().check(plainText('the source')).toLowerCase().max(60, 'Please shorten the source to 60 characters.').optional(),
    ),
    /** The form it came from. */
    form: z.preprocess(blank, z.enum(Object.keys(LEAD_FORMS) as [string, ...string[]], { message: 'Please choose a form from the list.' }).optional()),
    course: z.preprocess(blank, z.string().trim().check(plainText('the course')).max(120, 'Please shorten the course to 120 characters.').optional()),
    /** Received on or after this day (India time). */
    from: optionalDay('the first day'),
    /** Received on or before this day (India time). */
    to: optionalDay('the last day'),
    due: z.preprocess(
      blank,
      z.enum(Object.keys(DUE_FILTERS) as [string, ...string[]], { message: 'Please choose a follow-up filter from the list.' }).optional(),
    ),
    assigned: z.preprocess(
      blank,
      z
        .union([z.literal('me'), z.literal('none'), z.uuid({ message: 'Please choose a member of staff from the list.' })], {
          message: 'Please choose a member of staff from the list.',
        })
        .optional(),
    ),
    /** A name, phone number, e-mail address or reference (or a part of one). */
    q: z.preprocess(blank, z.string().trim().check(plainText('the search')).max(100, 'Please shorten the search to 100 characters.').optional()),
    sort: z.preprocess(
      blank,
      z.enum(Object.keys(LEAD_SORTS) as [LeadSort, ...LeadSort[]], { message: 'Please choose a sort from the list.' }).default('newest'),
    ),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The first day must not be after the last day.', path: ['to'] });
export type LeadFilter = z.infer<typeof LeadFilterSchema>;

/** A member of staff as the inbox names them. */
export interface StaffRef {
  _id: string;
  name: string;
}

/** A lead as the list gives it. */
export interface LeadRow {
  _id: string;
  reference: string;
  kind: keyof typeof LEAD_KINDS;
  form: string;
  /** Where the visit came from: google, facebook, direct, … */
  source: string;
  name: string;
  phone: string;
  email: string | null;
  department: string | null;
  course: string | null;
  /** The contact message's subject (or the home form's "Subject" text). */
  subject: string | null;
  status: LeadStatus;
  /** The next follow-up day (YYYY-MM-DD), India time. */
  followUp: string | null;
  assignedTo: StaffRef | null;
  personId: string;
  /** How many enquiries this person has made (1: only this one). */
  enquiries: number;
  createdAt: string;
  /** The last time staff did anything with it; null: nobody has touched it. */
  touchedAt: string | null;
  /** 'hi' when the person wrote from a Hindi page (mail to them is in Hindi); absent for English, the default. */
  language?: 'hi';
  version: number;
  /** Whom staff may message on WhatsApp or call: absent for the person themselves; a minor's guardian, or nobody (decision 053). */
  messaging?: Messaging;
}

/** One line of a timeline. */
export interface TimelineEntry {
  /** Unique within the timeline, e.g. `event-12`, `received-5`. */
  _id: string;
  at: string;
  /** received, notified, notify-failed, note, contact, status, assigned, follow-up, merged, unmerged, admitted. */
  kind: string;
  /** The lead it belongs to (a person's timeline spans their enquiries). */
  lead: { _id: string; reference: string };
  staff: StaffRef | null;
  /** What happened, in words staff read (e.g. 'Call: No answer. Next: Contacted, follow up on 2026-11-26'). */
  summary: string;
  detail: Record<string, unknown>;
}

/** GET /api/admin/leads/{id} (and the `current` of a 409). */
export interface LeadDetail extends LeadRow {
  message: string | null;
  lostReason: LostReason | null;
  lostNote: string | null;
  visitOn: string | null;
  studentId: string | null;
  notifiedAt: string | null;
  notifyError: string | null;
  attribution: {
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    utmTerm: string | null;
    utmContent: string | null;
    referrer: string | null;
    landingPage: string | null;
  };
  /** The person's enquiries, newest first (this one included). */
  person: {
    _id: string;
    leads: Pick<LeadRow, '_id' | 'reference' | 'kind' | 'status' | 'course' | 'createdAt'>[];
    merges: { _id: string; from: string; into: string; at: string }[];
  };
  timeline: TimelineEntry[];
  /** An application form's lead: what it sent and its documents (null for an enquiry). */
  application: ApplicationDetail | null;
  /** An under-18's lead: the parent's or guardian's consent it was kept with (null for an adult's). */
  guardianConsent: GuardianConsentView | null;
  /** The person withdrew their consent to updates: no e-mail to them, and staff show "Consent withdrawn" instead of a WhatsApp link. */
  updatesWithdrawn: boolean;
}
