/**
 * Questions imported from a file (decision 052): the rows the admin app read from the .xlsx or
 * CSV are checked against the bank — the course and its chapter by name, both languages of the
 * question and of each option, the right option(s) among the options, a question already in that
 * chapter (by its English text, or twice in the file) — and then written all at once in one
 * transaction (questions and their first versions by unnest), or not at all. A file imported once
 * is refused the second time (question_imports.file_hash), so nothing is added twice.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import type { Queryable } from '../platform/db';
import { HttpError, readJson } from '../platform/http';
import { fieldErrorsOf } from '../../../src/lib/schemas/field-errors';
import { dayInWords } from '../../../src/lib/attendance-words';
import {
  MAX_EXPLANATION,
  MAX_OPTION,
  MAX_OPTIONS,
  MAX_QUESTION,
  MIN_OPTIONS,
  sameText,
  type Difficulty,
  type QuestionOption,
} from '../../../src/lib/schemas/practice-questions';
import {
  QUESTION_COLUMNS,
  QuestionImportRequestSchema,
  type QuestionColumn,
  type QuestionImportProblem,
  type QuestionImportRequest,
} from '../../../src/lib/schemas/question-import';

/** A question as a row makes it (when the row is right). */
export interface ImportedQuestion {
  row: number;
  courseId: string;
  course: string;
  chapterId: string;
  chapter: string;
  difficulty: Difficulty;
  textEn: string;
  textHi: string;
  options: QuestionOption[];
  correct: number[];
  explanationEn: string;
  explanationHi: string;
  keepOrder: boolean;
}

/** A row of the preview. */
export interface QuestionPreviewRow {
  row: number;
  course: string;
  chapter: string;
  difficulty: string;
  textEn: string;
  textHi: string;
  options: number;
  correct: string;
  bad: boolean;
}

/** A file imported before: when, by whom, how many questions. */
export interface QuestionsAlreadyImported {
  id: string;
  on: string;
  by: string;
  questions: number;
}

/** What a file would do. */
export interface QuestionImportPlan {
  hash: string;
  problems: QuestionImportProblem[];
  rows: QuestionPreviewRow[];
  already: QuestionsAlreadyImported | null;
  questions: ImportedQuestion[];
}

const COLUMN_ORDER = QUESTION_COLUMNS.map((c) => c.key as string);

/** The file's identity: the SHA-256 of its rows as read. */
export const questionFileHash = (request: QuestionImportRequest) =>
  createHash('sha256')
    .update(JSON.stringify(request.rows.map((r) => [r.row, ...QUESTION_COLUMNS.map((c) => r[c.key])])))
    .digest('hex');

