/** DELETE /api/marquee/{id} (staff) — removes an announcement → `{message: 'Message deleted.'}`; 404 when unknown. */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { recordId, recordNotFound } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';

const announcement = { entity: 'announcement' };

export default endpoint(async (req, context) => {
  allowMethods(req, 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'website' });
  const id = recordId(announcement, context.params['id']);
  await transaction(async (client) => {
    const { rows } = await client.query<{ message: string }>('delete from marquee_messages where id = $1 returning message', [id]);
    if (!rows[0]) throw recordNotFound(announcement);
    await audit(
      { staffId: staff.id, action: 'delete', entity: 'marquee', entityId: id, subject: rows[0].message, detail: { message: rows[0].message } },
      address,
      client,
    );
  });
  return json({ message: 'Message deleted.' });
});

export const config: Config = { path: '/api/marquee/:id' };
