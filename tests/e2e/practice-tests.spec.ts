/**
 * The student's practice test pages on a 360 px phone (decision 052). The journeys run against the
 * real functions and database: a 100-question test (a fixed paper, options in order, so question N's
 * right option is known) opened to a batch of one student, signed in with their website account.
 * Over 3G that drops: 40 answers online, 20 offline, the tab closed and opened again offline at the
 * same place, then online and submitted — the server marks all 60. The deadline passing while the
 * phone is offline: the server submits with the answers that reached it. The pages in both
 * languages (history, trend, review) use a fake of the API answered in the browser (FakeTests,
 * built to the contract of src/lib/schemas/practice-attempts.ts), for figures no journey makes.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import type { Answer, AttemptResult, Paper } from '../../src/lib/schemas/practice-attempts';
import type { TestsOverview } from '../../src/lib/practice/tests-overview';
import { quickPasswordHash } from '../support/quick-password';
import { expectNoViolations } from './axe';
import { withClient } from './database';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const ATTEMPT = 'attempt-7f3a';
const OPENING = 'opening-ccc-1';
const CHAPTERS = [
  { en: 'Computer basics', hi: 'कंप्यूटर की बुनियादी बातें' },
  { en: 'The internet', hi: 'इंटरनेट' },
];
/** The right option of a question in the fake: its position modulo 4. */
const rightOf = (position: number) => position % 4;

/** The practice-tests API as the contract describes it, in the browser. */
class FakeTests {
  online = true;
  /** The fake server's clock runs this far ahead of the machine's (a deadline passed). */
  skew = 0;
  answers = new Map<number, Answer>();
  submitted: { by: 'student' | 'deadline'; unsent: number | null } | null = null;
  startedAt = new Date();
  deadlineAt: Date;
  constructor(
    readonly questions: number,
    readonly minutes: number,
  ) {
    this.deadlineAt = new Date(this.startedAt.getTime() + minutes * 60_000);
  }
  now = () => new Date(Date.now() + this.skew);
  late = () => this.now() > this.deadlineAt;

  paper(): Paper {
    return {
      attemptId: ATTEMPT,
      number: 1,
      test: {
        id: 'test-ccc',
        title: { en: 'CCC mock', hi: 'CCC मॉक टेस्ट' },
        durationMinutes: this.minutes,
        marksPerQuestion: 100,
        negativeMarks: 0,
        passMarks: 5000,
        maxMarks: 10000,
      },
      startedAt: this.startedAt.toISOString(),
      deadlineAt: this.deadlineAt.toISOString(),
      serverNow: this.now().toISOString(),
      questions: Array.from({ length: this.questions }, (_, i) => ({
        position: i + 1,
        text: { en: `What does question ${i + 1} ask?`, hi: `प्रश्न ${i + 1} क्या पूछता है?` },
        options: [0, 1, 2, 3].map((id) => ({ id, en: `Choice ${'ABCD'[id]} of ${i + 1}`, hi: `विकल्प ${'कखगघ'[id]} (${i + 1})` })),
        multiple: false,
        picture: null,
        chapter: CHAPTERS[i % 2]!,
      })),
      answers: [...this.answers.values()],
      submittedAt: this.submitted ? this.deadlineAt.toISOString() : null,
    };
  }

  keep(answers: Answer[]) {
    for (const answer of answers) {
      const kept = this.answers.get(answer.position);
      if (!kept || Date.parse(answer.at) > Date.parse(kept.at)) this.answers.set(answer.position, answer);
    }
  }

  result(): AttemptResult {
    const answered = [...this.answers.values()].filter((a) => a.chosen.length);
    const correct = answered.filter((a) => a.chosen.length === 1 && a.chosen[0] === rightOf(a.position)).length;
    return {
      attemptId: ATTEMPT,
      number: 1,
      test: { id: 'test-ccc', title: { en: 'CCC mock', hi: 'CCC मॉक टेस्ट' } },
      score: correct * 100,
      maxScore: this.questions * 100,
      passMarks: this.questions * 50,
      passed: correct * 2 >= this.questions,
      correct,
      answered: answered.length,
      questions: this.questions,
      timeTakenSeconds: 754,
      submittedAt: this.now().toISOString(),
      submittedBy: this.submitted?.by ?? 'student',
      unsent: this.submitted?.unsent ?? null,
      chapters: CHAPTERS.map((title) => ({ title, score: 0, max: (this.questions / 2) * 100 })),
      review: [1, 2].map((position) => ({
        ...this.paper().questions[position - 1]!,
        chosen: this.answers.get(position)?.chosen ?? [],
        correct: [rightOf(position)],
        explanation: { en: `Because of rule ${position}.`, hi: `नियम ${position} के कारण।` },
        marks: this.answers.get(position)?.chosen[0] === rightOf(position) ? 100 : 0,
      })),
    };
  }

