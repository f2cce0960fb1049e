/**
 * The template of a students' file (GET /api/admin/student-import/template): the Students sheet
 * with the headings the import reads and one example row, marked as such (the import leaves it
 * out), and an Instructions sheet saying what each column takes, with the courses offered and the
 * batches open now, named exactly as the import matches them. CSV: the headings and the example.
 */
import { Readable } from 'node:stream';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Queryable } from '../platform/db';
import { csvLine, CSV_BOM } from '../platform/csv';
import { EXAMPLE_MARK, IMPORT_COLUMNS, type ImportColumn } from '../../../src/lib/student-import/columns';
import { dayInWords } from '../../../src/lib/attendance-words';

/** What to write in each column (the Instructions sheet; kept here so the admin app does not carry them). */
const HINTS: Record<ImportColumn, string> = {
  name: 'The student’s name, in English or Hindi, as it should be printed.',
  mobile: 'The student’s 10-digit mobile number (+91 or 0 in front is fine). Each student once: a number already on file is refused.',
  email: 'Optional: the student’s e-mail address (receipts and notices are also sent there). Empty: they hear from the office by WhatsApp.',
  guardian: 'Optional: the guardian’s name (needed for students under 18), with their mobile number in the next column.',
  guardianMobile: 'Optional: the guardian’s 10-digit mobile number; give both guardian columns or neither.',
  course: 'The course, named as on the Courses screen (see the list below). May be left empty when a batch is given.',
  batch: 'Optional: the batch, named as on the Batch List (see below). The student joins it and owes its fee plan from the joining day.',
  joinedOn: 'Optional: the day the student joined, as 25/11/2026 or 2026-11-25 (an Excel date is fine). Empty: today. Not after today.',
  language: 'Optional: English or Hindi, the language of the student’s messages and e-mails. Empty: English.',
};

/** What the template names: the courses and the batches not completed, with their free seats. */
interface TemplateFacts {
  courses: string[];
  batches: { name: string; course: string; free: number; startsOn: string; endsOn: string }[];
}

/** The courses and open batches, by name. */
export async function templateFacts(db: Queryable): Promise<TemplateFacts> {
  const [courses, batches] = await Promise.all([
    db.query<{ title: string }>(`select distinct title from courses order by title limit 500`),
    db.query<TemplateFacts['batches'][number]>(
      `select b.name, c.title as course, b.starts_on::text as "startsOn", b.ends_on::text as "endsOn",
              greatest(b.seats - (select count(*)::int from batch_students bs where bs.batch_id = b.id and bs.status = 'active'), 0) as free
         from batches b join courses c on c.id = b.course_id where b.status <> 'completed' order by c.title, b.name limit 500`,
    ),
  ]);
  return { courses: courses.rows.map((c) => c.title), batches: batches.rows };
}

/** The example row's cells (its Name marked EXAMPLE_MARK), with the first open batch where there is one. */
const exampleRow = (facts: TemplateFacts, today: string): string[] => {
  const batch = facts.batches[0];
  const values: Record<string, string> = {
    name: `${EXAMPLE_MARK} Sunita Sharma (this row is not imported)`,
    mobile: '98290 12345',
    email: 'sunita.sharma@example.com',
    guardian: 'Ramesh Sharma',
    guardianMobile: '98290 54321',
    course: batch?.course ?? facts.courses[0] ?? 'Tally Prime',
    batch: batch?.name ?? '',
    joinedOn: `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`,
    language: 'Hindi',
  };
  return IMPORT_COLUMNS.map((c) => values[c.key] ?? '');
};

/** The template as CSV: headings and the example row. */
export const templateCsv = (facts: TemplateFacts, today: string) => CSV_BOM + csvLine(IMPORT_COLUMNS.map((c) => c.heading)) + csvLine(exampleRow(facts, today));

/** The template as an .xlsx workbook (a stream of bytes). */
export async function templateXlsx(facts: TemplateFacts, today: string): Promise<ReadableStream<Uint8Array>> {
  const text = (value: string, bold = false) => ({ value, type: String, ...(bold && { fontWeight: 'bold' as const }) });
  const students: SheetData = [
    IMPORT_COLUMNS.map((c) => text(c.heading, true)),
    exampleRow(facts, today).map((value) => (value ? { value, type: String, fontStyle: 'italic' as const, color: '#555555' } : null)),
  ];
  const instructions: SheetData = [
    [text('How to fill the Students sheet', true)],
    [text('One student on each row, below the headings. Keep the headings as they are (their order may change).')],
    [text(`The row whose name begins with “${EXAMPLE_MARK}” is only an example: it is never imported. Delete it or leave it.`)],
    [text('Before anything is saved, the admin shows every problem by row and column; nothing is saved until there is none.')],
    [text('A file is imported once: importing the same rows again adds nobody.')],
    [],
    [text('Column', true), text('What to write', true), text('Needed', true)],
    ...IMPORT_COLUMNS.map((c) => [text(c.heading), text(HINTS[c.key]), text(c.required ? 'Yes' : 'No')]),
    [],
    [text('Courses offered', true)],
    ...(facts.courses.length ? facts.courses.map((title) => [text(title)]) : [[text('No course yet: add courses on the Courses screen first.')]]),
    [],
    [text('Batches open now', true), text('Course', true), text('Free seats', true), text('Dates', true)],
    ...(facts.batches.length
      ? facts.batches.map((b) => [text(b.name), text(b.course), { value: b.free, type: Number }, text(`${dayInWords(b.startsOn)} to ${dayInWords(b.endsOn)}`)])
      : [[text('No batch is open: students can be imported with their course only.')]]),
  ];
  const file = writeXlsxFile([
    {
      data: students,
      sheet: 'Students',
      stickyRowsCount: 1,
      columns: IMPORT_COLUMNS.map((c) => ({ width: c.key === 'name' ? 44 : c.key === 'email' ? 30 : 18 })),
    },
    { data: instructions, sheet: 'Instructions', columns: [{ width: 24 }, { width: 90 }, { width: 12 }, { width: 50 }] },
  ]);
  const stream = (await (file.toStream as () => Promise<Readable>)()) as Readable;
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
