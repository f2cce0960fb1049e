// Benchmark of the classes: 2,000 students, 100 batches (10 courses, 10 teachers, 8 rooms) with
// rosters of 20, a year of attendance (every class day of each batch, holidays left out: about
// 350,000 marks) and 500 certificates, seeded with set-based SQL; then, called by route as Netlify
// routes them, the attendance screen (GET /api/admin/batches/:id/attendance/:day), the monthly
// grid (GET /api/admin/batches/:id/attendance?month=), certificate verification (GET
// /api/certificate/:number) and a student's own page (GET /api/user/classes), N times each, on the
// embedded PGlite database and on a real PostgreSQL server. The functions run in this process
// (their esbuild bundles called with a Request, as a warm instance runs them); a relay counts the
// database round trips of a call. A route no function on this branch answers is named and skipped.
// Usage: npm run bench:classes [-- --calls 100 --only pglite|postgresql --explain]
// --explain prints the plans of the student page's statements on the seeded data.
// Uses throwaway databases; prints figures, and exits with 1 when a measured p95 is over 300 ms (the goal).
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { countRoundTrips, measureRoute, onEachDatabase, openDatabase, printRouteTable } from './bench-harness.mjs';
import { startFunctionHost } from './function-host.mjs';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '100' }, only: { type: 'string' }, explain: { type: 'boolean', default: false } },
});
const calls = Number(values.calls);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-classes-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
const STUDENT_PASSWORD = 'a long bench passphrase';
/** The goal of each measured route, server-side, at p95. */
const GOAL_P95_MS = 300;

/** Today in India, YYYY-MM-DD. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The routes measured: what, the address of call `i` (from the seeded data `d`), and who calls. */
const SCENARIOS = [
  [
    'attendance screen  GET /api/admin/batches/:id/attendance/:day',
    (d, i) => `/api/admin/batches/${d.batchIds[i % d.batchIds.length]}/attendance/${d.classDays[i % d.classDays.length]}`,
    'staff',
  ],
  [
    'monthly grid       GET /api/admin/batches/:id/attendance?month=',
    (d, i) => `/api/admin/batches/${d.allBatchIds[i % d.allBatchIds.length]}/attendance?month=${d.month}`,
    'staff',
  ],
  ['verification       GET /api/certificate/:number', (d, i) => `/api/certificate/${d.certificates[i % d.certificates.length]}`, 'public'],
  ['student page       GET /api/user/classes', () => '/api/user/classes', 'student'],
];

