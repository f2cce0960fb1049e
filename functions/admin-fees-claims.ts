/**
 * GET /api/admin/fees/claims (permission 'fees': every role sees where payments stand; a Teacher
 * only those of the students of the batches they teach) — the UPI
 * payments students reported and staff have not yet decided, oldest first: {claims}. The view is
 * audited (it shows students' payments).
 */
import type { Config } from '@netlify/functions';
import { requireStaff } from './_shared/auth/staff';
import { pendingClaims } from './_shared/fees/claims';
import { studentScopeOf } from './_shared/classes/batch-access';
import { audit } from './_shared/platform/audit';
import { query, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';

const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees' });
  const { staff, address } = who;
  const claims = await pendingClaims(db, studentScopeOf(who));
  await audit({ staffId: staff.id, action: 'view', entity: 'fee-claim', detail: { count: claims.length } }, address);
  return json({ claims });
});

export const config: Config = { path: '/api/admin/fees/claims' };
