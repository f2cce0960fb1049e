/**
 * Questions imported from a file (the Import questions screen; POST
 * /api/admin/practice/question-import/preview and …/import): the columns of the template, the
 * sheet's rows as text cells with their row number, and the request. What a row holds is checked
 * row by row by the function (practice/question-import.ts), so the preview names every problem;
 * this schema refuses only what no spreadsheet holds (a control character, a cell too long, more
 * rows than one import takes). No DOM or node imports: the browser and the functions share it.
 */
import { z } from './zod';
import { strippedText } from './plain-text';
import { ImportFileNameSchema, isSheetRow } from './sheet-import';
import { cellText, type SheetValue } from '../student-import/sheet-rows';

/** A column's key, as rows carry it. */
export type QuestionColumn =
  | 'course'
  | 'chapter'
  | 'difficulty'
  | 'textEn'
  | 'textHi'
  | `option${1 | 2 | 3 | 4 | 5 | 6}${'En' | 'Hi'}`
  | 'correct'
  | 'explanationEn'
  | 'explanationHi'
  | 'keepOrder';

/** One column: its key, its heading in the template (and in every problem), other headings read as it. */
export interface QuestionColumnInfo {
  key: QuestionColumn;
  heading: string;
  aliases: readonly string[];
  required: boolean;
}

const OPTION_COLUMNS: QuestionColumnInfo[] = [1, 2, 3, 4, 5, 6].flatMap((n) => [
  { key: `option${n}En` as QuestionColumn, heading: `Option ${n} (English)`, aliases: [`Option ${n}`, `Option ${n} English`], required: n <= 2 },
  { key: `option${n}Hi` as QuestionColumn, heading: `Option ${n} (Hindi)`, aliases: [`Option ${n} Hindi`, `विकल्प ${n}`], required: n <= 2 },
]);

/** The columns in the template's order. */
export const QUESTION_COLUMNS: readonly QuestionColumnInfo[] = [
  { key: 'course', heading: 'Course', aliases: ['Course name', 'कोर्स'], required: true },
  { key: 'chapter', heading: 'Chapter', aliases: ['Chapter name', 'Topic', 'अध्याय'], required: true },
  { key: 'difficulty', heading: 'Difficulty', aliases: ['Level', 'कठिनाई'], required: false },
  { key: 'textEn', heading: 'Question (English)', aliases: ['Question', 'Question English', 'Question in English'], required: true },
  { key: 'textHi', heading: 'Question (Hindi)', aliases: ['Question Hindi', 'Question in Hindi', 'प्रश्न'], required: true },
  ...OPTION_COLUMNS,
  { key: 'correct', heading: 'Right option(s)', aliases: ['Right option', 'Right options', 'Answer', 'Correct', 'Correct option', 'उत्तर'], required: true },
  { key: 'explanationEn', heading: 'Explanation (English)', aliases: ['Explanation', 'Explanation English'], required: false },
  { key: 'explanationHi', heading: 'Explanation (Hindi)', aliases: ['Explanation Hindi', 'व्याख्या'], required: false },
  { key: 'keepOrder', heading: 'Keep the options in order', aliases: ['Keep order', 'Keep the order', 'Do not shuffle'], required: false },
];

/** Each column's heading by key. */
export const QUESTION_COLUMN_WORDS = Object.fromEntries(QUESTION_COLUMNS.map((c) => [c.key, c.heading])) as Record<QuestionColumn, string>;
const KEYS = QUESTION_COLUMNS.map((c) => c.key);

/** A heading as compared: lower case, without spaces or punctuation. */
const bare = (heading: string) =>
  heading
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._’'()/:-]+/g, '');
const BY_HEADING = new Map<string, QuestionColumn>(QUESTION_COLUMNS.flatMap((c) => [c.heading, ...c.aliases].map((h) => [bare(h), c.key] as const)));

/** What the template's example row's English question begins with: the reader leaves that row out. */
export const QUESTION_EXAMPLE_MARK = 'Example row:';

/** Most rows one import takes. */
export const MAX_QUESTION_ROWS = 1000;
/** Longest text a cell may hold. */
export const MAX_QUESTION_CELL = 2000;

/** One row of the file: its number in the spreadsheet (the heading row is 1) and its cells as text. */
export type QuestionImportRow = { row: number } & Record<QuestionColumn, string>;

