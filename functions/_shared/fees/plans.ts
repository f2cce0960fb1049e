/**
 * Fee plans (fee_plans, fee_plan_instalments) as the Fee plans screen reads and saves them: a plan
 * is for a course (every batch of it) or one batch (which then overrides the course's). Saving a
 * plan never touches the dues already made from it: each due keeps its own copy.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { query, type Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import type { FeePlan } from '../../../src/lib/schemas/fees';

/** One instalment as screens read it (amounts in paise). */
export interface PlanInstalment {
  seq: number;
  amountPaise: number;
  dueOn: string | null;
  dueMonths: number | null;
}

/** A plan as screens read it. */
export interface PlanView {
  id: string;
  courseId: string | null;
  batchId: string | null;
  /** The course's title (for a batch's plan, the batch's course). */
  course: string | null;
  batch: string | null;
  totalPaise: number;
  lateFeePaise: number;
  graceDays: number;
  /** How many dues were made from it (they keep their amounts whatever the plan becomes). */
  dues: number;
  /** How many students already in its course or batch it would give dues to now (planReach). */
  waiting: number;
  updatedAt: string;
  version: number;
  instalments: PlanInstalment[];
}

/**
 * Each student a plan reaches, once per plan (plan_id): the active students of its batch, or of
 * the course's batches not completed; `reach` says what applying it does for them: 'give' (their
 * dues are made from their joining day), 'own-plan' (their batch has a plan of its own, which
 * governs them) or 'owing' (they already have dues from a plan for the course: left alone, as a
 * move between batches is). A student in two batches of the course is counted once, by the first.
 */
const REACH_SQL = `select distinct on (p.id, bs.student_id) p.id as plan_id, bs.student_id, s.name, b.id as batch_id, b.course_id,
       greatest(b.starts_on, bs.joined_on)::text as start,
       case when p.course_id is not null and exists (select 1 from fee_plans o where o.batch_id = b.id) then 'own-plan'
            when exists (select 1 from fee_dues d where d.student_id = bs.student_id and d.course_id = b.course_id and d.from_plan and d.waived_at is null) then 'owing'
            else 'give' end as reach
  from fee_plans p
  join batches b on (b.id = p.batch_id or b.course_id = p.course_id) and b.status <> 'completed'
  join batch_students bs on bs.batch_id = b.id and bs.status = 'active'
  join students s on s.id = bs.student_id
 order by p.id, bs.student_id, bs.joined_on, b.id`;

/** One student a plan would give dues to. */
export interface ReachedStudent {
  studentId: string;
  name: string;
  batchId: string;
  courseId: string;
  /** The day their months count from: the later of the batch's first day and their joining day. */
  start: string;
}

/** What applying a plan to the students already in its course or batch would do. */
export interface PlanReach {
  /** The students it gives dues to, by name. */
  give: ReachedStudent[];
  /** How many are left alone: already owing from a plan for the course, or in a batch with its own plan. */
  owing: number;
  ownPlan: number;
}

/** Whom plan `planId` reaches now (REACH_SQL); the same reading the confirmation shows and applying uses. */
export async function planReach(db: Queryable, planId: string): Promise<PlanReach> {
  const { rows } = await db.query<{ studentId: string; name: string; batchId: string; courseId: string; start: string; reach: string }>(
    `select r.student_id::text as "studentId", r.name, r.batch_id::text as "batchId", r.course_id::text as "courseId", r.start, r.reach
       from (${REACH_SQL}) r where r.plan_id = $1 order by lower(r.name), r.student_id`,
    [planId],
  );
  return {
    give: rows.filter((r) => r.reach === 'give').map(({ reach: _, ...student }) => student),
    owing: rows.filter((r) => r.reach === 'owing').length,
    ownPlan: rows.filter((r) => r.reach === 'own-plan').length,
  };
}

const PLAN_SELECT = `select p.id::text, p.course_id::text as "courseId", p.batch_id::text as "batchId", coalesce(c.title, bc.title) as course, b.name as batch,
       p.total_paise::int as "totalPaise", p.late_fee_paise::int as "lateFeePaise", p.grace_days as "graceDays",
       (select count(*)::int from fee_dues d where d.plan_id = p.id) as dues,
       (select count(*)::int from (${REACH_SQL}) r where r.plan_id = p.id and r.reach = 'give') as waiting, p.updated_at::text as "updatedAt", p.version,
       coalesce((select json_agg(json_build_object('seq', i.seq, 'amountPaise', i.amount_paise::int, 'dueOn', i.due_on::text, 'dueMonths', i.due_months) order by i.seq)
                   from fee_plan_instalments i where i.plan_id = p.id), '[]'::json) as instalments
  from fee_plans p left join courses c on c.id = p.course_id left join batches b on b.id = p.batch_id left join courses bc on bc.id = b.course_id`;

