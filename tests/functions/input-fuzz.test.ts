/**
 * Bad input is a 400 (or another 4xx), never a 500, and nothing of it is stored: every endpoint
 * that takes text gets, in each of its body fields, query parameters, path parameters and form
 * fields, a NUL, other control characters (C0, DEL, C1), lone surrogates (half an emoji), a very
 * long text, and where the place holds one, an impossible paging cursor (`2026-13-45 25:61:61`,
 * `2026-02-30`, an id beyond Postgres' bigint), id, day or version. The list of endpoints is
 * checked against functions/*.ts, so a new function is either fuzzed here or named as taking no
 * text. The functions run in this process on a database of their own (scripts/in-process.mjs),
 * staff endpoints with a staff member signed in with password and authenticator.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../scripts/staff.mjs';
import { FORMS, fieldsOf } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { BASE, closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { answersOf, newEmail, newMobile } from '../support/form-answers';
import { policyFor, uploadDocuments } from '../support/in-process-forms';
import { quickPasswordHash } from '../support/quick-password';
import { enrol, passwordStep } from '../support/staff-session';

const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions', import.meta.url));
/** Every fuzzed text begins with this, so that anything stored of it can be found. */
const MARK = 'Fuzz';

/** What a person cannot have typed, in a text field (each is refused, with a message naming the field). */
const TEXTS: [string, string][] = [
  ['a NUL', `${MARK}\u0000Kumar`],
  ['a bell (C0)', `${MARK}\u0007Kumar`],
  ['an escape sequence', `${MARK}\u001b[2JKumar`],
  ['DEL', `${MARK}\u007fKumar`],
  ['a C1 next-line', `${MARK}\u0085Kumar`],
  ['a C1 control sequence', `${MARK}\u009b31mKumar`],
  ['a lone high surrogate', `${MARK}\ud83dKumar`],
  ['a lone low surrogate', `${MARK}\ude00Kumar`],
  ['a very long text', `${MARK}${'x'.repeat(5000)}`],
];
/** The same in an address: a lone surrogate cannot travel in a URL (it arrives as U+FFFD, which is text). */
const URL_TEXTS = TEXTS.filter(([label]) => !label.includes('surrogate'));
/** A path's id: not digits, or beyond Postgres' bigint. */
const IDS: [string, string][] = [
  ['a NUL', `1\u0000`],
  ['text with a NUL', `${MARK}\u0000`],
  ['bigint + 1', '9223372036854775808'],
  ['20 digits', '99999999999999999999'],
  ['zero', '0'],
  ['a negative id', '-1'],
  ['an exponent', '1e3'],
  ['a very long text', `${MARK}${'9'.repeat(5000)}`],
];
const cursor = (...parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const UUID = '00000000-0000-4000-8000-000000000000';
/** `after` of a list paged by id alone. */
const ID_CURSORS: [string, string][] = [
  ['an id beyond bigint', cursor('9223372036854775808')],
  ['an id of 19 nines', cursor('9999999999999999999')],
  ['a NUL', cursor('1\u0000')],
  ['not base64 JSON', `${MARK}\u0000`],
];
/** `after` of a list paged by time and id (the audit log). */
const TIME_CURSORS = (second: string): [string, string][] => [
  ['month 13, hour 25', cursor('2026-13-45 25:61:61+00', second)],
  ['30 February', cursor('2026-02-30 10:00:00+00', second)],
  ['year 0', cursor('0000-01-01 00:00:00+00', second)],
  ['an offset of 99 hours', cursor('2026-05-01 10:00:00+99', second)],
  ['a NUL', cursor('2026-05-01 10:00:00\u0000+00', second)],
];
/** `after` of the leads list, for each of its sorts. */
const LEAD_CURSORS: [string, string][] = [
  ...TIME_CURSORS('1').map(([label, value]): [string, string] => [
    label,
    cursor('newest', ...(JSON.parse(Buffer.from(value, 'base64url').toString()) as string[])),
  ]),
  ['an id beyond bigint', cursor('newest', '2026-05-01 10:00:00+00', '9223372036854775808')],
  ['follow-up on 30 February', cursor('follow-up', '2026-02-30', '1')],
  ['follow-up in month 13', cursor('follow-up', '2026-13-01', '1')],
  ['a name with a NUL', cursor('name', `${MARK}\u0000`, '1')],
  ['a name with a lone surrogate', cursor('name', `${MARK}\ud800`, '1')],
  ['a name and an id beyond bigint', cursor('name', 'asha', '9223372036854775808')],
];
/** A day that does not exist, or is not a day. */
const DAYS: [string, string][] = [
  ['30 February', '2026-02-30'],
  ['year 0', '0000-01-01'],
  ['month 13', '2026-13-45'],
  ['a NUL', `${MARK}\u0000`],
  ['year 1', '0001-01-01'],
  ['the last day of year 9999', '9999-12-31'],
  ['year 10000', '10000-01-01'],
];
/** A month that is not one, or lies outside the years the office works in. */
const MONTHS: [string, string][] = [
  ['year 0', '0000-01'],
  ['year 1', '0001-01'],
  ['December 9999', '9999-12'],
  ['year 10000', '10000-01'],
  ['month 13', '2026-13'],
  ['a NUL', `${MARK}\u0000`],
];
/** A version an edit was based on that no row can have. */
const VERSIONS: [string, unknown][] = [
  ['beyond integer', 2_147_483_648],
  ['1e20', 1e20],
  ['zero', 0],
  ['a fraction', 1.5],
  ['text with a NUL', `${MARK}\u0000`],
];
const VERSION_PARAMS: [string, string][] = [
  ['beyond integer', '2147483648'],
  ['20 digits', '99999999999999999999'],
  ['1e20', '1e20'],
  ['a NUL', `1\u0000`],
];
const LIMITS: [string, string][] = [
  ['zero', '0'],
  ['20 digits', '99999999999999999999'],
  ['a NUL', `1\u0000`],
];

/** One request as the fuzz sends it; each value goes into a fresh one. */
interface Probe {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Multipart fields instead of JSON. */
  form?: Record<string, string | Blob>;
  params?: Record<string, string>;
  cookie?: string;
  token?: string;
}

/** A request of an endpoint and the places its values are fuzzed. */
interface Case {
  /** What the request is, when every value in it is valid (made afresh for each value). */
  probe: () => Promise<Probe>;
  /** Dot paths into the JSON body (or names of multipart fields). */
  body?: string[];
  query?: string[];
  params?: string[];
  /** Other values than TEXTS / URL_TEXTS / IDS for a place. */
  values?: Record<string, readonly (readonly [string, unknown])[]>;
}

/**
 * The functions that take no text from a request: no body, no query parameters, no path
 * parameters (request headers cannot carry a NUL or a lone surrogate: fetch refuses them).
 */
const NO_TEXT: Record<string, string> = {
  'admin-dashboard': 'GET without parameters',
  'admin-logout': 'POST without a body',
  'admin-logout-all': 'POST without a body',
  'admin-me': 'GET without parameters',
  'admin-timetable': 'GET without parameters',
  'admin-practice-overview': 'GET without parameters',
  'user-logout': 'POST without a body; the token is a header',
  'user-logout-all': 'POST without a body; the token is a header',
  'user-me': 'GET; the token is a header',
  'user-classes': 'GET; the token is a header',
  'user-fees': 'GET; the token is a header',
  'user-data': 'GET; the token is a header',
  'admin-rights-requests': 'GET without parameters',
  'user-consents': 'GET; the token is a header',
  'admin-fees-claims': 'GET without parameters',
  tests: 'GET; the token is a header',
  'tests-deadlines': 'scheduled, no public path',
  visitor: 'GET without parameters',
  'jobs-page': 'GET of the /jobs page; its query is never read',
  housekeeping: 'scheduled, no public path',
  'follow-ups-digest': 'scheduled, no public path (its local-only ?day= is taken only as a real day)',
};

// ---- What the probes need: a signed-in staff member, a student, records and leads to act on. ----

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client);

let staffCookie = '';
let adminId = '';
let colleague: { id: string; email: string; password: string };
let adminLogin: { email: string; password: string };
let studentToken = '';
let studentEmail = '';
let record: Record<'course' | 'job' | 'student' | 'marquee', string>;
let application: { leadId: string; uploadId: string; personId: string };
let outboxId = '';

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;
const mobile = newMobile;
const email = () => newEmail('fuzz');

