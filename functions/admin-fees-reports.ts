/**
 * GET /api/admin/fees/reports (needs 'fees-reports'):
 * - ?from=&to=&by=day|month|mode|course → what was collected in the period (India's days, both
 *   included; by default this month so far), grouped, with the total; cancelled receipts left out
 *   of the totals and counted apart; the refunds paid in the period listed, per line and in all,
 *   and the net (CollectionReport);
 * - ?view=outstanding → what each batch's students owe, have paid and have left, and how much of
 *   it is overdue (OutstandingReport);
 * - &format=xlsx|csv → the period's receipts as an accountant imports them: Date, Receipt no.,
 *   Student, Course, Mode, UTR, Amount, Taxable value, CGST, SGST (rupees with two decimals),
 *   Status (a cancelled receipt is listed as Cancelled), Received by, Batch and Mobile (as the
 *   receipt named them when issued); then the refunds paid in the period, each with its voucher
 *   number, a negative amount and "Refund of <receipt>" (decision 045).
 * A view is an audit line; a download is an 'export' line.
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { ReportQuerySchema } from '../src/lib/schemas/fee-dues';
import { audit } from './_shared/platform/audit';
import { CSV_BOM, csvLine } from './_shared/platform/csv';
import { transaction } from './_shared/platform/db';
import { allowMethods, crossSite, CROSS_SITE_MESSAGE, endpoint, json, HttpError, validate } from './_shared/platform/http';
import { XLSX_TYPE, xlsxStream } from './_shared/platform/xlsx';
import { requireStaff } from './_shared/auth/staff';
import { attachmentDisposition } from './_shared/storage/content-disposition';
import { collectionReport, EXPORT_HEADINGS, exportRows, outstandingReport, refundExportRows } from './_shared/fees/fee-reports';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees-reports' });
  const today = indiaToday();
  const query = validate(ReportQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const { by, view, format } = query;
  const from = query.from ?? `${today.slice(0, 7)}-01`;
  const to = query.to ?? (from > today ? from : today);
  if (from > to)
    throw new HttpError(400, 'Please check the highlighted fields and try again.', { errors: { to: 'The last day cannot be before the first day.' } });
  // A download of students' payments is refused when another site asks for it, even as a GET.
  if (format !== 'json' && crossSite(req)) throw new HttpError(403, CROSS_SITE_MESSAGE);

  return transaction(async (client) => {
    if (format !== 'json') {
      const receiptRows = await exportRows(client, from, to);
      // The refunds paid in the period follow the receipts, as negative amounts (decision 045).
      const refundRows = await refundExportRows(client, from, to);
      const rows = [...receiptRows, ...refundRows];
      await audit(
        {
          staffId: who.staff.id,
          action: 'export',
          entity: 'fee-receipts',
          detail: { from, to, count: receiptRows.length, ...(refundRows.length ? { refunds: refundRows.length } : {}), file: format },
        },
        who.address,
        client,
      );
      const headers = new Headers(json(null).headers);
      headers.set('Content-Disposition', attachmentDisposition(`Fee receipts ${from} to ${to}.${format}`));
      if (format === 'xlsx') {
        headers.set('Content-Type', XLSX_TYPE);
        return new Response(await xlsxStream('Receipts', EXPORT_HEADINGS, rows), { status: 200, headers });
      }
      headers.set('Content-Type', 'text/csv; charset=utf-8');
      return new Response(CSV_BOM + csvLine(EXPORT_HEADINGS) + rows.map(csvLine).join(''), { status: 200, headers });
    }
    const report = view === 'outstanding' ? await outstandingReport(client, today) : await collectionReport(client, from, to, by);
    await audit(
      { staffId: who.staff.id, action: 'view', entity: 'fee-report', detail: view === 'outstanding' ? { view } : { view, from, to, by } },
      who.address,
      client,
    );
    return json(report);
  });
});

export const config: Config = { path: '/api/admin/fees/reports' };