/** The functions that may answer the measured routes (and the student's login): those whose source names one. */
function candidateFunctions() {
  const dir = path.join(projectRoot, 'functions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => f === 'user-login.ts' || /['"`]\/api\/(admin\/batches|certificate|user\/classes)/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => f.slice(0, -3));
}

/** A password hash in the format functions/_shared/auth/password.ts stores. */
function passwordHash(password) {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', 17, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Seeds the classes; resolves to what the scenarios call with. */
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
      `insert into staff (name, email, password_hash, role) select 'Teacher ' || i, 'teacher' || i || '@bench.local', 'x', 'teacher' from generate_series(1, 10) i`,
    );
    await q(
      `insert into courses (title, category, price, duration, description, image)
       select (array['RS-CIT (Basic)','Tally Prime with GST','CCC','O Level','DCA','ADCA','Web Design','Python','Spoken English','Typing'])[i], 'Office', 3000, '3 months', 'A course.', '/images/course.webp'
         from generate_series(1, 10) i`,
    );
    const first = `(array['Asha','Bhavna','Chetan','Deepak','Esha','Farhan','Gita','Harish','Imran','Jyoti','Kavita','Lalit','Meena','Naveen','Omkar','Pooja','Rakesh','Sunita','Tarun','Usha'])`;
    const last = `(array['Sharma','Verma','Rathore','Choudhary','Meghwal','Jain','Soni','Prajapat','Mali','Gehlot','Purohit','Vyas','Khan','Bishnoi','Saini','Joshi','Mathur','Agarwal','Sen','Dave'])`;
    await q(
      `insert into students (name, email, phone, course, guardian_name, guardian_phone)
       select ${first}[1 + i % 20] || ' ' || ${last}[1 + (i / 20) % 20], 'student' || i || '@example.in', '+919829' || lpad(i::text, 6, '0'), 'RS-CIT (Basic)',
              'Guardian ' || i, '+919414' || lpad(i::text, 6, '0')
         from generate_series(1, 2000) i`,
    );
    // 100 batches over the last year and the next two months: a quarter meet Monday to Friday, the
    // rest three days a week (Mon/Wed/Fri or Tue/Thu/Sat); ten teachers, eight rooms, hourly slots.
    await q(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       select c.ids[1 + i % 10], 'Batch ' || i, $1::date - 364 + i % 7, $1::date + 60,
              case when i % 4 = 0 then array[1,2,3,4,5] when i % 2 = 0 then array[1,3,5] else array[2,4,6] end::smallint[],
              make_time(7 + i % 12, 0, 0), make_time(8 + i % 12, 0, 0), 'Room ' || (1 + i % 8), t.ids[1 + i % 10], 25, 'running'
         from generate_series(1, 100) i,
              (select array_agg(id order by id) ids from courses) c,
              (select array_agg(id order by id) ids from staff where role = 'teacher') t`,
      [today],
    );
    // Rosters of 20: every student in one batch.
    await q(
      `insert into batch_students (batch_id, student_id, joined_on)
       select b.id, s.id, b.starts_on
         from (select id, row_number() over (order by id) - 1 as n, starts_on from batches) b
         join (select id, row_number() over (order by id) - 1 as n from students) s on s.n / 20 = b.n`,
    );
    // Every class day of each batch up to yesterday, holidays left out, and everyone's mark in it.
    await q(
      `insert into class_days (batch_id, day, saved_by, saved_at)
       select b.id, d::date, b.teacher_id, d + interval '10 hours'
         from batches b, generate_series(b.starts_on, $1::date - 1, interval '1 day') d
        where extract(isodow from d)::smallint = any (b.days) and not exists (select 1 from holidays h where h.day = d::date)`,
      [today],
    );
    await q(
      `insert into attendance (batch_id, student_id, day, mark, reason, marked_by, marked_at)
       select batch_id, student_id, day, mark, case when mark = 'leave' then 'Family function' end, saved_by, saved_at
         from (select cd.batch_id, bs.student_id, cd.day, cd.saved_by, cd.saved_at,
                      -- 85% present, 5% late, 7% absent, 3% on leave, the same on every run.
                      case when r < 85 then 'present' when r < 90 then 'late' when r < 97 then 'absent' else 'leave' end as mark
                 from class_days cd join batch_students bs on bs.batch_id = cd.batch_id,
                      lateral (select abs(hashtext(cd.batch_id || ':' || cd.day || ':' || bs.student_id)) % 100 as r) h) marks`,
    );
    // 500 certificates of students of the first 25 batches, 20 of them revoked.
    await q(
      `insert into certificates (number, student_id, batch_id, student_name, course, starts_on, ends_on, issued_on, revoked_at, revoked_reason)
       select 'PCI-2026-' || translate(upper(substr(md5('bench' || s.id), 1, 6)), '01', 'XY'), s.id, b.id, s.name, c.title, b.starts_on, b.ends_on, $1::date - (s.id % 200)::int,
              case when s.id % 25 = 0 then now() end, case when s.id % 25 = 0 then 'Issued by mistake' end
         from (select id, name from students order by id limit 500) s
         join batch_students bs on bs.student_id = s.id join batches b on b.id = bs.batch_id join courses c on c.id = b.course_id`,
      [today],
    );
    // The student whose page is measured: in two more batches, with an account matched by e-mail.
    const [student] = await q(`select id, email from students order by id offset 40 limit 1`);
    await q(`insert into batch_students (batch_id, student_id) select id, $1 from batches order by id offset 50 limit 2`, [student.id]);
    await q(`insert into users (name, email, password_hash) values ('Bench Student', $1, $2)`, [student.email, passwordHash(STUDENT_PASSWORD)]);
    await q('analyze');

    const [counts] = await q(
      `select (select count(*) from students)::int as students, (select count(*) from batches)::int as batches, (select count(*) from batch_students)::int as places,
              (select count(*) from class_days)::int as classes, (select count(*) from attendance)::int as marks, (select count(*) from certificates)::int as certificates`,
    );
    const batchIds = (await q(`select id::text from batches order by id`)).map((r) => r.id);
    // Days that had classes in batch 1's week and in the others' (a day the batch did not meet answers all present or refuses).
    const classDays = (await q(`select day::text from class_days where batch_id = $1 order by day desc limit 20`, [batchIds[0]])).map((r) => r.day);
    const certificates = (await q(`select number from certificates order by id`)).map((r) => r.number);
    const month = (await q(`select to_char(($1::date - interval '1 month'), 'YYYY-MM') as m`, [today]))[0].m;
    return {
      cookie: `__Host-staff=${token}`,
      counts,
      batchIds: [batchIds[0]],
      allBatchIds: batchIds,
      classDays,
      certificates,
      month,
      studentEmail: student.email,
      studentId: student.id,
    };
  } finally {
    await client.end();
  }
}

/** Prints the plans of the student page's statements on the seeded data. */
async function explain(databaseUrl, data) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [user] = (await client.query(`select id::text from users where email = $1`, [data.studentEmail])).rows;
  const statements = [
    [
      'the student records of an account',
      `select id::text from students where user_id = $1 union select id::text from students where lower(email) = lower($2) and user_id is null`,
      [user.id, data.studentEmail],
    ],
    [
      'their batches',
      `select b.id from batch_students bs join batches b on b.id = bs.batch_id join courses c on c.id = b.course_id left join staff s on s.id = b.teacher_id where bs.student_id = any ($1::bigint[]) and bs.status <> 'left'`,
      [[data.studentId]],
    ],
    ['their attendance', `select batch_id, count(*) from attendance where student_id = any ($1::bigint[]) group by batch_id, student_id`, [[data.studentId]]],
    [
      'their absences',
      `select a.day from attendance a join batches b on b.id = a.batch_id where a.student_id = any ($1::bigint[]) and a.mark in ('absent', 'leave')`,
      [[data.studentId]],
    ],
    ['their certificates', `select number from certificates where student_id = any ($1::bigint[])`, [[data.studentId]]],
  ];
  try {
    for (const [what, text, params] of statements) {
      const plan = (await client.query(`explain analyze ${text}`, params)).rows.map((r) => r['QUERY PLAN']);
      console.log(`\n  ${what}:\n    ${plan.join('\n    ')}`);
    }
  } finally {
    await client.end();
  }
}

/** A random client address in 100.64.0.0/10, so the per-client limits of the public route are not what is measured. */
const someClient = () => `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Runs every scenario on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url);
  const c = data.counts;
  console.log(
    `${label}: seeded ${c.students} students, ${c.batches} batches, ${c.places} places in rosters, ${c.classes.toLocaleString('en-IN')} classes, ` +
      `${c.marks.toLocaleString('en-IN')} marks, ${c.certificates} certificates in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (values.explain) await explain(url, data);

  const relay = await countRoundTrips(url, { serialize: !databaseUrl });
  // Fresh bundles for each database (a bundle keeps its environment and pool once it has run).
  const host = await startFunctionHost({ only: candidateFunctions(), outdir: path.join(dir, 'functions') });
  const cleanLimits = new pg.Client({ connectionString: url });
  await cleanLimits.connect();
  const results = [];
  try {
    const call = async (target, headers = {}, method = 'GET', body) => {
      const request = new Request(new URL(target, 'http://127.0.0.1'), { method, headers, body });
      const route = host.match(request);
      if (!route) return null;
      const { response, settled } = await host.invoke(route.name, request, { ip: someClient(), params: route.params, deployContext: '' });
      const text = await response.text();
      await settled();
      return { status: response.status, text };
    };
    const login = await call(
      '/api/user/login',
      { 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ email: data.studentEmail, password: STUDENT_PASSWORD }),
    );
    const studentToken = login?.status === 200 ? JSON.parse(login.text).token : '';
    const headersFor = { staff: { cookie: data.cookie }, student: { token: studentToken }, public: {} };

    for (const [name, target, who] of SCENARIOS) {
      const run = (i) => call(target(data, i), headersFor[who]);
      // The per-client and site-wide limits are emptied between calls (untimed): they are not what is measured.
      results.push(await measureRoute(name, run, { calls, roundTrips: relay.roundTrips, between: () => cleanLimits.query('delete from rate_limits') }));
    }
  } finally {
    await cleanLimits.end();
    await host.close();
    await relay.close();
    await database.close();
  }
  return results;
}

try {
  printRouteTable(`Classes: ${calls} calls each after 3 warm-up calls, in-process, sequential`, await onEachDatabase(values.only, benchOn), GOAL_P95_MS);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
