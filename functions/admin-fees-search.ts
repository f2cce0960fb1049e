/**
 * GET /api/admin/fees/students?q= (permission 'fees': every role sees where a student stands; a
 * Teacher only the students of the batches they teach, studentScopeOf): up to 20 students found by name, by 4 or more digits of a mobile, by a due reference (D000123)
 * or by a receipt number (PCI/26-27/00042), each with what they owe and what is overdue (paise).
 */
import type { Config } from '@netlify/functions';
import { z } from '../src/lib/schemas/zod';
import { indiaDay } from '../src/lib/india-time';
import { requireStaff } from './_shared/auth/staff';
import { searchFeeStudents } from './_shared/fees/counter';
import { studentScopeOf } from './_shared/classes/batch-access';
import { audit } from './_shared/platform/audit';
import { FilterSchema, listQuery } from './_shared/platform/paging';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';

const SearchQuerySchema = z.object({ q: FilterSchema(60, 'the search') });

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees' });
  const { staff, address } = who;
  const q = listQuery(req, SearchQuerySchema).q ?? '';
  const day = indiaDay(new Date());
  return transaction(async (client) => {
    const { kind, students } = await searchFeeStudents(client, q, day, studentScopeOf(who));
    await audit({ staffId: staff.id, action: 'view', entity: 'fees', detail: { q, count: students.length } }, address, client);
    return json({ q, kind, today: day, students });
  });
});

export const config: Config = { path: '/api/admin/fees/students' };
