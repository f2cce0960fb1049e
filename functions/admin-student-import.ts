/**
 * POST /api/admin/student-import {fileName, rows} (needs 'students' and 'batches': Owner and
 * Counsellor) → 201 {message, importId, students, dues, batches}: all of the file's students, or
 * none. Inside one transaction (imports one at a time, the named batches locked) the file is
 * checked again as the preview checks it; any problem is a 400 {message, problems} with nothing
 * saved, and a file already imported a 409 ("… was already imported on … by …"), so a second
 * upload, or a double tap, adds nobody twice. Then the students, their places in the batches
 * (from their joining day) and the dues of each batch's fee plan are written in a few set-based
 * statements, with one audit line ("imported 30 students from students.xlsx").
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { requireRole } from './_shared/auth/roles';
import { alreadyWords, planImport, readImport, writeImport } from './_shared/records/student-import';
import { problemLine } from '../src/lib/schemas/student-import';
import { indiaToday } from '../src/lib/schemas/real-day';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const who = await requireStaff(req, context, { need: 'students' });
  requireRole(who, 'batches');
  const request = await readImport(req);

  const result = await transaction(async (client) => {
    // One import at a time: two files naming the same new mobile number cannot both pass the check.
    await client.query(`select pg_advisory_xact_lock(hashtext('student-import'))`);
    const plan = await planImport(client, request, indiaToday(), true);
    if (plan.already) throw new HttpError(409, alreadyWords(request.fileName, plan.already), { already: plan.already });
    if (plan.problems.length) {
      const count = plan.problems.length;
      throw new HttpError(400, `Nothing was imported: the file has ${count === 1 ? 'a problem' : `${count} problems`}. ${problemLine(plan.problems[0]!)}`, {
        problems: plan.problems,
      });
    }
    const imported = await writeImport(client, plan, request.fileName, who.staff);
    await audit(
      {
        staffId: who.staff.id,
        action: 'create',
        entity: 'student-import',
        entityId: imported.importId,
        subject: request.fileName,
        detail: { students: imported.students.length, batches: imported.batches, dues: imported.dues },
      },
      who.address,
      client,
    );
    return imported;
  });
  const n = result.students.length;
  const dues = result.dues ? ` ${result.dues === 1 ? '1 due' : `${result.dues} dues`} made from the fee plans.` : '';
  return json({ message: `${n === 1 ? '1 student' : `${n} students`} imported from ${request.fileName}.${dues}`, ...result }, 201);
});

export const config: Config = { path: '/api/admin/student-import' };