/** Calls function `name` in this process; the answer's status (limits are emptied first: they are not what is tested here). */
async function call(name: string, probe: Probe): Promise<{ status: number; response: Response }> {
  await sql('delete from rate_limits');
  const url = new URL(probe.path, BASE);
  for (const [key, value] of Object.entries(probe.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {};
  if (probe.cookie) headers['cookie'] = probe.cookie;
  if (probe.token) headers['token'] = probe.token;
  let body: BodyInit | null = null;
  if (probe.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(probe.form)) form.append(key, value);
    body = form;
  } else if (probe.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(probe.body);
  }
  const { response, settled } = await fx.call(name, new Request(url, { method: probe.method, headers, body }), { params: probe.params ?? {} });
  await settled();
  return { status: response.status, response };
}

/** Documents uploaded for each form's fuzz, used until an answer takes them (a request that was wrongly accepted). */
const fills: Partial<Record<ApplicationForm, { draft: string; documents: Record<string, string> }>> = {};
async function fillOf(form: ApplicationForm) {
  if (!fills[form]) {
    const draft = randomUUID();
    fills[form] = { draft, documents: await uploadDocuments(fx, form, draft) };
  }
  return fills[form];
}

/** A new enquiry lead of a new person, as the Apply dialog leaves it (status `status`). */
async function enquiryLead(status = 'new'): Promise<{ id: string; version: number }> {
  const phone = mobile();
  const [lead] = await sql<{ id: string }>(
    `with p as (insert into people default values returning id)
     insert into leads (reference, kind, form, status, name, email, email_norm, phone, phone_norm, person_id, course)
     select $1, 'application', 'apply-form', $2, 'Asha Verma', $3, $3, $4, $5, p.id, 'RS-CIT (Basic)' from p returning id::text`,
    [`AP-2026-9${unique().slice(-6)}`, status, email(), `+91${phone}`, phone],
  );
  return { id: lead!.id, version: 1 };
}

/** The application lead, set back to `status` (at its current version) before each probe. */
async function applicationAt(status: string): Promise<{ id: string; version: number }> {
  const [lead] = await sql<{ version: number }>(`update leads set status = $2 where id = $1 returning version`, [application.leadId, status]);
  return { id: application.leadId, version: lead!.version };
}

/** A request about a person's data waiting for an answer (id). */
const openRightsRequest = async () =>
  (
    await sql<{ id: string }>(
      `insert into rights_requests (reference, kind, name, phone, details, answer_by) values ($1, 'copy', 'Asha Verma', '9829012345', 'A copy please.', current_date + 30) returning id::text`,
      [`DR-FUZZ-${unique()}`],
    )
  )[0]!.id;

/** The version a record of `table` has now. */
const versionOf = async (table: string, id: string) => (await sql<{ version: number }>(`select version from ${table} where id = $1`, [id]))[0]!.version;

const staff = (probe: Omit<Probe, 'cookie'>): Probe => ({ ...probe, cookie: staffCookie });
const post = (route: string, body: Record<string, unknown>, extra: Partial<Probe> = {}): Probe => ({ method: 'POST', path: route, body, ...extra });

/** The application forms' fuzz: every field of the form, a document and the draft. */
const applicationCase = (form: ApplicationForm): Case => ({
  probe: async () => {
    const fill = await fillOf(form);
    return post(FORMS[form].endpoint, { ...answersOf(form), documents: { ...fill.documents }, draft: fill.draft, consent: true });
  },
  body: [...fieldsOf(FORMS[form]).map((f) => f.name), 'draft', `documents.${FORMS[form].documents[0]!.slot}`],
});

const courseFields = () => ({
  title: 'Tally Prime with GST',
  category: 'Accounting',
  price: 4200,
  duration: '3 months',
  description: 'Accounts, GST and payroll in Tally.',
  image: '/images/tally.jpg',
});
const jobFields = () => ({
  role: 'Computer Operator',
  company: 'Pali Traders',
  location: 'Pali',
  type: 'Full-Time',
  experience: 'Fresher',
  qualification: '12th pass with RS-CIT',
  salary: '12,000 a month',
  candidate: 'Local candidates',
  post: '2',
  applyLink: 'https://example.in/apply',
});
const studentFields = () => ({ name: 'Asha Verma', email: email(), phone: mobile(), course: 'RS-CIT', registrationDate: '2026-06-01' });
/** A batch's fields for a POST or PUT: a name and room of its own, so no two clash. */
const batchFields = () => ({
  courseId: record.course,
  name: `Probe batch ${unique()}`,
  startsOn: '2027-01-04',
  endsOn: '2027-03-31',
  days: [1, 3, 5],
  startsAt: '09:00',
  endsAt: '10:30',
  room: `Room ${unique()}`,
  seats: 20,
  status: 'planned',
});
/** A batch of its own (id), inserted for one probe. */
const newBatch = async () =>
  (
    await sql<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats)
       values ($1, $2, '2027-01-04', '2027-03-31', '{1,3,5}', '09:00', '10:30', $3, 20) returning id::text`,
      [record.course, `Probe batch ${unique()}`, `Room ${unique()}`],
    )
  )[0]!.id;
/** A batch with the shared student on its roster, in `status` there (id). */
const rosterOf = async (status = 'active') => {
  const batch = await newBatch();
  await sql('insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [batch, record.student, status]);
  return batch;
};
/** A certificate of its own (its number), issued to the shared student. */
const newCertificate = async () => {
  const number = `PCI-2026-${Array.from(randomUUID().replace(/-/g, '').slice(0, 6), (c) => '23456789ABCDEFGHJKMNPQRSTUVWXYZ'[parseInt(c, 16)]).join('')}`;
  await sql(
    `insert into certificates (number, student_id, student_name, course, starts_on, ends_on, issued_on) values ($1, $2, 'Asha Verma', 'Tally Prime', '2026-01-05', '2026-03-27', '2026-03-30')`,
    [number, record.student],
  );
  return number;
};
/** A student of their own owing one ₹3,000 due (id), for a Collect. */
const newDueStudent = async () => {
  const [row] = await sql<{ id: string }>(`insert into students (name, email, course) values ('Asha Verma', $1, 'Tally Prime') returning id::text`, [email()]);
  await sql(`insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on) values ($1, $2, 1, 'Course fee', 300000, '2026-06-01')`, [
    `DF${unique()}`,
    row!.id,
  ]);
  return row!.id;
};
/** A cash receipt of its own for the shared student (id), to cancel. */
const newReceipt = async () =>
  (
    await sql<{ id: string }>(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
       values ($1, '26-27', $2, 50000, 'cash', '2026-06-01', 'Asha Admin') returning id::text`,
      [`FZ/${unique()}`.slice(0, 16), record.student],
    )
  )[0]!.id;
/** A refund of ₹100 from a new receipt, in `status` (an approved one can be paid, a requested one decided). */
const newRefund = async (status: 'requested' | 'approved') => {
  const receiptId = await newReceipt();
  return (
    await sql<{ id: string }>(
      `insert into fee_refunds (student_id, receipt_id, returns, amount_paise, reason, status, requested_by_name, decided_by_name, decided_at)
       values ($1, $2, 'receipt', 10000, 'Asked for in a test.', $3, 'Asha Admin', $4, $5) returning id::text`,
      [record.student, receiptId, status, status === 'approved' ? 'Asha Admin' : null, status === 'approved' ? new Date() : null],
    )
  )[0]!.id;
};
/** An overdue due of the fuzz's student (a reminder of it is accepted). */
const newDue = async () =>
  (
    await sql<{ id: string }>(
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 250000, current_date - 3) returning id::text`,
      [record.student],
    )
  )[0]!.id;
/** A due of the signed-in student's own record (made once), which their UPI reports name. */
let feeDue = '';
async function studentDue(): Promise<string> {
  if (!feeDue) {
    const [student] = await sql<{ id: string }>(
      `insert into students (name, email, phone, course, user_id) select 'Asha Verma', $1, '9829012345', 'Tally Prime', id from users where email = $1 returning id::text`,
      [studentEmail],
    );
    feeDue = (
      await sql<{ id: string }>(
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 900000, '2026-07-01') returning id::text`,
        [student!.id],
      )
    )[0]!.id;
  }
  return feeDue;
}
let utrs = 0;
/** A UTR no probe has used. */
const newUtr = () => `5${String(Date.now() % 1e8).padStart(8, '0')}${String((utrs += 1) % 1000).padStart(3, '0')}`;
/** A UPI report of the student's due waiting for staff (id), one per probe. */
const pendingClaim = async () =>
  (
    await sql<{ id: string }>(
      `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) select student_id, id, 100, $2, '2026-07-01' from fee_dues where id = $1 returning id::text`,
      [await studentDue(), newUtr()],
    )
  )[0]!.id;
/** A course of its own (id), for a fee plan of one probe. */
const newCourse = async () =>
  (
    await sql<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 4500, '3 months', 'Vouchers.', '/logo.svg') returning id::text`,
      [`Probe course ${unique()}`],
    )
  )[0]!.id;
/** A fee plan of ₹9,000 in two instalments for a course of its own (id). */
const newPlan = async () => {
  const [plan] = await sql<{ id: string }>(`insert into fee_plans (course_id, total_paise) values ($1, 900000) returning id::text`, [await newCourse()]);
  await sql(`insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 450000, 0), ($1, 2, 450000, 1)`, [plan!.id]);
  return plan!.id;
};
/** A ₹3,000 due of the shared student, falling due in 2027 (id). */
const newPlanDue = async () =>
  (
    await sql<{ id: string }>(
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 300000, '2027-01-05') returning id::text`,
      [record.student],
    )
  )[0]!.id;
/** A fee plan's body: for a course of its own when none is given. */
const planFields = async (courseId?: string) => ({
  courseId: courseId ?? (await newCourse()),
  total: '9,000',
  lateFee: '200',
  graceDays: 5,
  instalments: [
    { amount: '4500', dueMonths: 0 },
    { amount: '4500', dueOn: '2027-02-01' },
  ],
});
const PLAN_TEXT = ['courseId', 'total', 'lateFee', 'graceDays', 'instalments.0.amount', 'instalments.0.dueMonths', 'instalments.1.dueOn'];
const PLAN_VALUES = { courseId: IDS, 'instalments.1.dueOn': DAYS };
const COURSE_TEXT = ['title', 'category', 'duration', 'description', 'image'];
const JOB_TEXT = ['role', 'company', 'location', 'type', 'experience', 'qualification', 'salary', 'candidate', 'post', 'applyLink', 'closesOn'];
const LEAD_FILTERS = ['kind', 'status', 'source', 'form', 'course', 'from', 'to', 'due', 'assigned', 'q', 'sort'];
const leadFilterValues = { from: DAYS, to: DAYS };

