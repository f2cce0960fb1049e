/**
 * A walk-in's admission at the counter (POST /api/admin/walk-in), inside the caller's transaction:
 * the student record, their seat in a batch (assignToBatch: the batch row locked, so two walk-ins
 * cannot both take its last seat; the plan's dues made from today), and the first payment
 * (collect: the same receipt numbering, snapshot and UTR checks as the counter's Collect). Any
 * refusal rolls all of it back.
 *
 * - The mobile number is locked first (an advisory lock for the transaction), so two submissions
 *   for one person are judged one after the other: a retry with the same Idempotency-Key finds
 *   the receipt the first made and answers it; a second tap under another key finds the student
 *   the first made and is refused naming them.
 * - A student already on file with the mobile number is refused (409, `existing`), never doubled.
 * - A person who already enquired with the mobile number (decision 021: one status per person) is
 *   linked: their latest enquiry names the student (both ways), and all their enquiries move to
 *   Admitted with a timeline line each person.
 */
import type { PoolClient } from '@neondatabase/serverless';
import type { WalkIn, WalkInBatch, WalkInChoices, WalkInLookup } from '../../../src/lib/schemas/walk-in';
import { nameKey } from '../../../src/lib/transliterate';
import { assignToBatch } from '../classes/batches';
import { collect, type Collected } from '../fees/collect';
import { addMonths, planDueLabel } from '../fees/dues';
import { listPlans, type PlanView } from '../fees/plans';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { phoneKey } from '../leads/lead-insert';
import { writeEvents } from '../leads/lead-steps';
import { statusLabel } from '../leads/lead-summary';
import { ENQUIRY_KINDS_SQL, lockPeopleOf, samePipeline } from '../leads/person-pipeline';

/** What an admission did. */
export interface Admitted {
  studentId: string;
  student: string;
  batch: string;
  /** How many dues the plan made. */
  dues: number;
  receipt: Collected;
  /** The enquiry linked and closed as admitted, if the person had one. */
  enquiry: { leadId: string; reference: string } | null;
  /** True for a retry that found the admission already made (nothing new was written). */
  repeated: boolean;
}

/** The words of a student already on file with the mobile number. */
export const alreadyStudentMessage = (name: string) =>
  `${name} is already a student with this mobile number. Open their record to put them in a batch or collect fees, instead of adding them again.`;

/** The student on file with the mobile number `phone` (+91…, any spacing stored), if any. */
export async function studentWithMobile(db: Queryable, phone: string): Promise<{ id: string; name: string; course: string } | null> {
  const { rows } = await db.query<{ id: string; name: string; course: string }>(
    `select id::text, name, course from students where right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10) = $1 order by id limit 1`,
    [phoneKey(phone)],
  );
  return rows[0] ?? null;
}

/** The latest enquiry (kinds application and contact) of the person with mobile number `phone`, if any. */
export async function enquiryWithMobile(db: Queryable, phone: string): Promise<WalkInLookup['enquiry']> {
  const { rows } = await db.query<Omit<NonNullable<WalkInLookup['enquiry']>, 'statusWords'>>(
    `select l.id::text as "leadId", l.reference, l.name, l.status, l.language from leads l
      where l.kind in ${ENQUIRY_KINDS_SQL}
        and l.person_id in (select p.person_id from leads p where p.phone_norm = $1)
      order by l.id desc limit 1`,
    [phoneKey(phone)],
  );
  return rows[0] ? { ...rows[0], statusWords: statusLabel(rows[0].status) } : null;
}

/** The dues plan `plan` makes for a student of a batch starting `startsOn` who joins `today`. */
function plannedDues(plan: PlanView, startsOn: string, today: string) {
  const start = startsOn > today ? startsOn : today;
  const count = plan.instalments.length;
  return plan.instalments.map((i) => ({
    label: planDueLabel(i.seq, count),
    amountPaise: i.amountPaise,
    dueOn: i.dueOn ?? addMonths(start, i.dueMonths ?? 0),
  }));
}

/** The courses whose batches have a free seat (planned or running, not ended by `today`), each batch with the dues its plan makes from today. */
export async function walkInChoices(db: Queryable, today: string): Promise<WalkInChoices> {
  const [{ rows }, plans] = await Promise.all([
    db.query<Omit<WalkInBatch, 'dues'> & { courseId: string; course: string }>(
      `select b.id::text, b.name, b.starts_on::text as "startsOn", b.ends_on::text as "endsOn",
              to_char(b.starts_at, 'HH24:MI') as "startsAt", to_char(b.ends_at, 'HH24:MI') as "endsAt", b.seats,
              b.seats - (select count(*)::int from batch_students s where s.batch_id = b.id and s.status = 'active') as "seatsLeft",
              c.id::text as "courseId", c.title as course
         from batches b join courses c on c.id = b.course_id
        where b.status in ('planned', 'running') and b.ends_on >= $1::date
        order by c.title, b.starts_on, b.starts_at, b.name limit 500`,
      [today],
    ),
    listPlans(db),
  ]);
  const courses = new Map<string, WalkInChoices['courses'][number]>();
  for (const { courseId, course, ...batch } of rows) {
    // A full batch is not offered.
    if (batch.seatsLeft <= 0) continue;
    const plan = plans.find((p) => p.batchId === batch.id) ?? plans.find((p) => p.courseId === courseId);
    const entry = courses.get(courseId) ?? { id: courseId, title: course, batches: [] };
    entry.batches.push({ ...batch, dues: plan ? plannedDues(plan, batch.startsOn, today) : null });
    courses.set(courseId, entry);
  }
  return { today, courses: [...courses.values()] };
}

