/**
 * POST /api/admin/people/merge (staff only), MergeSchema {from, into} (person ids) →
 * {message: 'Merged: {n} enquiries now belong to one person.', merge: {_id}}: every enquiry of
 * `from` joins `into` (undo with /api/admin/people/unmerge). 404 for an unknown person, 409 when
 * either was already merged. One transaction with the timeline lines and the audit line.
 */
import type { Config } from '@netlify/functions';
import { MergeSchema } from '../src/lib/schemas/lead';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { mergePeople } from './_shared/leads/people';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'leads' });
  const { from, into } = validate(MergeSchema, await readJson(req));
  const done = await transaction(async (client) => {
    const merged = await mergePeople(client, from, into, staff.id);
    await audit(
      { staffId: staff.id, action: 'update', entity: 'person', entityId: from, detail: { action: 'merge', merge: merged.merge, into, leads: merged.leads } },
      address,
      client,
    );
    return merged;
  });
  return json({ message: `Merged: ${done.enquiries} enquiries now belong to one person.`, merge: { _id: done.merge } });
});

export const config: Config = { path: '/api/admin/people/merge' };
