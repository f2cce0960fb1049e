/**
 * A student's dues (fee_dues, migration 014): made from the fee plan when they join a batch, and
 * read with their balance on a day. A due owes amount - discount, plus its late fee once it was
 * not settled by due_on + grace_days; paid_paise is what receipts allocated to it.
 */
import type { PoolClient } from '@neondatabase/serverless';
import type { Queryable } from '../platform/db';
import type { DueState } from '../../../src/lib/fee-words';
import { isOfficeDay, OFFICE_YEARS } from '../../../src/lib/schemas/real-day';
import { HttpError } from '../platform/http';

/**
 * SQL of a due's late fee, owed total and balance on the day `$day` (a parameter placeholder such
 * as '$2'), for the row alias `d`: use in a select list or a where clause.
 */
export const lateFeeSql = (day: string, d = 'd') =>
  `(case when ${d}.late_fee_paise > 0 and ${d}.waived_at is null and coalesce(${d}.settled_on, ${day}::date) > ${d}.due_on + ${d}.grace_days then ${d}.late_fee_paise else 0 end)`;
export const owedSql = (day: string, d = 'd') =>
  `(case when ${d}.waived_at is null then ${d}.amount_paise - ${d}.discount_paise + ${lateFeeSql(day, d)} else 0 end)`;
export const balanceSql = (day: string, d = 'd') => `greatest(${owedSql(day, d)} - ${d}.paid_paise, 0)`;

/** A due as screens read it (amounts in paise). */
export interface Due {
  id: string;
  reference: string;
  studentId: string;
  batchId: string | null;
  batch: string | null;
  courseId: string | null;
  course: string | null;
  seq: number;
  label: string;
  amountPaise: number;
  discountPaise: number;
  discountReason: string | null;
  lateFeePaise: number;
  paidPaise: number;
  balancePaise: number;
  dueOn: string;
  settledOn: string | null;
  waived: boolean;
  waivedReason: string | null;
  state: DueState;
  version: number;
}

/** The columns of a Due for `fee_dues d left join batches b on b.id = d.batch_id left join courses c on c.id = d.course_id`, on day `$day`. */
export const dueColumns = (day: string) => `d.id::text, d.reference, d.student_id::text as "studentId", d.batch_id::text as "batchId", b.name as batch,
  d.course_id::text as "courseId", c.title as course, d.seq, d.label, d.amount_paise::int as "amountPaise", d.discount_paise::int as "discountPaise",
  d.discount_reason as "discountReason", ${lateFeeSql(day)}::int as "lateFeePaise", d.paid_paise::int as "paidPaise", ${balanceSql(day)}::int as "balancePaise",
  d.due_on::text as "dueOn", d.settled_on::text as "settledOn", d.waived_at is not null as waived, d.waived_reason as "waivedReason",
  case when d.waived_at is not null then 'waived' when ${balanceSql(day)} = 0 then 'paid' when d.due_on < ${day}::date then 'overdue'
       when d.due_on <= ${day}::date + 7 then 'due' else 'upcoming' end as state, d.version`;

export const DUES_FROM = `fee_dues d left join batches b on b.id = d.batch_id left join courses c on c.id = d.course_id`;

/** Every due of a student on `day`, by due day. */
export async function duesOf(db: Queryable, studentId: string, day: string): Promise<Due[]> {
  const { rows } = await db.query<Due>(`select ${dueColumns('$2')} from ${DUES_FROM} where d.student_id = $1 order by d.due_on, d.id`, [studentId, day]);
  return rows;
}

/**
 * Adds `months` calendar months to a YYYY-MM-DD day, keeping to the month's last day (31 Jan + 1 →
 * 28/29 Feb). Written from the parts, never through toISOString, which cannot write year 10000 as
 * YYYY: a sum beyond year 9999 reads as such ('10002-01-01') and is refused by isOfficeDay.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(d, last.getUTCDate()), 2)}`;
}

/** The next due reference: D000123 (a UPI payment carries it as `tr`). */
export async function nextDueReference(client: Queryable): Promise<string> {
  const { rows } = await client.query<{ n: string }>(`select nextval('fee_due_reference_seq')::text as n`);
  return `D${rows[0]!.n.padStart(6, '0')}`;
}

/** The plan a student of batch `batchId` (of course `courseId`) owes by: the batch's own, else the course's; null without one. */
export async function planFor(client: Queryable, batchId: string, courseId: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `select id::text from fee_plans where batch_id = $1 or course_id = $2 order by batch_id is null limit 1`,
    [batchId, courseId],
  );
  return rows[0]?.id ?? null;
}

/** Where a student's dues from a plan belong, and the day their months count from. */
export interface PlanDuesFor {
  planId: string;
  studentId: string;
  batchId: string;
  courseId: string;
  /** The student's start: the later of the batch's first day and the day they joined. */
  start: string;
}

