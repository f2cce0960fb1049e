/**
 * /api/jobs/{id} — GET (public): one job opening. PUT (staff): `{...fields, version}` → `{message:
 * 'Job updated.', item}`. DELETE (staff) `?version=N` → `{message: 'Job deleted.'}`.
 * 404 for an unknown id; 409 `{message, current}` when someone saved a newer version first.
 */
import type { Config } from '@netlify/functions';
import { JobUpdateSchema } from '../src/lib/schemas/job';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { jobRecords } from './_shared/records/record-kinds';
import { deleteRecord, findRecord, PUBLIC_CACHE, recordId, updateRecord, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT', 'DELETE');
  if (req.method === 'GET') return json(await findRecord(jobRecords, recordId(jobRecords, context.params['id'])), 200, PUBLIC_CACHE);

  const who = await requireStaff(req, context, { need: 'website' });
  const id = recordId(jobRecords, context.params['id']);
  if (req.method === 'PUT') {
    const { version, ...fields } = validate(JobUpdateSchema, await readJson(req));
    const item = await updateRecord(jobRecords, id, fields, version, who);
    return json({ message: 'Job updated.', item });
  }
  await deleteRecord(jobRecords, id, versionParam(new URL(req.url)), who);
  return json({ message: 'Job deleted.' });
});

export const config: Config = { path: '/api/jobs/:id' };
