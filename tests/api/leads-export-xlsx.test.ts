/**
 * The leads export as an Excel workbook (GET /api/admin/leads/export.csv?format=xlsx): the same
 * columns and rows as the CSV, a real .xlsx that opens by a double-click, Hindi intact, what was
 * typed kept as text (a formula-like name stays text, a phone keeps its digits), the day received
 * a real date and time, an audit line; and, where
 * LibreOffice is installed, the file as LibreOffice reads it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADS_EXPORT_COLUMNS, parseCsv } from '../support/csv';
import { readFirstSheet, serialDay } from '../support/xlsx';
import type { Target } from './global-setup';
import { db, targets, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

const run = promisify(execFile);
/** LibreOffice's command, or '' where it is not installed. */
const soffice = await run('sh', ['-c', 'command -v soffice || command -v libreoffice']).then(
  (r) => r.stdout.trim(),
  () => '',
);

const HINDI = 'सीताराम शर्मा';
const FORMULA = '=HYPERLINK("https://example.com","Click me")';

/** Three leads under a source of their own (oldest first); their phones' 10 digits. */
async function insertLeads(target: Target, tag: string): Promise<string[]> {
  const phones: string[] = [];
  for (const [i, name] of ['Asha Meena', HINDI, FORMULA].entries()) {
    const phone = uniquePhone();
    phones.push(phone);
    await db(
      target,
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id, course, message, channel, created_at)
       select $1, 'application', 'apply-form', $2, $3, $4, p.id, 'Tally Prime with GST', $5, $6, now() - make_interval(mins => $7) from p`,
      [
        `AP-2026-${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        name,
        `+91${phone}`,
        phone,
        i === 0 ? 'Line one\nline two, "quoted"' : null,
        tag,
        10 - i,
      ],
    );
  }
  return phones;
}

describe.each(targets)('the Excel export of the leads on $name', (target) => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'xlsxexport');
  });

  const exportOf = async (query: string) => {
    const res = await staffFetch(target, `/api/admin/leads/export.csv?${query}`, admin.cookie);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('gives the CSV’s columns and rows as a workbook: headings, Hindi intact, what was typed as text, the day received as a date, an audit line', async () => {
    const tag = `t${randomBytes(5).toString('hex')}`;
    const phones = await insertLeads(target, tag);
    const { res, bytes } = await exportOf(`source=${tag}&sort=oldest&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const sheet = readFirstSheet(bytes);
    expect(sheet.rows[0]).toEqual(LEADS_EXPORT_COLUMNS);
    const column = (heading: string) => LEADS_EXPORT_COLUMNS.indexOf(heading);
    const body = sheet.rows.slice(1);
    expect(body.map((row) => row[column('Name')])).toEqual(['Asha Meena', HINDI, FORMULA]);
    // As the CSV shows them: words, not codes; the phone's 10 digits; India's time.
    expect(body.map((row) => row[column('Phone')])).toEqual(phones);
    expect(body[0]![column('Kind')]).toBe('Application');
    expect(body[0]![column('Status')]).toBe('New');
    expect(body[0]![column('Message')]).toBe('Line one\nline two, "quoted"');
    // Text, never a formula or a number: nothing to run, no digits lost, no apostrophe needed.
    expect(sheet.formulas).toBe(0);
    const received = column('Received');
    for (const row of sheet.cells.slice(1)) {
      expect(row.every((cell, i) => cell === null || i === received || cell.kind === 'text')).toBe(true);
      // The moment received is a date and time (India's wall clock), which sorts and filters as one.
      expect(row[received]).toMatchObject({ kind: 'number', format: 'dd/mm/yyyy hh:mm' });
    }
    const [first] = await db<{ received: string }>(
      target,
      `select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as received from leads where channel = $1 order by created_at limit 1`,
      [tag],
    );
    expect(serialDay(body[0]![received]!, { time: true })).toBe(first!.received);

    // The same leads as the CSV export of the same filter.
    const csv = await exportOf(`source=${tag}&sort=oldest`);
    const csvRows = parseCsv(csv.bytes.toString('utf8').slice(1));
    expect(csvRows.slice(1).map((row) => row[column('Reference')])).toEqual(body.map((row) => row[column('Reference')]));

    const [line] = await db<{ detail: Record<string, unknown> }>(
      target,
      `select detail from audit_log where staff_id = $1 and action = 'export' and detail->>'file' = 'xlsx' order by id desc limit 1`,
      [admin.staff.id],
    );
    expect(line!.detail).toEqual({ source: tag, sort: 'oldest', count: 3, file: 'xlsx' });
  });

  it('refuses a file kind it does not make, with a message', async () => {
    const { res, bytes } = await exportOf('format=pdf');
    expect(res.status).toBe(400);
    expect(JSON.parse(bytes.toString('utf8')).errors).toEqual({ format: 'Please choose the file as CSV or Excel (xlsx).' });
  });

  it.skipIf(!soffice)(
    'opens in LibreOffice without an import dialog, with the same columns and the Hindi name intact (skipped where LibreOffice is not installed)',
    async () => {
      const tag = `t${randomBytes(5).toString('hex')}`;
      await insertLeads(target, tag);
      const { bytes } = await exportOf(`source=${tag}&sort=oldest&format=xlsx`);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'leads-xlsx-'));
      const file = path.join(dir, 'leads.xlsx');
      await writeFile(file, bytes);
      // No import filter named: LibreOffice must recognise the file by itself, as a double-click would.
      await run(
        soffice,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76',
          '--outdir',
          path.join(dir, 'back'),
          file,
        ],
        { timeout: 120_000 },
      );
      const back = (await readdir(path.join(dir, 'back'))).find((f) => f.endsWith('.csv'))!;
      const rows = parseCsv(
        (await readFile(path.join(dir, 'back', back), 'utf8'))
          .replace(/^\uFEFF/, '')
          .replace(/\r?\n/g, '\r\n')
          .replace(/(?<!\r\n)$/, '\r\n'),
      );
      expect(rows[0]).toEqual(LEADS_EXPORT_COLUMNS);
      const name = LEADS_EXPORT_COLUMNS.indexOf('Name');
      expect(rows.slice(1).map((row) => row[name])).toEqual(['Asha Meena', HINDI, FORMULA]);
    },
    150_000,
  );
});
