/**
 * GET /api/admin/fees/dues[?within=overdue|week] → the dues to chase on India's today: those
 * overdue and those due within the week, each with the student and their phone, course, batch,
 * what is left to pay, days overdue and the last reminder; with each list's count and total in
 * paise (DuesToChaseAnswer). Every role with 'fees' reads it; a role that neither keeps the
 * student records nor collects fees (a Teacher) sees only the students of the batches they teach.
 * Each view is an audit line (a view of students' fees).
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { DuesQuerySchema, type DuesToChaseAnswer } from '../src/lib/schemas/fee-dues';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { studentScopeOf } from './_shared/classes/batch-access';
import { duesToChase } from './_shared/fees/dues-to-chase';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees' });
  const { within } = validate(DuesQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  // Status only for a teacher: the fees of the students they teach, not the whole institute's.
  const ownBatchesOnly = studentScopeOf(who) !== null;
  const today = indiaToday();
  const answer = await transaction(async (client): Promise<DuesToChaseAnswer> => {
    const lists = await duesToChase(client, today, { within, teacherId: ownBatchesOnly ? who.staff.id : undefined });
    await audit(
      {
        staffId: who.staff.id,
        action: 'view',
        entity: 'fee-dues',
        detail: { count: lists.overdue.count + lists.week.count, ...(within && { within }), ...(ownBatchesOnly && { own: true }) },
      },
      who.address,
      client,
    );
    return { today, ...lists };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/fees/dues' };
