// Benchmark of importing students: an office already holding 20,000 students in 400 running
// batches of 10 courses, each course with a fee plan of three instalments; then files of 2,000 new
// students each (English and Hindi names, every one put in a batch from a joining day of the past
// month, so each gets three dues) are checked (POST /api/admin/student-import/preview) and imported
// (POST /api/admin/student-import: the students, their places and 6,000 dues in one transaction),
// N files each, on the embedded PGlite database and on a real PostgreSQL server. The functions run in
// this process (their esbuild bundles called with a Request, as a warm instance runs them); a relay
// counts the database round trips of a call. Each file is new (a file imported once is refused).
// Usage: npm run bench:import [-- --calls 20 --only pglite|postgresql]
// Then, to show where the import's time goes, the import again on the same database with the
// ledger's foreign keys dropped, and with those and the secondary indexes the writing touches dropped
// (rows marked "for comparison": no office runs without them).
// Uses throwaway databases; prints figures against the goal of 300 ms (budgets.json,
// api.studentImportGoalMs), and exits with 1 when the import's p95 is over its budget on a database
// (api.studentImportP95Ms: what it measured, with room; decision 047 says why the goal is not met).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { countRoundTrips, measureRoute, onEachDatabase, openDatabase, printRouteTable } from './bench-harness.mjs';
import { startFunctionHost } from './function-host.mjs';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '20' }, only: { type: 'string' } } });
const calls = Number(values.calls);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-import-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
const { studentImportGoalMs: goal, studentImportP95Ms: budgets } = JSON.parse(readFileSync(path.join(projectRoot, 'budgets.json'), 'utf8')).api;
/** Students in each file. */
const ROWS = 2000;

