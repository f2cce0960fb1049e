// Benchmark of the fees: 2,000 students in 100 batches of 10 courses, each owing three instalments,
// and 20,000 receipts (ten a student, spread over the past year, cash, UPI and bank) with their
// allocations, seeded with set-based SQL; then the student search at the counter (GET
// /api/admin/fees/students?q= by name, mobile digits and due reference), Collect (POST
// /api/admin/fees/collect, a part payment in cash) and the month's collection report (GET
// /api/admin/fees/reports?by=day for last month), and the cash book of a month with 20,000 receipts
// (GET /api/admin/fees/cash-book?month=, four members of staff taking them over the month before
// last, some cancelled, with refunds and hand-overs) and of one of its days, N times each, on the
// embedded PGlite database and
// on a real PostgreSQL server. The functions run in this process (their esbuild bundles called with
// a Request, as a warm instance runs them); a relay counts the database round trips of a call.
// Usage: npm run bench:fees [-- --calls 100 --only pglite|postgresql]
// Uses throwaway databases; prints figures, and exits with 1 when a measured p95 is over 300 ms (the goal).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { countRoundTrips, measureRoute, onEachDatabase, openDatabase, printRouteTable } from './bench-harness.mjs';
import { startFunctionHost } from './function-host.mjs';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '100' }, only: { type: 'string' } } });
const calls = Number(values.calls);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-fees-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
/** The goal of each measured route, server-side, at p95. */
const GOAL_P95_MS = 300;

/** Today in India, YYYY-MM-DD. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The functions that may answer the measured routes: those whose source names one. */
function candidateFunctions() {
  const dir = path.join(projectRoot, 'functions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /['"`]\/api\/admin\/fees\/(students['"`]|collect|reports|cash-book['"`])/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => f.slice(0, -3));
}