/** A chapter of the fuzz's course with 12 easy questions, and a drawn test of 10 of them (ids). */
async function newPracticeTest(): Promise<{ testId: string; chapterId: string }> {
  const [chapter] = await sql<{ id: string }>(`insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, 'अध्याय') returning id::text`, [
    record.course,
    `Probe chapter ${unique()}`,
  ]);
  const questions = await sql<{ id: string }>(
    `insert into questions (course_id, chapter_id, difficulty) select $1, $2, 'easy' from generate_series(1, 12) returning id::text`,
    [record.course, chapter!.id],
  );
  await sql(
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct)
     select id, 1, 'Which key saves?', 'कौन सी कुंजी सहेजती है?', '[{"en":"Ctrl+S","hi":"Ctrl+S"},{"en":"Ctrl+P","hi":"Ctrl+P"}]', '{0}' from unnest($1::bigint[]) id`,
    [questions.map((q) => q.id)],
  );
  const [test] = await sql<{ id: string }>(
    `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks) values ($1, $2, 'अभ्यास', 'drawn', 20, 100, 400) returning id::text`,
    [record.course, `Probe test ${unique()}`],
  );
  await sql(`insert into practice_test_draws (test_id, chapter_id, count) values ($1, $2, 10)`, [test!.id, chapter!.id]);
  return { testId: test!.id, chapterId: chapter!.id };
}
/** A test opened now to a batch of the fuzz's course (id). */
async function newPracticeOpening(): Promise<string> {
  const { testId } = await newPracticeTest();
  const [opening] = await sql<{ id: string }>(
    `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '1 day', 'Probe') returning id::text`,
    [testId, await newBatch()],
  );
  return opening!.id;
}
/** A practice test's body drawing from `chapterId`. */
const practiceTestFields = (chapterId: string) => ({
  courseId: record.course,
  title: { en: `Probe mock ${unique()}`, hi: 'अभ्यास परीक्षा' },
  pattern: 'custom',
  kind: 'drawn',
  draws: [{ chapterId, difficulty: 'easy', count: 10 }],
  questionIds: [],
  durationMinutes: 20,
  marksPerQuestion: 100,
  negativeMarks: 0,
  passMarks: 400,
  attemptsAllowed: 1,
  showAnswers: true,
});
const PRACTICE_TEST_TEXT = [
  'courseId',
  'title.en',
  'title.hi',
  'pattern',
  'kind',
  'draws.0.chapterId',
  'draws.0.difficulty',
  'draws.0.count',
  'durationMinutes',
  'marksPerQuestion',
  'negativeMarks',
  'passMarks',
  'attemptsAllowed',
  'showAnswers',
];
/** India's date and time as staff type it, and impossible ones. */
const MOMENTS: [string, string][] = [
  ['30 February', '2027-02-30T10:00'],
  ['hour 25', '2027-01-04T25:00'],
  ['year 0', '0000-01-04T10:00'],
  ['a NUL', '2027-01-04T10:00\u0000'],
  ['seconds and an offset', '2027-01-04T10:00:00+05:30'],
];

/** The fuzz student's practice test: a fixed paper of two questions opened to a batch of theirs (made once). */
let practice: { openingId: string; testId: string; studentId: string; paper: string } | null = null;
async function practiceTest() {
  if (practice) return practice;
  const course = await newCourse();
  const [chapter] = await sql<{ id: string }>(
    `insert into course_chapters (course_id, title_en, title_hi) values ($1, 'Basics', 'मूल बातें') returning id::text`,
    [course],
  );
  const questions = await sql<{ id: string }>(
    `with q as (insert into questions (course_id, chapter_id, difficulty) select $1, $2, 'easy' from generate_series(1, 2) returning id)
     insert into question_versions (question_id, version, text_en, text_hi, options, correct)
     select id, 1, 'What is a mouse?', 'माउस क्या है?', '[{"en": "A device", "hi": "एक उपकरण"}, {"en": "A file", "hi": "एक फ़ाइल"}]', '{0}' from q
     returning question_id::text as id`,
    [course, chapter!.id],
  );
  const [test] = await sql<{ id: string }>(
    `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks, attempts_allowed)
     values ($1, 'Probe test', 'जाँच टेस्ट', 'fixed', 15, 100, 100, 50) returning id::text`,
    [course],
  );
  await sql(`insert into practice_test_questions (test_id, position, question_id) select $1, p, q from unnest($2::bigint[]) with ordinality as x(q, p)`, [
    test!.id,
    questions.map((q) => q.id),
  ]);
  const [batch] = await sql<{ id: string }>(
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
     values ($1, $2, current_date - 10, current_date + 60, '{1,2,3,4,5,6}', '07:00', '08:00', 'Lab 1', 30, 'running') returning id::text`,
    [course, `Probe batch ${unique()}`],
  );
  const [student] = await sql<{ id: string }>(
    `insert into students (name, email, course, user_id) select 'Asha Verma', $1, 'CCC', id from users where email = $1 returning id::text`,
    [studentEmail],
  );
  await sql('insert into batch_students (batch_id, student_id) values ($1, $2)', [batch!.id, student!.id]);
  const [opening] = await sql<{ id: string }>(
    `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '1 day', 'Asha Admin') returning id::text`,
    [test!.id, batch!.id],
  );
  const paper = JSON.stringify(questions.map((q) => ({ q: Number(q.id), v: 1, chapter: Number(chapter!.id), order: [1, 0] })));
  practice = { openingId: opening!.id, testId: test!.id, studentId: student!.id, paper };
  return practice;
}
/** Closes the fuzz student's open attempts, so a new one may start. */
async function noOpenAttempt() {
  const { studentId } = await practiceTest();
  await sql(`update practice_attempts set submitted_at = now(), submitted_by = 'student' where student_id = $1 and submitted_at is null`, [studentId]);
}
/** A new attempt of the fuzz student, in progress (id). */
async function openAttempt(): Promise<string> {
  const { openingId, testId, studentId, paper } = await practiceTest();
  await noOpenAttempt();
  const [attempt] = await sql<{ id: string }>(
    `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, deadline_at)
     select $1, $2, $3, coalesce(max(number), 0) + 1, $4::jsonb, '{"marks": 100, "negative": 0, "pass": 100, "showAnswers": true}', now() + interval '15 minutes'
       from practice_attempts where test_id = $2 and student_id = $3
     returning id::text`,
    [openingId, testId, studentId, paper],
  );
  return attempt!.id;
}
/** A submitted attempt of the fuzz student (id). */
async function submittedAttempt(): Promise<string> {
  const id = await openAttempt();
  await sql(
    `update practice_attempts set submitted_at = now(), submitted_by = 'student', score = 0, max_score = 200, passed = false, correct_count = 0, answered_count = 0, chapter_scores = '[]', unsent_count = 0 where id = $1`,
    [id],
  );
  return id;
}
const ANSWER_TEXT = ['answers.0.position', 'answers.0.chosen', 'answers.0.chosen.0', 'answers.0.review', 'answers.0.at'];
const answersNow = () => [{ position: 1, chosen: [0], review: false, at: new Date().toISOString() }];

/** Every endpoint that takes text, by its function's file name. */
/** A file of one new student of the fuzz's course, as the student import takes it. */
async function importFile(): Promise<Record<string, unknown>> {
  const [course] = await sql<{ title: string }>('select title from courses where id = $1', [record.course]);
  const row = {
    row: 2,
    name: 'Asha Verma',
    mobile: mobile(),
    email: email(),
    guardian: 'Ramesh Verma',
    guardianMobile: mobile(),
    course: course!.title,
    batch: '',
    joinedOn: '25/11/2026',
    language: 'Hindi',
  };
  return { fileName: 'students.xlsx', rows: [row] };
}
/** Every place of the import's body. */
const IMPORT_BODY = [
  'fileName',
  'rows.0.row',
  'rows.0.name',
  'rows.0.mobile',
  'rows.0.email',
  'rows.0.guardian',
  'rows.0.guardianMobile',
  'rows.0.course',
  'rows.0.batch',
  'rows.0.joinedOn',
  'rows.0.language',
];

