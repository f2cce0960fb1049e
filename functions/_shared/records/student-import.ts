/**
 * Importing students from the office's own file (decision 047): the rows the admin app read from
 * the .xlsx or CSV are checked against the database — a student already on file by mobile number,
 * the course and the batch by name, a batch's free seats counting this file's rows, the joining
 * day against the batch's dates, the fee plan's dues — and then written all at once: every
 * student, their places in the batches and their dues in one transaction of a few set-based
 * statements (unnest), whatever the number of rows. A file imported once is refused the second
 * time (student_imports.file_hash), so nobody is added twice.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import type { Queryable } from '../platform/db';
import { HttpError, readJson } from '../platform/http';
import { fieldErrorsOf } from '../../../src/lib/schemas/field-errors';
import { planDueRows, type PlanDueRow, type PlanTerms } from '../fees/dues';
import { checkRows, type CheckedRow } from '../../../src/lib/student-import/row-checks';
import { COLUMN_WORDS, IMPORT_COLUMNS } from '../../../src/lib/student-import/columns';
import { ImportRequestSchema, type ImportProblem, type ImportRequest } from '../../../src/lib/schemas/student-import';
import { dayInWords } from '../../../src/lib/attendance-words';
import { nameKey } from '../../../src/lib/transliterate';

/** A student's ten mobile digits in SQL, however the number was stored (migration 023's index). */
const MOBILE_DIGITS = `right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10)`;

/** A batch named in the file, as the checks read it. */
interface BatchFacts {
  id: string;
  name: string;
  courseId: string;
  course: string;
  seats: number;
  taken: number;
  status: string;
  startsOn: string;
  endsOn: string;
  planId: string | null;
}

/** One row of the preview: what will be saved, or the cells as written where they are wrong. */
export interface PreviewRow {
  row: number;
  name: string;
  mobile: string;
  course: string;
  batch: string;
  joinedOn: string;
  /** How many dues the batch's fee plan makes for the student. */
  dues: number;
  /** Whether the row has any problem. */
  bad: boolean;
}

/** A file already imported: when, by whom, how many students. */
export interface AlreadyImported {
  id: string;
  on: string;
  by: string;
  students: number;
}

/** What a file would do: its problems in words, its rows, and what is needed to save it. */
export interface ImportPlan {
  hash: string;
  problems: ImportProblem[];
  rows: PreviewRow[];
  already: AlreadyImported | null;
  /** The rows checked, with their course, batch and dues (used only when there is no problem). */
  students: { checked: CheckedRow; course: string; batch: BatchFacts | null; dues: PlanDueRow[]; planId: string | null }[];
}

/** The file's identity: the SHA-256 of its rows as read (the same rows in the same order are the same file). */
export const fileHash = (request: ImportRequest) =>
  createHash('sha256')
    .update(JSON.stringify(request.rows.map((r) => [r.row, ...IMPORT_COLUMNS.map((c) => r[c.key].normalize('NFC').trim())])))
    .digest('hex');

const seatWords = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;
const COLUMN_ORDER = Object.keys(COLUMN_WORDS);

