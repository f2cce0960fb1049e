/**
 * GET /api/admin/rights-requests (permission 'privacy': the Owner, the Grievance Officer) — people's
 * requests about their data: the open ones first, the one to answer soonest first, with the days
 * left; then the last 100 answered. An audit line 'view'.
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { REQUEST_COLUMNS, madeByColumn, toStaffRequest, type MadeBy, type RequestRow } from './_shared/privacy/requests';

/** Answered requests listed after the open ones. */
const ANSWERED_SHOWN = 100;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'privacy' });
  return transaction(async (client) => {
    const columns = REQUEST_COLUMNS.split(',')
      .map((c) => `r.${c.trim()}`)
      .join(', ');
    const from = `from rights_requests r left join users u on u.id = r.user_id`;
    type Row = RequestRow & { account_name: string | null; account_email: string | null; made_by: MadeBy | null };
    const open = await client.query<Row>(
      `select ${columns}, u.name as account_name, u.email as account_email, ${madeByColumn('r')} ${from} where r.status = 'open' order by r.answer_by, r.id`,
    );
    const answered = await client.query<Row>(
      `select ${columns}, u.name as account_name, u.email as account_email, ${madeByColumn('r')} ${from} where r.status <> 'open' order by r.answered_at desc, r.id desc limit $1`,
      [ANSWERED_SHOWN],
    );
    const rows = [...open.rows, ...answered.rows];
    const today = indiaToday();
    const items = rows.map((r) => toStaffRequest(r, today));
    await audit(
      {
        staffId: staff.id,
        action: 'view',
        entity: 'rights-request',
        detail: { open: items.filter((i) => i.status === 'open').length, answered: items.length },
      },
      address,
      client,
    );
    return json({ items });
  });
});

export const config: Config = { path: '/api/admin/rights-requests' };
