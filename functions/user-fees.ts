/**
 * GET /api/user/fees — the signed-in student's own fees, for /account: their plans, dues with the
 * balance and each open due's UPI payment link, receipts and reported UPI payments
 * (src/lib/schemas/student-fees.ts), from the student records that are theirs. Nothing of other
 * students. Signed in as every /api/user call is (the `token` header); 401 otherwise.
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { studentFeesOf } from './_shared/fees/student-fees';
import { query, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';

/** The shared pool's one-statement queries, as the shared readers take them. */
const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  const studentIds = await studentIdsOf(db, user._id, user.email);
  return json(await studentFeesOf(db, studentIds, indiaToday()));
});

export const config: Config = { path: '/api/user/fees' };