  overview(): TestsOverview {
    return {
      open: [
        {
          openingId: OPENING,
          testId: 'test-ccc',
          title: { en: 'CCC mock', hi: 'CCC मॉक टेस्ट' },
          questions: this.questions,
          durationMinutes: this.minutes,
          maxMarks: 10000,
          passMarks: 5000,
          closesAt: '2026-12-31T12:30:00.000Z',
          attemptsUsed: 0,
          attemptsAllowed: 3,
          inProgress: null,
        },
      ],
      history: [
        {
          attemptId: 'old-2',
          test: { id: 'test-rscit', title: { en: 'RS-CIT final mock', hi: 'RS-CIT फ़ाइनल मॉक' } },
          number: 2,
          score: 5200,
          maxScore: 7000,
          passed: true,
          submittedAt: '2026-11-20T06:00:00.000Z',
          day: '2026-11-20',
        },
        {
          attemptId: 'old-1',
          test: { id: 'test-rscit', title: { en: 'RS-CIT final mock', hi: 'RS-CIT फ़ाइनल मॉक' } },
          number: 1,
          score: 2400,
          maxScore: 7000,
          passed: false,
          submittedAt: '2026-11-12T06:00:00.000Z',
          day: '2026-11-12',
        },
      ],
      inProgress: null,
      hiddenHistory: 0,
      serverNow: this.now().toISOString(),
    };
  }

  private async answer(route: Route) {
    const request = route.request();
    if (!this.online) return route.abort('internetdisconnected');
    const { pathname } = new URL(request.url());
    const method = request.method();
    const body = () => request.postDataJSON() as { answers?: Answer[] };
    if (pathname === '/api/user/me') return route.fulfill({ json: { user: { _id: 'u1', name: 'Pooja Meena', email: 'pooja@example.in', role: 'user' } } });
    if (pathname === '/api/tests') return route.fulfill({ json: this.overview() });
    if (pathname === `/api/tests/${OPENING}/start` && method === 'POST') return route.fulfill({ json: this.paper() });
    if (pathname === `/api/tests/attempts/${ATTEMPT}` && method === 'GET') return route.fulfill({ json: this.paper() });
    if (pathname === `/api/tests/attempts/${ATTEMPT}/answers` && method === 'PUT') {
      if (this.late()) return route.fulfill({ status: 409, json: { message: 'The time for this test ended; answers sent after it are not counted.' } });
      this.keep(body().answers ?? []);
      return route.fulfill({ json: { saved: body().answers?.length ?? 0, deadlineAt: this.deadlineAt.toISOString(), serverNow: this.now().toISOString() } });
    }
    if (pathname === `/api/tests/attempts/${ATTEMPT}/submit` && method === 'POST') {
      if (this.late()) {
        this.submitted ??= { by: 'deadline', unsent: body().answers?.length ?? 0 };
        return route.fulfill({ status: 409, json: { message: 'The time for this test has ended.' } });
      }
      this.keep(body().answers ?? []);
      this.submitted = { by: 'student', unsent: null };
      return route.fulfill({ json: this.result() });
    }
    if (pathname.startsWith('/api/tests/attempts/') && pathname.endsWith('/result')) return route.fulfill({ json: this.result() });
    return route.fulfill({ status: 404, json: { message: 'Not found.' } });
  }

  async install(context: BrowserContext) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', 'student-session');
    });
    await context.route(/\/api\/(user\/me|tests)(\/|$)/, (route) => this.answer(route));
  }

  async setOnline(context: BrowserContext, online: boolean) {
    this.online = online;
    await context.setOffline(!online);
  }
}

