/**
 * The template of a questions' file (GET /api/admin/practice/question-import/template): the
 * Questions sheet with the headings the import reads and one example row, marked as such (the
 * import leaves it out), and an Instructions sheet saying what each column takes, with the courses
 * and their chapters named exactly as the import matches them. CSV: the headings and the example.
 */
import { Readable } from 'node:stream';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Queryable } from '../platform/db';
import { csvLine, CSV_BOM } from '../platform/csv';
import { QUESTION_COLUMNS, QUESTION_EXAMPLE_MARK, type QuestionColumn } from '../../../src/lib/schemas/question-import';

/** What to write in each column (options 3 to 6 share one line). */
const hint = (key: QuestionColumn): string => {
  if (/^option[12]/.test(key)) return 'Needed: the option, in the language of its column. Every question has at least options 1 and 2.';
  if (key.startsWith('option')) return 'Optional: up to 6 options, in order, each in both English and Hindi.';
  return {
    course: 'The course, named as on the Courses screen (see the list below).',
    chapter: 'The chapter of that course, in English or Hindi as on the Add a Course screen (see below).',
    difficulty: 'Easy, Medium or Hard. Empty: Medium.',
    textEn: 'The question in English.',
    textHi: 'The question in Hindi, as it should be shown (typed in Unicode Devanagari).',
    correct: 'The number of the right option, like 2; when more than one is right, like 1,3.',
    explanationEn: 'Optional: why the answer is right, in English (then also in Hindi).',
    explanationHi: 'Optional: the same in Hindi (then also in English).',
    keepOrder: 'Yes to show the options in this order (for “All of the above”); empty or No: shuffled for each student.',
  }[key as string]!;
};

/** The courses with their chapters (English / Hindi). */
export async function questionTemplateFacts(db: Queryable): Promise<{ course: string; chapters: string[] }[]> {
  const { rows } = await db.query<{ course: string; chapters: string[] }>(
    `select c.title as course, coalesce(array_agg(ch.title_en || ' / ' || ch.title_hi order by ch.position, ch.id) filter (where ch.id is not null), '{}') as chapters
       from courses c left join course_chapters ch on ch.course_id = c.id group by c.id, c.title order by c.title limit 500`,
  );
  return rows;
}

type Facts = Awaited<ReturnType<typeof questionTemplateFacts>>;

/** The example row's cells, with the first course that has a chapter. */
const exampleRow = (facts: Facts): string[] => {
  const course = facts.find((c) => c.chapters.length) ?? facts[0];
  const values: Partial<Record<QuestionColumn, string>> = {
    course: course?.course ?? 'CCC',
    chapter: course?.chapters[0]?.split(' / ')[0] ?? 'Computer basics',
    difficulty: 'Easy',
    textEn: `${QUESTION_EXAMPLE_MARK} What does CPU stand for? (this row is not imported)`,
    textHi: 'CPU का पूरा नाम क्या है?',
    option1En: 'Central Processing Unit',
    option1Hi: 'सेंट्रल प्रोसेसिंग यूनिट',
    option2En: 'Computer Personal Unit',
    option2Hi: 'कंप्यूटर पर्सनल यूनिट',
    option3En: 'Central Program Utility',
    option3Hi: 'सेंट्रल प्रोग्राम यूटिलिटी',
    correct: '1',
    explanationEn: 'The CPU is the part of the computer that carries out instructions.',
    explanationHi: 'CPU कंप्यूटर का वह भाग है जो निर्देशों को पूरा करता है।',
    keepOrder: 'No',
  };
  return QUESTION_COLUMNS.map((c) => values[c.key] ?? '');
};

/** The template as CSV: headings and the example row. */
export const questionTemplateCsv = (facts: Facts) => CSV_BOM + csvLine(QUESTION_COLUMNS.map((c) => c.heading)) + csvLine(exampleRow(facts));

/** The template as an .xlsx workbook (a stream of bytes). */
export async function questionTemplateXlsx(facts: Facts): Promise<ReadableStream<Uint8Array>> {
  const text = (value: string, bold = false) => ({ value, type: String, ...(bold && { fontWeight: 'bold' as const }) });
  const questions: SheetData = [
    QUESTION_COLUMNS.map((c) => text(c.heading, true)),
    exampleRow(facts).map((value) => (value ? { value, type: String, fontStyle: 'italic' as const, color: '#555555' } : null)),
  ];
  const instructions: SheetData = [
    [text('How to fill the Questions sheet', true)],
    [text('One question on each row, below the headings. Keep the headings as they are (their order may change).')],
    [text(`The row whose English question begins with “${QUESTION_EXAMPLE_MARK}” is only an example: it is never imported.`)],
    [text('Before anything is saved, the admin shows every problem by row and column; nothing is saved until there is none.')],
    [text('A file is imported once: importing the same rows again adds nothing.')],
    [],
    [text('Column', true), text('What to write', true), text('Needed', true)],
    ...QUESTION_COLUMNS.map((c) => [text(c.heading), text(hint(c.key)), text(c.required ? 'Yes' : 'No')]),
    [],
    [text('Course', true), text('Its chapters (English / Hindi)', true)],
    ...(facts.length
      ? facts.map((c) => [text(c.course), text(c.chapters.join('; ') || 'No chapters yet: add them on the Add a Course screen.')])
      : [[text('No course yet.')]]),
  ];
  const file = writeXlsxFile([
    { data: questions, sheet: 'Questions', stickyRowsCount: 1, columns: QUESTION_COLUMNS.map((c) => ({ width: c.key.startsWith('text') ? 44 : 22 })) },
    { data: instructions, sheet: 'Instructions', columns: [{ width: 28 }, { width: 100 }, { width: 10 }] },
  ]);
  const stream = (await (file.toStream as () => Promise<Readable>)()) as Readable;
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
