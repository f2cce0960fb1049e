/**
 * /api/courses/{id} — GET (public): one course. PUT (staff): `{...fields, version}` → `{message:
 * 'Course updated.', item}`. DELETE (staff) `?version=N` → `{message: 'Course deleted.'}`.
 * 404 for an unknown id; 409 `{message, current}` when someone saved a newer version first.
 */
import type { Config } from '@netlify/functions';
import { CourseUpdateSchema } from '../src/lib/schemas/course';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { courseRecords } from './_shared/records/record-kinds';
import { deleteRecord, findRecord, PUBLIC_CACHE, recordId, updateRecord, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT', 'DELETE');
  if (req.method === 'GET') return json(await findRecord(courseRecords, recordId(courseRecords, context.params['id'])), 200, PUBLIC_CACHE);

  const who = await requireStaff(req, context, { need: 'website' });
  const id = recordId(courseRecords, context.params['id']);
  if (req.method === 'PUT') {
    const { version, ...fields } = validate(CourseUpdateSchema, await readJson(req));
    const item = await updateRecord(courseRecords, id, fields, version, who);
    return json({ message: 'Course updated.', item });
  }
  await deleteRecord(courseRecords, id, versionParam(new URL(req.url)), who);
  return json({ message: 'Course deleted.' });
});

export const config: Config = { path: '/api/courses/:id' };
