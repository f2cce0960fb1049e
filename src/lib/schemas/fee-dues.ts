/**
 * The dues to chase (Today's lists, GET /api/admin/fees/dues), a reminder of one
 * (POST /api/admin/fees/reminders) and the fee reports (GET /api/admin/fees/reports): their
 * queries and bodies, checked alike in the browser and the functions; answers carry paise.
 */
import type { Messaging } from './messaging';
import { z } from './zod';
import { RecordIdSchema } from './records';
import { FeeDaySchema } from './fees';

const blankIsMissing = (v: unknown) => (v === '' ? undefined : v);

/** ?within= of the dues list: overdue only, due within the week only, or (missing) both. */
export const DuesQuerySchema = z.object({
  within: z.preprocess(blankIsMissing, z.enum(['overdue', 'week'], { message: 'Please choose the overdue dues or those due this week.' }).optional()),
});

/** The languages a reminder is written in. */
export const REMINDER_LANGUAGES = ['en', 'hi'] as const;

/** A reminder of one due, in English or Hindi. */
export const ReminderSchema = z.object({
  dueId: RecordIdSchema,
  language: z.enum(REMINDER_LANGUAGES, { message: 'Please choose the reminder in English or Hindi.' }),
});

/** A due to chase, as Today lists it. */
export interface DueToChase {
  id: string;
  reference: string;
  studentId: string;
  student: string;
  phone: string | null;
  course: string | null;
  batch: string | null;
  label: string;
  dueOn: string;
  balancePaise: number;
  /** The late fee the balance includes (0 when none applies yet). */
  lateFeePaise: number;
  /** Days since the due day (0 or less: not overdue yet). */
  daysOverdue: number;
  /** When staff last sent a reminder of it (ISO time), or null. */
  remindedAt: string | null;
  /** 'hi' when the student's language is Hindi (the reminder opens in it); absent for English, the default. */
  language?: 'hi';
  /** Whom a reminder may go to: absent for the student themselves; a minor's guardian, or nobody (decision 053). */
  messaging?: Messaging;
}

/** One list of dues with the count and the total of all of them (the list may be cut short). */
export interface DuesList {
  items: DueToChase[];
  count: number;
  totalPaise: number;
}

/** GET /api/admin/fees/dues. */
export interface DuesToChaseAnswer {
  today: string;
  overdue: DuesList;
  week: DuesList;
}

/** POST /api/admin/fees/reminders: the message and the wa.me link that opens it. */
export interface ReminderAnswer {
  text: string;
  link: string;
  sentAt: string;
  /** Whether a reminder e-mail went to the student record's address too (none when it has none). */
  emailed: boolean;
}

/** What the collection is grouped by. */
export const REPORT_GROUPS = ['day', 'month', 'mode', 'course'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = { day: 'Day', month: 'Month', mode: 'Payment mode', course: 'Course' };

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 731;

/** ?from=&to=&by=&view=&format= of the reports. */
export const ReportQuerySchema = z
  .object({
    from: z.preprocess(blankIsMissing, FeeDaySchema('the first day').optional()),
    to: z.preprocess(blankIsMissing, FeeDaySchema('the last day').optional()),
    by: z.preprocess(blankIsMissing, z.enum(REPORT_GROUPS, { message: 'Please group the collection by day, month, payment mode or course.' }).default('day')),
    view: z.preprocess(
      blankIsMissing,
      z.enum(['collection', 'outstanding'], { message: 'Please choose the collection or the outstanding dues.' }).default('collection'),
    ),
    format: z.preprocess(blankIsMissing, z.enum(['json', 'csv', 'xlsx'], { message: 'Please choose the file as CSV or Excel (xlsx).' }).default('json')),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first day.' });
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Please choose a period of at most two years.' });
  });

/** One row of the collection: a day, a month, a mode or a course, with its receipts. */
export interface CollectionRow {
  /** The day (YYYY-MM-DD), month (YYYY-MM), mode key or course id. */
  key: string;
  /** What people read: '25 Nov 2026', 'November 2026', 'Bank transfer', 'Tally Prime'. */
  label: string;
  receipts: number;
  amountPaise: number;
  /** Refund vouchers paid in the group, and what they paid back (decision 045). */
  refunds: number;
  refundPaise: number;
  /** Collected less refunded. */
  netPaise: number;
}

/** A refund paid in the period, as the collection report lists it. */
export interface ReportRefund {
  id: string;
  number: string;
  paidOn: string;
  student: string;
  receipt: string;
  modeLabel: string;
  amountPaise: number;
}

/** One batch's outstanding fees. */
export interface OutstandingRow {
  batchId: string | null;
  batch: string;
  course: string | null;
  students: number;
  owedPaise: number;
  paidPaise: number;
  balancePaise: number;
  overduePaise: number;
}

/** GET /api/admin/fees/reports (view collection). */
export interface CollectionReport {
  view: 'collection';
  from: string;
  to: string;
  by: ReportGroup;
  rows: CollectionRow[];
  totalPaise: number;
  receipts: number;
  /** Receipts of the period that were cancelled (left out of the totals). */
  cancelled: number;
  /** Refunds paid in the period: how many, how much, each listed; net = totalPaise − refundPaise. */
  refunds: number;
  refundPaise: number;
  netPaise: number;
  refundList: ReportRefund[];
}

/** GET /api/admin/fees/reports?view=outstanding. */
export interface OutstandingReport {
  view: 'outstanding';
  today: string;
  rows: OutstandingRow[];
  totals: { owedPaise: number; paidPaise: number; balancePaise: number; overduePaise: number };
}
