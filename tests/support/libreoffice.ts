/**
 * A workbook as LibreOffice Calc reads it, where LibreOffice is installed: the file is opened as
 * a double-click would (no import filter named), a row of formulas is added under its last row,
 * and the sheet is read back with what LibreOffice computed. So a test sees what an accountant
 * sees when they add up a column, not what the file's XML says.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseCsv } from './csv';

const run = promisify(execFile);

/** LibreOffice's command, or '' where it is not installed. */
export const soffice = await run('sh', ['-c', 'command -v soffice || command -v libreoffice']).then(
  (r) => r.stdout.trim(),
  () => '',
);

/**
 * Converts `file` with LibreOffice (its own profile in `dir`) to `to`; the converted file's path.
 * A first start on a busy machine can end without a file (the profile still being made): it is
 * tried once more before failing with what LibreOffice said.
 */
async function convert(dir: string, file: string, to: string): Promise<string> {
  const out = path.join(dir, `out-${path.basename(file)}`);
  let said = '';
  for (let round = 0; round < 2; round += 1) {
    const ran = await run(soffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', to, '--outdir', out, file], {
      timeout: 120_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''} ${error.message}`,
    }));
    said = `${ran.stdout}${ran.stderr}`;
    const [made] = await readdir(out).catch(() => []);
    if (made) return path.join(out, made);
  }
  throw new Error(`LibreOffice made nothing from ${file}: ${said}`);
}

/**
 * The first sheet of the .xlsx `bytes` with one more row under it holding `formulas` (OpenFormula
 * without the `of:=`, e.g. `SUM([.G2:.G6])`, in the row's first cells), as LibreOffice computes
 * it: the rows as CSV cells (numbers unformatted).
 */
export async function calcWithFormulas(bytes: Buffer, formulas: readonly (string | null)[]): Promise<string[][]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'calc-'));
  try {
    const file = path.join(dir, 'book.xlsx');
    await writeFile(file, bytes);
    // Flat ODF: plain XML a row can be added to without unpacking anything.
    const flat = await convert(dir, file, 'fods');
    const xml = await readFile(flat, 'utf8');
    const end = xml.indexOf('</table:table>');
    const cells = formulas.map((f) => (f === null ? '<table:table-cell/>' : `<table:table-cell table:formula="of:=${f.replace(/"/g, '&quot;')}"/>`)).join('');
    const withRow = path.join(dir, 'sums.fods');
    await writeFile(withRow, `${xml.slice(0, end)}<table:table-row>${cells}</table:table-row>${xml.slice(end)}`);
    // Comma, quote, UTF-8, from row 1, all text quoted, raw values (not as shown).
    const csv = await convert(dir, withRow, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,false,false');
    const text = (await readFile(csv, 'utf8')).replace(/^\uFEFF/, '').replace(/\r?\n/g, '\r\n');
    return parseCsv(text.endsWith('\r\n') ? text : `${text}\r\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
