/**
 * The student's practice test pages on a 360 px phone (decision 052), against a fake of the
 * practice-tests API answered in the browser (FakeTests below, built to the contract of
 * src/lib/schemas/practice-attempts.ts): it keeps the answers it is sent, the later `at` winning,
 * refuses them after its deadline, and marks a submission. The pages themselves, the service
 * worker and the build are real. A 100-question test over 3G that drops: 40 answers online, 20
 * offline, the tab closed and opened again offline at the same place, then online and submitted —
 * the fake has all 60. The deadline passing offline. /tests, /account, the result in both languages.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import type { Answer, AttemptResult, Paper } from '../../src/lib/schemas/practice-attempts';
import type { TestsOverview } from '../../src/lib/practice/tests-overview';
import { expectNoViolations } from './axe';
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
          test: {
            id: 'test-ccc',
            title: { en: 'CCC mock', hi: 'CCC मॉक टेस्ट' },
            questions: this.questions,
            durationMinutes: this.minutes,
            maxMarks: 10000,
            passMarks: 5000,
          },
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
        },
        {
          attemptId: 'old-1',
          test: { id: 'test-rscit', title: { en: 'RS-CIT final mock', hi: 'RS-CIT फ़ाइनल मॉक' } },
          number: 1,
          score: 2400,
          maxScore: 7000,
          passed: false,
          submittedAt: '2026-11-12T06:00:00.000Z',
        },
      ],
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

/** Picks the fake's right option of the question on screen, then Next. */
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

test('a 100-question test over 3G that drops: 40 answers online, 20 offline, the tab closed and reopened offline, then submitted with all 60', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const fake = new FakeTests(100, 90);
  await fake.install(context);
  await throttle(page);

  await test.step('/tests: the open test; Start opens the paper', async () => {
    await page.goto('/tests');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'CCC mock' })).toBeVisible();
    await expect(main.getByText('100 questions · 90 minutes · 100 marks, pass at 50')).toBeVisible();
    await expect(main.getByText(/Open until 31 Dec 2026, 6:00.pm · Attempts left: 3 of 3/i)).toBeVisible();
    await main.getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(new RegExp(`/tests/attempt\\?id=${ATTEMPT}$`));
    await expect(main.getByRole('timer')).toHaveText(/^(90:00|89:5\d)$/);
  });

  await test.step('40 answers online reach the server', async () => {
    for (let position = 1; position <= 40; position += 1) await answerAndNext(page, position);
    await expect.poll(() => fake.answers.size, { timeout: 60_000 }).toBe(40);
    await expect(page.getByText('All your answers have reached the server.')).toBeVisible();
    await shellKept(page, '/tests/attempt');
    await expectNoViolations(page, '/tests/attempt while taking a test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  await test.step('offline: 20 more answers are kept on the phone', async () => {
    await fake.setOnline(context, false);
    await expect(page.getByText('You are offline. Carry on: your answers are kept on this phone.')).toBeVisible();
    for (let position = 41; position <= 60; position += 1) await answerAndNext(page, position);
    await expect(page.getByRole('heading', { name: 'Question 61 of 100' })).toBeVisible();
    expect(fake.answers.size).toBe(40);
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

  await test.step('online again: submitted, and the server has all 60 answers', async () => {
    await fake.setOnline(context, true);
    await throttle(again);
    await again.getByRole('main').getByRole('button', { name: 'Submit test' }).click();
    await again.getByRole('dialog', { name: 'Submit your test?' }).getByRole('button', { name: 'Submit now' }).click();
    await expect(again).toHaveURL(new RegExp(`/tests/result\\?id=${ATTEMPT}$`));
    await expect(again.getByText('60 out of 100', { exact: true })).toBeVisible();
    expect(fake.answers.size).toBe(60);
    for (let position = 1; position <= 60; position += 1) expect(fake.answers.get(position)?.chosen, `question ${position}`).toEqual([rightOf(position)]);
    expect(fake.submitted?.by).toBe('student');
    // Submitted: the phone no longer keeps the attempt.
    expect(await again.evaluate((id) => localStorage.getItem(`practice-paper:${id}`), ATTEMPT)).toBeNull();
  });
});

test('the deadline passes with the phone offline: the page says the server submits with what reached it, and how many did not', async ({ page, context }) => {
  test.setTimeout(180_000);
  const fake = new FakeTests(100, 12);
  await fake.install(context);
  await page.clock.install();
  await page.goto('/tests');
  await page.getByRole('main').getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/tests\/attempt\?id=/);
  for (let position = 1; position <= 3; position += 1) await answerAndNext(page, position);
  await expect.poll(() => fake.answers.size, { timeout: 30_000 }).toBe(3);

  await fake.setOnline(context, false);
  await answerAndNext(page, 4);
  await answerAndNext(page, 5);
  const main = page.getByRole('main');
  // Ten minutes left is said once, politely.
  await page.clock.fastForward('02:05');
  await expect(main.locator('[aria-live="polite"]')).toHaveText('10 minutes left.');
  await page.clock.fastForward('10:00');
  fake.skew = 13 * 60_000;
  await expect(main.getByRole('timer')).toHaveText('00:00');
  await expect(
    main.getByText('Time is up. The server submits your test at the deadline with the answers that reached it; 2 of your answers had not reached it.'),
  ).toBeVisible();
  await expect(main.getByRole('radio', { name: /^Choice A of 6 / })).toBeDisabled();
  expect(fake.answers.size).toBe(3);

  await fake.setOnline(context, true);
  await expect(main.getByText('The time for this test had ended: it was submitted at the deadline with the answers that reached in time.')).toBeVisible();
  expect(fake.submitted).toEqual({ by: 'deadline', unsent: 2 });
  await main.getByRole('link', { name: 'See your result' }).click();
  await expect(page.getByText('Submitted by the server at the deadline. 2 answers were still on your phone at the deadline and did not count.')).toBeVisible();
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
  await expect(tests.getByRole('link', { name: 'All your tests and history' })).toHaveAttribute('href', '/tests');

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
