/**
 * CSV that Excel and LibreOffice open correctly: UTF-8 with a byte order mark (Hindi names
 * intact), CRLF line ends, cells quoted where needed, and a cell that starts like a formula
 * (= + - @ tab CR) made text with a leading apostrophe, so a name such as `=HYPERLINK(…)` is never
 * run. Figures (sheet-cells.ts: amounts, counts, days) are written plain and unquoted, so the
 * spreadsheet reads them as numbers and dates that add up.
 */
import { figureText, type SheetCell } from './sheet-cells';

/** One CSV cell of text: formula-like text made plain text, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line (CRLF-ended): text guarded, figures plain. */
export const csvLine = (cells: readonly (SheetCell | undefined)[]) =>
  `${cells.map((cell) => (cell !== null && typeof cell === 'object' ? figureText(cell) : csvCell(cell))).join(',')}\r\n`;

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