/** A lab of one: a 100-question fixed paper opened now to a batch whose one student is signed in on `page`. */
async function practiceLab(page: Page, minutes: number) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `lab-${tag}@example.in`;
  const password = `lab passphrase ${tag}`;
  const ids = await withClient(async (client) => {
    const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Record<string, string>[];
    const [course] = await q(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Office', 3000, '3 months', 'A course.', '/images/course.webp') returning id::text`,
      [`CCC ${tag}`],
    );
    const [chapter] = await q(
      `insert into course_chapters (course_id, title_en, title_hi) values ($1, 'Computer basics', 'कंप्यूटर की बुनियादी बातें') returning id::text`,
      [course!.id],
    );
    const questions = await q(
      `insert into questions (course_id, chapter_id, difficulty) select $1, $2, 'easy' from generate_series(1, 100) returning id::text`,
      [course!.id, chapter!.id],
    );
    // Question n (in the order made) asks "What does question n ask?"; its right option is n mod 4, in the order written.
    await q(
      `insert into question_versions (question_id, version, text_en, text_hi, options, correct, keep_order, explanation_en, explanation_hi)
       select q.id, 1, 'What does question ' || q.n || ' ask?', 'प्रश्न ' || q.n || ' क्या पूछता है?',
              (select jsonb_agg(jsonb_build_object('en', 'Choice ' || substr('ABCD', k + 1, 1) || ' of ' || q.n, 'hi', 'विकल्प ' || k || ' (' || q.n || ')') order by k) from generate_series(0, 3) k),
              array[(q.n % 4)::smallint], true, 'Because.', 'क्योंकि।'
         from unnest($1::bigint[]) with ordinality as q(id, n)`,
      [questions.map((row) => row.id)],
    );
    const [test] = await q(
      `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks, attempts_allowed)
       values ($1, 'CCC mock', 'CCC मॉक टेस्ट', 'fixed', $2, 100, 5000, 3) returning id::text`,
      [course!.id, minutes],
    );
    await q(`insert into practice_test_questions (test_id, position, question_id) select $1, q.n, q.id from unnest($2::bigint[]) with ordinality as q(id, n)`, [
      test!.id,
      questions.map((row) => row.id),
    ]);
    const [batch] = await q(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, current_date - 10, current_date + 60, array[1,3,5]::smallint[], '07:00', '08:00', $3, 30, 'running') returning id::text`,
      [course!.id, `Lab ${tag}`, `Lab room ${tag}`],
    );
    const [user] = await q(`insert into users (name, email, password_hash) values ('Pooja Meena', $1, $2) returning id::text`, [
      email,
      await quickPasswordHash(password),
    ]);
    const [student] = await q(`insert into students (name, email, phone, course, user_id) values ('Pooja Meena', $1, $2, 'CCC', $3) returning id::text`, [
      email,
      `+9197${String(Date.now() % 1e8).padStart(8, '0')}`,
      user!.id,
    ]);
    await q(`insert into batch_students (batch_id, student_id, joined_on) values ($1, $2, current_date - 10)`, [batch!.id, student!.id]);
    await q(
      `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '1 day', 'Meena Joshi')`,
      [test!.id, batch!.id],
    );
    return { studentId: student!.id };
  });
  const login = await page.request.post('/api/user/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.context().addInitScript((t) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', t);
  }, token);
  /** The student's attempt as the server holds it: its answers and, once submitted, its marking. */
  const attempt = () =>
    withClient(async (client) => {
      const [row] = (
        await client.query(
          `select a.id::text, a.submitted_by, a.answered_count, a.correct_count, a.score, a.unsent_count,
                  (select count(*)::int from practice_answers x where x.attempt_id = a.id) as answers,
                  (select coalesce(array_agg(x.position order by x.position), '{}') from practice_answers x where x.attempt_id = a.id and x.chosen = array[(x.position % 4)::smallint]) as right_positions
             from practice_attempts a where a.student_id = $1 order by a.id desc limit 1`,
          [ids.studentId],
        )
      ).rows as {
        id: string;
        submitted_by: string | null;
        answered_count: number | null;
        correct_count: number | null;
        score: number | null;
        unsent_count: number | null;
        answers: number;
        right_positions: number[];
      }[];
      return row ?? null;
    });
  /** Moves the attempt 13 minutes into the past, as the server's clock would find it later: its deadline gone by a minute. */
  const passDeadline = () =>
    withClient((client) =>
      client.query(
        `update practice_attempts set started_at = started_at - interval '13 minutes', deadline_at = deadline_at - interval '13 minutes' where student_id = $1`,
        [ids.studentId],
      ),
    );
  return { attempt, passDeadline };
}

/** Chrome's "Fast 3G": 562 ms round trips, 1.6 Mbps down, 750 kbps up. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Picks the right option of the question on screen (the fake's and the lab's alike), then Next. */
async function answerAndNext(page: Page, position: number) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Question ${position} of 100` })).toBeVisible();
  await main.getByRole('radio', { name: new RegExp(`^Choice ${'ABCD'[rightOf(position)]} of ${position} `) }).check();
  await main.getByRole('button', { name: 'Next' }).click();
}

/** Waits until the service worker has kept the test page's shell (and with it the page's files). */
async function shellKept(page: Page, shell: string) {
  await expect
    .poll(() => page.evaluate(async (key) => Boolean(await (await caches.open('tests-attempt-v1')).match(key)), shell), { timeout: 60_000 })
    .toBe(true);
}

