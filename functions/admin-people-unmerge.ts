/**
 * POST /api/admin/people/unmerge (staff only), UnmergeSchema {merge} → {message: 'Merge undone.'}:
 * the enquiries the merge moved that are still with the person they joined go back; one that
 * arrived after the merge stays. 404 for an unknown merge, 409 'This merge was already undone.'.
 * One transaction with the timeline lines and the audit line.
 */
import type { Config } from '@netlify/functions';
import { UnmergeSchema } from '../src/lib/schemas/lead';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { unmergePeople } from './_shared/leads/people';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'leads' });
  const { merge } = validate(UnmergeSchema, await readJson(req));
  await transaction(async (client) => {
    const undone = await unmergePeople(client, merge, staff.id);
    await audit(
      {
        staffId: staff.id,
        action: 'update',
        entity: 'person',
        entityId: undone.from,
        detail: { action: 'unmerge', merge, into: undone.into, leads: undone.leads },
      },
      address,
      client,
    );
  });
  return json({ message: 'Merge undone.' });
});

export const config: Config = { path: '/api/admin/people/unmerge' };
