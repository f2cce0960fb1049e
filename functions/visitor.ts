/**
 * GET /api/visitor — the total visitor count. A browser is counted once per browsing session:
 * the first call sets a session cookie, and calls that carry it only read the count.
 */
import type { Config } from '@netlify/functions';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';

const COOKIE = 'visitor_counted';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const counted = (req.headers.get('cookie') ?? '').split(/;\s*/).includes(`${COOKIE}=1`);
  if (counted) {
    const [row] = await query<{ count: string }>('select count::text from visitor_counter where id = 1');
    return json({ count: Number(row?.count ?? 0) });
  }
  await enforce([['visitor:address', byClient(req, context)]]);
  const [row] = await query<{ count: string }>('update visitor_counter set count = count + 1 where id = 1 returning count::text');
  const secure = new URL(req.url).protocol === 'https:' ? '; Secure' : '';
  return json({ count: Number(row?.count ?? 0) }, 200, {
    'Set-Cookie': `${COOKIE}=1; Path=/api/visitor; HttpOnly; SameSite=Lax${secure}`,
  });
});

export const config: Config = { path: '/api/visitor' };
