/** The cells of a file an import screen was given (Import students, Import questions). */
import { parseCsv } from '../../lib/student-import/csv';
import type { SheetValue } from '../../lib/student-import/sheet-rows';

/** The cells of a chosen file: CSV as text, anything else as an Excel workbook (its first sheet). */
export async function cellsOfFile(file: File): Promise<SheetValue[][]> {
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv') return parseCsv(await file.text());
  // The reader (about 18 KB) loads only when a workbook is chosen; 'universal' needs no web worker.
  const { readSheet } = await import('read-excel-file/universal');
  return (await readSheet(await file.arrayBuffer())) as SheetValue[][];
}
