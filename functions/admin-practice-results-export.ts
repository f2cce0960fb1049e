/**
 * GET /api/admin/practice/results/export?batch={id} (permission 'practice-tests': an Owner for
 * every batch, a Teacher for the batches they teach; 403 in words for another's, 404 for none):
 * the batch's practice-test results as an Excel workbook (xlsx.ts), one row per student and test
 * opened to the batch — attempts, the best and the last score as marks (real numbers that add
 * up, 62.5 as 62.5), out of how many, the best as a percentage, pass or fail in words ("Not
 * attempted" where there is none), and when each was submitted as India's date and time. Hindi
 * names intact; what was typed stays text. The download is an 'export' audit line; another site's
 * page cannot ask for it.
 */
import type { Config } from '@netlify/functions';
import { BatchQuerySchema, scorePercent } from '../src/lib/schemas/practice-results';
import type { ResultsCell, ScoreShown } from '../src/lib/schemas/practice-results';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireStaff } from './_shared/auth/staff';
import { batchForResults } from './_shared/practice/results-access';
import { batchResults } from './_shared/practice/batch-results';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, crossSite, CROSS_SITE_MESSAGE, endpoint, HttpError, json, validate } from './_shared/platform/http';
import { count, marks, percent, time, type SheetCell } from './_shared/platform/sheet-cells';
import { XLSX_TYPE, xlsxStream } from './_shared/platform/xlsx';
import { attachmentDisposition } from './_shared/storage/content-disposition';

/** The columns, in order. */
export const RESULTS_HEADINGS = [
  'Student',
  'On the roster',
  'Test',
  'Attempts',
  'Best marks',
  'Out of',
  'Best %',
  'Best result',
  'Best submitted',
  'Last marks',
  'Last result',
  'Last submitted',
] as const;

/** India's wall clock ('YYYY-MM-DD HH:MM') of an ISO moment: India keeps UTC+5:30 all year. */
const indiaClock = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** A result in words, never by colour alone. */
const resultOf = (score: ScoreShown | null, cell: ResultsCell) =>
  score ? (score.passed ? 'Pass' : 'Fail') : cell.inProgress ? 'Not attempted (one in progress)' : 'Not attempted';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const { batch: batchId } = validate(BatchQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  // A download of personal data is refused when another site asks for it, even as a GET.
  if (crossSite(req)) throw new HttpError(403, CROSS_SITE_MESSAGE);

  const { batch, rows } = await transaction(async (client) => {
    const batch = await batchForResults(client, batchId, who);
    const { tests, students } = await batchResults(client, batch.id);
    const rows: SheetCell[][] = students.flatMap((s) =>
      s.cells.map((cell, i) => {
        const { best, last } = cell;
        return [
          s.name,
          s.rosterStatus,
          tests[i]!.title,
          count(cell.attempts),
          marks(best?.score ?? null),
          marks(best ? best.maxScore : tests[i]!.maxScore),
          percent(best ? scorePercent(best.score, best.maxScore) : null),
          resultOf(best, cell),
          time(best ? indiaClock(best.submittedAt) : null),
          marks(last?.score ?? null),
          last ? resultOf(last, cell) : null,
          time(last ? indiaClock(last.submittedAt) : null),
        ];
      }),
    );
    await audit(
      {
        staffId: who.staff.id,
        action: 'export',
        entity: 'practice-results',
        entityId: batch.id,
        subject: batch.name,
        detail: { count: students.length, tests: tests.length, file: 'xlsx' },
      },
      who.address,
      client,
    );
    return { batch, rows };
  });

  const headers = new Headers(json(null).headers);
  headers.set('Content-Type', XLSX_TYPE);
  headers.set('Content-Disposition', attachmentDisposition(`Practice results ${batch.name} ${indiaToday()}.xlsx`));
  return new Response(await xlsxStream('Practice results', RESULTS_HEADINGS, rows), { status: 200, headers });
});

export const config: Config = { path: '/api/admin/practice/results/export' };