/** A plan's due as the student reads it: 'Course fee' for a plan of one instalment, else 'Instalment 2 of 3'. */
export const planDueLabel = (seq: number, count: number) => (count === 1 ? 'Course fee' : `Instalment ${seq} of ${count}`);

/** A plan's terms: its late fee and grace, and its instalments in order (amounts in paise, as text). */
export interface PlanTerms {
  lateFee: string;
  graceDays: number;
  instalments: { seq: number; amount: string; dueOn: string | null; dueMonths: number | null }[];
}

/** One due a plan makes for one student (amounts in paise, as text). */
export interface PlanDueRow {
  seq: number;
  label: string;
  amount: string;
  lateFee: string;
  graceDays: number;
  dueOn: string;
}

/**
 * The dues `terms` make for a student whose months count from `start`: one per instalment,
 * falling due on its day or its months after `start`, named 'Course fee' or 'Instalment 2 of 3'.
 * An instalment whose day is already past on `today` carries no late fee: it did not exist to be
 * paid on time. A day beyond the office's years (a batch dated far ahead) is refused in words (409).
 */
export function planDueRows(terms: PlanTerms, start: string, today: string): PlanDueRow[] {
  const count = terms.instalments.length;
  const days = terms.instalments.map((i) => i.dueOn ?? addMonths(start, i.dueMonths ?? 0));
  const beyond = days.findIndex((day) => !isOfficeDay(day));
  if (beyond >= 0)
    throw new HttpError(
      409,
      `Instalment ${beyond + 1} of the fee plan would fall due ${OFFICE_YEARS.last} or later (${terms.instalments[beyond]!.dueMonths ?? 0} months after ${start}). Please check the batch’s dates.`,
    );
  return terms.instalments.map((i, index) => ({
    seq: i.seq,
    label: planDueLabel(i.seq, count),
    amount: i.amount,
    lateFee: days[index]! < today ? '0' : terms.lateFee,
    graceDays: terms.graceDays,
    dueOn: days[index]!,
  }));
}

/**
 * Makes a student's dues from plan `planId` (planDueRows), inside the caller's transaction.
 * Returns how many dues were made.
 */
export async function makePlanDues(client: Queryable, dues: PlanDuesFor, today: string): Promise<number> {
  const plan = await client.query<{ lateFee: string; graceDays: number }>(
    `select late_fee_paise::text as "lateFee", grace_days as "graceDays" from fee_plans where id = $1`,
    [dues.planId],
  );
  if (!plan.rows[0]) return 0;
  const instalments = await client.query<PlanTerms['instalments'][number]>(
    `select seq, amount_paise::text as amount, due_on::text as "dueOn", due_months as "dueMonths" from fee_plan_instalments where plan_id = $1 order by seq`,
    [dues.planId],
  );
  const rows = planDueRows({ ...plan.rows[0], instalments: instalments.rows }, dues.start, today);
  for (const due of rows) {
    await client.query(
      `insert into fee_dues (reference, student_id, batch_id, course_id, plan_id, seq, label, amount_paise, late_fee_paise, grace_days, due_on, from_plan)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true)`,
      [
        await nextDueReference(client),
        dues.studentId,
        dues.batchId,
        dues.courseId,
        dues.planId,
        due.seq,
        due.label,
        due.amount,
        due.lateFee,
        due.graceDays,
        due.dueOn,
      ],
    );
  }
  return rows.length;
}

/**
 * Called inside the transaction that puts a student in a batch (assignToBatch). A student who
 * already owes for the batch's course (moved from another batch of it, or rejoining) keeps those
 * dues, which now name the new batch; otherwise their dues are made from the batch's plan, or the
 * course's, counted from the later of the batch's first day and the day they joined (`joinedOn`).
 * Without a plan, nothing. Returns how many dues were made.
 */
export async function createDuesForPlacement(client: PoolClient, batchId: string, studentId: string, joinedOn: string, today: string): Promise<number> {
  const batch = await client.query<{ courseId: string; startsOn: string }>(
    `select course_id::text as "courseId", starts_on::text as "startsOn" from batches where id = $1`,
    [batchId],
  );
  const { courseId, startsOn } = batch.rows[0]!;
  await client.query(`update fee_dues set batch_id = $1, updated_at = now() where student_id = $2 and course_id = $3 and waived_at is null`, [
    batchId,
    studentId,
    courseId,
  ]);
  const owing = await client.query(`select 1 from fee_dues where student_id = $1 and course_id = $2 and from_plan and waived_at is null limit 1`, [
    studentId,
    courseId,
  ]);
  if (owing.rows[0]) return 0;
  const planId = await planFor(client, batchId, courseId);
  if (!planId) return 0;
  return makePlanDues(client, { planId, studentId, batchId, courseId, start: startsOn > joinedOn ? startsOn : joinedOn }, today);
}
