/**
 * Practice tests as staff build them and open them to batches (decision 052): the Owner and a
 * Teacher may, an Accountant and a Counsellor may not; a test the bank cannot draw, or whose pass
 * mark is above its total, is refused in words and saves nothing; the ready-made patterns' figures;
 * an edit leaves the terms of attempts already made; a Teacher opens a test only to a batch they
 * teach, of the test's course and not completed, with a window whose end is to come; closing early
 * keeps an attempt in progress to its own deadline; an opening someone started cannot be deleted;
 * each change is an audit line in words; the educator area's overview per role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import {
  indiaMomentOf,
  PATTERNS,
  type EducatorOverview,
  type OpenableBatch,
  type OpeningRow,
  type PracticeTest,
  type PracticeTestFieldsInput,
} from '../../src/lib/schemas/practice-tests';
import { db, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
type Answer = { status: number; body: Record<string, unknown> & { message?: string; errors?: Record<string, string> } };

/** India's date and time `hours` from now, as staff type it. */
const inHours = (hours: number) => indiaMomentOf(new Date(Date.now() + hours * 3_600_000));

describe.each(targets)('practice tests as staff build and open them, on $name', (target) => {
  let owner: Staff;
  let teacher: Staff;
  let colleague: Staff;
  let accountant: Staff;
  let counsellor: Staff;

  beforeAll(async () => {
    [owner, teacher, colleague, accountant, counsellor] = await Promise.all([
      signedInAdmin(target, 'ptowner', 'owner'),
      signedInAdmin(target, 'ptteacher', 'teacher'),
      signedInAdmin(target, 'ptcolleague', 'teacher'),
      signedInAdmin(target, 'ptaccountant', 'accountant'),
      signedInAdmin(target, 'ptcounsellor', 'counsellor'),
    ]);
    await db(target, `update staff set name = 'Meena Joshi' where id = $1`, [teacher.staff.id]);
  });

  const one = async (text: string, params: unknown[]) => String((await db<{ id: string }>(target, text, params))[0]!.id);
  const call = async (who: Staff, route: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> => {
    const res = await staffFetch(target, route, who.cookie, init);
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };

  const course = (title = uniqueName('RS-CIT')) =>
    one(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 3000, '3 months', 'A course.', '/logo.svg') returning id`,
      [title],
    );
  const chapter = (courseId: string, title = uniqueName('MS Word')) =>
    one(`insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, 'एमएस वर्ड') returning id`, [courseId, title]);
  /** `n` current questions of `difficulty` in the chapter (ids). */
  async function questions(courseId: string, chapterId: string, difficulty: string, n: number): Promise<string[]> {
    const rows = await db<{ id: string }>(
      target,
      `insert into questions (course_id, chapter_id, difficulty) select $1, $2, $3 from generate_series(1, $4) returning id::text`,
      [courseId, chapterId, difficulty, n],
    );
    await db(
      target,
      `insert into question_versions (question_id, version, text_en, text_hi, options, correct)
       select id, 1, 'What does Ctrl+S do?', 'Ctrl+S क्या करता है?', '[{"en":"Save","hi":"सहेजें"},{"en":"Close","hi":"बंद करें"}]', '{0}'
         from unnest($1::bigint[]) id`,
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => r.id);
  }
  const batch = (courseId: string, teacherId: string | null, status = 'running') =>
    one(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, '2026-10-01', '2027-03-31', '{1,2,3,4,5,6,7}', '09:00', '10:00', 'Room 1', $3, 40, $4) returning id`,
      [courseId, uniqueName('PT Batch'), teacherId, status],
    );
  const student = async (batchId: string) => {
    const id = await one(`insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'RS-CIT') returning id`, [
      uniqueName('Pupil'),
      uniqueEmail('ptpupil'),
    ]);
    await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [batchId, id]);
    return id;
  };
  /** A course with a chapter of 30 easy and 20 medium questions. */
  async function bank() {
    const courseId = await course();
    const chapterTitle = uniqueName('MS Word');
    const chapterId = await chapter(courseId, chapterTitle);
    await questions(courseId, chapterId, 'easy', 30);
    await questions(courseId, chapterId, 'medium', 20);
    return { courseId, chapterId, chapterTitle };
  }
  const fields = (courseId: string, chapterId: string, over: Partial<PracticeTestFieldsInput> = {}): PracticeTestFieldsInput => ({
    courseId,
    title: { en: uniqueName('Mock'), hi: 'अभ्यास परीक्षा' },
    kind: 'drawn',
    draws: [{ chapterId, difficulty: null, count: 10 }],
    durationMinutes: 20,
    marksPerQuestion: 100,
    passMarks: 400,
    ...over,
  });
  const create = (who: Staff, body: unknown) => call(who, '/api/admin/practice/tests', { body });
  const testsTitled = (title: string) => db(target, `select id from practice_tests where title_en = $1`, [title]);
  const auditOf = async (entity: string, id: string) =>
    (
      await db<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown>; actor: string }>(
        target,
        `select a.action, a.entity, a.entity_id, a.detail, s.name as actor from audit_log a join staff s on s.id = a.staff_id where a.entity = $1 and a.entity_id = $2 order by a.id`,
        [entity, id],
      )
    ).map((l) => auditSentence({ actor: l.actor, action: l.action, entity: l.entity, entityId: l.entity_id, detail: l.detail }));

  it('the Owner and a Teacher make tests; an Accountant and a Counsellor are refused and save nothing', async () => {
    const { courseId, chapterId } = await bank();
    for (const who of [owner, teacher]) {
      const body = fields(courseId, chapterId);
      const made = await create(who, body);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const test = made.body['test'] as PracticeTest;
      expect(test).toMatchObject({ questions: 10, maxMarks: 1000, passMarks: 400, negativeMarks: 0, attemptsAllowed: 1, showAnswers: true, pattern: 'custom' });
      expect((await call(who, `/api/admin/practice/tests/${test.id}`)).body).toMatchObject({
        title: body.title,
        draws: [{ chapterId, difficulty: null, count: 10 }],
      });
    }
    for (const who of [accountant, counsellor]) {
      const body = fields(courseId, chapterId);
      const refused = await create(who, body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/does not allow this/);
      expect(await testsTitled(body.title.en)).toEqual([]);
      expect((await call(who, `/api/admin/practice/tests?course=${courseId}`)).status).toBe(403);
      expect((await call(who, '/api/admin/practice/overview')).status).toBe(403);
    }
    const listed = (await call(teacher, `/api/admin/practice/tests?course=${courseId}`)).body['tests'] as { questions: number }[];
    expect(listed.map((t) => t.questions)).toEqual([10, 10]);
  });

  it('a test the bank cannot draw is refused in words, counting only current questions, and saves nothing', async () => {
    const courseId = await course();
    const chapterId = await chapter(courseId, `MS Word ${uniqueName('')}`);
    const title = (await db<{ t: string }>(target, 'select title_en as t from course_chapters where id = $1', [chapterId]))[0]!.t;
    const easy = await questions(courseId, chapterId, 'easy', 14);
    // Two taken out of the bank: no new test draws them.
    await db(target, `update questions set archived_at = now() where id = any($1::bigint[])`, [easy.slice(0, 2)]);
    const body = fields(courseId, chapterId, { draws: [{ chapterId, difficulty: 'easy', count: 20 }], passMarks: 0 });
    const refused = await create(owner, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Chapter “${title}” has 12 easy questions; this test asks for 20.`);
    expect(refused.body.errors).toEqual({ 'draws.0.count': `Chapter “${title}” has 12 easy questions; this test asks for 20.` });
    expect(await testsTitled(body.title.en)).toEqual([]);

    // Rules of one chapter together: 10 easy and 5 of any difficulty from 12 questions.
    const together = await create(
      owner,
      fields(courseId, chapterId, {
        draws: [
          { chapterId, difficulty: 'easy', count: 10 },
          { chapterId, difficulty: null, count: 5 },
        ],
      }),
    );
    expect(together.status).toBe(400);
    expect(together.body.message).toBe(`Chapter “${title}” has 12 questions; this test’s rules ask for 15 of it in all.`);

    // A chapter of another course, and a fixed paper with an archived question.
    const other = await bank();
    const foreign = await create(owner, fields(courseId, other.chapterId));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.['draws.0.chapterId']).toBe('Please choose a chapter of this test’s course.');
    const paper = await create(owner, fields(courseId, chapterId, { kind: 'fixed', draws: [], questionIds: [easy[0]!, easy[5]!], passMarks: 100 }));
    expect(paper.status).toBe(400);
    expect(paper.body.message).toMatch(/^A question of the paper is not in this course’s bank/);
    const fixed = await create(owner, fields(courseId, chapterId, { kind: 'fixed', draws: [], questionIds: [easy[6]!, easy[5]!], passMarks: 100 }));
    expect(fixed.status).toBe(201);
    expect((fixed.body['test'] as PracticeTest).questionIds).toEqual([easy[6], easy[5]]);
  });

  it('the patterns’ figures, and a pass mark above the total is refused in words', () => {
    expect(PATTERNS['ccc-mock']).toMatchObject({ questions: 100, durationMinutes: 90, marksPerQuestion: 100, passMarks: 5000 });
    expect(PATTERNS['rscit-final']).toMatchObject({ questions: 35, durationMinutes: 60, marksPerQuestion: 200, passMarks: 2800 });
    expect(PATTERNS['rscit-final'].questions * PATTERNS['rscit-final'].marksPerQuestion).toBe(7000);
    expect(PATTERNS['chapter-test']).toMatchObject({ questions: 15, durationMinutes: 15, marksPerQuestion: 100, oneChapter: true });
    expect(PATTERNS['chapter-test'].passMarks).toBe(600);
  });

  it('a test made from a pattern keeps its key and figures; a pass mark above the total saves nothing', async () => {
    const { courseId, chapterId } = await bank();
    const rscit = PATTERNS['rscit-final'];
    const made = await create(
      teacher,
      fields(courseId, chapterId, {
        pattern: 'rscit-final',
        draws: [{ chapterId, difficulty: null, count: rscit.questions }],
        durationMinutes: rscit.durationMinutes,
        marksPerQuestion: rscit.marksPerQuestion,
        passMarks: rscit.passMarks,
      }),
    );
    expect(made.status).toBe(201);
    expect(made.body.message).toMatch(/35 questions × 2 marks, 60 minutes, pass 28\.$/);
    expect(made.body['test']).toMatchObject({ pattern: 'rscit-final', questions: 35, maxMarks: 7000, passMarks: 2800, durationMinutes: 60 });

    const body = fields(courseId, chapterId, { draws: [{ chapterId, difficulty: null, count: 35 }], marksPerQuestion: 200, passMarks: 7100 });
    const refused = await create(owner, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.['passMarks']).toBe('The pass marks (71) are more than the test’s total of 70 (35 × 2).');
    expect(await testsTitled(body.title.en)).toEqual([]);
  });

  it('an edit changes future attempts only; a stale version is refused; archiving waits for its openings', async () => {
    const { courseId, chapterId } = await bank();
    const test = (await create(owner, fields(courseId, chapterId))).body['test'] as PracticeTest;
    const batchId = await batch(courseId, teacher.staff.id);
    const pupil = await student(batchId);
    const opening = await call(teacher, '/api/admin/practice/openings', { body: { testId: test.id, batchId, opensAt: inHours(-1), closesAt: inHours(5) } });
    expect(opening.status, JSON.stringify(opening.body)).toBe(201);
    const openingId = (opening.body['opening'] as OpeningRow).id;
    const terms = { marks: 100, negative: 0, pass: 400, showAnswers: true };
    await db(
      target,
      `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, deadline_at) values ($1, $2, $3, 1, '[]', $4, now() + interval '20 minutes')`,
      [openingId, test.id, pupil, JSON.stringify(terms)],
    );

    const edited = await call(owner, `/api/admin/practice/tests/${test.id}`, {
      method: 'PATCH',
      body: { ...fields(courseId, chapterId, { title: test.title, marksPerQuestion: 200, negativeMarks: 50, passMarks: 1000 }), version: test.version },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toMatch(/Attempts already made keep the terms they started with\.$/);
    expect(edited.body['test']).toMatchObject({ marksPerQuestion: 200, negativeMarks: 50, maxMarks: 2000, version: test.version + 1 });
    expect((await db(target, 'select terms from practice_attempts where test_id = $1', [test.id]))[0]!['terms']).toEqual(terms);

    const stale = await call(owner, `/api/admin/practice/tests/${test.id}`, {
      method: 'PATCH',
      body: { ...fields(courseId, chapterId), version: test.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body['current']).toMatchObject({ marksPerQuestion: 200 });

    const early = await call(owner, `/api/admin/practice/tests/${test.id}?version=${test.version + 1}`, { method: 'DELETE' });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/is open to batch .* until .*: close or delete that opening first/);
    const closed = await call(owner, `/api/admin/practice/openings/${openingId}`, { method: 'PATCH', body: { close: true, version: 1 } });
    expect(closed.status).toBe(200);
    const archived = await call(owner, `/api/admin/practice/tests/${test.id}?version=${test.version + 1}`, { method: 'DELETE' });
    expect(archived.status).toBe(200);
    expect((await call(owner, `/api/admin/practice/tests?course=${courseId}`)).body['tests']).toEqual([]);
    expect(((await call(owner, `/api/admin/practice/tests?course=${courseId}&archived=1`)).body['tests'] as unknown[]).length).toBe(1);

    expect(await auditOf('practice-test', test.id)).toEqual([
      `Asha Verma made the practice test “${test.title.en}” (10 questions × 1 mark, 20 minutes, pass 4).`.replace('Asha Verma', owner.staff.name),
      `${owner.staff.name} changed the practice test “${test.title.en}” (marks per question, negative marks and pass marks): now 10 questions × 2 marks, 20 minutes, pass 10.`,
      `${owner.staff.name} archived the practice test “${test.title.en}”.`,
    ]);
  });

  it('a Teacher opens a test only to a batch they teach, of its course, not completed, with a window to come', async () => {
    const { courseId, chapterId } = await bank();
    const test = (await create(teacher, fields(courseId, chapterId))).body['test'] as PracticeTest;
    const mine = await batch(courseId, teacher.staff.id);
    const theirs = await batch(courseId, colleague.staff.id);
    const done = await batch(courseId, teacher.staff.id, 'completed');
    const elsewhere = await batch(await course(), teacher.staff.id);
    await student(mine);
    await student(mine);
    const open = (who: Staff, body: Record<string, unknown>) => call(who, '/api/admin/practice/openings', { body: { testId: test.id, ...body } });
    const count = async () =>
      Number((await db<{ n: number }>(target, 'select count(*)::int as n from practice_test_openings where test_id = $1', [test.id]))[0]!.n);

    const offered = (await call(teacher, `/api/admin/practice/openings?test=${test.id}`)).body['batches'] as OpenableBatch[];
    expect(offered.map((b) => b.id)).toEqual([mine]);
    expect(offered[0]!.students).toBe(2);
    const ownerOffered = (await call(owner, `/api/admin/practice/openings?test=${test.id}`)).body['batches'] as OpenableBatch[];
    expect(ownerOffered.map((b) => b.id).sort()).toEqual([mine, theirs].sort());

    const window = { opensAt: inHours(1), closesAt: inHours(26) };
    const refusals: [Staff, Record<string, unknown>, number, RegExp][] = [
      [teacher, { batchId: theirs, ...window }, 403, /is taught by a colleague/],
      [teacher, { batchId: done, ...window }, 400, /is completed/],
      [teacher, { batchId: elsewhere, ...window }, 400, /is not of this test’s course/],
      [teacher, { batchId: mine, opensAt: inHours(-5), closesAt: inHours(-1) }, 400, /has already passed/],
      [teacher, { batchId: mine, opensAt: inHours(5), closesAt: inHours(2) }, 400, /must close after it opens/],
      [accountant, { batchId: mine, ...window }, 403, /does not allow this/],
    ];
    for (const [who, body, status, message] of refusals) {
      const answer = await open(who, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(`${answer.body.message} ${JSON.stringify(answer.body.errors ?? {})}`).toMatch(message);
    }
    expect(await count()).toBe(0);

    const opened = await open(teacher, { batchId: mine, ...window });
    expect(opened.status).toBe(201);
    expect(opened.body['opening']).toMatchObject({ state: 'upcoming', students: 2, started: 0, openedBy: 'Meena Joshi', mine: true });
    // A double tap (or an overlapping window) opens it once; the Owner may open it to any batch.
    expect((await open(teacher, { batchId: mine, ...window })).body.message).toMatch(/already open to that batch/);
    expect((await open(owner, { batchId: theirs, ...window })).status).toBe(201);
    expect(await count()).toBe(2);
    const teacherSees = (await call(teacher, `/api/admin/practice/openings?test=${test.id}`)).body['openings'] as OpeningRow[];
    expect(teacherSees.map((o) => o.batchId)).toEqual([mine]);
    const theirOpening = ((await call(owner, `/api/admin/practice/openings?test=${test.id}`)).body['openings'] as OpeningRow[]).find(
      (o) => o.batchId === theirs,
    )!;
    expect((await call(teacher, `/api/admin/practice/openings/${theirOpening.id}?version=1`, { method: 'DELETE' })).status).toBe(403);

    const id = (opened.body['opening'] as OpeningRow).id;
    const sentences = await auditOf('test-opening', id);
    expect(sentences[0]).toMatch(new RegExp(`^Meena Joshi opened the practice test “${test.title.en}” to batch PT Batch.* from .* until .*\\.$`));
  });

  it('closing early keeps an attempt in progress; once started the start stays and the opening cannot be deleted', async () => {
    const { courseId, chapterId } = await bank();
    const test = (await create(owner, fields(courseId, chapterId))).body['test'] as PracticeTest;
    const batchId = await batch(courseId, teacher.staff.id);
    const pupil = await student(batchId);
    const opensAt = inHours(-2);
    const opened = await call(teacher, '/api/admin/practice/openings', { body: { testId: test.id, batchId, opensAt, closesAt: inHours(24) } });
    const opening = opened.body['opening'] as OpeningRow;
    expect(opening.state).toBe('open');

    // Nobody started: the window may move, and the opening may be deleted.
    const moved = await call(teacher, `/api/admin/practice/openings/${opening.id}`, {
      method: 'PATCH',
      body: { opensAt: inHours(-1), closesAt: inHours(48), version: 1 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [inserted] = await db<{ deadline: Date }>(
      target,
      `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, deadline_at)
       values ($1, $2, $3, 1, '[]', '{"marks":100,"negative":0,"pass":400,"showAnswers":true}', now() + interval '20 minutes') returning deadline_at as deadline`,
      [opening.id, test.id, pupil],
    );
    const deadline = inserted!.deadline;
    const row = moved.body['opening'] as OpeningRow;
    const fromNow = indiaMomentOf(row.opensAt);

    const deleting = await call(teacher, `/api/admin/practice/openings/${opening.id}?version=2`, { method: 'DELETE' });
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toMatch(/^1 student has started this test in batch .*: the opening stays as their record\. Close it instead\.$/);
    const startMoved = await call(teacher, `/api/admin/practice/openings/${opening.id}`, {
      method: 'PATCH',
      body: { opensAt: inHours(1), closesAt: inHours(50), version: 2 },
    });
    expect(startMoved.status).toBe(400);
    expect(startMoved.body.errors?.['opensAt']).toMatch(/^1 student has already started: the opening time stays/);
    const endMoved = await call(teacher, `/api/admin/practice/openings/${opening.id}`, {
      method: 'PATCH',
      body: { opensAt: fromNow, closesAt: inHours(50), version: 2 },
    });
    expect(endMoved.status, JSON.stringify(endMoved.body)).toBe(200);
    const past = await call(teacher, `/api/admin/practice/openings/${opening.id}`, {
      method: 'PATCH',
      body: { opensAt: fromNow, closesAt: inHours(-0.5), version: 3 },
    });
    expect(past.status).toBe(400);
    const backwards = await call(teacher, `/api/admin/practice/openings/${opening.id}`, {
      method: 'PATCH',
      body: { opensAt: fromNow, closesAt: fromNow, version: 3 },
    });
    expect(backwards.body.errors).toEqual({ closesAt: 'The test must close after it opens.' });

    const closed = await call(teacher, `/api/admin/practice/openings/${opening.id}`, { method: 'PATCH', body: { close: true, version: 3 } });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toMatch(/no one can start it now\. Anyone taking it now keeps their attempt to its own deadline\.$/);
    expect(closed.body['opening']).toMatchObject({ state: 'closed', started: 1, students: 1 });
    const after = await db<{ deadline: Date; submitted: Date | null }>(
      target,
      'select deadline_at as deadline, submitted_at as submitted from practice_attempts where opening_id = $1',
      [opening.id],
    );
    expect(after).toEqual([{ deadline, submitted: null }]);
    expect((await call(teacher, `/api/admin/practice/openings/${opening.id}`, { method: 'PATCH', body: { close: true, version: 4 } })).status).toBe(409);

    const sentences = await auditOf('test-opening', opening.id);
    expect(sentences).toHaveLength(4);
    expect(sentences[1]).toMatch(/^Meena Joshi changed the window of the practice test “.*” for batch .* to from .* until .* \(it was from .* until .*\)\.$/);
    expect(sentences[3]).toMatch(/^Meena Joshi closed the practice test “.*” to batch .* early, at .* \(1 student had started\)\.$/);
  });

  it('the educator area at a glance: a Teacher their batches’ courses, the Owner every course with a bank', async () => {
    const { courseId, chapterId, chapterTitle } = await bank();
    const emptyCourse = await course();
    await batch(emptyCourse, teacher.staff.id);
    const test = (await create(owner, fields(courseId, chapterId))).body['test'] as PracticeTest;
    const batchId = await batch(courseId, teacher.staff.id);
    await call(teacher, '/api/admin/practice/openings', { body: { testId: test.id, batchId, opensAt: inHours(-1), closesAt: inHours(10) } });

    const forTeacher = (await call(teacher, '/api/admin/practice/overview')).body as unknown as EducatorOverview;
    expect(forTeacher.scope).toBe('teacher');
    const theirs = forTeacher.courses.find((c) => c.id === courseId)!;
    expect(theirs).toMatchObject({ questions: 50, tests: 1, batches: 1, chapters: [{ id: chapterId, title: chapterTitle, questions: 50 }] });
    expect(theirs.openNow).toMatchObject([{ testId: test.id, closingSoon: true, started: 0 }]);
    expect(forTeacher.courses.find((c) => c.id === emptyCourse)).toMatchObject({ chapters: [], questions: 0, tests: 0 });
    expect((await call(colleague, '/api/admin/practice/overview')).body['courses']).not.toContainEqual(expect.objectContaining({ id: courseId }));

    const forOwner = (await call(owner, '/api/admin/practice/overview')).body as unknown as EducatorOverview;
    expect(forOwner.scope).toBe('all');
    expect(forOwner.courses.map((c) => c.id)).toContain(courseId);
    expect(forOwner.courses.map((c) => c.id)).not.toContain(emptyCourse);
  });
});
