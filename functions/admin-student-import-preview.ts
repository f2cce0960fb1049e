/**
 * POST /api/admin/student-import/preview {fileName, rows} (needs 'students' and 'batches': Owner
 * and Counsellor) → {count, problems, rows, already, batches}: what importing the file would do,
 * saving nothing — every problem named by row and column in words (a mobile number of 9 digits, a
 * student already on file by mobile, a batch that is full counting this file's rows, a course not
 * offered, a joining day after today or after the batch's end), each row as it would be saved, and
 * whether this file was already imported (when, by whom). The preview names students already on
 * file, so it is an audit line ('view').
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { requireRole } from './_shared/auth/roles';
import { alreadyWords, planImport, readImport } from './_shared/records/student-import';
import { indiaToday } from '../src/lib/schemas/real-day';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const who = await requireStaff(req, context, { need: 'students' });
  requireRole(who, 'batches');
  const request = await readImport(req);

  return transaction(async (client) => {
    const plan = await planImport(client, request, indiaToday());
    await audit(
      {
        staffId: who.staff.id,
        action: 'view',
        entity: 'student-import',
        subject: request.fileName,
        detail: { rows: request.rows.length, problems: plan.problems.length },
      },
      who.address,
      client,
    );
    const perBatch = new Map<string, { students: number; dues: number }>();
    for (const s of plan.students)
      if (s.batch) {
        const counted = perBatch.get(s.batch.name) ?? { students: 0, dues: 0 };
        perBatch.set(s.batch.name, { students: counted.students + 1, dues: counted.dues + s.dues.length });
      }
    return json({
      count: request.rows.length,
      problems: plan.problems,
      rows: plan.rows,
      already: plan.already && { ...plan.already, message: alreadyWords(request.fileName, plan.already) },
      batches: [...perBatch].map(([name, counted]) => ({ name, ...counted })),
    });
  });
});

export const config: Config = { path: '/api/admin/student-import/preview' };
