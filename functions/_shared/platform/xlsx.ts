/**
 * A table as an Excel workbook (.xlsx, Office Open XML) that Excel and LibreOffice open by a
 * double-click with every script intact (the text is UTF-8 inside the file, so no import dialog
 * asks for a character set). Text cells are written as text: a name such as `=HYPERLINK(…)` stays
 * the text it is and is never run as a formula, and a phone number keeps its digits instead of
 * becoming 9.83E+09. Figures (sheet-cells.ts) are real numbers and dates, so a column of amounts
 * or counts adds up: rupees with two decimals and grouping, whole counts, percentages, marks,
 * India's days as dates (a day is the same date whatever the reader's time zone). The heading row is bold
 * and stays in view while scrolling.
 */
import { Readable } from 'node:stream';
import writeXlsxFile, { type CellObject, type SheetData } from 'write-excel-file/node';
import { figureText, type SheetCell, type SheetFigure } from './sheet-cells';

/** The media type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Widest a column is made (in characters): longer text wraps out of view, as in a CSV opened in Excel. */
const MAX_WIDTH = 50;

/**
 * How each kind of figure is shown: rupees with two decimals in India's grouping (1,23,456.50; a
 * crore 1,00,00,000.00), whole counts, percentages, days and times as India writes them.
 */
export const XLSX_FORMATS = {
  money: '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00',
  count: '0',
  percent: '0%',
  day: 'dd/mm/yyyy',
  time: 'dd/mm/yyyy hh:mm',
  // A mark as it is (62, 62.5, -0.25): the spreadsheet's own way of showing a number.
  marks: 'General',
} as const satisfies Record<SheetFigure['kind'], string>;

/**
 * A day or wall-clock time ('YYYY-MM-DD' or 'YYYY-MM-DD HH:MM', India's) as the Date whose UTC
 * reading is that wall clock: the workbook stores dates without a zone, and the writer reads a
 * Date in UTC, so the cell shows India's day and time to every reader.
 */
function wallClock(value: string): Date {
  const [y, m, d, hh = 0, mm = 0] = value.split(/[-: T]/).map(Number) as [number, number, number, number?, number?];
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
}

/** A figure as write-excel-file's cell. */
function figureCell(figure: SheetFigure): CellObject {
  const format = XLSX_FORMATS[figure.kind];
  switch (figure.kind) {
    case 'money':
      return { value: Number(figureText(figure)), type: Number, format };
    case 'count':
      return { value: figure.value, type: Number, format };
    case 'percent':
      return { value: figure.value / 100, type: Number, format };
    case 'day':
    case 'time':
      return { value: wallClock(figure.value), type: Date, format };
    case 'marks':
      // No number format of its own: a whole mark shows without decimals, a half as .5.
      return { value: figure.hundredths / 100, type: Number };
  }
}

/** The workbook of one sheet named `sheet`: `headings`, then `rows` (null is an empty cell), as a stream of bytes. */
export async function xlsxStream(sheet: string, headings: readonly string[], rows: readonly (readonly SheetCell[])[]): Promise<ReadableStream<Uint8Array>> {
  const widths = headings.map((heading) => heading.length + 2);
  const data: SheetData = [
    headings.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((cell, i) => {
        if (cell === null || cell === '') return null;
        const shown = typeof cell === 'string' ? cell : figureText(cell);
        widths[i] = Math.max(widths[i] ?? 0, Math.min(shown.length + 2, MAX_WIDTH));
        return typeof cell === 'string' ? { value: cell, type: String } : figureCell(cell);
      }),
    ),
  ];
  const file = writeXlsxFile(data, {
    sheet,
    stickyRowsCount: 1,
    columns: widths.map((width) => ({ width })),
  });
  const stream = (await (file.toStream as () => Promise<Readable>)()) as Readable;
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
