/**
 * /api/marquee — GET (public): the announcement list, newest first (at most 50), as
 * `[{_id, message}]`. POST (staff) `{message}`: adds one (blank or whitespace-only refused) →
 * 201 `{message: 'Message added.', item}`.
 */
import type { Config } from '@netlify/functions';
import { MarqueeMessageSchema, type MarqueeMessage } from '../src/lib/schemas/marquee';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    const rows = await query<MarqueeMessage>('select id::text as _id, message from marquee_messages order by created_at desc, id desc limit 50');
    return json(rows);
  }

  const { staff, address } = await requireStaff(req, context, { need: 'website' });
  const { message } = validate(MarqueeMessageSchema, await readJson(req));
  const item = await transaction(async (client) => {
    const { rows } = await client.query<MarqueeMessage>(
      'insert into marquee_messages (message, created_by) values ($1, $2) returning id::text as _id, message',
      [message, staff.id],
    );
    await audit(
      { staffId: staff.id, action: 'create', entity: 'marquee', entityId: rows[0]!._id, subject: message, detail: { fields: ['message'] } },
      address,
      client,
    );
    return rows[0]!;
  });
  return json({ message: 'Message added.', item }, 201);
});

export const config: Config = { path: '/api/marquee' };
