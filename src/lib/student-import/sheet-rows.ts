/**
 * The rows of a students' file as the import sends them: the first row names the columns (in any
 * order, by the template's headings or the usual others, columns.ts), each later row becomes an
 * ImportRow of text cells with the number it has in the spreadsheet, so every problem names the
 * row staff see. Empty rows and the template's example row are left out. A date cell (Excel's)
 * becomes YYYY-MM-DD; a number is written out in full (a mobile number stored as a number keeps
 * its digits). No DOM or node imports: the browser runs it on what the reader gives.
 */
import type { ImportRow } from '../schemas/student-import';
import { columnOf, EXAMPLE_MARK, IMPORT_COLUMNS, type ImportColumn } from './columns';

/** A cell as the readers give it: read-excel-file's string, number, boolean or Date; CSV's string. */
export type SheetValue = string | number | boolean | Date | null | undefined;

/** What a file's rows are, or why they cannot be read. */
export type SheetRows = { rows: ImportRow[]; examples: number } | { error: string };

/** A cell as text: a Date as its day (the reader gives a date cell as UTC midnight of that day). */
export function cellText(value: SheetValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  // A CSV cell written by a spreadsheet's export as text ('+91 98290 12345) loses its mark.
  return String(value)
    .trim()
    .replace(/^'(?=\S)/, '');
}

const EMPTY: Omit<ImportRow, 'row'> = { name: '', mobile: '', email: '', guardian: '', guardianMobile: '', course: '', batch: '', joinedOn: '', language: '' };

/** The ImportRows of a sheet (its first row the headings), or the reason it cannot be read, in words. */
export function sheetRows(cells: readonly (readonly SheetValue[])[]): SheetRows {
  const headerAt = cells.findIndex((row) => row.some((value) => cellText(value) !== ''));
  if (headerAt < 0) return { error: 'The file is empty. Please use the template: its first row names the columns, one student on each row below it.' };
  const keys = cells[headerAt]!.map((value) => columnOf(cellText(value)));
  const missing = IMPORT_COLUMNS.filter((c) => c.required && c.key !== 'course' && !keys.includes(c.key)).map((c) => `“${c.heading}”`);
  if (!keys.includes('course') && !keys.includes('batch')) missing.push('“Course”');
  if (missing.length)
    return {
      error: `The first row of the file must name the columns, and it has no ${missing.join(', ')} column. Please use the template’s headings: ${IMPORT_COLUMNS.map((c) => c.heading).join(', ')}.`,
    };
  const rows: ImportRow[] = [];
  let examples = 0;
  cells.slice(headerAt + 1).forEach((values, index) => {
    const row: ImportRow = { row: headerAt + index + 2, ...EMPTY };
    keys.forEach((key: ImportColumn | null, i) => {
      if (key && row[key] === '') row[key] = cellText(values[i]).slice(0, 1000);
    });
    if ((Object.keys(EMPTY) as ImportColumn[]).every((key) => row[key] === '')) return;
    if (row.name.toLowerCase().startsWith(EXAMPLE_MARK.toLowerCase())) {
      examples += 1;
      return;
    }
    rows.push(row);
  });
  return { rows, examples };
}
