/**
 * /api/courses — GET (public): the courses staff publish, newest first, as a list, in keyset pages
 * (`?limit=1..100&after=<cursor>`; the next page's address in the `Link` header, rel="next"). POST (staff): adds one → 201
 * `{message: 'Course added.', item}`.
 */
import type { Config } from '@netlify/functions';
import { CourseFieldsSchema } from '../src/lib/schemas/course';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { courseRecords } from './_shared/records/record-kinds';
import { createRecord, listRecords, PUBLIC_CACHE } from './_shared/records/records';
import { nextPageHeaders } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    const { items, next } = await listRecords(courseRecords, new URL(req.url));
    return json(items, 200, { ...PUBLIC_CACHE, ...nextPageHeaders(req, next) });
  }

  const who = await requireStaff(req, context, { need: 'website' });
  const fields = validate(CourseFieldsSchema, await readJson(req));
  const item = await createRecord(courseRecords, fields, who);
  return json({ message: 'Course added.', item }, 201);
});

export const config: Config = { path: '/api/courses' };
