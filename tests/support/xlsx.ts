/**
 * Reading an .xlsx file in the tests the way a spreadsheet does: the ZIP container (its central
 * directory, each part stored or deflated), the first sheet's cells and the shared strings they
 * point to. Only what the tests look at: the text of each cell, whether any cell is a formula, and
 * each cell's kind (text or number) and number format (how a number shows: money, a date, …).
 */
import { inflateRawSync } from 'node:zlib';

/** The parts of a ZIP file by name (stored and deflated entries). */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  // The end-of-central-directory record: the last 22 bytes (no archive comment), or a little before.
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a ZIP file: no central directory');
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('broken ZIP central directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: ZIP method ${method} is not read here`);
    parts.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** XML text with its entities replaced. */
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return named[entity.toLowerCase()]!;
  });

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined. */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');

/** Column letters → index (A → 0, Z → 25, AA → 26). */
const columnIndex = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** One cell as a spreadsheet reads it. */
export interface Cell {
  /** 'text' (a shared, inline or formula string) or 'number' (dates are numbers with a date format). */
  kind: 'text' | 'number';
  /** The text, or the number's stored value as written ('7500', '46162'). */
  text: string;
  /** The number format's code ('#,##0.00', 'dd/mm/yyyy', 'General' when none). */
  format: string;
}

/** Excel's built-in number formats the writers here may use (ECMA-376 18.8.30). */
const BUILT_IN_FORMATS: Record<string, string> = {
  '0': 'General',
  '1': '0',
  '2': '0.00',
  '3': '#,##0',
  '4': '#,##0.00',
  '9': '0%',
  '10': '0.00%',
  '14': 'mm-dd-yy',
  '49': '@',
};

/** A date serial number (days since 1899-12-30) as the day it is, YYYY-MM-DD, or with `time` 'YYYY-MM-DD HH:MM'. */
export function serialDay(serial: number | string, { time = false } = {}): string {
  const text = new Date(Math.round((Number(serial) - 25569) * 86_400_000)).toISOString();
  return time ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text.slice(0, 10);
}

/** A first sheet as the tests read it. */
export interface Sheet {
  /** Each row's cells as text ('' for an empty cell), in order. */
  rows: string[][];
  /** Each row's cells with their kind and format (null for an empty cell), in order. */
  cells: (Cell | null)[][];
  /** How many cells hold a formula (`<f>`). */
  formulas: number;
  /** The type (`t`) of each non-empty cell: 's' shared string, 'inlineStr', 'str', 'n' (number: no `t`), … */
  types: Set<string>;
}

/** The first sheet of an .xlsx file. */
export function readFirstSheet(bytes: Buffer): Sheet {
  const parts = unzip(bytes);
  const shared = [...(parts.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));
  const sheetName = [...parts.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort()[0];
  if (!sheetName) throw new Error('the workbook has no sheet');
  const xml = parts.get(sheetName)!.toString('utf8');
  const styles = parts.get('xl/styles.xml')?.toString('utf8') ?? '';
  const custom = new Map([...styles.matchAll(/<numFmt\b[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)].map((m) => [m[1]!, unescapeXml(m[2]!)]));
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const formatOfStyle = [...cellXfs.matchAll(/<xf\b([^>]*)/g)].map((m) => {
    const id = /numFmtId="(\d+)"/.exec(m[1]!)?.[1] ?? '0';
    return custom.get(id) ?? BUILT_IN_FORMATS[id] ?? `built-in ${id}`;
  });
  const rows: string[][] = [];
  const cellRows: (Cell | null)[][] = [];
  const types = new Set<string>();
  let formulas = 0;
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    const read: (Cell | null)[] = [];
    for (const cell of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const inner = cell[2] ?? '';
      const column = columnIndex(/\br="([A-Z]+)\d+"/.exec(attributes)![1]!);
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1] ?? 'n';
      if (/<f[\s>]/.test(inner)) formulas += 1;
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let text = '';
      if (type === 's' && value !== undefined) text = shared[Number(value)] ?? '';
      else if (type === 'inlineStr') text = textOf(inner);
      else if (value !== undefined) text = unescapeXml(value);
      if (text !== '') types.add(type);
      while (cells.length < column) cells.push('');
      cells[column] = text;
      while (read.length < column) read.push(null);
      const style = /\bs="(\d+)"/.exec(attributes)?.[1];
      read[column] = text === '' ? null : { kind: type === 'n' ? 'number' : 'text', text, format: formatOfStyle[Number(style ?? 0)] ?? 'General' };
    }
    rows.push(cells);
    cellRows.push(read);
  }
  return { rows, cells: cellRows, formulas, types };
}
