/**
 * POST /api/admin/practice/question-import {fileName, rows} (needs 'practice-tests': Owner and
 * Teacher) → 201 {message, importId, questions}: all of the file's questions, or none. Inside one
 * transaction (imports one at a time) the file is checked again as the preview checks it; any
 * problem is a 400 {message, problems} with nothing saved, and a file already imported a 409
 * ("… was already imported on … by …"), so a second upload, or a double tap, adds nothing twice.
 * One audit line ("imported 25 questions from bank.xlsx").
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { planQuestionImport, questionsAlreadyWords, readQuestionImport, writeQuestionImport } from './_shared/practice/question-import';
import { questionProblemLine } from '../src/lib/schemas/question-import';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });
  const request = await readQuestionImport(req);

  const result = await transaction(async (client) => {
    // One import at a time: two files with the same question cannot both pass the duplicate check.
    await client.query(`select pg_advisory_xact_lock(hashtext('question-import'))`);
    const plan = await planQuestionImport(client, request);
    if (plan.already) throw new HttpError(409, questionsAlreadyWords(request.fileName, plan.already), { already: plan.already });
    if (plan.problems.length) {
      const count = plan.problems.length;
      throw new HttpError(
        400,
        `Nothing was imported: the file has ${count === 1 ? 'a problem' : `${count} problems`}. ${questionProblemLine(plan.problems[0]!)}`,
        {
          problems: plan.problems,
        },
      );
    }
    const { importId, ids } = await writeQuestionImport(client, plan, request.fileName, staff);
    const chapters = new Map<string, number>();
    for (const q of plan.questions) chapters.set(`${q.course}: ${q.chapter}`, (chapters.get(`${q.course}: ${q.chapter}`) ?? 0) + 1);
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'question-import',
        entityId: importId,
        subject: request.fileName,
        detail: { questions: ids.length, chapters: [...chapters].map(([name, questions]) => ({ name, questions })) },
      },
      address,
      client,
    );
    return { importId, questions: ids.length };
  });
  const n = result.questions;
  return json({ message: `${n === 1 ? '1 question' : `${n} questions`} imported from ${request.fileName}.`, ...result }, 201);
});

export const config: Config = { path: '/api/admin/practice/question-import' };
