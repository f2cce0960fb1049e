/**
 * GET /api/admin/student-import/template?format=xlsx|csv (needs 'students' and 'batches': Owner
 * and Counsellor): the template of a students' file to import — an Excel workbook with the
 * headings, one example row and an Instructions sheet naming the courses and the open batches
 * (student-import-template.ts), or the same headings and example as CSV. It holds no one's data,
 * so it is no audit line.
 */
import type { Config } from '@netlify/functions';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { requireRole } from './_shared/auth/roles';
import { XLSX_TYPE } from './_shared/platform/xlsx';
import { attachmentDisposition } from './_shared/storage/content-disposition';
import { templateCsv, templateFacts, templateXlsx } from './_shared/records/student-import-template';
import { TemplateQuerySchema } from '../src/lib/schemas/student-import';
import { indiaToday } from '../src/lib/schemas/real-day';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'students' });
  requireRole(who, 'batches');
  const { format } = validate(TemplateQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const facts = await transaction((client) => templateFacts(client));
  const today = indiaToday();
  const headers = new Headers(json(null).headers);
  headers.set('Content-Disposition', attachmentDisposition(`Students to import.${format}`));
  if (format === 'csv') {
    headers.set('Content-Type', 'text/csv; charset=utf-8');
    return new Response(templateCsv(facts, today), { status: 200, headers });
  }
  headers.set('Content-Type', XLSX_TYPE);
  return new Response(await templateXlsx(facts, today), { status: 200, headers });
});

export const config: Config = { path: '/api/admin/student-import/template' };
