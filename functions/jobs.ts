/**
 * /api/jobs — GET (public): the job openings staff publish, newest first, as a list, in keyset pages
 * (`?limit=1..100&after=<cursor>`; the next page's address in the `Link` header, rel="next"). POST (staff): adds one → 201
 * `{message: 'Job added.', item}`.
 */
import type { Config } from '@netlify/functions';
import { JobFieldsSchema } from '../src/lib/schemas/job';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { jobRecords } from './_shared/records/record-kinds';
import { createRecord, listRecords, PUBLIC_CACHE } from './_shared/records/records';
import { nextPageHeaders } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    const { items, next } = await listRecords(jobRecords, new URL(req.url));
    return json(items, 200, { ...PUBLIC_CACHE, ...nextPageHeaders(req, next) });
  }

  const who = await requireStaff(req, context, { need: 'website' });
  const fields = validate(JobFieldsSchema, await readJson(req));
  const item = await createRecord(jobRecords, fields, who);
  return json({ message: 'Job added.', item }, 201);
});

export const config: Config = { path: '/api/jobs' };