/** Runs `text` in `db` (a transaction's client) or on the pool. */
const rowsOf = async <T extends object>(db: Queryable | undefined, text: string, params: unknown[]): Promise<T[]> =>
  db ? (await db.query(text, params)).rows : await query(text, params);

/** Every plan: the courses' by title, then the batches' by course and batch name. */
export async function listPlans(db?: Queryable): Promise<PlanView[]> {
  return rowsOf<PlanView>(db, `${PLAN_SELECT} order by p.batch_id is not null, coalesce(c.title, bc.title), b.name, p.id`, []);
}

/** What a plan may be for: the courses, and the batches not yet completed (a plan's own batch too). */
export interface PlanChoices {
  courses: { id: string; title: string }[];
  batches: { id: string; name: string; course: string }[];
}

/** The courses and batches the plan form offers. */
export async function planChoices(): Promise<PlanChoices> {
  const [courses, batches] = await Promise.all([
    query<{ id: string; title: string }>(`select id::text, title from courses order by title limit 500`),
    query<{ id: string; name: string; course: string }>(
      `select b.id::text, b.name, c.title as course from batches b join courses c on c.id = b.course_id
        where b.status <> 'completed' or exists (select 1 from fee_plans p where p.batch_id = b.id)
        order by c.title, b.name limit 500`,
    ),
  ]);
  return { courses, batches };
}

/** One plan, or null. */
export async function findPlan(db: Queryable | undefined, id: string): Promise<PlanView | null> {
  return (await rowsOf<PlanView>(db, `${PLAN_SELECT} where p.id = $1`, [id]))[0] ?? null;
}

/** The plan as people name it: 'Tally Prime' or 'batch Tally Morning (Tally Prime)'. */
export const planName = (plan: Pick<PlanView, 'course' | 'batch'>): string =>
  plan.batch ? `batch ${plan.batch}${plan.course ? ` (${plan.course})` : ''}` : (plan.course ?? 'a course');

export const planNotFound = () => new HttpError(404, 'This fee plan was not found. It may have been deleted.');

/** The 409 of a stale version, with the plan as it is now (or 404 when it is gone). */
export async function planMissedOrChanged(db: Queryable, id: string): Promise<HttpError> {
  const current = await findPlan(db, id);
  return current ? new HttpError(409, CONFLICT_MESSAGE, { current }) : planNotFound();
}

/**
 * Checks the course or batch the plan is for exists and has no other plan (`id`: the plan being
 * edited), answering 400 with the field's message otherwise.
 */
export async function checkPlanTarget(client: PoolClient, plan: FeePlan, id: string | null): Promise<void> {
  if (plan.courseId) {
    const { rows } = await client.query<{ title: string; planned: boolean }>(
      `select title, exists (select 1 from fee_plans p where p.course_id = c.id and ($2::bigint is null or p.id <> $2)) as planned from courses c where id = $1`,
      [plan.courseId, id],
    );
    if (!rows[0]) throw fieldError('courseId', 'Please choose a course from the list.');
    if (rows[0].planned) throw fieldError('courseId', `${rows[0].title} already has a fee plan. Please edit that plan instead.`);
  } else {
    const { rows } = await client.query<{ name: string; planned: boolean }>(
      `select name, exists (select 1 from fee_plans p where p.batch_id = b.id and ($2::bigint is null or p.id <> $2)) as planned from batches b where id = $1`,
      [plan.batchId, id],
    );
    if (!rows[0]) throw fieldError('batchId', 'Please choose a batch from the list.');
    if (rows[0].planned) throw fieldError('batchId', `The batch ${rows[0].name} already has a fee plan. Please edit that plan instead.`);
  }
}

const fieldError = (field: string, message: string) =>
  new HttpError(400, 'Please check the highlighted fields and try again.', { errors: { [field]: message } });

/**
 * Runs the insert or update of a plan's row: a colleague's plan for the same course or batch saved
 * this very moment (the unique index refuses it) is the same 400 as one saved before.
 */
export async function savePlanRow<T>(plan: FeePlan, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    throw plan.courseId
      ? fieldError('courseId', 'This course already has a fee plan. Please edit that plan instead.')
      : fieldError('batchId', 'This batch already has a fee plan. Please edit that plan instead.');
  }
}

/** Writes the plan's instalments afresh (after its row is inserted or updated). */
export async function writeInstalments(client: PoolClient, planId: string, plan: FeePlan): Promise<void> {
  await client.query('delete from fee_plan_instalments where plan_id = $1', [planId]);
  await client.query(
    `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_on, due_months)
     select $1, s.seq, s.amount, s.due_on, s.due_months
       from unnest($2::int[], $3::bigint[], $4::date[], $5::int[]) as s (seq, amount, due_on, due_months)`,
    [
      planId,
      plan.instalments.map((_, i) => i + 1),
      plan.instalments.map((i) => i.amount),
      plan.instalments.map((i) => i.dueOn ?? null),
      plan.instalments.map((i) => (i.dueOn ? null : (i.dueMonths ?? null))),
    ],
  );
}
