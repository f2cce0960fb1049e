// Benchmark of practice tests: a computer lab of 300 students taking the same 100-question test in
// the same minute. Seeded with the sample question bank (100 questions in English and Hindi, three
// chapters, its CCC mock: 100 questions drawn, 90 minutes, 1 mark each) and, with set-based SQL, a
// batch of 300 students with website accounts, the test opened to it. Each student signs in (POST /api/user/login, untimed)
// and starts an attempt (POST /api/tests/{opening}/start: the paper; timed, reported apart, with
// `--parallel` starts in flight, default 16). Then the minute: every phone saves its 100 answers
// in 10 sends of 10 spread over the first 48 s (PUT /api/tests/attempts/{id}/answers) and submits
// in the last 12 s (POST /api/tests/attempts/{id}/submit), one call at a time per phone, all 300
// phones at once — about 55 calls a second arriving as they come, not a fixed number in flight.
// Each call's server time is measured; the table gives p50, p95 and max per kind of call, and the
// paper's size as sent and compressed. The functions run in this process (their esbuild bundles
// called with a Request, as a warm instance runs them), on the embedded PGlite database and on a
// real PostgreSQL server.
// Usage: npm run bench:tests [-- --students 300 --parallel 16 --minute 60 --only pglite|postgresql]
// Uses throwaway databases; prints figures, and exits with 1 when a p95 of saving or submitting is
// over 300 ms (budgets.json, api.practiceTestP95Ms), or the paper over api.practicePaperKb.
import { randomBytes, scrypt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { countRoundTrips, onEachDatabase, openDatabase, percentiles, formatTimes } from './bench-harness.mjs';
import { startFunctionHost } from './function-host.mjs';
import { insertSampleBank } from './sample-bank.mjs';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '300' },
    parallel: { type: 'string', default: '16' },
    minute: { type: 'string', default: '60' },
    only: { type: 'string' },
  },
});
const STUDENTS = Number(values.students);
const PARALLEL = Number(values.parallel);
/** The lab's minute, in ms. */
const MINUTE_MS = Number(values.minute) * 1000;
const SENDS = 10;
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-tests-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
const { practiceTestP95Ms: goal, practicePaperKb: paperBudget } = JSON.parse(readFileSync(path.join(projectRoot, 'budgets.json'), 'utf8')).api;
const PASSWORD = 'a long bench passphrase';

