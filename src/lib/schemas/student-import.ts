/**
 * Students imported from a file (POST /api/admin/student-import/preview and
 * /api/admin/student-import): the file's rows as the admin app read them, every cell as text.
 * What a row holds is checked row by row afterwards (student-import/row-checks.ts), so that the
 * preview names every problem; this schema refuses only what no spreadsheet holds (a control
 * character, a cell of more than 200 characters, more rows than one import takes), in words that
 * name the row and the column.
 */
import { z } from './zod';
import { strippedText } from './plain-text';
import { ImportFileNameSchema, isSheetRow } from './sheet-import';
import { COLUMN_WORDS, type ImportColumn } from '../student-import/columns';

/** Most rows one import takes (a whole year's admissions of a large office). */
export const MAX_IMPORT_ROWS = 2000;
/** Longest text a cell may hold. */
export const MAX_CELL = 200;

/** One row of the file: its number in the spreadsheet (the heading row is 1) and its cells as text. */
export interface ImportRow {
  /** The row's number in the spreadsheet, as staff see it. */
  row: number;
  /** The student's name. */
  name: string;
  /** Their mobile number. */
  mobile: string;
  /** Their e-mail address. */
  email: string;
  /** The guardian's name. */
  guardian: string;
  /** The guardian's mobile number. */
  guardianMobile: string;
  /** The course's title. */
  course: string;
  /** The batch's name. */
  batch: string;
  /** The joining day as written (or YYYY-MM-DD from a date cell). */
  joinedOn: string;
  /** English or Hindi. */
  language: string;
}

const CELLS = Object.keys(COLUMN_WORDS) as ImportColumn[];

const isRow = isSheetRow(CELLS);

/**
 * A file's rows, read in the browser. Each row's shape and cells are checked by hand in one pass
 * (not by an object schema per row): 2,000 rows are read in a few milliseconds.
 */
export const ImportRequestSchema = z
  .object({
    /** The file's name as chosen (for the audit line and "already imported"). */
    fileName: ImportFileNameSchema,
    /** The students, one per row. */
    rows: z
      .array(z.unknown(), { message: 'The file has no rows of students.' })
      .min(1, 'The file has no students: add one on each row below the headings.')
      .max(MAX_IMPORT_ROWS, `One file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} students. Please split it into smaller files.`),
  })
  .superRefine((request, ctx) => {
    for (const [index, row] of request.rows.entries()) {
      if (!isRow(row)) {
        ctx.addIssue({ code: 'custom', path: ['rows', index], message: `Row ${index + 1} of the request is not a row of the file (a number and text cells).` });
        continue;
      }
      for (const key of CELLS) {
        const value = row[key] ?? '';
        const problem =
          value.length > MAX_CELL
            ? `is longer than ${MAX_CELL} characters`
            : strippedText(value) !== value
              ? 'has characters that cannot be typed (a control character or half of an emoji)'
              : null;
        if (problem)
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, key],
            message: `Row ${row.row}, ${COLUMN_WORDS[key]}: the cell ${problem}. Please correct it in the file.`,
          });
      }
    }
  })
  .transform(({ fileName, rows }) => ({
    fileName,
    rows: (rows as (Partial<ImportRow> & { row: number })[]).map((r): ImportRow => ({
      row: r.row,
      name: r.name ?? '',
      mobile: r.mobile ?? '',
      email: r.email ?? '',
      guardian: r.guardian ?? '',
      guardianMobile: r.guardianMobile ?? '',
      course: r.course ?? '',
      batch: r.batch ?? '',
      joinedOn: r.joinedOn ?? '',
      language: r.language ?? '',
    })),
  }));
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

/** A problem of one row (and column, where one cell is wrong), in words. */
export interface ImportProblem {
  row: number;
  column: ImportColumn | null;
  message: string;
}

/** A problem as one line: "Row 7, Mobile: 98765 4321 has 9 digits; a mobile number has 10." */
export const problemLine = (p: ImportProblem) => `Row ${p.row}${p.column ? `, ${COLUMN_WORDS[p.column]}` : ''}: ${p.message}`;

/** GET /api/admin/student-import/template's query. */
export const TemplateQuerySchema = z.object({
  /** An Excel workbook (the default) or a CSV file. */
  format: z.enum(['xlsx', 'csv'], { message: 'Please choose the template as .xlsx or .csv.' }).default('xlsx'),
});