/** "“CCC”, “Tally Prime” and “RS-CIT”" (at most `max` names, then "and N more"). */
function nameList(names: string[], max = 12): string {
  const shown = names.slice(0, max).map((n) => `“${n}”`);
  if (names.length > max) return `${shown.join(', ')} and ${names.length - max} more`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The words a difficulty cell may hold (English or Hindi), and an empty cell: medium. */
const DIFFICULTY_WORDS: Record<string, Difficulty> = {
  '': 'medium',
  easy: 'easy',
  medium: 'medium',
  hard: 'hard',
  आसान: 'easy',
  सरल: 'easy',
  मध्यम: 'medium',
  कठिन: 'hard',
};
/** The words a keep-order cell may hold. */
const YES_NO: Record<string, boolean> = { '': false, no: false, n: false, false: false, नहीं: false, yes: true, y: true, true: true, हाँ: true, हां: true };

/** What importing `request` would do, read in `db`. */
export async function planQuestionImport(db: Queryable, request: QuestionImportRequest): Promise<QuestionImportPlan> {
  const hash = questionFileHash(request);
  const [already, courses, chapters] = await Promise.all([
    db.query<QuestionsAlreadyImported>(
      `select id::text, (created_at at time zone 'Asia/Kolkata')::date::text as "on", staff_name as by, questions from question_imports where file_hash = $1`,
      [hash],
    ),
    db.query<{ id: string; title: string }>(`select id::text, title from courses order by title, id limit 500`),
    db.query<{ id: string; courseId: string; titleEn: string; titleHi: string }>(
      `select id::text, course_id::text as "courseId", title_en as "titleEn", title_hi as "titleHi" from course_chapters order by position, id`,
    ),
  ]);
  const courseByName = new Map<string, { id: string; title: string }>();
  for (const c of courses.rows) if (!courseByName.has(c.title.toLowerCase())) courseByName.set(c.title.toLowerCase(), c);
  const chaptersOf = new Map<string, typeof chapters.rows>();
  for (const ch of chapters.rows) chaptersOf.set(ch.courseId, [...(chaptersOf.get(ch.courseId) ?? []), ch]);

  // The English texts of the questions already in the chapters the file names.
  const named = new Set<string>();
  for (const r of request.rows) {
    const course = courseByName.get(r.course.toLowerCase());
    const chapter =
      course && chaptersOf.get(course.id)?.find((ch) => sameText(ch.titleEn) === sameText(r.chapter) || sameText(ch.titleHi) === sameText(r.chapter));
    if (chapter) named.add(chapter.id);
  }
  const existing = named.size
    ? await db.query<{ id: string; chapterId: string; text: string }>(
        `select q.id::text, q.chapter_id::text as "chapterId", v.text_en as text
           from questions q join question_versions v on v.question_id = q.id and v.version = q.current_version
          where q.chapter_id = any($1::bigint[]) and q.archived_at is null`,
        [[...named]],
      )
    : { rows: [] };
  const inBank = new Map(existing.rows.map((q) => [`${q.chapterId} ${sameText(q.text)}`, q.id]));
  const inFile = new Map<string, number>();

  const problems: QuestionImportProblem[] = [];
  const questions: ImportedQuestion[] = [];
  const rows = request.rows.map((r): QuestionPreviewRow => {
    const before = problems.length;
    const problem = (column: QuestionColumn | null, message: string) => problems.push({ row: r.row, column, message });
    const needed = (column: QuestionColumn, what: string, max: number) => {
      if (!r[column]) problem(column, `${what} is missing.`);
      else if (r[column].length > max) problem(column, `${what} is longer than ${max.toLocaleString('en-IN')} characters.`);
    };

    // The course and the chapter.
    let course: { id: string; title: string } | undefined;
    let chapter: (typeof chapters.rows)[number] | undefined;
    if (!r.course) problem('course', 'The course is missing: name it as on the Courses screen.');
    else {
      course = courseByName.get(r.course.toLowerCase());
      if (!course)
        problem(
          'course',
          courses.rows.length
            ? `No course is called “${r.course}”. The courses are ${nameList(courses.rows.map((c) => c.title))}.`
            : `No course is called “${r.course}”.`,
        );
    }
    if (!r.chapter) problem('chapter', 'The chapter is missing: name it as on the Add a Course screen.');
    else if (course) {
      const list = chaptersOf.get(course.id) ?? [];
      chapter = list.find((ch) => sameText(ch.titleEn) === sameText(r.chapter) || sameText(ch.titleHi) === sameText(r.chapter));
      if (!chapter)
        problem(
          'chapter',
          list.length
            ? `${course.title} has no chapter called “${r.chapter}”. Its chapters are ${nameList(list.map((ch) => ch.titleEn))}; add a new one on the Add a Course screen first.`
            : `${course.title} has no chapters yet: add “${r.chapter}” on the Add a Course screen first.`,
        );
    }
    const difficulty = DIFFICULTY_WORDS[r.difficulty.toLowerCase()];
    if (!difficulty) problem('difficulty', `“${r.difficulty}” is not a difficulty: write Easy, Medium or Hard (empty is Medium).`);

    // The question in both languages.
    needed('textEn', 'The question in English', MAX_QUESTION);
    needed('textHi', 'The question in Hindi', MAX_QUESTION);

    // The options: in order, each in both languages.
    const options: QuestionOption[] = [];
    let gap = 0;
    for (let n = 1; n <= MAX_OPTIONS; n++) {
      const en = r[`option${n}En` as QuestionColumn];
      const hi = r[`option${n}Hi` as QuestionColumn];
      if (!en && !hi) {
        gap ||= n;
        continue;
      }
      if (gap) problem(`option${gap}En` as QuestionColumn, `Option ${gap} is empty but option ${n} is not: please write the options in order, from option 1.`);
      gap = 0;
      if (!en) problem(`option${n}En` as QuestionColumn, `Option ${n} has Hindi but no English.`);
      if (!hi) problem(`option${n}Hi` as QuestionColumn, `Option ${n} has English but no Hindi.`);
      for (const [text, column] of [
        [en, `option${n}En`],
        [hi, `option${n}Hi`],
      ] as const)
        if (text.length > MAX_OPTION) problem(column as QuestionColumn, `Option ${n} is longer than ${MAX_OPTION} characters.`);
      options.push({ en, hi });
    }
    if (options.length < MIN_OPTIONS)
      problem(
        options.length ? 'option2En' : 'option1En',
        `A question needs at least ${MIN_OPTIONS} options, each in English and Hindi; this row has ${options.length}.`,
      );
    for (const lang of ['en', 'hi'] as const) {
      const seen = new Map<string, number>();
      options.forEach((o, i) => {
        if (!o[lang]) return;
        const first = seen.get(sameText(o[lang]));
        if (first !== undefined)
          problem(
            `option${i + 1}${lang === 'en' ? 'En' : 'Hi'}` as QuestionColumn,
            `Option ${i + 1} is the same as option ${first + 1}: each option must differ.`,
          );
        else seen.set(sameText(o[lang]), i);
      });
    }

    // The right option(s): numbers among the options.
    const correct: number[] = [];
    if (!r.correct) problem('correct', 'The right option is missing: write its number, like 2, or 1,3 when more than one is right.');
    else {
      const parts = r.correct.split(/\s*(?:,|;|\/|\band\b|&|\s)\s*/).filter(Boolean);
      for (const part of parts) {
        const n = /^\d{1,2}$/.test(part) ? Number(part) : NaN;
        if (!Number.isInteger(n)) {
          problem('correct', `“${r.correct}” is not an option’s number: write it like 2, or 1,3 when more than one is right.`);
          correct.length = 0;
          break;
        }
        if (n < 1 || n > options.length) problem('correct', `Option ${n} is not one of this row’s ${options.length} options.`);
        else if (!correct.includes(n - 1)) correct.push(n - 1);
      }
      correct.sort((a, b) => a - b);
    }

    // The explanation: both languages or neither.
    if (r.explanationEn.length > MAX_EXPLANATION)
      problem('explanationEn', `The explanation is longer than ${MAX_EXPLANATION.toLocaleString('en-IN')} characters.`);
    if (r.explanationHi.length > MAX_EXPLANATION)
      problem('explanationHi', `The explanation is longer than ${MAX_EXPLANATION.toLocaleString('en-IN')} characters.`);
    if (r.explanationEn && !r.explanationHi) problem('explanationHi', 'The explanation has English but no Hindi: write both, or leave both empty.');
    if (r.explanationHi && !r.explanationEn) problem('explanationEn', 'The explanation has Hindi but no English: write both, or leave both empty.');

    const keepOrder = YES_NO[r.keepOrder.toLowerCase()];
    if (keepOrder === undefined) problem('keepOrder', `“${r.keepOrder}” is not Yes or No (empty is No).`);

    // The same question twice: in the bank's chapter, or in this file.
    if (chapter && r.textEn) {
      const key = `${chapter.id} ${sameText(r.textEn)}`;
      const there = inBank.get(key);
      const earlier = inFile.get(key);
      if (there) problem('textEn', `The same question is already in ${course!.title}, chapter “${chapter.titleEn}” (question #${there}).`);
      else if (earlier) problem('textEn', `The same question is also on row ${earlier} of this file, in the same chapter.`);
      else inFile.set(key, r.row);
    }

    const bad = problems.length > before;
    if (!bad)
      questions.push({
        row: r.row,
        courseId: course!.id,
        course: course!.title,
        chapterId: chapter!.id,
        chapter: chapter!.titleEn,
        difficulty: difficulty!,
        textEn: r.textEn,
        textHi: r.textHi,
        options,
        correct,
        explanationEn: r.explanationEn,
        explanationHi: r.explanationHi,
        keepOrder: keepOrder!,
      });
    return {
      row: r.row,
      course: course?.title ?? r.course,
      chapter: chapter?.titleEn ?? r.chapter,
      difficulty: difficulty ?? r.difficulty,
      textEn: r.textEn,
      textHi: r.textHi,
      options: options.length,
      correct: correct.map((c) => c + 1).join(', ') || r.correct,
      bad,
    };
  });
  problems.sort((a, b) => a.row - b.row || COLUMN_ORDER.indexOf(a.column ?? '') - COLUMN_ORDER.indexOf(b.column ?? ''));
  return { hash, problems, rows, already: already.rows[0] ?? null, questions };
}

/** "bank.xlsx was already imported on Monday, 30 November 2026 by Asha Verma (25 questions): importing it again would add nothing." */
export const questionsAlreadyWords = (fileName: string, already: QuestionsAlreadyImported) =>
  `${fileName} was already imported on ${dayInWords(already.on)} by ${already.by} (${already.questions} ${already.questions === 1 ? 'question' : 'questions'}): importing it again would add nothing.`;

/**
 * Writes `plan` (checked inside this transaction, without problems): the import's row first (a
 * second import of the file stops here), then every question and its first version, the ids
 * taken from the sequence first so that each version names its question whatever order the rows
 * are written in.
 */
export async function writeQuestionImport(
  client: PoolClient,
  plan: QuestionImportPlan,
  fileName: string,
  staff: { id: string; name: string },
): Promise<{ importId: string; ids: string[] }> {
  const made = await client.query<{ id: string }>(
    `insert into question_imports (file_name, file_hash, questions, staff_id, staff_name) values ($1, $2, $3, $4, $5)
     on conflict (file_hash) do nothing returning id::text`,
    [fileName, plan.hash, plan.questions.length, staff.id, staff.name],
  );
  if (!made.rows[0]) throw new HttpError(409, `${fileName} was already imported: importing it again would add nothing.`);
  const importId = made.rows[0].id;
  const { rows: idRows } = await client.query<{ id: string }>(`select nextval('questions_id_seq')::text as id from generate_series(1, $1)`, [
    plan.questions.length,
  ]);
  const ids = idRows.map((r) => r.id);
  const column = <T>(pick: (q: ImportedQuestion) => T) => plan.questions.map(pick);
  await client.query(
    `with q as (
       insert into questions (id, course_id, chapter_id, difficulty, import_id, created_by)
       select u.id, u.course_id, u.chapter_id, u.difficulty, $5, $6
         from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[]) as u(id, course_id, chapter_id, difficulty)
       returning id
     )
     insert into question_versions (question_id, version, text_en, text_hi, options, correct, explanation_en, explanation_hi, keep_order, created_by)
     select u.id, 1, u.text_en, u.text_hi, u.options::jsonb, array(select jsonb_array_elements_text(u.correct::jsonb)::smallint), u.explanation_en, u.explanation_hi, u.keep_order, $6
       from unnest($1::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[])
            as u(id, text_en, text_hi, options, correct, explanation_en, explanation_hi, keep_order)
       join q on q.id = u.id`,
    [
      ids,
      column((q) => q.courseId),
      column((q) => q.chapterId),
      column((q) => q.difficulty),
      importId,
      staff.id,
      column((q) => q.textEn),
      column((q) => q.textHi),
      column((q) => JSON.stringify(q.options)),
      column((q) => JSON.stringify(q.correct)),
      column((q) => q.explanationEn),
      column((q) => q.explanationHi),
      column((q) => q.keepOrder),
    ],
  );
  return { importId, ids };
}

/** Most bytes of a file's rows as JSON (1,000 rows of long Hindi cells fit; Netlify takes 6 MB). */
const MAX_BODY = 4 * 1024 * 1024;

/** The file's rows of `req`, checked by QuestionImportRequestSchema (400 naming every bad cell). */
export async function readQuestionImport(req: Request): Promise<QuestionImportRequest> {
  const result = QuestionImportRequestSchema.safeParse(await readJson(req, MAX_BODY));
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more: ${messages.slice(1, 4).join(' ')}${messages.length > 4 ? ' …' : ''})` : '';
  throw new HttpError(400, `${messages[0]}${more}`, { errors: fieldErrorsOf(result.error.issues) });
}