test('a 100-question test over 3G that drops: 40 answers online, 20 offline, the tab closed and reopened offline, then submitted and all 60 marked', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const lab = await practiceLab(page, 90);
  await throttle(page);

  await test.step('/tests: the open test; Start opens the paper', async () => {
    await page.goto('/tests');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'CCC mock' })).toBeVisible();
    await expect(main.getByText('100 questions · 90 minutes · 100 marks, pass at 50')).toBeVisible();
    await expect(main.getByText(/Attempts left: 3 of 3/)).toBeVisible();
    await main.getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/tests\/attempt\?id=\d+$/);
    await expect(main.getByRole('timer')).toHaveText(/^(90:00|89:[0-5]\d)$/);
  });

  await test.step('40 answers online reach the server', async () => {
    for (let position = 1; position <= 40; position += 1) await answerAndNext(page, position);
    await expect.poll(async () => (await lab.attempt())?.answers, { timeout: 60_000 }).toBe(40);
    await expect(page.getByText('All your answers have reached the server.')).toBeVisible();
    await shellKept(page, '/tests/attempt');
    await expectNoViolations(page, '/tests/attempt while taking a test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  await test.step('offline: 20 more answers are kept on the phone', async () => {
    await context.setOffline(true);
    await expect(page.getByText('You are offline. Carry on: your answers are kept on this phone.')).toBeVisible();
    for (let position = 41; position <= 60; position += 1) await answerAndNext(page, position);
    await expect(page.getByRole('heading', { name: 'Question 61 of 100' })).toBeVisible();
    expect((await lab.attempt())?.answers).toBe(40);
  });

  const again = await test.step('the tab closed, the same address opened again offline: where it was', async () => {
    const url = page.url();
    await page.close();
    const tab = await context.newPage();
    const response = await tab.goto(url);
    expect(response?.fromServiceWorker()).toBe(true);
    const main = tab.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Question 61 of 100' })).toBeVisible();
    await expect(main.getByText('Questions: 60 answered, 0 for review, 40 not answered')).toBeVisible();
    await main.getByText(/^Questions: /).click();
    await main.getByRole('button', { name: 'Question 60, answered' }).click();
    await expect(main.getByRole('radio', { name: /^Choice A of 60 / })).toBeChecked();
    await main.getByRole('button', { name: 'Question 61, not answered' }).click();
    await main.getByRole('button', { name: 'Submit test' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Submit your test?' });
    await expect(dialog.getByText('Answered: 60')).toBeVisible();
    await expect(dialog.getByText('Not answered: 40')).toBeVisible();
    await expect(dialog.getByText('Marked for review: 0')).toBeVisible();
    await expect(dialog.getByText('Not yet sent: 20')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to the test' }).click();
    return tab;
  });

  await test.step('online again: submitted, and the server marked all 60 answers', async () => {
    await context.setOffline(false);
    await throttle(again);
    await again.getByRole('main').getByRole('button', { name: 'Submit test' }).click();
    await again.getByRole('dialog', { name: 'Submit your test?' }).getByRole('button', { name: 'Submit now' }).click();
    await expect(again).toHaveURL(/\/tests\/result\?id=\d+$/);
    // The score, and the one chapter's line.
    await expect(again.getByRole('main').getByText('60 out of 100', { exact: true })).toHaveCount(2);
    const marked = (await lab.attempt())!;
    expect(marked).toMatchObject({ submitted_by: 'student', answers: 60, answered_count: 60, correct_count: 60, score: 6000 });
    expect(marked.right_positions).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // Submitted: the phone no longer keeps the attempt.
    expect(await again.evaluate((id) => localStorage.getItem(`practice-paper:${id}`), marked.id)).toBeNull();
  });
});

test('the deadline passes with the phone offline: the server submits with the answers that reached it, and the page says how many did not', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const lab = await practiceLab(page, 12);
  await page.clock.install();
  await page.goto('/tests');
  await page.getByRole('main').getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/tests\/attempt\?id=/);
  for (let position = 1; position <= 3; position += 1) await answerAndNext(page, position);
  await expect.poll(async () => (await lab.attempt())?.answers, { timeout: 30_000 }).toBe(3);

  await context.setOffline(true);
  await answerAndNext(page, 4);
  await answerAndNext(page, 5);
  const main = page.getByRole('main');
  // Ten minutes left is said once, politely.
  await page.clock.fastForward('02:05');
  await expect(main.locator('[aria-live="polite"]')).toHaveText('10 minutes left.');
  await lab.passDeadline();
  await page.clock.fastForward('10:00');
  await expect(main.getByRole('timer')).toHaveText('00:00');
  await expect(
    main.getByText('Time is up. The server submits your test at the deadline with the answers that reached it; 2 of your answers had not reached it.'),
  ).toBeVisible();
  await expect(main.getByRole('radio', { name: /^Choice A of 6 / })).toBeDisabled();

  // Online again, the page sends what it held with the submission: the server, past the deadline,
  // submits with what had reached it and counts the rest as not sent; the result says so.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/tests\/result\?id=\d+$/);
  await expect(main.getByText('Submitted by the server at the deadline. 2 answers were still on your phone at the deadline and did not count.')).toBeVisible();
  await expect(main.getByText('3 right of 3 answered (100 questions)')).toBeVisible();
  expect(await lab.attempt()).toMatchObject({ submitted_by: 'deadline', answers: 3, answered_count: 3, correct_count: 3, unsent_count: 2 });
});