/** Admits walk-in `w` as `staff` on `today`, the payment recorded once under `key`. */
export async function admitWalkIn(client: PoolClient, w: WalkIn, staff: { id: string; name: string }, key: string | null, today: string): Promise<Admitted> {
  await client.query(`select pg_advisory_xact_lock(hashtextextended('walk-in:' || $1, 0))`, [phoneKey(w.phone)]);
  const payment = {
    amountPaise: w.amount,
    mode: w.mode,
    utr: w.utr,
    chequeNumber: w.chequeNumber,
    paidOn: today,
    advance: w.advance,
    idempotencyKey: key,
  };

  if (key) {
    // A retry: the receipt this key made names the student the admission made.
    const { rows } = await client.query<{ studentId: string; student: string; leadId: string | null; reference: string | null }>(
      `select s.id::text as "studentId", s.name as student, l.id::text as "leadId", l.reference
         from fee_receipts r join students s on s.id = r.student_id left join leads l on l.id = s.lead_id where r.idempotency_key = $1`,
      [key],
    );
    const earlier = rows[0];
    if (earlier) {
      const receipt = await collect(client, { studentId: earlier.studentId, ...payment }, staff, today);
      const batch = await client.query<{ name: string }>('select name from batches where id = $1', [w.batchId]);
      return {
        studentId: earlier.studentId,
        student: earlier.student,
        batch: batch.rows[0]?.name ?? '',
        dues: 0,
        receipt,
        enquiry: earlier.leadId ? { leadId: earlier.leadId, reference: earlier.reference! } : null,
        repeated: true,
      };
    }
  }

  const existing = await studentWithMobile(client, w.phone);
  if (existing) {
    const message = alreadyStudentMessage(existing.name);
    throw new HttpError(409, message, { errors: { phone: message }, existing: { id: existing.id, name: existing.name } });
  }

  const batch = await client.query<{ course: string }>('select c.title as course from batches b join courses c on c.id = b.course_id where b.id = $1', [
    w.batchId,
  ]);
  if (!batch.rows[0])
    throw new HttpError(400, 'Please check the highlighted fields and try again.', { errors: { batchId: 'Please choose a batch from the list.' } });

  // The person who enquired with this mobile: their enquiries are closed as admitted, the latest linked.
  const enquiry = await enquiryWithMobile(client, w.phone);
  if (enquiry) await lockPeopleOf(client, [enquiry.leadId]);

  const { rows } = await client.query<{ id: string }>(
    `insert into students (name, email, phone, course, registration_date, lead_id, name_latin, guardian_name, guardian_phone, language)
     values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10) returning id::text`,
    [
      w.name,
      w.email ?? null,
      w.phone,
      batch.rows[0].course,
      today,
      enquiry?.leadId ?? null,
      nameKey(w.name),
      w.guardianName ?? null,
      w.guardianPhone ?? null,
      w.language,
    ],
  );
  const studentId = rows[0]!.id;

  if (enquiry) await closeEnquiry(client, enquiry.leadId, studentId, w.name, staff.id);

  const placed = await assignToBatch(client, w.batchId!, studentId, 'batchId');
  if (placed.dues === 0) {
    const message = `${placed.batch} has no fee plan (nor has its course), so there is no instalment to collect. An Owner or Accountant adds one under Fee plans first.`;
    throw new HttpError(409, message, { errors: { batchId: message } });
  }
  const receipt = await collect(client, { studentId, ...payment }, staff, today);
  return {
    studentId,
    student: w.name,
    batch: placed.batch,
    dues: placed.dues,
    receipt,
    enquiry: enquiry ? { leadId: enquiry.leadId, reference: enquiry.reference } : null,
    repeated: false,
  };
}

/**
 * Closes the enquiries of the person of lead `leadId` as admitted (one status per person): the
 * lead names student `studentId`, every enquiry of theirs that is not yet admitted moves to
 * Admitted with no follow-up, and the timeline says so once: the move and whom it admitted.
 */
async function closeEnquiry(client: PoolClient, leadId: string, studentId: string, student: string, staffId: string): Promise<void> {
  const { rows } = await client.query<{ from: string }>(
    `update leads l set status = 'admitted', follow_up_on = null, lost_reason = null, lost_note = null,
            touched_at = now(), updated_at = now(), version = l.version + 1
       from leads o
      where ${samePipeline(1)} and o.id = l.id and l.status <> 'admitted'
     returning o.status as "from"`,
    [[leadId]],
  );
  await client.query('update leads set student_id = $2 where id = $1', [leadId, studentId]);
  const from = rows[0]?.from;
  await writeEvents(client, staffId, [
    ...(from ? [{ lead: leadId, kind: 'status', detail: { from, to: 'admitted', walkIn: true } }] : []),
    { lead: leadId, kind: 'admitted', detail: { studentId, student } },
  ]);
}