/** Today in India, YYYY-MM-DD. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The functions that may answer the measured routes: those whose source names one. */
function candidateFunctions() {
  const dir = path.join(projectRoot, 'functions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /['"`]\/api\/admin\/student-import/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => f.slice(0, -3));
}

/** Seeds the office; resolves to what the files are made from. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const today = indiaToday();
  const q = async (text, params = []) => (await client.query(text, params)).rows;
  try {
    const [owner] = await q(
      `insert into staff (name, email, password_hash, role) values ('Bench Owner', 'owner@bench.local', 'x', 'owner') returning id::text`,
    );
    const token = randomBytes(32).toString('base64url');
    await q(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '12 hours', now())`, [
      createHash('sha256').update(token).digest('hex'),
      owner.id,
    ]);
    await q(
      `insert into courses (title, category, price, duration, description, image)
       select (array['RS-CIT (Basic)','Tally Prime with GST','CCC','O Level','DCA','ADCA','Web Design','Python','Spoken English','Typing'])[i], 'Office', 9000, '3 months', 'A course.', '/images/course.webp'
         from generate_series(1, 10) i`,
    );
    await q(
      `insert into students (name, email, phone, course)
       select 'Student ' || i, 'student' || i || '@example.in', '+919829' || lpad(i::text, 6, '0'), 'RS-CIT (Basic)' from generate_series(1, 20000) i`,
    );
    // 400 running batches of 500 seats (the most a batch has), 50 students each already (room for 90 files of 5 each).
    await q(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       select c.ids[1 + i % 10], 'Batch ' || i, $1::date - 60, $1::date + 120, array[1,3,5]::smallint[],
              make_time(7 + i % 12, 0, 0), make_time(8 + i % 12, 0, 0), 'Room ' || (1 + i % 8), 500, 'running'
         from generate_series(1, 400) i, (select array_agg(id order by id) ids from courses) c`,
      [today],
    );
    await q(
      `insert into batch_students (batch_id, student_id, joined_on)
       select b.id, s.id, b.starts_on
         from (select id, row_number() over (order by id) - 1 as n, starts_on from batches) b
         join (select id, row_number() over (order by id) - 1 as n from students) s on s.n / 50 = b.n`,
    );
    // A plan per course: ₹3,000 at the start, then two of ₹2,000 a month apart; ₹100 late after 5 days.
    await q(`insert into fee_plans (course_id, total_paise, late_fee_paise, grace_days) select id, 700000, 10000, 5 from courses`);
    await q(
      `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months)
       select p.id, k, case when k = 1 then 300000 else 200000 end, k - 1 from fee_plans p, generate_series(1, 3) k`,
    );
    await q('analyze');
    const batches = (await q(`select b.name, c.title as course from batches b join courses c on c.id = b.course_id order by b.id`)).map((r) => r);
    return { cookie: `__Host-staff=${token}`, batches, today };
  } finally {
    await client.end();
  }
}

const FIRST = ['Asha', 'Bhavna', 'Chetan', 'सुनीता', 'Esha', 'Farhan', 'गीता', 'Harish', 'Imran', 'ज्योति'];
const LAST = ['Sharma', 'Verma', 'Rathore', 'शर्मा', 'Meghwal', 'Jain', 'मीणा', 'Prajapat', 'Mali', 'Gehlot'];

/** File `n` of the run: 2,000 students no other file has, 5 in each batch, joined in the past month. */
function fileOf(data, n) {
  const rows = [];
  for (let i = 0; i < ROWS; i += 1) {
    const serial = n * ROWS + i;
    const batch = data.batches[i % data.batches.length];
    const joined = new Date(Date.parse(`${data.today}T00:00:00Z`) - (i % 30) * 86_400_000).toISOString().slice(0, 10);
    rows.push({
      row: i + 2,
      name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`,
      mobile: `97${String(serial).padStart(8, '0')}`,
      email: `import${serial}@example.in`,
      guardian: i % 3 ? '' : 'Ramesh Kumar',
      guardianMobile: i % 3 ? '' : `96${String(serial).padStart(8, '0')}`,
      course: batch.course,
      batch: batch.name,
      joinedOn: `${joined.slice(8, 10)}/${joined.slice(5, 7)}/${joined.slice(0, 4)}`,
      language: i % 4 ? '' : 'Hindi',
    });
  }
  return { fileName: `admissions ${n}.xlsx`, rows };
}

/** The database changes of the comparison rows, each on top of the one before. */
const COMPARISONS = [
  [
    'import, no foreign keys on dues, places (for comparison)',
    [
      `alter table fee_dues drop constraint fee_dues_student_id_fkey, drop constraint fee_dues_batch_id_fkey,
         drop constraint fee_dues_course_id_fkey, drop constraint fee_dues_plan_id_fkey`,
      `alter table batch_students drop constraint batch_students_student_id_fkey, drop constraint batch_students_batch_id_fkey`,
    ],
  ],
  [
    "import, nor their indexes and the name search's (for comparison)",
    [
      'drop index fee_dues_student_idx, fee_dues_batch_idx, fee_dues_open_idx, fee_dues_student_course_idx, batch_students_student_idx, students_name_latin_trgm_idx',
    ],
  ],
];

/** Runs every scenario on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url);
  console.log(`${label}: seeded 20,000 students in 400 batches with fee plans in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const relay = await countRoundTrips(url, { serialize: !databaseUrl });
  const host = await startFunctionHost({ only: candidateFunctions(), outdir: path.join(dir, 'functions') });
  const results = [];
  try {
    const call = async (target, body) => {
      const request = new Request(new URL(target, 'http://127.0.0.1'), {
        method: 'POST',
        headers: { cookie: data.cookie, 'content-type': 'application/json', origin: 'http://127.0.0.1' },
        body: JSON.stringify(body),
      });
      const route = host.match(request);
      if (!route) return null;
      const { response, settled } = await host.invoke(route.name, request, { ip: '100.64.1.10', params: route.params, deployContext: '' });
      const text = await response.text();
      await settled();
      return { status: response.status, text };
    };
    // The files are made before timing: the time measured is the server's alone.
    const files = Array.from({ length: 3 * (calls + 4) }, (_, n) => fileOf(data, n));
    results.push(
      await measureRoute(`preview 2,000 rows  POST /api/admin/student-import/preview`, (i) => call('/api/admin/student-import/preview', files[i]), {
        calls,
        roundTrips: relay.roundTrips,
      }),
    );
    results.push(
      await measureRoute(`import 2,000 rows   POST /api/admin/student-import`, (i) => call('/api/admin/student-import', files[i]), {
        calls,
        ok: 201,
        roundTrips: relay.roundTrips,
      }),
    );
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    for (const [n, [name, statements]] of COMPARISONS.entries()) {
      for (const statement of statements) await check.query(statement);
      const offset = (n + 1) * (calls + 4);
      const row = await measureRoute(name, (i) => call('/api/admin/student-import', files[offset + i]), { calls, ok: 201, roundTrips: relay.roundTrips });
      results.push({ ...row, compare: true });
    }
    const [made] = (
      await check.query(
        `select (select count(*) from students where import_id is not null)::int as students, (select count(*) from fee_dues)::int as dues, (select count(*) from student_imports)::int as files`,
      )
    ).rows;
    await check.end();
    console.log(`${label}: imported ${made.students.toLocaleString('en-IN')} students from ${made.files} files, ${made.dues.toLocaleString('en-IN')} dues`);
  } finally {
    await host.close();
    await relay.close();
    await database.close();
  }
  return results;
}

try {
  const runs = await onEachDatabase(values.only, benchOn);
  printRouteTable(`Student import: ${calls} files of ${ROWS.toLocaleString('en-IN')} rows each after 3 warm-up files, in-process, sequential`, runs, goal, {
    failOverGoal: false,
  });
  // The goal is printed above; what fails the run is the import going over its budget (a regression).
  for (const [label, rows] of Object.entries(runs)) {
    const imported = rows.find((r) => r.name.startsWith('import 2,000'));
    const budget = budgets[label];
    if (!imported?.p95) continue;
    const over = imported.p95 > budget;
    if (over) process.exitCode = 1;
    console.log(
      `${label}: the import's p95 ${imported.p95.toFixed(0)} ms is ${over ? 'OVER' : 'within'} its budget of ${budget} ms (goal ${goal} ms${imported.p95 > goal ? ', not met' : ', met'}).`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