/** Seeds the fees; resolves to what the scenarios call with. */
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
    const first = `(array['Asha','Bhavna','Chetan','Deepak','Esha','Farhan','Gita','Harish','Imran','Jyoti','Kavita','Lalit','Meena','Naveen','Omkar','Pooja','Rakesh','Sunita','Tarun','Usha'])`;
    const last = `(array['Sharma','Verma','Rathore','Choudhary','Meghwal','Jain','Soni','Prajapat','Mali','Gehlot','Purohit','Vyas','Khan','Bishnoi','Saini','Joshi','Mathur','Agarwal','Sen','Dave'])`;
    await q(
      `insert into students (name, email, phone, course)
       select ${first}[1 + i % 20] || ' ' || ${last}[1 + (i / 20) % 20], 'student' || i || '@example.in', '+919829' || lpad(i::text, 6, '0'), 'RS-CIT (Basic)'
         from generate_series(1, 2000) i`,
    );
    await q(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       select c.ids[1 + i % 10], 'Batch ' || i, $1::date - 330 + i, $1::date + 60, array[1,3,5]::smallint[],
              make_time(7 + i % 12, 0, 0), make_time(8 + i % 12, 0, 0), 'Room ' || (1 + i % 8), 25, 'running'
         from generate_series(1, 100) i, (select array_agg(id order by id) ids from courses) c`,
      [today],
    );
    await q(
      `insert into batch_students (batch_id, student_id, joined_on)
       select b.id, s.id, b.starts_on
         from (select id, row_number() over (order by id) - 1 as n, starts_on from batches) b
         join (select id, row_number() over (order by id) - 1 as n from students) s on s.n / 20 = b.n`,
    );
    // Three instalments of ₹3,000 each, a month apart from the batch's start.
    await q(
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on)
       select 'D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), bs.student_id, b.id, b.course_id, k, 'Instalment ' || k || ' of 3', 300000,
              b.starts_on + (k - 1) * 30
         from batch_students bs join batches b on b.id = bs.batch_id, generate_series(1, 3) k`,
    );
    // Ten receipts of ₹500 a student over the past year: six pay the first instalment, four the second.
    await q(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, paid_on, received_by, received_by_name, created_at)
       select 'BEN/' || lpad(n::text, 6, '0'), 'bench', s.id, 50000, m.mode,
              case when m.mode <> 'cash' then '4' || lpad(n::text, 11, '0') end, $1::date - (n % 365)::int, $2::uuid, 'Bench Owner',
              ($1::date - (n % 365)::int + time '10:00')::timestamp at time zone 'Asia/Kolkata'
         from (select id, row_number() over (order by id) as r from students) s, generate_series(1, 10) k,
              lateral (select (s.r - 1) * 10 + k as n) x,
              lateral (select (array['cash','upi','bank'])[1 + x.n % 3] as mode) m`,
      [today, owner.id],
    );
    await q(
      `insert into fee_allocations (receipt_id, due_id, amount_paise)
       select r.id, d.id, r.amount_paise
         from (select id, student_id, amount_paise, row_number() over (partition by student_id order by id) as k from fee_receipts) r
         join fee_dues d on d.student_id = r.student_id and d.seq = case when r.k <= 6 then 1 else 2 end`,
    );
    await q(
      `update fee_dues d set paid_paise = a.paid, settled_on = case when a.paid >= d.amount_paise then d.due_on end
         from (select due_id, sum(amount_paise) as paid from fee_allocations group by due_id) a where a.due_id = d.id`,
    );
    // The cash book's month: 20,000 more receipts made over the month before last by four members of
    // staff (cash, UPI, bank and cheque; one in fifty cancelled, some of them days later), a refund
    // paid for one in a hundred, and each member's days handed over; no allocations (the cash book
    // reads none), so the other scenarios' dues are as they were.
    const [{ f: cashFrom, t: cashTo }] = await q(
      `select to_char(date_trunc('month', $1::date) - interval '2 months', 'YYYY-MM-DD') as f,
              to_char(date_trunc('month', $1::date) - interval '1 month' - interval '1 day', 'YYYY-MM-DD') as t`,
      [today],
    );
    const cashiers = await q(
      `insert into staff (name, email, password_hash, role)
       select (array['Kavita Joshi','Ravi Mathur','Sunita Vyas'])[i], 'cashier' || i || '@bench.local', 'x', 'accountant' from generate_series(1, 3) i
       returning id::text, name`,
    );
    const takers = [{ id: owner.id, name: 'Bench Owner' }, ...cashiers];
    await q(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, cheque_number, paid_on, received_by, received_by_name,
                                 created_at, cancelled_at, cancelled_reason)
       select 'CAS/' || lpad(n::text, 6, '0'), 'bench-cash', 1 + (n * 7) % 2000 + (select min(id) from students) - 1, 10000 * (1 + n % 40), m.mode,
              case when m.mode in ('upi', 'bank') then '5' || lpad(n::text, 11, '0') end, case when m.mode = 'cheque' then lpad(n::text, 6, '0') end,
              d.day, (($3::jsonb) -> (n % 4) ->> 'id')::uuid, ($3::jsonb) -> (n % 4) ->> 'name', d.at,
              case when n % 50 = 0 then d.at + interval '2 hours' + (n % 3) * interval '1 day' end, case when n % 50 = 0 then 'Entered twice' end
         from generate_series(1, 20000) n,
              lateral (select (array['cash','cash','upi','bank','cheque'])[1 + n % 5] as mode) m,
              lateral (select $1::date + (n % ($2::date - $1::date + 1)) as day) dd,
              lateral (select dd.day, (dd.day + time '09:00' + (n % 600) * interval '1 minute')::timestamp at time zone 'Asia/Kolkata' as at) d`,
      [cashFrom, cashTo, JSON.stringify(takers)],
    );
    await q(
      `insert into fee_refunds (student_id, receipt_id, returns, amount_paise, reason, status, requested_by_name, decided_at, number, financial_year,
                                mode, paid_on, paid_by, paid_by_name)
       select r.student_id, r.id, 'receipt', 5000, 'The course did not start', 'paid', r.received_by_name, r.created_at, 'RFB/' || r.id, 'bench',
              'cash', (r.created_at at time zone 'Asia/Kolkata')::date, r.received_by, r.received_by_name
         from fee_receipts r where r.financial_year = 'bench-cash' and r.id % 100 = 0 and r.cancelled_at is null`,
    );
    await q(
      `insert into cash_handovers (staff_id, staff_name, day, expected_paise, counted_paise, received_by, received_by_name)
       select r.received_by, max(r.received_by_name), (r.created_at at time zone 'Asia/Kolkata')::date,
              coalesce(sum(r.amount_paise) filter (where r.mode = 'cash' and r.cancelled_at is null), 0),
              coalesce(sum(r.amount_paise) filter (where r.mode = 'cash' and r.cancelled_at is null), 0), $1::uuid, 'Bench Owner'
         from fee_receipts r where r.financial_year = 'bench-cash' group by 1, 3`,
      [owner.id],
    );
    await q('analyze');
    const [counts] = await q(
      `select (select count(*) from students)::int as students, (select count(*) from fee_dues)::int as dues,
              (select count(*) from fee_receipts)::int as receipts, (select count(*) from fee_allocations)::int as allocations`,
    );
    const studentIds = (await q(`select id::text from students order by id`)).map((r) => r.id);
    const references = (await q(`select reference from fee_dues order by id limit 200`)).map((r) => r.reference);
    const lastMonth = (
      await q(
        `select to_char(date_trunc('month', $1::date) - interval '1 month', 'YYYY-MM-DD') as f,
                                       to_char(date_trunc('month', $1::date) - interval '1 day', 'YYYY-MM-DD') as t`,
        [today],
      )
    )[0];
    const [cashMonth] = await q(`select count(*)::int as receipts from fee_receipts where financial_year = 'bench-cash'`);
    return {
      cookie: `__Host-staff=${token}`,
      counts: { ...counts, cashMonth: cashMonth.receipts },
      studentIds,
      references,
      month: { from: lastMonth.f, to: lastMonth.t },
      cashMonth: { month: cashFrom.slice(0, 7), day: `${cashFrom.slice(0, 7)}-15` },
      today,
      ownerId: owner.id,
    };
  } finally {
    await client.end();
  }
}

