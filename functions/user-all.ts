/**
 * GET /api/user/all?limit&after → {users: [{_id, name, email, role, createdAt}]}: the
 * registered (student) accounts, newest first, keyset-paged (the next page's address in the `Link`
 * header, rel="next"; the body keeps the specification's `users`). Staff only: the old client sent a
 * student's token here, and a student's token opens nothing but the student's own account, so it
 * gets 401 like anyone else without a staff session. Each page shown is an audit line ('view').
 */
import type { Config } from '@netlify/functions';
import type { UserListing } from '../src/lib/schemas/student';
import { audit } from './_shared/platform/audit';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { ListQuerySchema, TIMESTAMP, UUID, cursorOf, listQuery, nextPageHeaders, pageOf, readCursor } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';

interface UserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  created_at: Date;
  /** created_at to the microsecond, for the cursor. */
  created_key: string;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'students' });
  const { limit, after } = listQuery(req, ListQuerySchema);
  const position = readCursor(after, [TIMESTAMP, UUID]);

  const rows = await query<UserRow>(
    `select id::text, name, email, role, created_at, created_at::text as created_key
       from users
      ${position ? 'where (created_at, id) < ($2::timestamptz, $3::uuid)' : ''}
      order by created_at desc, id desc
      limit $1`,
    position ? [limit + 1, ...position] : [limit + 1],
  );
  const page = pageOf(
    rows,
    limit,
    (row): UserListing => ({ _id: row.id, name: row.name, email: row.email, role: row.role, createdAt: new Date(row.created_at).toISOString() }),
    (row) => cursorOf(row.created_key, row.id),
  );
  await audit({ staffId: staff.id, action: 'view', entity: 'user', detail: { count: page.items.length, page: after ? 'later' : 'first' } }, address);
  return json({ users: page.items }, 200, nextPageHeaders(req, page.next));
});

export const config: Config = { path: '/api/user/all' };