/** The functions that may answer the measured routes: those whose source names one. */
function candidateFunctions() {
  const dir = path.join(projectRoot, 'functions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /['"`]\/api\/(tests|user\/login)/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => f.slice(0, -3));
}

/** A password hash the sign-in accepts, at the smallest cost it takes (the bench signs in 300 times). */
const quickHash = (password) =>
  new Promise((resolve, reject) => {
    const salt = randomBytes(16);
    scrypt(password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 1, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(['scrypt', 14, 1, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
    );
  });

/** Seeds the lab; resolves to the opening and the students' e-mail addresses. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async (text, params = []) => (await client.query(text, params)).rows;
  try {
    // The sample bank (100 questions in English and Hindi, the words students will read): its CCC
    // mock draws all 100, so the paper's size is a real one.
    const bank = await insertSampleBank(client);
    const course = { id: bank.courseId };
    const test = { id: bank.testIds['ccc-mock'] };
    const [batch] = await q(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, 'Lab batch', current_date - 30, current_date + 60, array[1,3,5]::smallint[], '07:00', '08:00', 'Lab', 500, 'running') returning id`,
      [course.id],
    );
    const hash = await quickHash(PASSWORD);
    await q(
      `with u as (
         insert into users (name, email, password_hash) select 'Lab Student ' || i, 'lab' || i || '@example.in', $2 from generate_series(1, $1::int) i returning id, email
       ), s as (
         insert into students (name, email, phone, course, user_id)
         select 'Lab Student ' || substring(u.email from 4 for position('@' in u.email) - 4), u.email, '+9198' || lpad(substring(u.email from 4 for position('@' in u.email) - 4), 8, '0'), 'CCC', u.id from u
         returning id
       )
       insert into batch_students (batch_id, student_id, joined_on) select $3, s.id, current_date - 30 from s`,
      [STUDENTS, hash, batch.id],
    );
    const [opening] = await q(
      `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '3 hours', 'Bench Teacher') returning id::text`,
      [test.id, batch.id],
    );
    await q('analyze');
    return { openingId: opening.id, emails: Array.from({ length: STUDENTS }, (_, i) => `lab${i + 1}@example.in`) };
  } finally {
    await client.end();
  }
}

/** Runs `work` over `items` with at most `parallel` in flight; resolves when all are done. */
async function inParallel(items, parallel, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** A row of the table from latencies in ms. */
const row = (name, latencies, extra = {}) => ({ name, ...percentiles(latencies), calls: latencies.length, ...extra });

/** Runs the lab's minute on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url);
  console.log(`${label}: seeded the sample bank's 100 questions and ${STUDENTS} students in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const relay = await countRoundTrips(url, { serialize: !databaseUrl });
  const host = await startFunctionHost({ only: candidateFunctions(), outdir: path.join(dir, 'functions') });
  // A client per statement: one kept open would sit idle through the starts, and the embedded
  // database's socket closes an idle connection.
  const sql = async (text) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  try {
    // Each student from their own address, as phones on a lab's Wi-Fi look to the limits keyed by client.
    const call = async (target, { method = 'GET', token, body, student = 0 }) => {
      const request = new Request(new URL(target, 'http://127.0.0.1'), {
        method,
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', ...(token ? { token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const route = host.match(request);
      if (!route) throw new Error(`No function answers ${method} ${target} on this branch.`);
      const t = performance.now();
      const { response, settled } = await host.invoke(route.name, request, {
        ip: `100.64.${student >> 8}.${student & 255}`,
        params: route.params,
        deployContext: '',
      });
      const text = await response.text();
      const ms = performance.now() - t;
      await settled();
      return { status: response.status, text, ms };
    };
    const expectStatus = (answer, ok, what) => {
      if (answer.status !== ok) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      return JSON.parse(answer.text);
    };

    const tokens = [];
    await inParallel(
      data.emails.map((email, i) => [email, i]),
      PARALLEL,
      async ([email, i]) => {
        tokens[i] = expectStatus(await call('/api/user/login', { method: 'POST', body: { email, password: PASSWORD }, student: i }), 200, 'Sign-in').token;
      },
    );
    await sql('delete from rate_limits');

    const starts = [];
    const papers = [];
    let paperBytes = 0;
    let paperTrips = 0;
    await inParallel(
      tokens.map((token, i) => [token, i]),
      PARALLEL,
      async ([token, i]) => {
        const before = relay.roundTrips();
        const answer = await call(`/api/tests/${data.openingId}/start`, { method: 'POST', token, body: {}, student: i });
        if (answer.status !== 200 && answer.status !== 201) expectStatus(answer, 201, 'Start');
        if (i === 0) {
          paperBytes = Buffer.byteLength(answer.text);
          paperTrips = relay.roundTrips() - before;
          papers.gzip = gzipSync(answer.text).length;
          papers.brotli = brotliCompressSync(answer.text).length;
        }
        starts.push(answer.ms);
        papers[i] = JSON.parse(answer.text);
      },
    );
    const questions = papers[0].questions.length;
    await sql('delete from rate_limits');

    // The lab's minute: each phone sends its 10 answers a tenth of the way through each part of the
    // first 48 s (at a random moment within it) and submits in the last 12 s, one call at a time;
    // the phones together make the arrivals, about 55 calls a second.
    const saves = [];
    const submits = [];
    let passed = 0;
    const minuteStarted = performance.now();
    const sendSpan = (MINUTE_MS * 0.8) / SENDS;
    const at = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, minuteStarted + ms - performance.now())));
    await Promise.all(
      papers.map(async (paper, i) => {
        const target = `/api/tests/attempts/${paper.attemptId}`;
        const per = Math.ceil(paper.questions.length / SENDS);
        for (let send = 0; send < SENDS; send += 1) {
          await at((send + Math.random()) * sendSpan);
          const answers = paper.questions.slice(send * per, (send + 1) * per).map((question) => ({
            position: question.position,
            chosen: [question.options[(i + question.position) % question.options.length].id],
            review: false,
            at: new Date().toISOString(),
          }));
          if (!answers.length) continue;
          const answer = await call(`${target}/answers`, { method: 'PUT', token: tokens[i], body: { answers }, student: i });
          expectStatus(answer, 200, 'Saving answers');
          saves.push(answer.ms);
        }
        await at(MINUTE_MS * (0.8 + 0.2 * Math.random()));
        const answer = await call(`${target}/submit`, { method: 'POST', token: tokens[i], body: { answers: [] }, student: i });
        if (expectStatus(answer, 200, 'Submit').passed) passed += 1;
        submits.push(answer.ms);
      }),
    );
    const minute = (performance.now() - minuteStarted) / 1000;
    const [marked] = await sql(`select count(*)::int as n, sum(answered_count)::int as answered from practice_attempts where submitted_at is not null`);
    console.log(
      `${label}: ${saves.length.toLocaleString('en-IN')} sends and ${submits.length} submissions in ${minute.toFixed(1)} s; ${marked.n} attempts marked, ${marked.answered.toLocaleString('en-IN')} answers counted, ${passed} passed`,
    );
    return {
      rows: [
        row(`start (the paper)    POST /api/tests/{opening}/start`, starts, { trips: paperTrips }),
        row(`save 10 answers      PUT /api/tests/attempts/{id}/answers`, saves, { goal: true }),
        row(`submit and mark      POST /api/tests/attempts/{id}/submit`, submits, { goal: true }),
      ],
      paper: { questions, bytes: paperBytes, gzip: papers.gzip, brotli: papers.brotli },
    };
  } finally {
    await host.close();
    await relay.close();
    await database.close();
  }
}

try {
  const runs = await onEachDatabase(values.only, benchOn);
  const labels = Object.keys(runs);
  const names = runs[labels[0]].rows.map((r) => r.name);
  const width = Math.max(...names.map((n) => n.length));
  console.log(
    `\nPractice tests: ${STUDENTS} students in a ${MINUTE_MS / 1000}-second minute (starts ${PARALLEL} in flight), in-process; server time in ms (goal: p95 ≤ ${goal} for saving and submitting).`,
  );
  console.log(`${''.padEnd(width)} | ${labels.map((l) => `${l.padEnd(10)}   p50    p95    max`.padEnd(31)).join(' | ')}`);
  console.log(`${'-'.repeat(width)}-|-${labels.map(() => '-'.repeat(31)).join('-|-')}`);
  for (const [i, name] of names.entries()) {
    const over = runs[labels[0]].rows[i].goal && labels.some((l) => runs[l].rows[i].p95 > goal);
    if (over) process.exitCode = 1;
    console.log(`${name.padEnd(width)} | ${labels.map((l) => formatTimes(runs[l].rows[i]).padStart(31)).join(' | ')}${over ? `  over ${goal} ms` : ''}`);
  }
  const { paper } = runs[labels[0]];
  const kb = (n) => (n / 1024).toFixed(1);
  const overPaper = paper.gzip / 1024 > paperBudget;
  if (overPaper) process.exitCode = 1;
  console.log(
    `\nThe paper of ${paper.questions} questions: ${kb(paper.bytes)} KB as JSON, ${kb(paper.gzip)} KB gzipped, ${kb(paper.brotli)} KB with Brotli (budget ${paperBudget} KB compressed${overPaper ? ': OVER' : ''}).`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
