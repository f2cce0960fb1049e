// Benchmark of the leads inbox: 50,000 generated leads (Indian names, some in Devanagari; mobile
// numbers and e-mail addresses; every status, follow-ups around today, assignments, sources,
// courses and forms; two years of dates; some people with several enquiries), then
// GET /api/admin/leads — the first page of each sort, a deep page through the cursor, each filter
// alone, the combinations staff use each morning, and every kind of search — and the CSV export
// of a filter of a few thousand leads, each called N times by a signed-in member of staff, on the
// embedded PGlite database and on a real PostgreSQL server. The functions run in this process as
// in scripts/bench-lists.mjs (their esbuild bundles called with a Request, as a warm instance).
// With --explain it also prints, for each filter and search, the indexes the database chose.
// Usage: npm run bench:leads [-- --calls 50 --rows 50000 --only pglite|postgresql --explain]
// Exits 1 when a list or search call's p95 is over the budget (budgets.json, api.leadsListP95Ms).
import { build } from 'esbuild';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { countRoundTrips, formatTimes, invoke, onEachDatabase, openDatabase, timeCalls } from './bench-harness.mjs';
import { bundleFunction } from './in-process.mjs';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '50' },
    rows: { type: 'string', default: '50000' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const calls = Number(values.calls);
const rowCount = Number(values.rows);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const budget = JSON.parse(readFileSync(path.join(projectRoot, 'budgets.json'), 'utf8')).api.leadsListP95Ms;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-leads-'));
process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');

/**
 * Fills the inbox with `n` leads (and four staff accounts, the first signed in). One lead in
 * eight is a second enquiry of the person three leads earlier (same mobile number). Statuses,
 * sources and the rest follow fixed shares, spread by multiplying the row number by primes.
 */
async function seed(databaseUrl, n) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const staffIds = (
      await client.query(
        `insert into staff (name, email, password_hash) select s, lower(split_part(s, ' ', 1)) || '@bench.local', 'x'
           from unnest(array['Suresh Purohit','Anita Gehlot','Mahesh Saini','Rekha Vyas']) s returning id::text`,
      )
    ).rows.map((r) => r.id);
    const token = randomBytes(32).toString('base64url');
    await client.query(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '12 hours', now())`, [
      createHash('sha256').update(token).digest('hex'),
      staffIds[0],
    ]);
    const first = `array['Asha','Bhavna','Chetan','Deepak','Esha','Farhan','Gita','Harish','Imran','Jyoti','Kavita','Lalit','Meena','Naveen','Omkar','Pooja','Rakesh','Sunita','Tarun','Usha','Vikram','Yogesh','Zoya','Anil','Priya','Ramesh','Sarita','Manoj','Neha','Kailash']`;
    const last = `array['Sharma','Verma','Rathore','Choudhary','Meghwal','Jain','Soni','Prajapat','Mali','Gehlot','Purohit','Vyas','Khan','Bishnoi','Saini','Joshi','Mathur','Agarwal','Sen','Dave']`;
    const firstHi = `array['आशा','भावना','चेतन','दीपक','गीता','हरीश','ज्योति','कविता','मीना','पूजा','राकेश','सुनीता']`;
    const lastHi = `array['शर्मा','वर्मा','राठौड़','चौधरी','मेघवाल','जैन','सोनी','प्रजापत','माली','गहलोत']`;
    const courses = `array['RS-CIT (Basic)','Tally Prime with GST','CCC','O Level','DCA','PGDCA','Web Design','Spoken English']`;
    const channels = `array['direct','direct','direct','google','google','facebook','facebook','instagram','whatsapp','justdial','newspaper','youtube']`;
    const domains = `array['gmail.com','gmail.com','gmail.com','yahoo.in','rediffmail.com','outlook.com']`;
    await client.query(`insert into people (id, created_at) select i, now() from generate_series(1, $1) i where i % 8 <> 0`, [n]);
    await client.query(`select setval('people_id_seq', $1)`, [n]);
    await client.query(
      `insert into leads (reference, kind, form, name, email, phone, phone_norm, email_norm, person_id, department, course, subject, message,
                          status, lost_reason, follow_up_on, visit_on, assigned_to, channel, utm_source, utm_medium, utm_campaign, referrer, landing_page,
                          created_at, touched_at, version, consent_version, consent_at)
       select case when kind = 'application' then 'AP' else 'CT' end || '-' || extract(year from created) || '-' || lpad(i::text, 5, '0'),
              kind, form, name, email, '+91' || phone, phone, lower(email), person, case when kind = 'application' then 'dl' end,
              case when form <> 'contact-page' then (${courses})[1 + (i * 7) % 8] end,
              case when form = 'contact-page' then 'About the ' || (${courses})[1 + (i * 7) % 8] || ' batch' end,
              case when kind = 'contact' then 'Please tell me the fees and the timings.' end,
              status, case when status = 'lost' then (array['not-interested','joined-elsewhere','fees','timing','unreachable'])[1 + i % 5] end,
              case when status in ('new','contacted','interested') and i % 7 <> 0 then today + ((i * 13) % 41 - 20) end,
              case when status = 'interested' then today + (i % 10) end,
              case when i % 5 = 0 then null else ($2::uuid[])[1 + abs(hashtext(i::text)) % 4] end,
              channel, case when channel in ('google','facebook','instagram','youtube') and i % 3 = 0 then channel end,
              case when channel in ('google','facebook','instagram','youtube') and i % 3 = 0 then 'cpc' end,
              case when channel in ('google','facebook','instagram','youtube') and i % 3 = 0 then 'admissions-' || extract(year from created) end,
              case when channel in ('google','facebook','instagram','youtube') then channel || '.com' end, '/courses',
              created, case when status <> 'new' or i % 2 = 0 then created + interval '1 day' end, 1 + i % 4, 'v1', created
         from (
           select i, person, kind, form, status, channel, created, today,
                  case when i % 10 = 3 then (${firstHi})[1 + person % 12] || ' ' || (${lastHi})[1 + (person / 12) % 10]
                       else (${first})[1 + person % 30] || ' ' || (${last})[1 + (person / 30) % 20] end as name,
                  case when form = 'home' then null
                       else lower((${first})[1 + person % 30]) || '.' || lower((${last})[1 + (person / 30) % 20]) || person || '@' || (${domains})[1 + person % 6] end as email,
                  (6000000000 + (person::bigint * 7919) % 3999999999)::text as phone
             from (
               select i, case when i % 8 = 0 then i - 3 else i end as person,
                      case when i % 10 < 7 then 'application' else 'contact' end as kind,
                      case when i % 10 < 7 then 'apply-form' when i % 10 < 9 then 'contact-page' else 'home' end as form,
                      (array['new','new','new','new','contacted','contacted','contacted','contacted','contacted','interested','interested',
                             'admitted','admitted','admitted','lost','lost','lost','lost','lost','lost'])[1 + (i * 37) % 20] as status,
                      (${channels})[1 + (i * 11) % 12] as channel,
                      now() - ((($1 - i)::float / $1) * interval '730 days') - (i % 97) * interval '1 minute' as created,
                      (now() at time zone 'Asia/Kolkata')::date as today
                 from generate_series(1, $1) i
             ) g
         ) s`,
      [n, staffIds],
    );
    await client.query('analyze');
    const pick = async (text) => (await client.query(text)).rows[0];
    const sample = await pick(`select reference, phone_norm, email_norm from leads where id = ${Math.floor(n / 2)}`);
    const month = await pick(
      `select ((now() at time zone 'Asia/Kolkata')::date - 120)::text as "from", ((now() at time zone 'Asia/Kolkata')::date - 90)::text as "to"`,
    );
    return { cookie: `__Host-staff=${token}`, staffIds, sample, month };
  } finally {
    await client.end();
  }
}

/** [what, query string, rows to walk through the cursor first, 'list' or 'export'] */
function scenariosFor({ staffIds, sample, month }) {
  const q = (text) => `q=${encodeURIComponent(text)}`;
  // A tenth of the way in; and past the leads with a follow-up day (about half have one).
  const deep = Math.floor(rowCount / 1000) * 100;
  const deeper = Math.floor((rowCount * 0.6) / 100) * 100;
  return [
    ['first page, newest first', 'sort=newest', 0],
    ['first page, oldest first', 'sort=oldest', 0],
    ['first page, by follow-up day', 'sort=follow-up', 0],
    ['first page, by name', 'sort=name', 0],
    [`newest, after ${deep.toLocaleString('en-IN')} rows (cursor)`, 'sort=newest', deep],
    [`follow-up, after ${deeper.toLocaleString('en-IN')} rows (undated part)`, 'sort=follow-up', deeper],
    [`name, after ${deep.toLocaleString('en-IN')} rows (cursor)`, 'sort=name', deep],
    ['kind=contact', 'kind=contact', 0],
    ['status=contacted', 'status=contacted', 0],
    ['source=facebook', 'source=facebook', 0],
    ['form=home', 'form=home', 0],
    ['course=DCA', `course=${encodeURIComponent('DCA')}`, 0],
    ['from..to (one month)', `from=${month.from}&to=${month.to}`, 0],
    ['due=overdue', 'due=overdue', 0],
    ['due=today', 'due=today', 0],
    ['due=week', 'due=week', 0],
    ['due=none', 'due=none', 0],
    ['assigned=me', 'assigned=me', 0],
    ['assigned=none', 'assigned=none', 0],
    ['status=contacted&due=overdue&assigned=me', 'status=contacted&due=overdue&assigned=me', 0],
    ['status=new&due=today&assigned=none', 'status=new&due=today&assigned=none', 0],
    ['due=week&assigned=me&sort=follow-up', 'due=week&assigned=me&sort=follow-up', 0],
    ['source=google&from..to&sort=name', `source=google&from=${month.from}&to=${month.to}&sort=name`, 0],
    [`assigned=<other>&status=interested`, `assigned=${staffIds[2]}&status=interested`, 0],
    ['q=sharma (name part, many)', q('sharma'), 0],
    ['q=vikram jo (name part, few)', q('vikram jo'), 0],
    ['q=शर्मा (Devanagari name part)', q('शर्मा'), 0],
    ['q=<5 digits of a mobile>', q(sample.phone_norm.slice(3, 8)), 0],
    ['q=+91 <whole mobile>', q(`+91 ${sample.phone_norm}`), 0],
    ['q=<e-mail part with @>', q(sample.email_norm.slice(-18)), 0],
    ['q=@yahoo.in (e-mail, many)', q('@yahoo.in'), 0],
    ['q=<reference>', q(sample.reference.toLowerCase()), 0],
    ['q=sharma&status=new&sort=name', `${q('sharma')}&status=new&sort=name`, 0],
    ['q=zzzz (no match)', q('zzzz'), 0],
    ['export: source=facebook&status=lost (CSV)', 'source=facebook&status=lost', 0, 'export'],
  ].map(([name, query, skip, kind = 'list']) => ({ name, query, skip, kind }));
}

/** The leads' SQL conditions of a query string, for EXPLAIN (the functions' own filter module). */
async function explainer(dir, client, staffId) {
  const outfile = path.join(dir, 'lead-filter.mjs');
  await build({
    stdin: {
      contents: "export { leadConditions } from './functions/_shared/leads/lead-filter.ts'; export { LeadFilterSchema } from './src/lib/schemas/lead.ts';",
      resolveDir: projectRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  const { leadConditions, LeadFilterSchema } = await import(pathToFileURL(outfile).href);
  const ORDER = { newest: 'l.created_at desc, l.id desc', oldest: 'l.created_at, l.id', 'follow-up': 'l.follow_up_on, l.id', name: 'lower(l.name), l.id' };
  return async (query) => {
    const { sort, ...filter } = LeadFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const params = [];
    const where = leadConditions(filter, staffId, params);
    if (sort === 'follow-up') where.push('l.follow_up_on is not null');
    const text = `explain select l.id from leads l ${where.length ? `where ${where.join(' and ')}` : ''} order by ${ORDER[sort]} limit 51`;
    const plan = (await client.query(text, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const used = [...new Set([...plan.matchAll(/(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]))];
    return used.length ? used.join(', ') : plan.includes('Seq Scan') ? 'Seq Scan' : plan.split('\n')[0];
  };
}

/** Runs every scenario on one database; resolves to rows of the table. */
async function benchOn(label, databaseUrl) {
  const dir = mkdtempSync(path.join(scratch, `${label}-`));
  const started = performance.now();
  const { database, url } = await openDatabase(dir, databaseUrl);
  const data = await seed(url, rowCount);
  console.log(`${label}: database ready and seeded with ${rowCount.toLocaleString('en-IN')} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const plans = {};
  if (values.explain) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const explain = await explainer(dir, client, data.staffIds[0]);
    for (const s of scenariosFor(data)) if (s.kind === 'list' && !s.skip) plans[s.name] = await explain(s.query);
    await client.end();
  }

  const relay = await countRoundTrips(url, { serialize: !databaseUrl });

  // Fresh bundles for each database: a bundle keeps its environment and pool once it has run.
  const handlers = {
    list: (await import(pathToFileURL(await bundleFunction('admin-leads', dir)).href)).default,
    export: (await import(pathToFileURL(await bundleFunction('admin-leads-export', dir)).href)).default,
  };
  const routes = { list: '/api/admin/leads', export: '/api/admin/leads/export.csv' };
  /** Rows given: a list page's items, or an export's lines without header and final line end. */
  const call = async (kind, query) => {
    const body = await invoke(handlers[kind], `${routes[kind]}?${query}`, data.cookie);
    return kind === 'list' ? JSON.parse(body).items.length : body.split('\r\n').length - 2;
  };
  /** The cursor `depth` rows into a list, reached by walking it 100 rows at a time. */
  const deepCursor = async (query, depth) => {
    let after = null;
    for (let seen = 0; seen < depth; seen += 100) {
      const target = `${routes.list}?${query}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      after = JSON.parse(await invoke(handlers.list, target, data.cookie)).next;
    }
    return after;
  };

  const results = [];
  try {
    for (const { name, query, skip, kind } of scenariosFor(data)) {
      const target = skip ? `${query}&after=${encodeURIComponent(await deepCursor(query, skip))}` : query;
      const { last: items, ...times } = await timeCalls(() => call(kind, target), kind === 'export' ? Math.min(calls, 10) : calls, relay.roundTrips);
      results.push({ name, kind, ...times, items, plan: plans[name] });
    }
  } finally {
    await relay.close();
    await database.close();
  }
  return results;
}

let failed = [];
try {
  const runs = await onEachDatabase(values.only, benchOn);
  const labels = Object.keys(runs);
  const names = runs[labels[0]].map((r) => r.name);
  const width = Math.max(...names.map((n) => n.length));
  console.log(
    `\nLeads inbox: ${rowCount.toLocaleString('en-IN')} leads, ${calls} calls each (the export 10) after 3 warm-up calls, in-process, sequential; times in ms; budget p95 ≤ ${budget} ms for list and search.`,
  );
  console.log(`${'GET /api/admin/leads?…'.padEnd(width)} | ${labels.map((l) => `${l.padEnd(6)}   p50    p95    max`.padEnd(21)).join(' | ')} |  rows | trips`);
  console.log(`${'-'.repeat(width)}-|-${labels.map(() => '-'.repeat(21)).join('-|-')}-|-------|------`);
  for (const [i, name] of names.entries()) {
    const first = runs[labels[0]][i];
    console.log(
      `${name.padEnd(width)} | ${labels.map((l) => formatTimes(runs[l][i]).padStart(21)).join(' | ')} | ${String(first.items).padStart(5)} | ${first.trips}`,
    );
    for (const l of labels) if (runs[l][i].kind === 'list' && runs[l][i].p95 > budget) failed.push(`${l}: ${name} p95 ${runs[l][i].p95.toFixed(1)} ms`);
  }
  if (values.explain) {
    console.log('\nIndexes chosen (EXPLAIN of the filter with its sort, limit 51):');
    for (const l of labels) {
      console.log(`  ${l}:`);
      for (const r of runs[l]) if (r.plan) console.log(`    ${r.name.padEnd(width)}  ${r.plan}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failed.length) {
  console.error(`\nOver the budget of ${budget} ms at p95:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nEvery list and search call is within ${budget} ms at p95.`);