/** A chapter of the fuzz's course (made once), and a question in it (made once): what the bank's probes edit. */
let bankRecords: { chapter: string; question: string } | null = null;
async function practiceRecords(): Promise<{ chapter: string; question: string }> {
  if (bankRecords) return bankRecords;
  const [chapter] = await sql<{ id: string }>(
    `insert into course_chapters (course_id, title_en, title_hi) values ($1, 'Computer basics', 'कंप्यूटर की बुनियादी बातें') returning id::text`,
    [record.course],
  );
  const [question] = await sql<{ id: string }>(`insert into questions (course_id, chapter_id, difficulty) values ($1, $2, 'easy') returning id::text`, [
    record.course,
    chapter!.id,
  ]);
  await sql(
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct) values ($1, 1, 'What is a mouse?', 'माउस क्या है?', '[{"en":"A","hi":"क"},{"en":"B","hi":"ख"}]', '{0}')`,
    [question!.id],
  );
  bankRecords = { chapter: chapter!.id, question: question!.id };
  return bankRecords;
}
/** A question's fields in the fuzz's chapter. */
const questionFields = async () => ({
  courseId: record.course,
  chapterId: (await practiceRecords()).chapter,
  difficulty: 'easy',
  textEn: 'Which device is used to point?',
  textHi: 'इशारा करने के लिए कौन सा उपकरण है?',
  options: [
    { en: 'Mouse', hi: 'माउस' },
    { en: 'Printer', hi: 'प्रिंटर' },
  ],
  correct: [0],
  explanationEn: 'A mouse points.',
  explanationHi: 'माउस इशारा करता है।',
  keepOrder: false,
  picture: null,
});
const QUESTION_TEXT = [
  'courseId',
  'chapterId',
  'difficulty',
  'textEn',
  'textHi',
  'options.0.en',
  'options.0.hi',
  'options.1.en',
  'options.1.hi',
  'correct',
  'explanationEn',
  'explanationHi',
  'keepOrder',
  'picture',
];
/** A file of one question for the fuzz's chapter, as the question import takes it. */
async function questionFile(): Promise<Record<string, unknown>> {
  await practiceRecords();
  const [course] = await sql<{ title: string }>('select title from courses where id = $1', [record.course]);
  const row = {
    row: 2,
    course: course!.title,
    chapter: 'Computer basics',
    difficulty: 'Easy',
    textEn: 'What is a byte?',
    textHi: 'बाइट क्या है?',
    option1En: '8 bits',
    option1Hi: '8 बिट',
    option2En: '4 bits',
    option2Hi: '4 बिट',
    correct: '1',
    explanationEn: 'A byte is 8 bits.',
    explanationHi: 'एक बाइट 8 बिट का होता है।',
    keepOrder: 'No',
  };
  return { fileName: 'questions.xlsx', rows: [row] };
}
const QUESTION_IMPORT_BODY = [
  'fileName',
  'rows.0.row',
  ...[
    'course',
    'chapter',
    'difficulty',
    'textEn',
    'textHi',
    'option1En',
    'option1Hi',
    'option2En',
    'option2Hi',
    'correct',
    'explanationEn',
    'explanationHi',
    'keepOrder',
  ].map((k) => `rows.0.${k}`),
];

const FUZZ: Record<string, Case[]> = {
  'admin-practice-tests': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/tests', query: { course: record.course, archived: '1' } }),
      query: ['course', 'archived'],
      values: { course: IDS },
    },
    {
      probe: async () => staff(post('/api/admin/practice/tests', practiceTestFields((await newPracticeTest()).chapterId))),
      body: PRACTICE_TEST_TEXT,
      values: { courseId: IDS, 'draws.0.chapterId': IDS },
    },
  ],
  'admin-practice-test': [
    {
      probe: async () => {
        const { testId: id } = await newPracticeTest();
        return staff({ method: 'GET', path: `/api/admin/practice/tests/${id}`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const { testId: id, chapterId } = await newPracticeTest();
        return staff({ method: 'PATCH', path: `/api/admin/practice/tests/${id}`, params: { id }, body: { ...practiceTestFields(chapterId), version: 1 } });
      },
      body: [...PRACTICE_TEST_TEXT, 'version'],
      params: ['id'],
      values: { courseId: IDS, 'draws.0.chapterId': IDS, version: VERSIONS },
    },
    {
      probe: async () => {
        const { testId: id } = await newPracticeTest();
        return staff({ method: 'DELETE', path: `/api/admin/practice/tests/${id}`, params: { id }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  'admin-practice-test-bank': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/test-bank', query: { course: record.course } }),
      query: ['course'],
      values: { course: IDS },
    },
  ],
  'admin-practice-openings': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/openings', query: { test: (await newPracticeTest()).testId } }),
      query: ['test'],
      values: { test: IDS },
    },
    {
      probe: async () =>
        staff(
          post('/api/admin/practice/openings', {
            testId: (await newPracticeTest()).testId,
            batchId: await newBatch(),
            opensAt: '2027-01-04T10:00',
            closesAt: '2027-01-11T18:00',
          }),
        ),
      body: ['testId', 'batchId', 'opensAt', 'closesAt'],
      values: { testId: IDS, batchId: IDS, opensAt: MOMENTS, closesAt: MOMENTS },
    },
  ],
  'admin-practice-opening': [
    {
      probe: async () => {
        const id = await newPracticeOpening();
        return staff({
          method: 'PATCH',
          path: `/api/admin/practice/openings/${id}`,
          params: { id },
          body: { opensAt: '2027-01-04T10:00', closesAt: '2027-01-11T18:00', version: 1 },
        });
      },
      body: ['opensAt', 'closesAt', 'version'],
      params: ['id'],
      values: { opensAt: MOMENTS, closesAt: MOMENTS, version: VERSIONS },
    },
    {
      probe: async () => {
        const id = await newPracticeOpening();
        return staff({ method: 'PATCH', path: `/api/admin/practice/openings/${id}`, params: { id }, body: { close: true, version: 1 } });
      },
      body: ['close', 'version'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => {
        const id = await newPracticeOpening();
        return staff({ method: 'DELETE', path: `/api/admin/practice/openings/${id}`, params: { id }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  apply: [
    {
      probe: async () =>
        post('/api/apply', { age: 'adult', name: 'Asha Verma', email: email(), phone: mobile(), department: 'dl', course: 'RS-CIT (Basic)', consent: true }),
      body: ['age', 'name', 'email', 'phone', 'department', 'course'],
    },
    {
      // An under-18's application: the guardian's details (held for their consent).
      probe: async () =>
        post('/api/apply', {
          age: 'minor',
          guardian: { name: 'Sunita Verma', relation: 'mother', email: email(), phone: mobile() },
          name: 'Asha Verma',
          email: email(),
          phone: mobile(),
          department: 'dl',
          course: 'RS-CIT (Basic)',
          consent: true,
        }),
      body: ['guardian.name', 'guardian.relation', 'guardian.email', 'guardian.phone'],
    },
  ],
  contact: [
    {
      probe: async () =>
        post('/api/contact', {
          age: 'adult',
          name: 'Asha Verma',
          email: email(),
          phone: mobile(),
          subject: 'Tally batch',
          message: 'When does the next batch start?',
        }),
      body: ['name', 'email', 'phone', 'subject', 'message'],
    },
    {
      probe: async () => post('/api/contact', { age: 'adult', source: 'home', name: 'Asha Verma', phone: mobile(), message: 'Tally course' }),
      body: ['name', 'phone', 'message'],
    },
  ],
  emitra: [applicationCase('emitra')],
  csc: [applicationCase('csc')],
  iibf: [applicationCase('iibf')],
  'nielit-submit': [applicationCase('nielit')],
  uploads: [
    {
      probe: async () =>
        post('/api/uploads', { form: 'csc', draft: randomUUID(), slot: 'marksheet', name: 'marksheet.pdf', type: 'application/pdf', size: 1000 }),
      body: ['form', 'draft', 'slot', 'type'],
    },
    {
      probe: async () => post('/api/uploads', { fix: 'a'.repeat(43), slot: 'marksheet', name: 'marksheet.pdf', type: 'application/pdf', size: 1000 }),
      body: ['fix'],
    },
  ],
  'uploads-check': [{ probe: async () => post('/api/uploads/check', { uploadId: randomUUID(), draft: randomUUID() }), body: ['uploadId', 'draft', 'fix'] }],
  'uploads-local': [
    {
      probe: async () => {
        const { file, policy } = await policyFor(fx, 'csc', randomUUID(), 'marksheet');
        return { method: 'POST', path: policy.url, form: { ...policy.fields, file: new File([new Uint8Array(file.bytes)], file.name, { type: file.type }) } };
      },
      body: ['key', 'Content-Type', 'policy', 'x-amz-signature'],
    },
  ],
  'uploads-local-link': [
    {
      probe: async () => ({
        method: 'GET',
        path: '/api/uploads/local/applications/csc/x.pdf',
        query: { expires: String(Math.floor(Date.now() / 1000) + 60), type: 'application/pdf', name: 'x.pdf', signature: 'a'.repeat(43) },
      }),
      query: ['expires', 'type', 'name', 'signature'],
    },
    { probe: async () => ({ method: 'GET', path: `/api/uploads/local/applications/${MARK}%00.pdf` }) },
  ],
  'application-status': [
    { probe: async () => post('/api/applications/status', { reference: 'CS-2026-00001', mobile: mobile() }), body: ['reference', 'mobile'] },
    // From the status link of the confirmation e-mail.
    { probe: async () => post('/api/applications/status', { reference: 'CS-2026-00001', key: 'A'.repeat(32) }), body: ['reference', 'key'] },
  ],
  'application-fix-open': [{ probe: async () => post('/api/applications/fix/open', { token: 'a'.repeat(43) }), body: ['token'] }],
  'application-fix': [
    {
      probe: async () => post('/api/applications/fix', { token: 'a'.repeat(43), documents: { marksheet: randomUUID() } }),
      body: ['token', 'documents.marksheet'],
    },
    {
      // A document's name (the record's key) with the bad characters in it.
      probe: async () => post('/api/applications/fix', { token: 'a'.repeat(43), documents: {} }),
      body: ['documents'],
      values: { documents: TEXTS.map(([label, value]) => [label, { [value]: randomUUID() }] as const) },
    },
  ],
  'user-register': [
    {
      probe: async () => post('/api/user/register', { age: 'adult', name: 'Asha Verma', email: email(), password: 'a long passphrase of mine' }),
      body: ['name', 'email', 'password'],
    },
  ],
  'guardian-consent': [
    { probe: async () => ({ method: 'GET', path: '/api/guardian-consent', query: { id: randomUUID() } }), query: ['id'] },
    {
      probe: async () => post('/api/guardian-consent', { id: randomUUID(), code: '123456', adult: true, agree: true, whatsapp: false }),
      body: ['id', 'code', 'adult', 'agree', 'whatsapp'],
    },
  ],
  'guardian-consent-resend': [{ probe: async () => post('/api/guardian-consent-resend', { id: randomUUID() }), body: ['id'] }],
  'admin-guardian-hold': [{ probe: async () => staff({ method: 'GET', path: '/api/admin/guardian-hold', query: { number: 'H-2345-67' } }), query: ['number'] }],
  'admin-guardian-consent': [
    {
      probe: async () =>
        staff(post('/api/admin/guardian-consent', { number: 'H-2345-67', document: 'aadhaar', sawGuardian: true, adult: true, whatsapp: false })),
      body: ['number', 'document', 'sawGuardian', 'adult', 'whatsapp'],
    },
  ],
  'user-consent-withdraw': [{ probe: async () => post('/api/user/consent-withdraw', { id: '1' }, { token: studentToken }), body: ['id'], values: { id: IDS } }],
  'user-login': [{ probe: async () => post('/api/user/login', { email: studentEmail, password: 'a long passphrase of mine' }), body: ['email', 'password'] }],
  'user-verify': [{ probe: async () => post('/api/user/verify', { otp: 123456, activationToken: 'a.b.c' }), body: ['otp', 'activationToken'] }],
  'user-resend-otp': [{ probe: async () => post('/api/user/resend-otp', { activationToken: 'a.b.c' }), body: ['activationToken'] }],
  'user-forgot-password': [{ probe: async () => post('/api/user/forgot-password', { email: studentEmail }), body: ['email'] }],
  'user-reset-password': [
    {
      probe: async () => post('/api/user/reset-password', { resetToken: 'a.b.c', otp: 123456, password: 'another long passphrase' }),
      body: ['resetToken', 'otp', 'password'],
    },
    // With the link of the reset e-mail.
    { probe: async () => post('/api/user/reset-password', { link: 'a.b.c', password: 'another long passphrase' }), body: ['link', 'password'] },
  ],
  'user-change-password': [
    {
      probe: async () =>
        post('/api/user/change-password', { currentPassword: 'a long passphrase of mine', newPassword: 'a new long passphrase' }, { token: studentToken }),
      body: ['currentPassword', 'newPassword'],
    },
  ],
  'admin-login': [
    { probe: async () => post('/api/admin/login', { email: adminLogin.email, password: adminLogin.password }), body: ['email', 'password'] },
    // A locked account's way in: the password with a recovery code.
    {
      probe: async () => post('/api/admin/login', { email: adminLogin.email, password: adminLogin.password, recoveryCode: 'abcde-12345' }),
      body: ['recoveryCode'],
    },
  ],
  'admin-enrol': [{ probe: async () => post('/api/admin/enrol', { code: '123456' }, { cookie: await passwordStep(fx, colleague) }), body: ['code'] }],
  'admin-verify': [{ probe: async () => post('/api/admin/verify', { code: '123456' }, { cookie: await passwordStep(fx, adminLogin) }), body: ['code'] }],
  'admin-recovery-codes': [{ probe: async () => staff(post('/api/admin/recovery-codes', { code: '123456' })), body: ['code'] }],
  'admin-invitation': [
    { probe: async () => ({ method: 'GET', path: '/api/admin/invitation', query: { token: 'a'.repeat(43) } }), query: ['token'] },
    { probe: async () => post('/api/admin/invitation', { token: 'a'.repeat(43), password: 'a long passphrase of mine' }), body: ['token', 'password'] },
  ],
  'admin-staff': [
    { probe: async () => staff(post('/api/admin/staff', { name: 'Bhavna Rao', email: email(), role: 'teacher' })), body: ['name', 'email', 'role'] },
  ],
  'admin-staff-item': [
    {
      probe: async () => staff({ method: 'PUT', path: `/api/admin/staff/${colleague.id}`, params: { id: colleague.id }, body: { action: 'enable' } }),
      body: ['action'],
      params: ['id'],
    },
    {
      probe: async () =>
        staff({ method: 'PUT', path: `/api/admin/staff/${colleague.id}`, params: { id: colleague.id }, body: { action: 'change-role', role: 'teacher' } }),
      body: ['action', 'role'],
      params: ['id'],
    },
  ],
  'admin-settings': [
    { probe: async () => staff({ method: 'PUT', path: '/api/admin/settings', body: { autoAssign: { enabled: true } } }), body: ['autoAssign'] },
  ],
  'admin-office-settings': [
    {
      probe: async () => staff({ method: 'PUT', path: '/api/admin/office-settings', body: { attendanceThreshold: 80, defaultGraceDays: 5, version: 0 } }),
      body: ['attendanceThreshold', 'defaultGraceDays', 'version'],
      values: { version: IDS },
    },
  ],
  'admin-holidays': [
    {
      probe: async () => staff(post('/api/admin/holidays', { day: '2090-03-01', name: { en: 'Town fair', hi: 'मेला' } })),
      body: ['day', 'name.en', 'name.hi'],
      values: { day: DAYS },
    },
  ],
  'admin-holiday': [
    {
      probe: async () => staff({ method: 'DELETE', path: '/api/admin/holidays/2026-12-25', params: { day: '2026-12-25' } }),
      params: ['day'],
      values: { day: DAYS },
    },
  ],
  'admin-audit': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/audit', query: { staff: adminId, entity: 'course', entityId: record.course, limit: '10' } }),
      query: ['staff', 'entity', 'entityId', 'limit', 'after'],
      values: { after: [...TIME_CURSORS('1'), ['an id beyond bigint', cursor('2026-05-01 10:00:00+00', '9223372036854775808')]], limit: LIMITS },
    },
  ],
  'admin-leads': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/leads', query: {} }),
      query: [...LEAD_FILTERS, 'limit', 'after'],
      values: { ...leadFilterValues, after: LEAD_CURSORS, limit: LIMITS },
    },
    ...(['follow-up', 'name'] as const).map((sort): Case => ({
      probe: async () => staff({ method: 'GET', path: '/api/admin/leads', query: { sort } }),
      query: ['after'],
      values: { after: LEAD_CURSORS },
    })),
  ],
  'admin-leads-export': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/leads/export.csv', query: {} }),
      query: [...LEAD_FILTERS, 'ids', 'format'],
      values: { ...leadFilterValues, ids: IDS },
    },
  ],
  'admin-leads-bulk': [
    {
      probe: async () => staff(post('/api/admin/leads/bulk', { action: 'assign', ids: [(await enquiryLead()).id], assignedTo: adminId })),
      body: ['action', 'ids.0', 'assignedTo'],
      values: { 'ids.0': IDS },
    },
    {
      probe: async () =>
        staff(
          post('/api/admin/leads/bulk', {
            action: 'move',
            ids: [(await enquiryLead()).id],
            next: { status: 'lost', lostReason: 'other', lostNote: 'Joined a college' },
          }),
        ),
      body: ['next.status', 'next.lostReason', 'next.lostNote'],
    },
  ],
  'admin-lead': [
    { probe: async () => staff({ method: 'GET', path: `/api/admin/leads/${application.leadId}`, params: { id: application.leadId } }), params: ['id'] },
    {
      probe: async () => {
        const lead = await enquiryLead();
        return staff(post(`/api/admin/leads/${lead.id}`, { action: 'note', text: 'Called, will visit.' }, { params: { id: lead.id } }));
      },
      body: ['action', 'text'],
      params: ['id'],
    },
    {
      probe: async () => {
        const lead = await enquiryLead();
        const followUp = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            {
              action: 'contact',
              version: lead.version,
              channel: 'whatsapp',
              outcome: 'sent',
              template: 'first-reply',
              note: 'Sent the fees.',
              next: { status: 'contacted', followUp },
            },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['version', 'channel', 'outcome', 'template', 'note', 'next.status', 'next.followUp'],
      values: { version: VERSIONS, 'next.followUp': DAYS },
    },
    {
      probe: async () => {
        const lead = await enquiryLead();
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            { action: 'move', version: lead.version, next: { status: 'lost', lostReason: 'other', lostNote: 'Joined a college.' } },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['next.lostReason', 'next.lostNote'],
    },
    {
      probe: async () => {
        const lead = await enquiryLead();
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            {
              action: 'move',
              version: lead.version,
              next: { status: 'admitted', student: { name: 'Asha Verma', email: email(), phone: mobile(), course: 'RS-CIT' } },
            },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['next.student.name', 'next.student.email', 'next.student.phone', 'next.student.course'],
    },
    {
      probe: async () => {
        const lead = await enquiryLead();
        return staff(post(`/api/admin/leads/${lead.id}`, { action: 'assign', version: lead.version, assignedTo: adminId }, { params: { id: lead.id } }));
      },
      body: ['assignedTo'],
    },
    {
      probe: async () => {
        const lead = await applicationAt('submitted');
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            { action: 'move', version: lead.version, next: { status: 'documents-to-fix', slots: ['marksheet'], note: 'The marksheet is blurred.' } },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['next.slots.0', 'next.note'],
    },
    {
      probe: async () => {
        const lead = await applicationAt('verified');
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            { action: 'move', version: lead.version, next: { status: 'forwarded', portalReference: 'CSC-778-2026' } },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['next.portalReference'],
    },
    {
      probe: async () => {
        const lead = await applicationAt('submitted');
        return staff(
          post(
            `/api/admin/leads/${lead.id}`,
            { action: 'move', version: lead.version, next: { status: 'rejected', reason: 'The TEC certificate is not valid.' } },
            { params: { id: lead.id } },
          ),
        );
      },
      body: ['next.reason'],
    },
  ],
  'admin-application-reveal': [
    {
      probe: async () =>
        staff(post(`/api/admin/applications/${application.leadId}/reveal`, { field: 'voterIdNumber' }, { params: { id: application.leadId } })),
      body: ['field'],
      params: ['id'],
    },
  ],
  'admin-document': [
    {
      probe: async () => staff({ method: 'GET', path: `/api/admin/documents/${application.uploadId}`, params: { uploadId: application.uploadId } }),
      params: ['uploadId'],
    },
  ],
  'admin-people-merge': [
    {
      probe: async () => {
        const [a, b] = await sql<{ person_id: string }>('select person_id::text from leads where id = any($1::bigint[])', [
          [(await enquiryLead()).id, (await enquiryLead()).id],
        ]);
        return staff(post('/api/admin/people/merge', { from: a!.person_id, into: b!.person_id }));
      },
      body: ['from', 'into'],
      values: { from: IDS, into: IDS },
    },
  ],
  'admin-people-unmerge': [{ probe: async () => staff(post('/api/admin/people/unmerge', { merge: '1' })), body: ['merge'], values: { merge: IDS } }],
  'admin-outbox-item': [
    { probe: async () => staff(post(`/api/admin/outbox/${outboxId}`, { action: 'dismiss' }, { params: { id: outboxId } })), body: ['action'], params: ['id'] },
  ],
  'admin-today': [{ probe: async () => staff({ method: 'GET', path: '/api/admin/today', query: { mine: '1' } }), query: ['mine'] }],
  'admin-classes': [
    { probe: async () => staff({ method: 'GET', path: '/api/admin/classes', query: { day: '2027-01-25' } }), query: ['day'], values: { day: DAYS } },
  ],
  'admin-batch-attendance': [
    {
      probe: async () => {
        const id = await newBatch();
        return staff({ method: 'GET', path: `/api/admin/batches/${id}/attendance`, query: { month: '2027-01', format: 'csv' }, params: { id } });
      },
      query: ['month', 'format'],
      params: ['id'],
      values: { month: MONTHS },
    },
  ],
  'admin-batch-attendance-day': [
    {
      probe: async () =>
        staff({
          ...post('/api/admin/batches/1/attendance/2027-01-25', { marks: [{ studentId: '1', mark: 'leave', reason: 'Fever' }], version: 1 }),
          method: 'PUT',
          params: { id: '1', day: '2027-01-25' },
        }),
      body: ['marks.0.studentId', 'marks.0.mark', 'marks.0.reason', 'version'],
      params: ['id', 'day'],
      values: { 'marks.0.studentId': IDS, version: IDS, day: DAYS },
    },
  ],
  'admin-batches': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/batches', query: { course: record.course, status: 'running', teacher: UUID } }),
      query: ['course', 'status', 'teacher'],
      values: { course: IDS },
    },
    {
      probe: async () => staff(post('/api/admin/batches', batchFields())),
      body: ['courseId', 'name', 'startsOn', 'endsOn', 'days.0', 'startsAt', 'endsAt', 'room', 'teacherId', 'seats', 'status'],
      values: { courseId: IDS, startsOn: DAYS, endsOn: DAYS },
    },
  ],
  'admin-batch-item': [
    {
      probe: async () => {
        const id = await newBatch();
        return staff({ method: 'GET', path: `/api/admin/batches/${id}`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const id = await newBatch();
        return staff({ method: 'PUT', path: `/api/admin/batches/${id}`, params: { id }, body: { ...batchFields(), version: 1 } });
      },
      body: ['courseId', 'name', 'startsOn', 'endsOn', 'days.0', 'startsAt', 'endsAt', 'room', 'seats', 'status', 'version'],
      params: ['id'],
      values: { courseId: IDS, startsOn: DAYS, endsOn: DAYS, version: VERSIONS },
    },
    {
      probe: async () => {
        const id = await newBatch();
        return staff({ method: 'DELETE', path: `/api/admin/batches/${id}`, params: { id }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  'admin-fee-plans': [
    { probe: async () => staff(post('/api/admin/fee-plans', await planFields())), body: PLAN_TEXT, values: PLAN_VALUES },
    {
      probe: async () => staff(post('/api/admin/fee-plans', { ...(await planFields()), courseId: null, batchId: await newBatch() })),
      body: ['batchId'],
      values: { batchId: IDS },
    },
  ],
  'admin-fee-plan': [
    {
      probe: async () => {
        const id = await newPlan();
        return staff({ method: 'GET', path: `/api/admin/fee-plans/${id}`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const id = await newPlan();
        const [plan] = await sql<{ course: string }>('select course_id::text as course from fee_plans where id = $1', [id]);
        return staff({ method: 'PUT', path: `/api/admin/fee-plans/${id}`, params: { id }, body: { ...(await planFields(plan!.course)), version: 1 } });
      },
      body: [...PLAN_TEXT, 'version'],
      params: ['id'],
      values: { ...PLAN_VALUES, version: VERSIONS },
    },
    {
      probe: async () => {
        const id = await newPlan();
        return staff({ method: 'DELETE', path: `/api/admin/fee-plans/${id}`, params: { id }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  'admin-fee-plan-apply': [
    {
      probe: async () => {
        const id = await newPlan();
        return staff({ method: 'GET', path: `/api/admin/fee-plans/${id}/apply`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const id = await newPlan();
        return staff(post(`/api/admin/fee-plans/${id}/apply`, { version: 1 }, { params: { id } }));
      },
      body: ['version'],
      params: ['id'],
      values: { version: VERSIONS },
    },
  ],
  'admin-fee-due': [
    {
      probe: async () => {
        const id = await newPlanDue();
        return staff({ method: 'GET', path: `/api/admin/fees/dues/${id}`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const id = await newPlanDue();
        return staff({
          method: 'PATCH',
          path: `/api/admin/fees/dues/${id}`,
          params: { id },
          body: {
            version: 1,
            amount: '2,800',
            dueOn: '2027-01-10',
            discount: '500',
            discountReason: 'Merit scholarship',
            waiveLateFee: true,
            reason: 'Topped the test',
          },
        });
      },
      body: ['version', 'amount', 'dueOn', 'discount', 'discountReason', 'waiveLateFee', 'reason'],
      params: ['id'],
      values: { version: VERSIONS, dueOn: DAYS },
    },
  ],
  'admin-fees-student-dues': [
    {
      probe: async () =>
        staff(
          post(
            `/api/admin/fees/students/${record.student}/dues`,
            { label: 'Exam fee', amount: '500', dueOn: '2027-01-05', reason: 'RS-CIT exam in January' },
            { params: { id: record.student } },
          ),
        ),
      body: ['label', 'amount', 'dueOn', 'reason'],
      params: ['id'],
      values: { dueOn: DAYS },
    },
  ],
  'admin-batch-students': [
    {
      probe: async () => {
        const id = await newBatch();
        return staff(post(`/api/admin/batches/${id}/students`, { studentId: record.student, joinedOn: '2026-06-01' }, { params: { id } }));
      },
      body: ['studentId', 'joinedOn'],
      params: ['id'],
      values: { studentId: IDS, joinedOn: DAYS },
    },
  ],
  'admin-batch-student': [
    {
      probe: async () => {
        const id = await rosterOf();
        return staff({
          method: 'PUT',
          path: `/api/admin/batches/${id}/students/${record.student}`,
          params: { id, studentId: record.student },
          body: { status: 'completed' },
        });
      },
      body: ['status'],
      params: ['id', 'studentId'],
    },
    {
      probe: async () => {
        const id = await rosterOf();
        return staff({ method: 'DELETE', path: `/api/admin/batches/${id}/students/${record.student}`, params: { id, studentId: record.student } });
      },
      params: ['id', 'studentId'],
    },
  ],
  'admin-batch-student-move': [
    {
      probe: async () => {
        const [id, to] = [await rosterOf(), await newBatch()];
        return staff(post(`/api/admin/batches/${id}/students/${record.student}/move`, { toBatchId: to }, { params: { id, studentId: record.student } }));
      },
      body: ['toBatchId'],
      params: ['id', 'studentId'],
      values: { toBatchId: IDS },
    },
  ],
  'admin-certificates': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/certificates', query: { batch: await rosterOf('completed') } }),
      query: ['batch'],
      values: { batch: IDS },
    },
    {
      probe: async () =>
        staff(
          post('/api/admin/certificates', {
            batchId: await rosterOf('completed'),
            studentId: record.student,
            grade: 'A',
            marks: '86%',
            issuedOn: '2027-03-31',
            confirmLowAttendance: true,
          }),
        ),
      body: ['batchId', 'studentId', 'grade', 'marks', 'issuedOn'],
      values: { batchId: IDS, studentId: IDS, issuedOn: DAYS },
    },
  ],
  'admin-batch-certificates': [
    {
      probe: async () => {
        const id = await rosterOf('completed');
        return staff({ method: 'GET', path: `/api/admin/batches/${id}/certificates`, params: { id } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const id = await rosterOf('completed');
        await sql(`update batches set status = 'completed' where id = $1`, [id]);
        const body = {
          anyway: [{ studentId: record.student, reason: 'Passed the final test.' }],
          marks: [{ studentId: record.student, marks: '62 / 100' }],
          issuedOn: '2027-01-04',
        };
        return staff(post(`/api/admin/batches/${id}/certificates`, body, { params: { id } }));
      },
      body: ['anyway.0.studentId', 'anyway.0.reason', 'marks.0.studentId', 'marks.0.marks', 'issuedOn'],
      params: ['id'],
      values: { 'anyway.0.studentId': IDS, 'marks.0.studentId': IDS, issuedOn: DAYS },
    },
  ],
  'admin-fees-dues': [{ probe: async () => staff({ method: 'GET', path: '/api/admin/fees/dues', query: { within: 'overdue' } }), query: ['within'] }],
  'admin-fees-reminders': [
    {
      probe: async () => staff(post('/api/admin/fees/reminders', { dueId: await newDue(), language: 'hi' })),
      body: ['dueId', 'language'],
      values: { dueId: IDS },
    },
  ],
  'admin-fees-reports': [
    {
      probe: async () =>
        staff({
          method: 'GET',
          path: '/api/admin/fees/reports',
          query: { from: '2026-04-01', to: '2026-04-30', by: 'course', view: 'collection', format: 'csv' },
        }),
      query: ['from', 'to', 'by', 'view', 'format'],
      values: { from: DAYS, to: DAYS },
    },
  ],
  'admin-fees-cash-book': [
    { probe: async () => staff({ method: 'GET', path: '/api/admin/fees/cash-book', query: { day: '2026-06-01' } }), query: ['day'], values: { day: DAYS } },
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/fees/cash-book', query: { month: '2026-06' } }),
      query: ['month'],
      values: { month: MONTHS },
    },
  ],
  'admin-fees-cash-handover': [
    {
      probe: async () =>
        staff(post('/api/admin/fees/cash-book/handovers', { staffId: adminId, day: '2026-06-01', counted: '0', expectedPaise: 0, reason: 'Counted twice' })),
      body: ['staffId', 'day', 'counted', 'expectedPaise', 'reason'],
      values: {
        day: DAYS,
        expectedPaise: [
          ['1e20', 1e20],
          ['a fraction', 1.5],
          ['a text', '0'],
          ['null', null],
        ],
      },
    },
  ],
  'user-fees-claims': [
    {
      probe: async () =>
        post('/api/user/fees/claims', { dueId: await studentDue(), amount: '1', utr: newUtr(), paidOn: '2026-07-02' }, { token: studentToken }),
      body: ['dueId', 'amount', 'utr', 'paidOn'],
      values: { dueId: IDS, paidOn: DAYS },
    },
  ],
  'admin-fees-claim': [
    {
      probe: async () => {
        const id = await pendingClaim();
        return staff(post(`/api/admin/fees/claims/${id}`, { decision: 'reject', reason: 'Not in the bank statement.' }, { params: { id } }));
      },
      body: ['decision', 'reason'],
      params: ['id'],
    },
  ],
  'admin-certificate-revoke': [
    {
      probe: async () => {
        const number = await newCertificate();
        return staff(post(`/api/admin/certificates/${number}/revoke`, { reason: 'Issued to the wrong student.' }, { params: { number } }));
      },
      body: ['reason'],
      params: ['number'],
    },
  ],
  'admin-fees-search': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/fees/students', query: { q: 'asha' } }),
      query: ['q'],
    },
  ],
  'admin-fees-student': [
    {
      probe: async () => staff({ method: 'GET', path: `/api/admin/fees/students/${record.student}`, params: { id: record.student } }),
      params: ['id'],
    },
  ],
  'admin-fees-collect': [
    {
      probe: async () =>
        staff(post('/api/admin/fees/collect', { studentId: await newDueStudent(), amount: '1,000', mode: 'upi', utr: '412345678901', paidOn: '2026-06-01' })),
      body: ['studentId', 'amount', 'mode', 'utr', 'chequeNumber', 'paidOn', 'dueIds'],
      values: { studentId: IDS, paidOn: DAYS },
    },
  ],
  'admin-walk-in': [
    {
      probe: async () =>
        staff(
          post('/api/admin/walk-in', {
            name: 'Asha Verma',
            phone: mobile(),
            email: email(),
            guardianName: 'Ramesh Verma',
            guardianPhone: mobile(),
            language: 'hi',
            batchId: await newBatch(),
            amount: '1,000',
            mode: 'upi',
            utr: '412345678901',
          }),
        ),
      body: ['name', 'phone', 'email', 'guardianName', 'guardianPhone', 'language', 'batchId', 'amount', 'mode', 'utr', 'chequeNumber'],
      values: { batchId: IDS },
    },
    { probe: async () => staff({ method: 'GET', path: '/api/admin/walk-in', query: { mobile: mobile() } }), query: ['mobile'] },
  ],
  'admin-fees-receipt-cancel': [
    {
      probe: async () => {
        const id = await newReceipt();
        return staff(post(`/api/admin/fees/receipts/${id}/cancel`, { reason: 'Entered twice by mistake.' }, { params: { id } }));
      },
      body: ['reason'],
      params: ['id'],
    },
  ],
  'admin-fees-receipt': [
    {
      probe: async () => {
        const id = await newReceipt();
        return staff({ method: 'GET', path: `/api/admin/fees/receipts/${id}`, params: { id } });
      },
      params: ['id'],
    },
  ],
  'admin-fees-refunds': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/fees/refunds', query: { studentId: record.student, status: 'all' } }),
      query: ['studentId', 'status'],
      values: { studentId: IDS },
    },
    {
      probe: async () =>
        staff(post('/api/admin/fees/refunds', { receiptId: await newReceipt(), returns: 'receipt', amount: '100', reason: 'The course did not start.' })),
      body: ['receiptId', 'returns', 'amount', 'reason'],
      values: { receiptId: IDS },
    },
  ],
  'admin-fees-refund': [
    {
      probe: async () => {
        const id = await newRefund('requested');
        return staff({ method: 'GET', path: `/api/admin/fees/refunds/${id}`, params: { id } });
      },
      params: ['id'],
    },
  ],
  'admin-fees-refund-decision': [
    {
      probe: async () => {
        const id = await newRefund('requested');
        return staff(post(`/api/admin/fees/refunds/${id}/decision`, { decision: 'decline', reason: 'Fees are not refundable.' }, { params: { id } }));
      },
      body: ['decision', 'reason'],
      params: ['id'],
    },
  ],
  'admin-fees-refund-pay': [
    {
      probe: async () => {
        const id = await newRefund('approved');
        return staff(post(`/api/admin/fees/refunds/${id}/pay`, { mode: 'upi', utr: '412345678901', paidOn: '2026-06-02' }, { params: { id } }));
      },
      body: ['mode', 'utr', 'chequeNumber', 'paidOn'],
      params: ['id'],
      values: { paidOn: DAYS },
    },
  ],
  'user-fees-receipt': [
    {
      probe: async () => {
        const id = await newReceipt();
        return { method: 'GET', path: `/api/user/fees/receipts/${id}`, params: { id }, token: studentToken };
      },
      params: ['id'],
    },
  ],
  certificate: [
    {
      probe: async () => {
        const number = await newCertificate();
        return { method: 'GET', path: `/api/certificate/${number}`, params: { number } };
      },
      params: ['number'],
    },
  ],
  'user-all': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/user/all', query: {} }),
      query: ['after', 'limit'],
      values: { after: TIME_CURSORS(UUID), limit: LIMITS },
    },
  ],
  courses: [
    { probe: async () => ({ method: 'GET', path: '/api/courses', query: {} }), query: ['after', 'limit'], values: { after: ID_CURSORS, limit: LIMITS } },
    { probe: async () => staff(post('/api/courses', courseFields())), body: COURSE_TEXT },
  ],
  'course-item': [
    { probe: async () => ({ method: 'GET', path: `/api/courses/${record.course}`, params: { id: record.course } }), params: ['id'] },
    {
      probe: async () =>
        staff({
          method: 'PUT',
          path: `/api/courses/${record.course}`,
          params: { id: record.course },
          body: { ...courseFields(), version: await versionOf('courses', record.course) },
        }),
      body: [...COURSE_TEXT, 'version'],
      params: ['id'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => staff({ method: 'DELETE', path: `/api/courses/${record.course}`, params: { id: record.course }, query: { version: '1' } }),
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  jobs: [
    { probe: async () => ({ method: 'GET', path: '/api/jobs', query: {} }), query: ['after', 'limit'], values: { after: ID_CURSORS, limit: LIMITS } },
    { probe: async () => staff(post('/api/jobs', jobFields())), body: JOB_TEXT },
  ],
  'job-item': [
    { probe: async () => ({ method: 'GET', path: `/api/jobs/${record.job}`, params: { id: record.job } }), params: ['id'] },
    {
      probe: async () =>
        staff({
          method: 'PUT',
          path: `/api/jobs/${record.job}`,
          params: { id: record.job },
          body: { ...jobFields(), version: await versionOf('jobs', record.job) },
        }),
      body: [...JOB_TEXT, 'version'],
      params: ['id'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => staff({ method: 'DELETE', path: `/api/jobs/${record.job}`, params: { id: record.job }, query: { version: '1' } }),
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  students: [
    {
      probe: async () => staff({ method: 'GET', path: '/api/students', query: { q: 'asha' } }),
      query: ['q', 'after', 'limit'],
      values: { after: ID_CURSORS, limit: LIMITS },
    },
    {
      probe: async () => staff(post('/api/students', studentFields())),
      body: ['name', 'email', 'phone', 'course', 'registrationDate'],
      values: { registrationDate: DAYS },
    },
  ],
  'student-item': [
    { probe: async () => staff({ method: 'GET', path: `/api/students/${record.student}`, params: { id: record.student } }), params: ['id'] },
    {
      probe: async () =>
        staff({
          method: 'PUT',
          path: `/api/students/${record.student}`,
          params: { id: record.student },
          body: { ...studentFields(), version: await versionOf('students', record.student) },
        }),
      body: ['name', 'email', 'phone', 'course', 'registrationDate', 'version'],
      params: ['id'],
      values: { registrationDate: DAYS, version: VERSIONS },
    },
    {
      probe: async () => staff({ method: 'DELETE', path: `/api/students/${record.student}`, params: { id: record.student }, query: { version: '1' } }),
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  marquee: [
    {
      probe: async () => staff(post('/api/marquee', { message: 'Admissions open for the July batch', endsOn: '' })),
      body: ['message', 'endsOn'],
      values: { endsOn: DAYS },
    },
  ],
  'admin-course-pictures': [{ probe: async () => staff(post('/api/admin/course-pictures', { type: 'image/jpeg', size: 120_000 })), body: ['type', 'size'] }],
  'admin-course-picture-check': [
    {
      probe: async () => {
        const id = crypto.randomUUID();
        return staff({ method: 'POST', path: `/api/admin/course-pictures/${id}/check`, params: { id }, body: {} });
      },
      params: ['id'],
    },
  ],
  'course-picture': [
    {
      probe: async () => {
        const id = crypto.randomUUID();
        return { method: 'GET', path: `/api/course-pictures/${id}`, params: { id } };
      },
      params: ['id'],
    },
  ],
  'marquee-item': [{ probe: async () => staff({ method: 'DELETE', path: `/api/marquee/${record.marquee}`, params: { id: record.marquee } }), params: ['id'] }],
  'admin-student-import-template': [
    { probe: async () => staff({ method: 'GET', path: '/api/admin/student-import/template', query: { format: 'xlsx' } }), query: ['format'] },
  ],
  'admin-student-import-preview': [{ probe: async () => staff(post('/api/admin/student-import/preview', await importFile())), body: IMPORT_BODY }],
  'admin-student-import': [{ probe: async () => staff(post('/api/admin/student-import', await importFile())), body: IMPORT_BODY }],
  // Practice-test results: a batch in the query; the statistics also a test in the path.
  'admin-practice-results': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/results', query: { batch: await rosterOf() } }),
      query: ['batch'],
      values: { batch: IDS },
    },
  ],
  'admin-practice-results-export': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/results/export', query: { batch: await rosterOf() } }),
      query: ['batch'],
      values: { batch: IDS },
    },
  ],
  'admin-practice-best-scores': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/practice/best-scores', query: { batch: await rosterOf() } }),
      query: ['batch'],
      values: { batch: IDS },
    },
  ],
  'admin-practice-question-stats': [
    {
      probe: async () => {
        const [{ id } = { id: '' }] = await sql<{ id: string }>(
          `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks)
           values ($1, 'Probe mock', 'अभ्यास', 'fixed', 15, 100, 500) returning id::text`,
          [record.course],
        );
        return staff({ method: 'GET', path: `/api/admin/practice/tests/${id}/question-stats`, query: { batch: await rosterOf() }, params: { id } });
      },
      params: ['id'],
      query: ['batch'],
      values: { id: IDS, batch: IDS },
    },
  ],

  'admin-practice-chapters': [
    { probe: async () => staff({ method: 'GET', path: '/api/admin/practice/chapters', query: { course: record.course } }), query: ['course'] },
    {
      probe: async () => staff(post('/api/admin/practice/chapters', { courseId: record.course, titleEn: 'MS Word', titleHi: 'एमएस वर्ड' })),
      body: ['courseId', 'titleEn', 'titleHi'],
      values: { courseId: IDS },
    },
  ],
  'admin-practice-chapter': [
    {
      probe: async () => {
        const { chapter } = await practiceRecords();
        return staff({
          method: 'PATCH',
          path: `/api/admin/practice/chapters/${chapter}`,
          params: { id: chapter },
          body: { titleEn: 'Basics', titleHi: 'मूल बातें', version: 1 },
        });
      },
      body: ['titleEn', 'titleHi', 'version'],
      params: ['id'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => {
        const { chapter } = await practiceRecords();
        return staff({ method: 'PATCH', path: `/api/admin/practice/chapters/${chapter}`, params: { id: chapter }, body: { move: 'down', version: 1 } });
      },
      body: ['move', 'version'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => {
        const { chapter } = await practiceRecords();
        return staff({ method: 'DELETE', path: `/api/admin/practice/chapters/${chapter}`, params: { id: chapter }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  'admin-practice-questions': [
    {
      probe: async () =>
        staff({
          method: 'GET',
          path: '/api/admin/practice/questions',
          query: { q: 'माउस', course: record.course, chapter: (await practiceRecords()).chapter, difficulty: 'easy', archived: 'no' },
        }),
      query: ['q', 'course', 'chapter', 'difficulty', 'archived', 'after', 'limit'],
      values: { after: ID_CURSORS, limit: LIMITS },
    },
    { probe: async () => staff(post('/api/admin/practice/questions', await questionFields())), body: QUESTION_TEXT },
  ],
  'admin-practice-question': [
    {
      probe: async () => {
        const { question } = await practiceRecords();
        return staff({ method: 'GET', path: `/api/admin/practice/questions/${question}`, params: { id: question } });
      },
      params: ['id'],
    },
    {
      probe: async () => {
        const { question } = await practiceRecords();
        return staff({
          method: 'PATCH',
          path: `/api/admin/practice/questions/${question}`,
          params: { id: question },
          body: { ...(await questionFields()), version: await versionOf('questions', question) },
        });
      },
      body: [...QUESTION_TEXT, 'version'],
      params: ['id'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => {
        const { question } = await practiceRecords();
        return staff({ method: 'PATCH', path: `/api/admin/practice/questions/${question}`, params: { id: question }, body: { restore: true, version: 1 } });
      },
      body: ['restore', 'version'],
      values: { version: VERSIONS },
    },
    {
      probe: async () => {
        const { question } = await practiceRecords();
        return staff({ method: 'DELETE', path: `/api/admin/practice/questions/${question}`, params: { id: question }, query: { version: '1' } });
      },
      query: ['version'],
      params: ['id'],
      values: { version: VERSION_PARAMS },
    },
  ],
  'admin-practice-question-pictures': [
    {
      probe: async () => staff({ method: 'POST', path: '/api/admin/practice/question-pictures', form: { picture: new Blob(['not a picture']) } }),
      body: ['picture'],
    },
  ],
  'question-picture': [
    {
      probe: async () => {
        const name = 'a'.repeat(32);
        return { method: 'GET', path: `/api/question-pictures/${name}`, params: { name } };
      },
      params: ['name'],
    },
  ],
  'admin-practice-question-import-template': [
    { probe: async () => staff({ method: 'GET', path: '/api/admin/practice/question-import/template', query: { format: 'xlsx' } }), query: ['format'] },
  ],
  'admin-practice-question-import-preview': [
    { probe: async () => staff(post('/api/admin/practice/question-import/preview', await questionFile())), body: QUESTION_IMPORT_BODY },
  ],
  'admin-practice-question-import': [
    { probe: async () => staff(post('/api/admin/practice/question-import', await questionFile())), body: QUESTION_IMPORT_BODY },
  ],

  'tests-start': [
    {
      probe: async () => {
        const { openingId } = await practiceTest();
        await noOpenAttempt();
        return post(`/api/tests/${openingId}/start`, {}, { params: { openingId }, token: studentToken });
      },
      params: ['openingId'],
      values: { openingId: IDS },
    },
  ],
  'tests-attempt': [
    {
      probe: async () => {
        const id = await openAttempt();
        return { method: 'GET', path: `/api/tests/attempts/${id}`, params: { id }, token: studentToken };
      },
      params: ['id'],
      values: { id: IDS },
    },
  ],
  'tests-answers': [
    {
      probe: async () => {
        const id = await openAttempt();
        return { method: 'PUT', path: `/api/tests/attempts/${id}/answers`, params: { id }, body: { answers: answersNow() }, token: studentToken };
      },
      params: ['id'],
      body: ANSWER_TEXT,
      values: { id: IDS },
    },
  ],
  'tests-submit': [
    {
      probe: async () => {
        const id = await openAttempt();
        return post(`/api/tests/attempts/${id}/submit`, { answers: answersNow() }, { params: { id }, token: studentToken });
      },
      params: ['id'],
      body: ANSWER_TEXT,
      values: { id: IDS },
    },
  ],
  'tests-result': [
    {
      probe: async () => {
        const id = await submittedAttempt();
        return { method: 'GET', path: `/api/tests/attempts/${id}/result`, params: { id }, token: studentToken };
      },
      params: ['id'],
      values: { id: IDS },
    },
  ],
  // People's requests about their data (decision 053).
  'data-request': [
    {
      probe: async () =>
        post('/api/data-request', {
          age: 'adult',
          kind: 'copy',
          name: 'Asha Verma',
          phone: mobile(),
          email: email(),
          reference: 'AP-2026-00001',
          details: 'A copy of my data please.',
        }),
      body: ['age', 'kind', 'name', 'phone', 'email', 'reference', 'details'],
    },
    {
      // An under-18's request, made by their guardian (held for their consent).
      probe: async () =>
        post('/api/data-request', {
          age: 'minor',
          guardian: { name: 'Sunita Verma', relation: 'mother', email: email(), phone: mobile() },
          kind: 'copy',
          name: 'Asha Verma',
          phone: mobile(),
          details: 'A copy of my data please.',
        }),
      body: ['guardian.name', 'guardian.relation', 'guardian.email', 'guardian.phone'],
    },
  ],
  'user-rights-requests': [
    {
      probe: async () => post('/api/user/rights-requests', { kind: 'correction', details: 'My name is misspelt.' }, { token: studentToken }),
      body: ['kind', 'details'],
    },
  ],
  'admin-rights-request': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/rights-request', query: { id: await openRightsRequest() } }),
      query: ['id'],
      values: { id: IDS },
    },
    {
      probe: async () => staff(post('/api/admin/rights-request', { id: await openRightsRequest(), action: 'done', note: 'Copy handed over at the office.' })),
      body: ['id', 'action', 'note'],
    },
  ],
  'admin-person-data': [
    {
      probe: async () => staff({ method: 'GET', path: '/api/admin/person-data', query: { request: await openRightsRequest() } }),
      query: ['request'],
      values: { request: IDS },
    },
  ],
};

/** Sets `value` at the dot path `at` of `target`. */
function placeAt(target: Record<string, unknown>, at: string, value: unknown): void {
  const keys = at.split('.');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/** Each probe of a case: the place, the value's label, and the request with the value in place. */
async function* probesOf(item: Case): AsyncGenerator<[string, string, Probe]> {
  const places = [
    ...(item.body ?? []).map((at) => ['body', at, TEXTS] as const),
    ...(item.query ?? []).map((at) => ['query', at, URL_TEXTS] as const),
    ...(item.params ?? []).map((at) => ['params', at, IDS] as const),
  ];
  if (!places.length) yield ['path', '', await item.probe()];
  for (const [where, at, fallback] of places) {
    for (const [label, value] of item.values?.[at] ?? fallback) {
      const probe = await item.probe();
      if (where === 'body' && probe.form) probe.form[at] = value as string;
      else if (where === 'body') placeAt((probe.body ??= {}), at, value);
      else if (where === 'query') (probe.query ??= {})[at] = value as string;
      else (probe.params ??= {})[at] = value as string;
      yield [`${where} ${at}`, label, probe];
    }
  }
}

/** Rows of every table that hold a fuzzed text (all begin with MARK). */
async function storedFuzz(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }>(`select count(*)::int as n from "${name}" t where strpos(t::text, $1) > 0`, [MARK]);
    if (row!.n) found[name] = row!.n;
  }
  return found;
}

const fuzzed = Object.keys(FUZZ).sort();

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: fuzzed }));
  const pool = { query: (text: string, params: unknown[]) => client.query(text, params) };

  // A staff member signed in with password and authenticator, and a colleague who has not set one up.
  const admin = await createStaff(pool, { name: 'Asha Admin', email: `admin.${unique()}@example.in` });
  adminId = admin.id;
  adminLogin = { email: admin.email, password: admin.password };
  staffCookie = (await enrol(fx, await passwordStep(fx, adminLogin))).cookie;
  colleague = await createStaff(pool, { name: 'Bhavna Rao', email: `colleague.${unique()}@example.in` });

  // A student with an account, signed in.
  studentEmail = email();
  const registered = await call(
    'user-register',
    post('/api/user/register', { age: 'adult', name: 'Asha Verma', email: studentEmail, password: 'a long passphrase of mine' }),
  );
  expect(registered.status).toBe(201);
  const { activationToken } = (await registered.response.json()) as { activationToken: string };
  const mail = readdirSync(fx.outbox)
    .map((f) => readFileSync(path.join(fx.outbox, f), 'utf8'))
    .find((m) => m.includes(`To: ${studentEmail}\n`))!;
  const verified = await call('user-verify', post('/api/user/verify', { otp: Number(/is: (\d{6})$/m.exec(mail)![1]), activationToken }));
  expect(verified.status).toBe(200);
  const login = await call('user-login', post('/api/user/login', { email: studentEmail, password: 'a long passphrase of mine' }));
  studentToken = ((await login.response.json()) as { token: string }).token;
  // The probes sign these three in (or check their password) again and again; what is fuzzed is
  // the input, so their passwords are kept under quick hashes (tests/support/quick-password.ts).
  for (const [table, who, password] of [
    ['staff', adminLogin.email, adminLogin.password],
    ['staff', colleague.email, colleague.password],
    ['users', studentEmail, 'a long passphrase of mine'],
  ] as const) {
    await client.query(`update ${table} set password_hash = $2 where email = $1`, [who, await quickPasswordHash(password)]);
  }

  // Records to edit, and a CSC application with its documents.
  const created = async (name: string, route: string, body: Record<string, unknown>) => {
    const { status, response } = await call(name, staff(post(route, body)));
    expect(status).toBe(201);
    return ((await response.json()) as { item: { _id: string } }).item._id;
  };
  record = {
    course: await created('courses', '/api/courses', courseFields()),
    job: await created('jobs', '/api/jobs', jobFields()),
    student: await created('students', '/api/students', studentFields()),
    marquee: await created('marquee', '/api/marquee', { message: 'Admissions open' }),
  };
  const fill = await fillOf('csc');
  const submitted = await call('csc', post('/api/CSC', { ...answersOf('csc'), documents: fill.documents, draft: fill.draft, consent: true }));
  expect(submitted.status).toBe(201);
  delete fills.csc;
  const [lead] = await sql<{ id: string; person_id: string }>(`select id::text, person_id::text from leads where kind = 'csc'`);
  application = { leadId: lead!.id, personId: lead!.person_id, uploadId: Object.values(fill.documents)[0]! };
  outboxId = (await sql<{ id: string }>('select id::text from mail_outbox order by id limit 1'))[0]!.id;
}, 300_000);

afterAll(() => closeInProcess({ fx, client }));

describe('the endpoints fuzzed', () => {
  it('are every function that takes text: each file of functions/ is fuzzed or named as taking none', () => {
    const files = readdirSync(FUNCTIONS_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(fuzzed.filter((name) => name in NO_TEXT)).toEqual([]);
    expect([...fuzzed, ...Object.keys(NO_TEXT)].sort()).toEqual(files);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  it.each(fuzzed)('%s', async (name) => {
    const wrong: string[] = [];
    for (const item of FUZZ[name]!) {
      for await (const [place, label, probe] of probesOf(item)) {
        const { status, response } = await call(name, probe);
        if (status < 400 || status >= 500) wrong.push(`${probe.method} ${place} with ${label}: ${status} ${(await response.text()).slice(0, 200)}`);
        // A form wrongly taken has taken its documents too: the next probe needs new ones.
        if (status < 300)
          for (const form of Object.keys(fills) as ApplicationForm[]) if (FORMS[form].endpoint.toLowerCase() === probe.path.toLowerCase()) delete fills[form];
      }
    }
    expect(wrong).toEqual([]);
  });

  it('and nothing of it is stored', async () => {
    expect(await storedFuzz()).toEqual({});
  });
});