test('/tests, /account and a result in English and Hindi: history with its trend, the review, and axe finds nothing', async ({ page, context }) => {
  test.setTimeout(180_000);
  const fake = new FakeTests(100, 90);
  fake.answers.set(1, { position: 1, chosen: [1], review: false, at: new Date().toISOString() });
  fake.answers.set(2, { position: 2, chosen: [0], review: false, at: new Date().toISOString() });
  await fake.install(context);
  const main = page.getByRole('main');

  await page.goto('/tests');
  const history = main.getByRole('region', { name: 'My test history' });
  await expect(history.getByText('Scores in order: 34%, 74% ↑up')).toBeVisible();
  await expect(history.getByText(/Attempt 2, 20 Nov 2026: 52 of 70 Passed/)).toBeVisible();
  await expect(history.getByText(/Attempt 1, 12 Nov 2026: 24 of 70 Not passed/)).toBeVisible();
  await expectNoViolations(page, '/tests');

  await page.goto('/hi/tests');
  await expect(main.getByRole('heading', { name: 'CCC मॉक टेस्ट' })).toBeVisible();
  await expect(main.getByText('बचे प्रयास: 3 में से 3', { exact: false })).toBeVisible();
  await expect(main.getByRole('region', { name: 'मेरे टेस्ट का इतिहास' }).getByText(/प्रयास 2, 20 नवंबर 2026: 70 में से 52 पास/)).toBeVisible();
  await expectNoViolations(page, '/hi/tests');

  await page.goto('/account');
  const tests = main.getByRole('region', { name: 'My tests' });
  await expect(tests.getByRole('heading', { name: 'CCC mock' })).toBeVisible();
  await expect(tests.getByRole('heading', { level: 4, name: 'RS-CIT final mock' })).toBeVisible();
  await expect(tests.getByText('Scores in order: 34%, 74% ↑up')).toBeVisible();
  await expect(tests.getByRole('link', { name: 'All your tests and history' })).toHaveAttribute('href', '/tests');
  await expectNoViolations(page, '/account with the practice tests');

  await page.goto(`/tests/result?id=${ATTEMPT}`);
  await expect(main.getByText('1 out of 100', { exact: true })).toBeVisible();
  await expect(main.getByText('You did not pass this time. Pass marks: 50')).toBeVisible();
  await expect(main.getByText('12 min 34 s')).toBeVisible();
  const review = main.getByRole('region', { name: 'Review' });
  await expect(review.getByText('नियम 1 के कारण।')).toBeVisible();
  await expect(review.getByText('✓ Right')).toBeVisible();
  await expect(review.getByText('✗ Wrong')).toBeVisible();
  await expectNoViolations(page, '/tests/result with the review');

  await page.goto(`/hi/tests/result?id=${ATTEMPT}`);
  await expect(main.getByText('100 में से 1', { exact: true })).toBeVisible();
  await expect(main.getByText('12 मिनट 34 सेकंड')).toBeVisible();
  await expectNoViolations(page, '/hi/tests/result');

  await page.goto(`/hi/tests/attempt?id=${ATTEMPT}`);
  await expect(main.getByRole('heading', { name: 'प्रश्न 1 (कुल 100)' })).toBeVisible();
  await main.getByRole('radio', { name: 'English' }).check();
  await expect(main.getByText('प्रश्न 1 क्या पूछता है?')).toHaveCount(0);
  await expect(main.getByText('What does question 1 ask?')).toBeVisible();
  await page.reload();
  await expect(main.getByRole('radio', { name: 'English' })).toBeChecked();
  await main.getByText(/^प्रश्न: /).click();
  await expectNoViolations(page, '/hi/tests/attempt with the palette open');
});
