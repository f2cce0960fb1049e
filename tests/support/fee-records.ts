/**
 * Fees written straight to the database for the in-process tests of the ledger, the counter, the
 * receipts and the dues: a course taught in one running batch with a plan of ₹9,000 in three
 * monthly instalments (₹3,000 on joining, then a month and two months later), and a transaction
 * on the test's own connection in which to call collect() and cancelReceipt().
 */
import type pg from 'pg';
import type { PoolClient } from '@neondatabase/serverless';
import type { Sql } from './class-records';

/** What the plan may add: a late fee in paise after some days' grace, and the batch's dates and seats. */
export interface FeeCourseOptions {
  lateFeePaise?: number;
  graceDays?: number;
  startsOn?: string;
  endsOn?: string;
  seats?: number;
}

/** The course 'Tally Prime', its batch 'Tally Morning' and the course's plan; their ids. */
export async function addFeeCourse(sql: Sql, options: FeeCourseOptions = {}): Promise<{ courseId: string; batchId: string; planId: string }> {
  const { lateFeePaise = 0, graceDays = 0, startsOn = '2026-10-01', endsOn = '2027-03-31', seats = 30 } = options;
  const [course] = await sql<{ id: string }>(
    `insert into courses (title, category, price, duration, description, image) values ('Tally Prime', 'Accounts', 9000, '3 months', 'Tally.', '/logo.svg') returning id::text`,
  );
  const [batch] = await sql<{ id: string }>(
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
     values ($1, 'Tally Morning', $2, $3, '{1,3,5}', '09:00', '10:30', 'Room 1', $4, 'running') returning id::text`,
    [course!.id, startsOn, endsOn, seats],
  );
  const [plan] = await sql<{ id: string }>(
    `insert into fee_plans (course_id, total_paise, late_fee_paise, grace_days) values ($1, 900000, $2, $3) returning id::text`,
    [course!.id, lateFeePaise, graceDays],
  );
  await sql(`insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 300000, 1), ($1, 3, 300000, 2)`, [
    plan!.id,
  ]);
  return { courseId: course!.id, batchId: batch!.id, planId: plan!.id };
}

/** Runs `work` in a transaction of `client` (the test's own connection), rolled back when it throws. */
export async function inTransaction<T>(client: pg.Client, work: (c: PoolClient) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work(client as unknown as PoolClient);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