/** The searches people type at the counter: a name's start, mobile digits, a due reference. */
const searchOf = (d, i) =>
  [['asha', 'meena s', 'tarun', 'kavi'][i % 4], String(10000 + ((i * 37) % 2000)).slice(-4), d.references[i % d.references.length]][i % 3];

/** Runs every scenario on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url);
  const c = data.counts;
  console.log(
    `${label}: seeded ${c.students} students, ${c.dues.toLocaleString('en-IN')} dues, ${c.receipts.toLocaleString('en-IN')} receipts with ` +
      `${c.allocations.toLocaleString('en-IN')} allocations, and a cash book month of ${c.cashMonth.toLocaleString('en-IN')} receipts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const relay = await countRoundTrips(url, { serialize: !databaseUrl });
  const host = await startFunctionHost({ only: candidateFunctions(), outdir: path.join(dir, 'functions') });
  const direct = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await direct.connect();
  const results = [];
  try {
    const call = async (target, method = 'GET', body, extra = {}) => {
      const request = new Request(new URL(target, 'http://127.0.0.1'), {
        method,
        headers: { cookie: data.cookie, ...(body && { 'content-type': 'application/json', origin: 'http://127.0.0.1' }), ...extra },
        body: body && JSON.stringify(body),
      });
      const route = host.match(request);
      if (!route) return null;
      const { response, settled } = await host.invoke(route.name, request, { ip: '100.64.1.10', params: route.params, deployContext: '' });
      const text = await response.text();
      await settled();
      return { status: response.status, text };
    };
    const collectBody = (i) => ({ studentId: data.studentIds[(i * 7) % data.studentIds.length], amount: '100', mode: 'cash', paidOn: data.today });

    const scenarios = [
      {
        name: 'student search  GET /api/admin/fees/students?q=',
        run: (i) => call(`/api/admin/fees/students?q=${encodeURIComponent(searchOf(data, i))}`),
        ok: 200,
      },
      {
        name: 'collect         POST /api/admin/fees/collect',
        run: (i) => call('/api/admin/fees/collect', 'POST', collectBody(i), { 'idempotency-key': randomUUID() }),
        ok: 201,
      },
      {
        name: 'month’s report  GET /api/admin/fees/reports?by=day',
        run: () => call(`/api/admin/fees/reports?by=day&from=${data.month.from}&to=${data.month.to}`),
        ok: 200,
      },
      {
        name: 'cash book month GET /api/admin/fees/cash-book?month=',
        run: () => call(`/api/admin/fees/cash-book?month=${data.cashMonth.month}`),
        ok: 200,
      },
      {
        name: 'cash book day   GET /api/admin/fees/cash-book?day=',
        run: () => call(`/api/admin/fees/cash-book?day=${data.cashMonth.day}`),
        ok: 200,
      },
    ];

    for (const s of scenarios) {
      results.push(
        await measureRoute(s.name, s.run, { calls, ok: s.ok, roundTrips: relay.roundTrips, between: () => direct.query('delete from rate_limits') }),
      );
    }
  } finally {
    await direct.end();
    await host.close();
    await relay.close();
    await database.close();
  }
  return results;
}

try {
  printRouteTable(`Fees: ${calls} calls each after 3 warm-up calls, in-process, sequential`, await onEachDatabase(values.only, benchOn), GOAL_P95_MS);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