/** "“CCC”, “Tally Prime” and “RS-CIT”" (at most `max` names, then "and N more"). */
function nameList(names: string[], max = 12): string {
  const shown = names.slice(0, max).map((n) => `“${n}”`);
  if (names.length > max) return `${shown.join(', ')} and ${names.length - max} more`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * Reads what importing `request` on `today` would do, in `db`; `lock` (inside the import's
 * transaction) locks the batches it names, so that their seats cannot be taken meanwhile.
 */
export async function planImport(db: Queryable, request: ImportRequest, today: string, lock = false): Promise<ImportPlan> {
  const hash = fileHash(request);
  const { rows: checked, problems } = checkRows(request.rows, today);
  const lower = (values: string[]) => [...new Set(values.filter(Boolean).map((v) => v.toLowerCase()))];
  const digits = checked.flatMap((r) => (r.phone ? [r.phone.slice(3)] : []));

  const [already, onFile, courses, batches] = await Promise.all([
    db.query<AlreadyImported>(
      `select id::text, (created_at at time zone 'Asia/Kolkata')::date::text as "on", staff_name as by, students from student_imports where file_hash = $1`,
      [hash],
    ),
    db.query<{ digits: string; name: string }>(`select ${MOBILE_DIGITS} as digits, name from students where ${MOBILE_DIGITS} = any($1::text[]) order by id`, [
      digits,
    ]),
    db.query<{ id: string; title: string }>(`select id::text, title from courses order by title, id limit 500`),
    db.query<BatchFacts>(
      `select b.id::text, b.name, b.course_id::text as "courseId", c.title as course, b.seats, b.status, b.starts_on::text as "startsOn", b.ends_on::text as "endsOn",
              (select count(*)::int from batch_students bs where bs.batch_id = b.id and bs.status = 'active') as taken,
              (select p.id::text from fee_plans p where p.batch_id = b.id or p.course_id = b.course_id order by p.batch_id is null limit 1) as "planId"
         from batches b join courses c on c.id = b.course_id
        where lower(b.name) = any($1::text[]) order by b.id ${lock ? 'for update of b' : ''}`,
      [lower(checked.map((r) => r.batch))],
    ),
  ]);
  const planIds = [...new Set(batches.rows.flatMap((b) => (b.planId ? [b.planId] : [])))];
  const plans = planIds.length
    ? await db.query<PlanTerms & { id: string }>(
        `select p.id::text, p.late_fee_paise::text as "lateFee", p.grace_days as "graceDays",
                coalesce((select json_agg(json_build_object('seq', i.seq, 'amount', i.amount_paise::text, 'dueOn', i.due_on::text, 'dueMonths', i.due_months) order by i.seq)
                            from fee_plan_instalments i where i.plan_id = p.id), '[]'::json) as instalments
           from fee_plans p where p.id = any($1::bigint[])`,
        [planIds],
      )
    : { rows: [] };

  const studentByDigits = new Map<string, string>();
  for (const s of onFile.rows) if (!studentByDigits.has(s.digits)) studentByDigits.set(s.digits, s.name);
  const courseByName = new Map(courses.rows.map((c) => [c.title.toLowerCase(), c]));
  const batchByName = new Map(batches.rows.map((b) => [b.name.toLowerCase(), b]));
  const planById = new Map(plans.rows.map((p) => [p.id, p]));
  const goingTo = new Map<string, number>();

  const students = checked.map((r, index) => {
    const problem = (column: ImportProblem['column'], message: string) => problems.push({ row: r.row, column, message });
    const typed = request.rows[index]!;
    if (r.phone) {
      const holder = studentByDigits.get(r.phone.slice(3));
      if (holder) problem('mobile', `${typed.mobile.trim()} is already the mobile number of ${holder}, a student on file: each student is added once.`);
    }
    let course = r.course;
    let batch: BatchFacts | null = null;
    let dues: PlanDueRow[] = [];
    if (r.batch) {
      batch = batchByName.get(r.batch.toLowerCase()) ?? null;
      if (!batch) problem('batch', `No batch is called “${r.batch}”. Please name it as on the Batch List.`);
      else {
        if (r.course && r.course.toLowerCase() !== batch.course.toLowerCase())
          problem('course', `${batch.name} is a batch of ${batch.course}, not of “${r.course}”.`);
        course = batch.course;
        const place = (goingTo.get(batch.id) ?? 0) + 1;
        goingTo.set(batch.id, place);
        const free = Math.max(batch.seats - batch.taken, 0);
        if (batch.status === 'completed') problem('batch', `${batch.name} is completed: no students can be added to it.`);
        else if (place > free)
          problem(
            'batch',
            free === 0
              ? `${batch.name} is full (${batch.taken} of ${batch.seats} seats taken).`
              : `${batch.name} is full with this row: it had ${seatWords(free)} free (${batch.taken} of ${batch.seats} taken), and the rows above fill them.`,
          );
        if (r.joinedOn && r.joinedOn > batch.endsOn)
          problem('joinedOn', `${batch.name} ended on ${dayInWords(batch.endsOn)}: a student cannot join it after that day.`);
        else if (r.joinedOn && batch.planId && planById.has(batch.planId)) {
          try {
            dues = planDueRows(planById.get(batch.planId)!, batch.startsOn > r.joinedOn ? batch.startsOn : r.joinedOn, today);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            problem('joinedOn', error.message);
          }
        }
      }
    } else if (r.course) {
      const found = courseByName.get(r.course.toLowerCase());
      if (found) course = found.title;
      else
        problem(
          'course',
          courses.rows.length
            ? `No course is called “${r.course}”. The courses are ${nameList(courses.rows.map((c) => c.title))}.`
            : `No course is called “${r.course}”: add the course on the Courses screen first.`,
        );
    }
    return { checked: r, course, batch, dues, planId: dues.length ? batch!.planId : null };
  });

  problems.sort((a, b) => a.row - b.row || COLUMN_ORDER.indexOf(a.column ?? '') - COLUMN_ORDER.indexOf(b.column ?? ''));
  const badRows = new Set(problems.map((p) => p.row));
  const rows = students.map(({ checked: r, course, batch, dues }, index): PreviewRow => {
    const typed = request.rows[index]!;
    return {
      row: r.row,
      name: r.name ?? typed.name.trim(),
      mobile: r.phone ?? typed.mobile.trim(),
      course: course || typed.course.trim(),
      batch: batch?.name ?? typed.batch.trim(),
      joinedOn: r.joinedOn ?? typed.joinedOn.trim(),
      dues: dues.length,
      bad: badRows.has(r.row),
    };
  });
  return { hash, problems, rows, already: already.rows[0] ?? null, students };
}

/** The words of a file imported before: "students.xlsx was already imported on Monday, 30 November 2026 by Asha Verma (30 students)." */
export const alreadyWords = (fileName: string, already: AlreadyImported) =>
  `${fileName} was already imported on ${dayInWords(already.on)} by ${already.by} (${already.students} ${already.students === 1 ? 'student' : 'students'}): importing it again would add nobody.`;

/** What an import made. */
export interface Imported {
  importId: string;
  students: { id: string; name: string; batch: string | null }[];
  dues: number;
  batches: { name: string; students: number }[];
}

/**
 * Writes `plan` (checked inside this transaction with `lock`, and without problems) as import of
 * `fileName` by `staff`: the import's row first (a second import of the file stops here), then the
 * students, their places in the batches and their dues in one statement.
 */
export async function writeImport(client: PoolClient, plan: ImportPlan, fileName: string, staff: { id: string; name: string }): Promise<Imported> {
  const made = await client.query<{ id: string }>(
    `insert into student_imports (file_name, file_hash, students, staff_id, staff_name) values ($1, $2, $3, $4, $5)
     on conflict (file_hash) do nothing returning id::text`,
    [fileName, plan.hash, plan.students.length, staff.id, staff.name],
  );
  if (!made.rows[0]) throw new HttpError(409, `${fileName} was already imported: importing it again would add nobody.`);
  const importId = made.rows[0].id;

  const placed = plan.students.filter((s) => s.batch);
  const dues = placed.flatMap((s) =>
    s.dues.map((d) => ({ ...d, phone: s.checked.phone!, batchId: s.batch!.id, courseId: s.batch!.courseId, planId: s.planId })),
  );
  const column = <T>(pick: (s: ImportPlan['students'][number]) => T) => plan.students.map(pick);
  // One statement: the students, then (by their mobile numbers, unique in the file) their places
  // and their dues, each due's reference D000123 from the sequence in the file's order.
  const { rows } = await client.query<{ id: string; phone: string; places: number; dues: number }>(
    `with s as (
       insert into students (name, email, phone, course, registration_date, name_latin, guardian_name, guardian_phone, language, import_id)
       select u.name, u.email, u.phone, u.course, u.joined, u.latin, u.guardian, u.guardian_phone, u.language, $10
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::text[], $8::text[], $9::text[])
              as u(name, email, phone, course, joined, latin, guardian, guardian_phone, language)
       returning id, phone
     ), p as (
       insert into batch_students (batch_id, student_id, joined_on)
       select u.batch_id, s.id, u.joined from unnest($11::text[], $12::bigint[], $13::date[]) as u(phone, batch_id, joined) join s on s.phone = u.phone
       returning 1
     ), d as (
       insert into fee_dues (reference, student_id, batch_id, course_id, plan_id, seq, label, amount_paise, late_fee_paise, grace_days, due_on, from_plan)
       select 'D' || case when x.n < 1000000 then lpad(x.n::text, 6, '0') else x.n::text end,
              s.id, x.batch_id, x.course_id, x.plan_id, x.seq, x.label, x.amount, x.late_fee, x.grace_days, x.due_on, true
         from (select nextval('fee_due_reference_seq') as n, u.*
                 from unnest($14::text[], $15::bigint[], $16::bigint[], $17::bigint[], $18::int[], $19::text[], $20::bigint[], $21::bigint[], $22::int[], $23::date[])
                      with ordinality as u(phone, batch_id, course_id, plan_id, seq, label, amount, late_fee, grace_days, due_on, ord)
                order by u.ord) x
         join s on s.phone = x.phone
       returning 1
     )
     select s.id::text, s.phone, (select count(*)::int from p) as places, (select count(*)::int from d) as dues from s`,
    [
      column((s) => s.checked.name),
      column((s) => s.checked.email),
      column((s) => s.checked.phone),
      column((s) => s.course),
      column((s) => s.checked.joinedOn),
      column((s) => nameKey(s.checked.name!)),
      column((s) => s.checked.guardianName),
      column((s) => s.checked.guardianPhone),
      column((s) => s.checked.language),
      importId,
      placed.map((s) => s.checked.phone),
      placed.map((s) => s.batch!.id),
      placed.map((s) => s.checked.joinedOn),
      dues.map((d) => d.phone),
      dues.map((d) => d.batchId),
      dues.map((d) => d.courseId),
      dues.map((d) => d.planId),
      dues.map((d) => d.seq),
      dues.map((d) => d.label),
      dues.map((d) => d.amount),
      dues.map((d) => d.lateFee),
      dues.map((d) => d.graceDays),
      dues.map((d) => d.dueOn),
    ],
  );
  const idByPhone = new Map(rows.map((r) => [r.phone, r.id]));
  const idOf = (s: ImportPlan['students'][number]) => idByPhone.get(s.checked.phone!)!;

  const perBatch = new Map<string, number>();
  for (const s of placed) perBatch.set(s.batch!.name, (perBatch.get(s.batch!.name) ?? 0) + 1);
  return {
    importId,
    students: plan.students.map((s) => ({ id: idOf(s), name: s.checked.name!, batch: s.batch?.name ?? null })),
    dues: rows[0]?.dues ?? 0,
    batches: [...perBatch].map(([name, students]) => ({ name, students })),
  };
}

/** Most bytes of a file's rows as JSON (2,000 rows of long cells fit; Netlify takes 6 MB). */
const MAX_BODY = 2 * 1024 * 1024;

/**
 * The file's rows of `req`, checked by ImportRequestSchema (the admin app runs the same before
 * sending); anything no spreadsheet holds is a 400 naming the row and column, with every such cell.
 */
export async function readImport(req: Request): Promise<ImportRequest> {
  const result = ImportRequestSchema.safeParse(await readJson(req, MAX_BODY));
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more: ${messages.slice(1, 4).join(' ')}${messages.length > 4 ? ' …' : ''})` : '';
  throw new HttpError(400, `${messages[0]}${more}`, { errors: fieldErrorsOf(result.error.issues) });
}
