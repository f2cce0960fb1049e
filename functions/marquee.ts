/**
 * /api/marquee — GET (public): the announcements still shown, newest first (at most 50), as
 * `[{_id, message}]`; one whose end date (India's day) has passed is left out. GET `?all=1`
 * (staff): every announcement, ended ones too, as `[{_id, message, endsOn, ended}]`. POST (staff)
 * `{message, endsOn?}`: adds one (blank or whitespace-only refused; an end date must be today or
 * later) → 201 `{message: 'Message added.', item}`.
 */
import type { Config } from '@netlify/functions';
import { MarqueeMessageSchema, type MarqueeListing, type MarqueeMessage } from '../src/lib/schemas/marquee';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';

/** India's day today, in SQL. */
const INDIA_TODAY = `(now() at time zone 'Asia/Kolkata')::date`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    if (new URL(req.url).searchParams.get('all') === '1') {
      await requireStaff(req, context, { need: 'website' });
      const rows = await query<MarqueeListing>(
        `select id::text as _id, message, to_char(ends_on, 'YYYY-MM-DD') as "endsOn", coalesce(ends_on < ${INDIA_TODAY}, false) as ended
           from marquee_messages order by created_at desc, id desc limit 50`,
      );
      return json(rows);
    }
    const rows = await query<MarqueeMessage>(
      `select id::text as _id, message from marquee_messages
        where ends_on is null or ends_on >= ${INDIA_TODAY}
        order by created_at desc, id desc limit 50`,
    );
    return json(rows);
  }

  const { staff, address } = await requireStaff(req, context, { need: 'website' });
  const { message, endsOn } = validate(MarqueeMessageSchema, await readJson(req));
  const item = await transaction(async (client) => {
    const { rows } = await client.query<MarqueeMessage & { endsOn: string | null }>(
      `insert into marquee_messages (message, ends_on, created_by) values ($1, $2, $3)
       returning id::text as _id, message, to_char(ends_on, 'YYYY-MM-DD') as "endsOn"`,
      [message, endsOn, staff.id],
    );
    const fields = endsOn ? ['message', 'endsOn'] : ['message'];
    await audit({ staffId: staff.id, action: 'create', entity: 'marquee', entityId: rows[0]!._id, subject: message, detail: { fields } }, address, client);
    return rows[0]!;
  });
  return json({ message: 'Message added.', item }, 201);
});

export const config: Config = { path: '/api/marquee' };
