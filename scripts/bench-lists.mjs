// Benchmark of the staff lists: 10,000 rows each in students, users, courses, jobs, audit_log and
// marquee_messages, then every list endpoint — its first page, a deep page reached through the
// cursor (after 5,000 rows), and for students a search with many matches and one with a single
// match — called N times by a signed-in member of staff, on the embedded PGlite database and on a
// real PostgreSQL server. The functions run in this process (their esbuild bundles called with a
// Request, as Netlify runs a warm instance); a relay counts the database round trips of a call.
// Usage: npm run bench:lists [-- --calls 100 --rows 10000 --only pglite|postgresql]
// Uses throwaway databases; prints figures, asserts nothing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { countRoundTrips, formatTimes, invoke, invokeWithHeaders, onEachDatabase, openDatabase, timeCalls } from './bench-harness.mjs';
import { bundleFunction } from './in-process.mjs';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '100' }, rows: { type: 'string', default: '10000' }, only: { type: 'string' } } });
const calls = Number(values.calls);
const rowCount = Number(values.rows);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-lists-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');

/** The function file (name without .ts) whose `config.path` is `route`, or null when none is on this branch. */
function functionFor(route) {
  for (const file of readdirSync(path.join(projectRoot, 'functions')).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(path.join(projectRoot, 'functions', file), 'utf8');
    const config = /export const config[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
    if ([...config.matchAll(/'([^']+)'/g)].some((m) => m[1] === route)) return file.slice(0, -3);
  }
  return null;
}

/** Fills the tables with `n` rows each (and five staff accounts); returns the bench's staff cookie and ids to filter by. */
async function seed(databaseUrl, n) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const staffIds = (
      await client.query(
        `insert into staff (name, email, password_hash) select 'Staff ' || chr(64 + i), 'staff' || i || '@bench.local', 'x' from generate_series(1, 5) i returning id::text`,
      )
    ).rows.map((r) => r.id);
    const token = randomBytes(32).toString('base64url');
    await client.query(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '12 hours', now())`, [
      createHash('sha256').update(token).digest('hex'),
      staffIds[0],
    ]);
    const first = `(array['Asha','Bhavna','Chetan','Deepak','Esha','Farhan','Gita','Harish','Imran','Jyoti','Kavita','Lalit','Meena','Naveen','Omkar','Pooja','Rakesh','Sunita','Tarun','Usha'])`;
    const last = `(array['Sharma','Verma','Rathore','Choudhary','Meghwal','Jain','Soni','Prajapat','Mali','Gehlot','Purohit','Vyas','Khan','Bishnoi','Saini','Joshi','Mathur','Agarwal','Sen','Dave'])`;
    await client.query(
      `insert into users (name, email, password_hash, created_at)
       select ${first}[1 + i % 20] || ' ' || ${last}[1 + (i / 20) % 20], 'user' || i || '@example.in', 'x', now() - i * interval '90 minutes'
         from generate_series(1, $1) i`,
      [n],
    );
    await client.query(
      `insert into students (name, email, phone, course, registration_date, created_at)
       select f || ' ' || l, lower(f) || '.' || lower(l) || i || '@example.in', '+919829' || lpad(i::text, 6, '0'),
              (array['RS-CIT (Basic)','Tally Prime with GST','CCC','O Level','DCA'])[1 + i % 5], current_date - i % 700, now() - i * interval '1 hour'
         from (select i, ${first}[1 + i % 20] as f, ${last}[1 + (i / 20) % 20] as l from generate_series(1, $1) i) s`,
      [n],
    );
    await client.query(
      `insert into courses (title, category, price, duration, description, image, created_at)
       select 'Course ' || i, (array['Accounting','Office','Programming','Design'])[1 + i % 4], 1000 + i % 50 * 100, '3 months',
              'What course ' || i || ' teaches, in a sentence or two.', '/images/course.webp', now() - i * interval '1 hour'
         from generate_series(1, $1) i`,
      [n],
    );
    await client.query(
      `insert into jobs (role, company, location, experience, qualification, salary, candidate, post, apply_link, created_at)
       select 'Computer Operator', 'Company ' || i, 'Sojat City', 'Fresher', '12th pass with RS-CIT', '₹12,000 a month', 'Typing at 30 words a minute', '2',
              'https://example.in/apply/' || i, now() - i * interval '1 hour'
         from generate_series(1, $1) i`,
      [n],
    );
    await client.query(
      `insert into audit_log (staff_id, action, entity, entity_id, client, detail, at)
       select ($2::uuid[])[1 + i % 5], (array['view','create','update','delete','view'])[1 + i % 5],
              (array['student','user','course','job','staff'])[1 + (i / 5) % 5], (i % 3000)::text, '100.64.1.0/24', '{"count": 50}'::jsonb,
              now() - i * interval '50 minutes'
         from generate_series(1, $1) i`,
      [n, staffIds],
    );
    await client.query(
      `insert into marquee_messages (message, created_at) select 'Announcement ' || i, now() - i * interval '1 hour' from generate_series(1, $1) i`,
      [n],
    );
    await client.query('analyze');
    const [oneStudent] = (await client.query(`select email from students order by id limit 1 offset $1`, [Math.floor(n / 2)])).rows;
    const [oneRecord] = (await client.query(`select entity_id from audit_log where entity = 'student' order by id limit 1`)).rows;
    return { cookie: `__Host-staff=${token}`, staffIds, studentEmail: oneStudent.email, auditRecord: oneRecord.entity_id };
  } finally {
    await client.end();
  }
}

/** Runs every scenario on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url, rowCount);
  console.log(
    `${label}: database ready and seeded with ${rowCount.toLocaleString('en-IN')} rows per table in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const relay = await countRoundTrips(url, { serialize: !databaseUrl });

  // Fresh bundles for each database: a bundle keeps its environment and pool once it has run.
  const handlers = {};
  const handlerFor = async (route) => {
    const name = functionFor(route);
    if (!name) return null;
    handlers[name] ??= (await import(pathToFileURL(await bundleFunction(name, dir)).href)).default;
    return handlers[name];
  };
  const call = async (handler, route) => JSON.parse(await invoke(handler, route, data.cookie));
  /** The `after` cursor of the row `depth` rows into a list, reached by walking it 100 rows at a time. */
  const deepCursor = async (handler, route, depth) => {
    let after = null;
    for (let seen = 0; seen < depth; seen += 100) {
      const { body, headers } = await invokeWithHeaders(
        handler,
        `${route}${route.includes('?') ? '&' : '?'}limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        data.cookie,
      );
      // The specification's lists name the next page in a Link header; the staff lists in `next`.
      const link = /<([^>]*)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1];
      after = link ? new URL(link, 'http://127.0.0.1').searchParams.get('after') : JSON.parse(body).next;
    }
    return after;
  };

  // [what, route, query, rows to skip through the cursor first]
  const scenarios = [
    ['GET /api/students (first page)', '/api/students', '', 0],
    ['GET /api/students (after 5,000 rows)', '/api/students', '', 5000],
    ['GET /api/students?q=sharma (many match)', '/api/students', '?q=sharma', 0],
    ['GET /api/students?q=<one e-mail> (one match)', '/api/students', `?q=${encodeURIComponent(data.studentEmail)}`, 0],
    ['GET /api/user/all (first page)', '/api/user/all', '', 0],
    ['GET /api/user/all (after 5,000 rows)', '/api/user/all', '', 5000],
    ['GET /api/admin/audit (first page)', '/api/admin/audit', '', 0],
    ['GET /api/admin/audit (after 5,000 rows)', '/api/admin/audit', '', 5000],
    ['GET /api/admin/audit?staff=… (first page)', '/api/admin/audit', `?staff=${data.staffIds[2]}`, 0],
    ['GET /api/admin/audit?staff=… (after 1,000 rows)', '/api/admin/audit', `?staff=${data.staffIds[2]}`, 1000],
    ['GET /api/admin/audit?entity=student (first page)', '/api/admin/audit', '?entity=student', 0],
    ['GET /api/admin/audit?entity=student&entityId=…', '/api/admin/audit', `?entity=student&entityId=${data.auditRecord}`, 0],
    ['GET /api/admin/staff', '/api/admin/staff', '', 0],
    ['GET /api/admin/dashboard (not a list)', '/api/admin/dashboard', '', 0],
    ['GET /api/marquee (public, 50 newest)', '/api/marquee', '', 0],
    ['GET /api/courses (first page)', '/api/courses', '', 0],
    ['GET /api/courses (after 5,000 rows)', '/api/courses', '', 5000],
    ['GET /api/jobs (first page)', '/api/jobs', '', 0],
    ['GET /api/jobs (after 5,000 rows)', '/api/jobs', '', 5000],
  ];

  const results = [];
  try {
    for (const [name, route, query, skip] of scenarios) {
      const handler = await handlerFor(route);
      if (!handler) {
        results.push({ name, missing: true });
        continue;
      }
      let target = route + query;
      if (skip) target += `${query ? '&' : '?'}after=${encodeURIComponent(await deepCursor(handler, route + query, skip))}`;
      const { last: body, ...times } = await timeCalls(() => call(handler, target), calls, relay.roundTrips);
      results.push({ name, ...times, items: Array.isArray(body) ? body.length : (body.items?.length ?? body.users?.length ?? 1) });
    }
  } finally {
    await relay.close();
    await database.close();
  }
  return results;
}

const fmt = (r) => (r.missing ? 'not on this branch' : formatTimes(r));

try {
  const runs = await onEachDatabase(values.only, benchOn);
  const labels = Object.keys(runs);
  const names = runs[labels[0]].map((r) => r.name);
  const width = Math.max(...names.map((n) => n.length));
  console.log(
    `\nStaff lists: ${rowCount.toLocaleString('en-IN')} rows per table, ${calls} calls each after 3 warm-up calls, in-process, sequential; times in ms.`,
  );
  console.log(`${''.padEnd(width)} | ${labels.map((l) => `${l.padEnd(6)}   p50    p95    max`.padEnd(21)).join(' | ')} | rows | round trips`);
  console.log(`${'-'.repeat(width)}-|-${labels.map(() => '-'.repeat(21)).join('-|-')}-|------|------------`);
  for (const [i, name] of names.entries()) {
    const first = runs[labels[0]][i];
    console.log(
      `${name.padEnd(width)} | ${labels.map((l) => fmt(runs[l][i]).padStart(21)).join(' | ')} | ${String(first.items ?? '').padStart(4)} | ${first.trips ?? ''}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