const EMPTY = Object.fromEntries(KEYS.map((k) => [k, ''])) as Record<QuestionColumn, string>;

/** The rows of a sheet (its first non-empty row the headings), or why it cannot be read, in words. */
export function questionSheetRows(cells: readonly (readonly SheetValue[])[]): { rows: QuestionImportRow[]; examples: number } | { error: string } {
  const headerAt = cells.findIndex((row) => row.some((value) => cellText(value) !== ''));
  if (headerAt < 0) return { error: 'The file is empty. Please use the template: its first row names the columns, one question on each row below it.' };
  const keys = cells[headerAt]!.map((value) => BY_HEADING.get(bare(cellText(value))) ?? null);
  const missing = QUESTION_COLUMNS.filter((c) => c.required && !keys.includes(c.key)).map((c) => `“${c.heading}”`);
  if (missing.length)
    return {
      error: `The first row of the file must name the columns, and it has no ${missing.join(', ')} column. Please use the template’s headings.`,
    };
  const rows: QuestionImportRow[] = [];
  let examples = 0;
  cells.slice(headerAt + 1).forEach((values, index) => {
    const row: QuestionImportRow = { row: headerAt + index + 2, ...EMPTY };
    keys.forEach((key, i) => {
      if (key && row[key] === '') row[key] = cellText(values[i]).slice(0, MAX_QUESTION_CELL + 1);
    });
    if (KEYS.every((key) => row[key] === '')) return;
    if (row.textEn.toLowerCase().startsWith(QUESTION_EXAMPLE_MARK.toLowerCase())) {
      examples += 1;
      return;
    }
    rows.push(row);
  });
  return { rows, examples };
}

const isRow = isSheetRow(KEYS);

/** A file's rows, read in the browser; every cell checked by hand in one pass. */
export const QuestionImportRequestSchema = z
  .object({
    /** The file's name as chosen. */
    fileName: ImportFileNameSchema,
    /** The questions, one per row. */
    rows: z
      .array(z.unknown(), { message: 'The file has no rows of questions.' })
      .min(1, 'The file has no questions: add one on each row below the headings.')
      .max(MAX_QUESTION_ROWS, `One file may hold at most ${MAX_QUESTION_ROWS.toLocaleString('en-IN')} questions. Please split it into smaller files.`),
  })
  .superRefine((request, ctx) => {
    for (const [index, row] of request.rows.entries()) {
      if (!isRow(row)) {
        ctx.addIssue({ code: 'custom', path: ['rows', index], message: `Row ${index + 1} of the request is not a row of the file (a number and text cells).` });
        continue;
      }
      for (const key of KEYS) {
        const value = row[key] ?? '';
        const problem =
          value.length > MAX_QUESTION_CELL
            ? `is longer than ${MAX_QUESTION_CELL.toLocaleString('en-IN')} characters`
            : strippedText(value.replace(/[\t\r\n]/g, ' ')) !== value.replace(/[\t\r\n]/g, ' ')
              ? 'has characters that cannot be typed (a control character or half of an emoji)'
              : null;
        if (problem)
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, key],
            message: `Row ${row.row}, ${QUESTION_COLUMN_WORDS[key]}: the cell ${problem}. Please correct it in the file.`,
          });
      }
    }
  })
  .transform(({ fileName, rows }) => ({
    fileName,
    rows: (rows as (Partial<QuestionImportRow> & { row: number })[]).map((r): QuestionImportRow => ({
      ...EMPTY,
      ...Object.fromEntries(KEYS.map((k) => [k, (r[k] ?? '').normalize('NFC').trim()])),
      row: r.row,
    })),
  }));
export type QuestionImportRequest = z.infer<typeof QuestionImportRequestSchema>;

/** A problem of one row (and column, where one cell is wrong), in words. */
export interface QuestionImportProblem {
  row: number;
  column: QuestionColumn | null;
  message: string;
}

/** A problem as one line: "Row 7, Question (Hindi): the question in Hindi is missing." */
export const questionProblemLine = (p: QuestionImportProblem) => `Row ${p.row}${p.column ? `, ${QUESTION_COLUMN_WORDS[p.column]}` : ''}: ${p.message}`;

/** GET …/question-import/template's query. */
export const QuestionTemplateQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { message: 'Please choose the template as .xlsx or .csv.' }).default('xlsx'),
});
