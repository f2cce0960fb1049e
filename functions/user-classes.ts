/**
 * GET /api/user/classes — the signed-in student's own classes, for /account: {batches, attendance,
 * certificates} (src/lib/schemas/student-classes.ts), from the student records that are theirs
 * (functions/_shared/classes/student-classes.ts). Nothing about other students, no ids; a student
 * whose record the institute has not linked yet gets empty lists. Signed in as every /api/user
 * call is (the `token` header); 401 otherwise. Never cached: the answer is personal.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { classesOf, studentIdsOf } from './_shared/classes/student-classes';
import { query, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';

/** The shared pool's one-statement queries, as the shared readers take them. */
const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  const studentIds = await studentIdsOf(db, user._id, user.email);
  return json(await classesOf(db, studentIds, new Date()));
});

export const config: Config = { path: '/api/user/classes' };
