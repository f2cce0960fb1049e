/**
 * What staff see of practice-test results: a batch's students by the tests opened to it (best and
 * last score, attempts, "Not attempted"), each question's statistics by version (how many got it
 * right, the wrong option chosen most, a bad question flagged), the batch's results as a workbook
 * whose figures are numbers, and the best scores the certificate form offers. A Teacher sees only
 * the batches they teach; an Accountant or a Counsellor none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import type { BestScoresAnswer, QuestionStatsAnswer, ResultsAnswer } from '../../src/lib/schemas/practice-results';
import { readFirstSheet } from '../support/xlsx';
import { insertAttempt, insertOpening, insertPracticeCourse, insertPracticeTest, insertQuestion, insertRosterStudent } from './practice-fixtures';
import { db, targets, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

describe.each(targets)('practice-test results for staff, on $name', (target) => {
  let owner: Staff;
  let teacher: Staff;
  let colleague: Staff;
  let accountant: Staff;
  let counsellor: Staff;
  /** Batch A (the teacher's) and batch B (the colleague's). */
  const batch = { a: '', b: '', aName: '', bName: '' };
  const test = { mock: '', chapter: '' };
  const q = { one: '', two: '', three: '' };
  const student: Record<string, string> = {};

  const one = async (text: string, params: unknown[]) => String((await db<{ id: string }>(target, text, params))[0]!.id);
  const newBatch = async (courseId: string, teacherId: string, name: string) =>
    one(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, '2026-01-05', '2026-12-31', '{1,2,3,4,5,6,7}', '09:00', '10:00', 'Room 1', $3, 40, 'running') returning id`,
      [courseId, name, teacherId],
    );

  beforeAll(async () => {
    [owner, teacher, colleague, accountant, counsellor] = await Promise.all([
      signedInAdmin(target, 'resultsowner', 'owner'),
      signedInAdmin(target, 'resultsteacher', 'teacher'),
      signedInAdmin(target, 'resultscolleague', 'teacher'),
      signedInAdmin(target, 'resultsaccountant', 'accountant'),
      signedInAdmin(target, 'resultscounsellor', 'counsellor'),
    ]);
    const course = await insertPracticeCourse(target);
    batch.aName = uniqueName('Results Morning');
    batch.bName = uniqueName('Results Evening');
    batch.a = await newBatch(course.courseId, teacher.staff.id, batch.aName);
    batch.b = await newBatch(course.courseId, colleague.staff.id, batch.bName);

    const options = ['Keyboard', 'Monitor', 'Printer', 'Speaker'];
    // Question one was edited: version 1 (the old words), version 2 current.
    q.one = await insertQuestion(target, course, [
      { text: 'Which is an input device (old words)?', options, correct: [0] },
      { text: 'Which of these is an input device?', options, correct: [0] },
    ]);
    q.two = await insertQuestion(target, course, [
      { text: 'What does RAM stand for?', options: ['Random Access Memory', 'Read Only Memory', 'Rapid Access Mode', 'Run All Memory'], correct: [0] },
    ]);
    q.three = await insertQuestion(target, course, [{ text: 'Which shows output?', options, correct: [1] }]);
    test.mock = await insertPracticeTest(target, course.courseId, {
      title: 'RS-CIT final mock',
      questionIds: [q.one, q.two, q.three],
      marks: 100,
      negative: 25,
      pass: 150,
    });
    test.chapter = await insertPracticeTest(target, course.courseId, { title: 'Chapter test: hardware', questionIds: [q.three], marks: 100, pass: 50 });
    const mockA = await insertOpening(target, test.mock, batch.a, 72);
    const chapterA = await insertOpening(target, test.chapter, batch.a, 24);
    const mockB = await insertOpening(target, test.mock, batch.b, 72);

    for (const name of ['Asha Meena', 'Bhanu Pratap', 'Chetan Kumar', 'Esha Joshi', 'Farid Khan'])
      student[name] = await insertRosterStudent(target, batch.a, name);
    student['Devi Lal'] = await insertRosterStudent(target, batch.a, 'Devi Lal', 'left');
    student['Hari Singh'] = await insertRosterStudent(target, batch.b, 'Hari Singh');

    const at = (name: string, number: number, asked: [string, number, number[] | null][], score: number, minutesAgo: number, openingId = mockA) =>
      insertAttempt(target, {
        openingId,
        testId: test.mock,
        studentId: student[name]!,
        number,
        asked: asked.map(([question, version, chosen]) => ({ question, version, chosen })),
        score,
        maxScore: 300,
        pass: 150,
        minutesAgo,
      });
    // Marks: 1 a question, a quarter off a wrong answer (hundredths).
    await at(
      'Asha Meena',
      1,
      [
        [q.one, 1, [0]],
        [q.two, 1, [2]],
        [q.three, 1, [1]],
      ],
      175,
      300,
    );
    await at(
      'Asha Meena',
      2,
      [
        [q.one, 2, [0]],
        [q.two, 1, [0]],
        [q.three, 1, [1]],
      ],
      300,
      200,
    );
    await at(
      'Asha Meena',
      3,
      [
        [q.one, 2, [3]],
        [q.two, 1, [2]],
        [q.three, 1, [1]],
      ],
      50,
      100,
    );
    await at(
      'Bhanu Pratap',
      1,
      [
        [q.one, 2, null],
        [q.two, 1, [2]],
        [q.three, 1, [1]],
      ],
      75,
      90,
    );
    // Esha's paper in another order: her answers name positions in it.
    await at(
      'Esha Joshi',
      1,
      [
        [q.three, 1, [1]],
        [q.two, 1, [2]],
        [q.one, 2, [0]],
      ],
      175,
      80,
    );
    await at(
      'Farid Khan',
      1,
      [
        [q.one, 2, [0]],
        [q.two, 1, [3]],
        [q.three, 1, [0]],
      ],
      50,
      70,
    );
    await at(
      'Hari Singh',
      1,
      [
        [q.one, 2, [0]],
        [q.two, 1, [0]],
        [q.three, 1, [1]],
      ],
      300,
      60,
      mockB,
    );
    // Bhanu is taking the chapter test now.
    await insertAttempt(target, {
      openingId: chapterA,
      testId: test.chapter,
      studentId: student['Bhanu Pratap']!,
      number: 1,
      asked: [{ question: q.three, version: 1, chosen: [1] }],
      open: true,
    });
  });

  const get = async <T>(who: Staff, route: string) => {
    const res = await staffFetch(target, route, who.cookie);
    return { status: res.status, body: (await res.json()) as T & { message?: string } };
  };

  it('shows a Teacher their batches only, each student’s best and last score, attempts, and who has not attempted', async () => {
    const list = await get<ResultsAnswer>(teacher, '/api/admin/practice/results');
    expect(list.status).toBe(200);
    expect(list.body.batches.map((b) => b.name)).toEqual([batch.aName]);
    expect(list.body.students).toBeUndefined();

    const { status, body } = await get<ResultsAnswer>(teacher, `/api/admin/practice/results?batch=${batch.a}`);
    expect(status).toBe(200);
    expect(body.tests!.map((t) => [t.title, t.maxScore, t.passMarks])).toEqual([
      ['RS-CIT final mock', 300, 150],
      ['Chapter test: hardware', 100, 50],
    ]);
    // Devi left without an attempt: not listed. Hari is the colleague's.
    expect(body.students!.map((s) => s.name)).toEqual(['Asha Meena', 'Bhanu Pratap', 'Chetan Kumar', 'Esha Joshi', 'Farid Khan']);
    const cell = (name: string, i: number) => body.students!.find((s) => s.name === name)!.cells[i]!;
    const asha = cell('Asha Meena', 0);
    expect(asha.attempts).toBe(3);
    expect(asha.best).toMatchObject({ score: 300, maxScore: 300, passed: true });
    expect(asha.last).toMatchObject({ score: 50, maxScore: 300, passed: false });
    expect(cell('Bhanu Pratap', 0)).toMatchObject({ attempts: 1, best: { score: 75, passed: false }, last: { score: 75 } });
    expect(cell('Chetan Kumar', 0)).toEqual({ testId: test.mock, attempts: 0, best: null, last: null, inProgress: false });
    // The chapter test: nobody has submitted it; Bhanu is taking it now.
    expect(cell('Bhanu Pratap', 1)).toEqual({ testId: test.chapter, attempts: 0, best: null, last: null, inProgress: true });
    expect(body.students!.every((s) => s.cells[1]!.best === null)).toBe(true);

    const [line] = await db<{ action: string; entity_id: string; detail: Record<string, unknown> }>(
      target,
      `select action, entity_id, detail from audit_log where staff_id = $1 and entity = 'practice-results' order by id desc limit 1`,
      [teacher.staff.id],
    );
    expect(line).toMatchObject({ action: 'view', entity_id: batch.a, detail: { count: 5, tests: 2 } });
  });

  it('refuses a Teacher another teacher’s batch in words, and an Accountant or a Counsellor every call', async () => {
    const other = await get<ResultsAnswer>(teacher, `/api/admin/practice/results?batch=${batch.b}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toContain('only its teacher or the Owner');
    for (const route of [
      `/api/admin/practice/results/export?batch=${batch.b}`,
      `/api/admin/practice/best-scores?batch=${batch.b}`,
      `/api/admin/practice/tests/${test.mock}/question-stats?batch=${batch.b}`,
    ]) {
      expect((await staffFetch(target, route, teacher.cookie)).status, route).toBe(403);
    }
    for (const who of [accountant, counsellor]) {
      for (const route of [
        '/api/admin/practice/results',
        `/api/admin/practice/results?batch=${batch.a}`,
        `/api/admin/practice/results/export?batch=${batch.a}`,
        `/api/admin/practice/best-scores?batch=${batch.a}`,
        `/api/admin/practice/tests/${test.mock}/question-stats`,
      ]) {
        const res = await staffFetch(target, route, who.cookie);
        expect(res.status, route).toBe(403);
        expect((await res.json()).message).toMatch(/does not allow this/);
      }
    }
    // The Owner sees every batch; no such batch is 404, a batch that is not an id a 400 in words.
    const all = await get<ResultsAnswer>(owner, '/api/admin/practice/results');
    expect(all.body.batches.map((b) => b.name)).toEqual(expect.arrayContaining([batch.aName, batch.bName]));
    expect((await get<ResultsAnswer>(owner, `/api/admin/practice/results?batch=${batch.b}`)).body.students!.map((s) => s.name)).toEqual(['Hari Singh']);
    expect((await get(owner, '/api/admin/practice/results?batch=999999999')).status).toBe(404);
    const bad = await get<{ errors: Record<string, string> }>(owner, '/api/admin/practice/results?batch=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ batch: 'Please choose a batch from the list.' });
  });

  it('gives each question’s statistics by version: right answers, the wrong option chosen most, a bad question flagged', async () => {
    const { status, body } = await get<QuestionStatsAnswer>(teacher, `/api/admin/practice/tests/${test.mock}/question-stats`);
    expect(status).toBe(200);
    // The teacher's batch only: Hari's attempt (the colleague's batch) is not counted.
    expect(body.attempts).toBe(6);
    const shown = body.questions.map((s) => [s.questionId, s.version, s.asked, s.answered, s.right, s.rightPercent]);
    // Worst first: the flagged question, then by the share who got it right.
    expect(shown).toEqual([
      [q.two, 1, 6, 6, 1, 17],
      [q.one, 2, 5, 4, 3, 60],
      [q.three, 1, 6, 6, 5, 83],
      [q.one, 1, 1, 1, 1, 100],
    ]);
    const ram = body.questions[0]!;
    expect(ram.topWrong).toMatchObject({ id: 2, en: 'Rapid Access Mode', correct: false, chosen: 4 });
    expect(ram.options.map((o) => o.chosen)).toEqual([1, 0, 4, 1]);
    expect(ram.flags).toEqual([
      'Few got it right: 17% of 6 (under 30%).',
      'A wrong option drew more than the right answer: “Rapid Access Mode” was chosen 4 times, the right answer given once.',
    ]);
    // The edited question: each version apart, the old one's words as they were.
    const [older, current] = [
      body.questions.find((s) => s.questionId === q.one && s.version === 1)!,
      body.questions.find((s) => s.questionId === q.one && s.version === 2)!,
    ];
    expect([older.current, older.versions, older.text.en]).toEqual([false, 2, 'Which is an input device (old words)?']);
    expect([current.current, current.text.en, current.topWrong?.en, current.flags]).toEqual([true, 'Which of these is an input device?', 'Speaker', []]);
    // Too few asked to say anything about the old version.
    expect(older.flags).toEqual([]);

    // The Owner counts every batch; limited to the colleague's batch, only Hari's attempt.
    const every = await get<QuestionStatsAnswer>(owner, `/api/admin/practice/tests/${test.mock}/question-stats`);
    expect(every.body.attempts).toBe(7);
    expect(every.body.questions.find((s) => s.questionId === q.two)).toMatchObject({ asked: 7, right: 2, rightPercent: 29 });
    const onlyB = await get<QuestionStatsAnswer>(owner, `/api/admin/practice/tests/${test.mock}/question-stats?batch=${batch.b}`);
    expect([onlyB.body.attempts, onlyB.body.batch?.name]).toEqual([1, batch.bName]);
    expect(onlyB.body.questions.every((s) => s.right === 1 && s.flags.length === 0)).toBe(true);
    expect((await get(owner, '/api/admin/practice/tests/999999999/question-stats')).status).toBe(404);
  });

  it('exports the batch’s results as a workbook whose marks, counts and times are numbers, with an audit line in words', async () => {
    const res = await staffFetch(target, `/api/admin/practice/results/export?batch=${batch.a}`, teacher.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Practice results Results Morning');
    const sheet = readFirstSheet(Buffer.from(await res.arrayBuffer()));
    const headings = sheet.rows[0]!;
    expect(headings).toEqual([
      'Student',
      'On the roster',
      'Test',
      'Attempts',
      'Best marks',
      'Out of',
      'Best %',
      'Best result',
      'Best submitted',
      'Last marks',
      'Last result',
      'Last submitted',
    ]);
    const col = (heading: string) => headings.indexOf(heading);
    // Five students by two tests.
    expect(sheet.rows.length).toBe(1 + 10);
    const asha = sheet.cells[1]!;
    expect(sheet.rows[1]!.slice(0, 3)).toEqual(['Asha Meena', 'Active', 'RS-CIT final mock']);
    expect(asha[col('Attempts')]).toMatchObject({ kind: 'number', text: '3' });
    expect(asha[col('Best marks')]).toMatchObject({ kind: 'number', text: '3' });
    expect(asha[col('Out of')]).toMatchObject({ kind: 'number', text: '3' });
    expect(asha[col('Best %')]).toMatchObject({ kind: 'number', text: '1', format: '0%' });
    expect(asha[col('Best result')]).toMatchObject({ kind: 'text', text: 'Pass' });
    expect(asha[col('Best submitted')]).toMatchObject({ kind: 'number', format: 'dd/mm/yyyy hh:mm' });
    expect(asha[col('Last marks')]).toMatchObject({ kind: 'number', text: '0.5' });
    expect(asha[col('Last result')]).toMatchObject({ kind: 'text', text: 'Fail' });
    // Bhanu's 0.75 of 3 stays 0.75; Chetan has not attempted.
    const bhanu = sheet.cells[3]!;
    expect(bhanu[col('Best marks')]).toMatchObject({ kind: 'number', text: '0.75' });
    expect(sheet.rows[4]!.slice(0, 4)).toEqual(['Bhanu Pratap', 'Active', 'Chapter test: hardware', '0']);
    expect(sheet.rows[4]![col('Best result')]).toBe('Not attempted (one in progress)');
    const chetan = sheet.rows[5]!;
    expect([chetan[0], chetan[col('Attempts')], chetan[col('Best marks')], chetan[col('Best result')]]).toEqual(['Chetan Kumar', '0', '', 'Not attempted']);
    expect(sheet.formulas).toBe(0);

    const [line] = await db<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      target,
      `select action, entity, entity_id, detail from audit_log where staff_id = $1 and action = 'export' order by id desc limit 1`,
      [teacher.staff.id],
    );
    expect(line).toMatchObject({ entity: 'practice-results', entity_id: batch.a, detail: { count: 5, tests: 2, file: 'xlsx', subject: batch.aName } });
    expect(auditSentence({ actor: 'Meena', action: 'export', entity: line!.entity, entityId: line!.entity_id, detail: line!.detail })).toBe(
      `Meena exported the practice test results of batch “${batch.aName}” (5 students) to a spreadsheet.`,
    );
  });

  it('offers each student’s best score of the batch’s tests as certificate marks', async () => {
    const { status, body } = await get<BestScoresAnswer>(teacher, `/api/admin/practice/best-scores?batch=${batch.a}`);
    expect(status).toBe(200);
    expect(body.students.map((s) => [s.name, s.best.map((b) => `${b.marks} (${b.title})`)])).toEqual([
      ['Asha Meena', ['3 / 3 (RS-CIT final mock)']],
      ['Bhanu Pratap', ['0.75 / 3 (RS-CIT final mock)']],
      ['Esha Joshi', ['1.75 / 3 (RS-CIT final mock)']],
      ['Farid Khan', ['0.5 / 3 (RS-CIT final mock)']],
    ]);
    expect(body.students[0]!.best[0]).toMatchObject({ testId: test.mock, score: 300, maxScore: 300, passed: true });
    const bad = await get<{ errors: Record<string, string> }>(teacher, '/api/admin/practice/best-scores');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ batch: 'Please choose a batch from the list.' });
  });

  it('prints the best score the staff chose as the marks when a batch’s certificates are issued at once, and only then', async () => {
    // A batch of its own, completed, with no class recorded (every student needs a tick and a reason).
    const course = await insertPracticeCourse(target);
    const batchId = await newBatch(course.courseId, teacher.staff.id, uniqueName('Results Done'));
    await db(target, `update batches set status = 'completed' where id = $1`, [batchId]);
    const [gita, kamal] = [await insertRosterStudent(target, batchId, 'Gita Rani'), await insertRosterStudent(target, batchId, 'Kamal Nath')];
    const issue = (body: unknown) => staffFetch(target, `/api/admin/batches/${batchId}/certificates`, teacher.cookie, { body });
    const anyway = [gita, kamal].map((studentId) => ({ studentId, reason: 'Attendance kept on paper.' }));
    const marksOnFile = () =>
      db<{ student_id: string; marks: string | null }>(target, 'select student_id::text, marks from certificates where batch_id = $1 order by student_name', [
        batchId,
      ]);

    // Marks for a student not on this batch: refused, nothing issued.
    const stranger = await issue({ anyway, marks: [{ studentId: student['Asha Meena'], marks: '3 / 3' }] });
    expect(stranger.status).toBe(409);
    expect(await marksOnFile()).toEqual([]);
    const bad = await issue({ anyway, marks: [{ studentId: gita, marks: 'x'.repeat(21) }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ 'marks.0.marks': 'Please keep the marks to 20 characters.' });

    const done = await issue({ anyway, marks: [{ studentId: gita, marks: '62 / 100' }] });
    expect(done.status).toBe(201);
    expect(await marksOnFile()).toEqual([
      { student_id: gita, marks: '62 / 100' },
      { student_id: kamal, marks: null },
    ]);
  });
});
