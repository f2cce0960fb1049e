/**
 * POST /api/admin/practice/question-import/preview {fileName, rows} (needs 'practice-tests':
 * Owner and Teacher) → {count, problems, rows, already, chapters}: what importing the file would
 * do, saving nothing — every problem named by row and column in words (an unknown course or
 * chapter, a missing Hindi text, a right option that is not one of the options, fewer than 2
 * options, a question already in that chapter), each row as it would be saved, how many questions
 * each chapter gets, and whether this file was already imported (when, by whom). It changes
 * nothing and names no one, so it is no audit line.
 */
import type { Config } from '@netlify/functions';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { planQuestionImport, questionsAlreadyWords, readQuestionImport } from './_shared/practice/question-import';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await requireStaff(req, context, { need: 'practice-tests' });
  const request = await readQuestionImport(req);
  const plan = await transaction((client) => planQuestionImport(client, request));
  const perChapter = new Map<string, number>();
  for (const q of plan.questions) perChapter.set(`${q.course}: ${q.chapter}`, (perChapter.get(`${q.course}: ${q.chapter}`) ?? 0) + 1);
  return json({
    count: request.rows.length,
    problems: plan.problems,
    rows: plan.rows,
    already: plan.already && { ...plan.already, message: questionsAlreadyWords(request.fileName, plan.already) },
    chapters: [...perChapter].map(([name, questions]) => ({ name, questions })),
  });
});

export const config: Config = { path: '/api/admin/practice/question-import/preview' };
