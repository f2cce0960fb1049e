/**
 * The dues to chase on a day (India's): those overdue (their due day has passed) and those due
 * within the week, each with what is left to pay (balanceSql: the late fee counted once it
 * applies), the student and their phone, and the last reminder staff sent; with the count and the
 * total of each list. Today's lists and the morning digest read them from here.
 */
import type { Queryable } from '../platform/db';
import type { DueToChase, DuesList } from '../../../src/lib/schemas/fee-dues';
import { balanceSql, lateFeeSql } from './dues';
import { messagingColumns, withMessaging, type MessagingRecord } from '../consent/messaging';

/** At most this many dues are listed in each list (the count and the total cover them all). */
export const DUES_LIST_MAX = 200;

/** Which dues: overdue, due within the week, or both; a teacher's own batches only when `teacherId` is given. */
export interface DuesFilter {
  within?: 'overdue' | 'week' | undefined;
  teacherId?: string | undefined;
  limit?: number;
}

const OPEN = `d.settled_on is null and d.waived_at is null and ${balanceSql('$1')} > 0`;
const LIST = {
  overdue: `d.due_on < $1::date`,
  week: `d.due_on between $1::date and $1::date + 7`,
} as const;

/** The dues of one list on `today`. */
async function listOf(db: Queryable, which: keyof typeof LIST, today: string, teacherId: string | undefined, limit: number): Promise<DuesList> {
  const mine = teacherId ? `and b.teacher_id = $2` : `and $2::uuid is null`;
  const where = `${OPEN} and ${LIST[which]} ${mine}`;
  // Sums in SQL as bigint (text over the wire), then Number: paise stay exact.
  const { rows: items } = await db.query<Omit<DueToChase, 'language' | 'messaging'> & MessagingRecord & { language: 'en' | 'hi' }>(
    `select d.id::text, d.reference, d.student_id::text as "studentId", s.name as student, s.phone, c.title as course, b.name as batch,
              d.label, d.due_on::text as "dueOn", ${balanceSql('$1')}::int as "balancePaise",
              least(${lateFeeSql('$1')}, ${balanceSql('$1')})::int as "lateFeePaise", ($1::date - d.due_on)::int as "daysOverdue",
              (select max(r.sent_at) from fee_reminders r where r.due_id = d.id) as "remindedAt", s.language,
              ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}
         from fee_dues d join students s on s.id = d.student_id
         left join batches b on b.id = d.batch_id left join courses c on c.id = d.course_id
        where ${where}
        order by d.due_on, lower(s.name), d.id limit $3`,
    [today, teacherId ?? null, limit],
  );
  const { rows: totals } = await db.query<{ count: number; total: string }>(
    `select count(*)::int as count, coalesce(sum(${balanceSql('$1')}), 0)::bigint::text as total
       from fee_dues d left join batches b on b.id = d.batch_id where ${where}`,
    [today, teacherId ?? null],
  );
  return {
    // The student's language is named only when it is not English (as on a student's record).
    // Whom a reminder may go to is named only when it is not the student (a minor, a consent withdrawn).
    items: items.map(({ language, ...i }) => ({
      ...withMessaging(i),
      remindedAt: i.remindedAt ? new Date(i.remindedAt).toISOString() : null,
      ...(language === 'en' ? {} : { language }),
    })),
    count: totals[0]?.count ?? 0,
    totalPaise: Number(totals[0]?.total ?? 0),
  };
}

const NONE: DuesList = { items: [], count: 0, totalPaise: 0 };

/** The overdue dues and those due within the week on `today` (YYYY-MM-DD, India's). */
export async function duesToChase(db: Queryable, today: string, filter: DuesFilter = {}): Promise<{ overdue: DuesList; week: DuesList }> {
  const limit = filter.limit ?? DUES_LIST_MAX;
  const overdue = filter.within === 'week' ? NONE : await listOf(db, 'overdue', today, filter.teacherId, limit);
  const week = filter.within === 'overdue' ? NONE : await listOf(db, 'week', today, filter.teacherId, limit);
  return { overdue, week };
}
