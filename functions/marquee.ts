/** GET /api/marquee — the announcement list, newest first. */
import type { Config } from '@netlify/functions';
import { query } from './_shared/db';
import { allowMethods, endpoint, json } from './_shared/http';

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const rows = await query<{ _id: string; message: string }>(
    'select id::text as _id, message from marquee_messages order by created_at desc, id desc limit 50',
  );
  return json(rows);
});

export const config: Config = { path: '/api/marquee' };
