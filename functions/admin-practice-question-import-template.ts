/**
 * GET /api/admin/practice/question-import/template?format=xlsx|csv (needs 'practice-tests':
 * Owner and Teacher): the template of a questions' file — an Excel workbook with the headings, one
 * example row and an Instructions sheet naming the courses and their chapters, or the same
 * headings and example as CSV. It holds no one's data, so it is no audit line.
 */
import type { Config } from '@netlify/functions';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { XLSX_TYPE } from './_shared/platform/xlsx';
import { attachmentDisposition } from './_shared/storage/content-disposition';
import { questionTemplateCsv, questionTemplateFacts, questionTemplateXlsx } from './_shared/practice/question-import-template';
import { QuestionTemplateQuerySchema } from '../src/lib/schemas/question-import';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  await requireStaff(req, context, { need: 'practice-tests' });
  const { format } = validate(QuestionTemplateQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const facts = await transaction((client) => questionTemplateFacts(client));
  const headers = new Headers(json(null).headers);
  headers.set('Content-Disposition', attachmentDisposition(`Questions to import.${format}`));
  if (format === 'csv') {
    headers.set('Content-Type', 'text/csv; charset=utf-8');
    return new Response(questionTemplateCsv(facts), { status: 200, headers });
  }
  headers.set('Content-Type', XLSX_TYPE);
  return new Response(await questionTemplateXlsx(facts), { status: 200, headers });
});

export const config: Config = { path: '/api/admin/practice/question-import/template' };
