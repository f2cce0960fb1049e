/**
 * A table as an Excel workbook (.xlsx, Office Open XML) that Excel and LibreOffice open by a
 * double-click with every script intact (the text is UTF-8 inside the file, so no import dialog
 * asks for a character set). Every cell is written as text: a name such as `=HYPERLINK(…)` stays
 * the text it is and is never run as a formula, and a phone number keeps its digits instead of
 * becoming 9.83E+09. The heading row is bold and stays in view while scrolling.
 */
import { Readable } from 'node:stream';
import writeXlsxFile from 'write-excel-file/node';

/** The media type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Widest a column is made (in characters): longer text wraps out of view, as in a CSV opened in Excel. */
const MAX_WIDTH = 50;

/** The workbook of one sheet named `sheet`: `headings`, then `rows` (null is an empty cell), as a stream of bytes. */
export async function xlsxStream(
  sheet: string,
  headings: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): Promise<ReadableStream<Uint8Array>> {
  const widths = headings.map((heading) => heading.length + 2);
  const data = [
    headings.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value, i) => {
        if (value !== null) widths[i] = Math.max(widths[i] ?? 0, Math.min(value.length + 2, MAX_WIDTH));
        return value === null || value === '' ? null : { value, type: String };
      }),
    ),
  ];
  const file = writeXlsxFile(data, { sheet, stickyRowsCount: 1, columns: widths.map((width) => ({ width })) });
  const stream = (await (file.toStream as () => Promise<Readable>)()) as Readable;
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
