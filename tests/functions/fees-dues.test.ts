/**
 * The dues to chase and the fee reports: Today's lists (overdue and due this week by India's day,
 * their totals, a Teacher's own batches only), a WhatsApp reminder recorded with its English and
 * Hindi text, the collection by day, month, mode and course (cancelled receipts left out), the
 * outstanding dues by batch, the export as CSV and xlsx, and who is refused.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { inTransaction } from '../support/fee-records';
import { calcWithFormulas, soffice } from '../support/libreoffice';
import { readFirstSheet, serialDay } from '../support/xlsx';
import { cancelReceipt, collect } from '../../functions/_shared/fees/collect';
import { XLSX_FORMATS } from '../../functions/_shared/platform/xlsx';
import { indiaToday } from '../../src/lib/schemas/real-day';
import type { CollectionReport, DuesToChaseAnswer, OutstandingReport, ReminderAnswer } from '../../src/lib/schemas/fee-dues';

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client);
const cookies: Record<'owner' | 'accountant' | 'counsellor' | 'teacher' | 'otherTeacher', string> = {
  owner: '',
  accountant: '',
  counsellor: '',
  teacher: '',
  otherTeacher: '',
};
let teacherId = '';
let courseId = '';
let secondCourseId = '';
let taughtBatch = '';
let otherBatch = '';
const today = indiaToday();
/** The day `n` days from today (negative: before). */
const dayFrom = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const staff = { id: '', name: 'Kavita Joshi' };

const lastStaffId = async () => (await sql<{ id: string }>(`select id::text from staff order by created_at desc, id desc limit 1`))[0]!.id;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-fees-dues', 'admin-fees-reminders', 'admin-fees-reports'] }));
  cookies.owner = await staffCookie(client, 'owner');
  cookies.accountant = await staffCookie(client, 'accountant');
  staff.id = await lastStaffId();
  cookies.counsellor = await staffCookie(client, 'counsellor');
  cookies.teacher = await staffCookie(client, 'teacher');
  teacherId = await lastStaffId();
  cookies.otherTeacher = await staffCookie(client, 'teacher');
  const otherTeacherId = await lastStaffId();
  [{ id: courseId }, { id: secondCourseId }] = (await sql<{ id: string }>(
    `insert into courses (title, category, price, duration, description, image)
     values ('Tally Prime', 'Accounts', 9000, '3 months', 'Tally.', '/logo.svg'), ('RS-CIT', 'Computer', 4000, '3 months', 'RS-CIT.', '/logo.svg') returning id::text`,
  )) as [{ id: string }, { id: string }];
  const batch = async (course: string, name: string, teacher: string) =>
    (
      await sql<{ id: string }>(
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status, teacher_id)
         values ($1, $2, $3, $4, '{1,3,5}', '09:00', '10:30', 'Room 1', 30, 'running', $5) returning id::text`,
        [course, name, dayFrom(-120), dayFrom(120), teacher],
      )
    )[0]!.id;
  taughtBatch = await batch(courseId, 'Tally Morning', teacherId);
  otherBatch = await batch(secondCourseId, 'RS-CIT Evening', otherTeacherId);
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
const newStudent = async (name: string, phone = '9829012345') =>
  (
    await sql<{ id: string }>(`insert into students (name, email, phone, course) values ($1, $2, $3, 'Tally Prime') returning id::text`, [
      name,
      `s${(n += 1)}@example.in`,
      phone,
    ])
  )[0]!.id;

/** A due of `rupees` falling due `days` from today (negative: overdue). */
const newDue = async (studentId: string, batchId: string, course: string, days: number, paise: number, label = 'Instalment 2 of 3') =>
  (
    await sql<{ id: string }>(
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, $3, 2, $4, $5, $6) returning id::text`,
      [studentId, batchId, course, label, paise, dayFrom(days)],
    )
  )[0]!.id;

/** A call of `name` with the cookie `cookie`: status, JSON (or bytes) and headers. */
async function call<T = Record<string, unknown>>(name: string, cookie: string, route: string, body?: unknown) {
  const request = body === undefined ? new Request(new URL(route, BASE), { headers: { cookie } }) : jsonPost(route, body, { cookie });
  const { response, settled } = await fx.call(name, request);
  await settled();
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: data as T, headers: response.headers };
}

describe('the dues to chase on Today', () => {
  let overdueId = '';
  let weekId = '';
  let othersDue = '';

  beforeAll(async () => {
    const asha = await newStudent('Asha Verma', '+91 98290 11111');
    const ravi = await newStudent('Ravi Meena');
    overdueId = await newDue(asha, taughtBatch, courseId, -3, 300000);
    weekId = await newDue(asha, taughtBatch, courseId, 7, 250050, 'Instalment 3 of 3');
    // Not listed: due in eight days, paid, waived.
    await newDue(asha, taughtBatch, courseId, 8, 100000);
    const paid = await newDue(ravi, taughtBatch, courseId, -1, 50000);
    await sql(`update fee_dues set paid_paise = amount_paise, settled_on = $2 where id = $1`, [paid, dayFrom(-2)]);
    const waived = await newDue(ravi, taughtBatch, courseId, -5, 50000);
    await sql(`update fee_dues set waived_at = now(), waived_reason = 'Left the course' where id = $1`, [waived]);
    // Another teacher's batch: today (due this week) and a part-paid overdue one.
    othersDue = await newDue(ravi, otherBatch, secondCourseId, 0, 400000, 'Course fee');
    const part = await newDue(ravi, otherBatch, secondCourseId, -40, 200000);
    await sql(`update fee_dues set paid_paise = 50000 where id = $1`, [part]);
  });

  it('lists overdue dues (due day passed) and those due from today to a week ahead, with what is left and the totals', async () => {
    const { status, body } = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.accountant, '/api/admin/fees/dues');
    expect(status).toBe(200);
    expect(body.today).toBe(today);
    expect(body.overdue.items.map((d) => [d.student, d.label, d.balancePaise, d.daysOverdue])).toEqual([
      ['Ravi Meena', 'Instalment 2 of 3', 150000, 40],
      ['Asha Verma', 'Instalment 2 of 3', 300000, 3],
    ]);
    expect(body.overdue).toMatchObject({ count: 2, totalPaise: 450000 });
    expect(body.week.items.map((d) => [d.student, d.label, d.dueOn, d.balancePaise])).toEqual([
      ['Ravi Meena', 'Course fee', today, 400000],
      ['Asha Verma', 'Instalment 3 of 3', dayFrom(7), 250050],
    ]);
    expect(body.week).toMatchObject({ count: 2, totalPaise: 650050 });
    expect(body.week.items[1]).toMatchObject({ phone: '+91 98290 11111', course: 'Tally Prime', batch: 'Tally Morning', remindedAt: null });
  });

  it('gives one list when asked (?within=overdue or week), and refuses another value in words', async () => {
    const overdue = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.owner, '/api/admin/fees/dues?within=overdue');
    expect(overdue.body.overdue.count).toBe(2);
    expect(overdue.body.week).toEqual({ items: [], count: 0, totalPaise: 0 });
    const week = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.owner, '/api/admin/fees/dues?within=week');
    expect(week.body.overdue.count).toBe(0);
    expect(week.body.week.items.map((d) => d.id)).toEqual([othersDue, weekId]);
    const bad = await call('admin-fees-dues', cookies.owner, '/api/admin/fees/dues?within=month');
    expect(bad.status).toBe(400);
    expect(bad.body['errors']).toEqual({ within: 'Please choose the overdue dues or those due this week.' });
  });

  it('shows a Teacher only the students of the batches they teach, and a Counsellor every due', async () => {
    const mine = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.teacher, '/api/admin/fees/dues');
    expect(mine.status).toBe(200);
    expect([...mine.body.overdue.items, ...mine.body.week.items].map((d) => d.batch)).toEqual(['Tally Morning', 'Tally Morning']);
    expect(mine.body.overdue.totalPaise + mine.body.week.totalPaise).toBe(550050);
    const counsellor = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.counsellor, '/api/admin/fees/dues');
    expect(counsellor.body.overdue.count + counsellor.body.week.count).toBe(4);
    const audited = await sql<{ detail: { own?: boolean } }>(`select detail from audit_log where entity = 'fee-dues' and staff_id = $1`, [teacherId]);
    expect(audited).toEqual([{ detail: { count: 2, own: true } }]);
  });

  it('records a reminder and answers its WhatsApp text in English and in Hindi with the amount, the due day and the UPI link', async () => {
    const en = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: overdueId, language: 'en' });
    expect(en.status).toBe(201);
    const reference = (await sql<{ reference: string }>(`select reference from fee_dues where id = $1`, [overdueId]))[0]!.reference;
    const upi = `upi://pay?pa=pragatiinstitute@sbi&pn=Pragati%20Computer%20and%20Education%20Institute&am=3000.00&tn=Fees%20${reference}%20Instalment%202%20of%203&tr=${reference}&cu=INR`;
    const dueDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${dayFrom(-3)}T00:00:00Z`),
    );
    // Its day has passed: it was due then and is overdue (no late fee on this plan).
    expect(en.body.text).toContain(
      `Namaste Asha Verma, this is Pragati Computer & Education Institute. ₹3,000 (Instalment 2 of 3) of your Tally Prime fee was due on ${dueDay} and is now overdue (reference ${reference}).`,
    );
    expect(en.body.text).not.toContain('is due on');
    expect(en.body.text).not.toContain('late fee');
    expect(en.body.text).toContain(upi);
    expect(en.body.link).toBe(`https://wa.me/919829011111?text=${encodeURIComponent(en.body.text)}`);

    const hi = await call<ReminderAnswer>('admin-fees-reminders', cookies.owner, '/api/admin/fees/reminders', { dueId: overdueId, language: 'hi' });
    expect(hi.status).toBe(201);
    const hiDay = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(
      new Date(`${dayFrom(-3)}T00:00:00Z`),
    );
    expect(hi.body.text).toContain(
      `नमस्ते Asha Verma, Pragati Computer & Education Institute से संदेश: आपकी Tally Prime की फ़ीस की किस्त 2 (3 में से) के ₹3,000 की नियत तारीख़ ${hiDay} थी, जो निकल चुकी है; यह भुगतान अब बकाया है (संदर्भ ${reference})।`,
    );
    expect(hi.body.text).toContain(upi);

    const kept = await sql<{ language: string; staff: string }>(`select language, staff_id::text as staff from fee_reminders where due_id = $1 order by id`, [
      overdueId,
    ]);
    expect(kept.map((r) => r.language)).toEqual(['en', 'hi']);
    expect(kept[0]!.staff).toBe(staff.id);
    const listed = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.accountant, '/api/admin/fees/dues?within=overdue');
    expect(listed.body.overdue.items.find((d) => d.id === overdueId)!.remindedAt).toBe(hi.body.sentAt);
    expect((await sql(`select 1 from audit_log where entity = 'fee-reminder' and entity_id = $1`, [overdueId])).length).toBe(2);
  });

  it('says a due not yet past "is due on" its day, and an overdue one with its late fee names the fee it includes, in English and Hindi', async () => {
    const en = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: weekId, language: 'en' });
    expect(en.body.text).toContain('A reminder that ₹2,500.50 (Instalment 3 of 3) of your Tally Prime fee is due on ');

    const meena = await newStudent('Meena Saini', '9829022222');
    const late = await newDue(meena, taughtBatch, courseId, -10, 400000, 'Instalment 1 of 3');
    await sql(`update fee_dues set late_fee_paise = 20000, grace_days = 5 where id = $1`, [late]);
    const dueDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${dayFrom(-10)}T00:00:00Z`),
    );
    const withFee = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: late, language: 'en' });
    expect(withFee.body.text).toContain(
      `Instalment 1 of 3 of your Tally Prime fee was due on ${dueDay} and is now overdue. The amount to pay is ₹4,200, which includes a ₹200 late fee (reference `,
    );
    expect(withFee.body.text).toContain('&am=4200.00&');
    const hindi = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: late, language: 'hi' });
    expect(hindi.body.text).toContain('यह भुगतान अब बकाया है। देय राशि ₹4,200 है, जिसमें ₹200 विलंब शुल्क शामिल है (संदर्भ ');

    // Today's card says it too.
    const listed = await call<DuesToChaseAnswer>('admin-fees-dues', cookies.accountant, '/api/admin/fees/dues?within=overdue');
    expect(listed.body.overdue.items.find((d) => d.id === late)).toMatchObject({ balancePaise: 420000, lateFeePaise: 20000 });
    expect(listed.body.overdue.items.find((d) => d.id === overdueId)).toMatchObject({ lateFeePaise: 0 });

    // Within its grace days the late fee does not apply yet: overdue, no late fee named.
    await sql(`update fee_dues set grace_days = 30 where id = $1`, [late]);
    const inGrace = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: late, language: 'en' });
    expect(inGrace.body.text).toContain(`₹4,000 (Instalment 1 of 3) of your Tally Prime fee was due on ${dueDay} and is now overdue`);
    expect(inGrace.body.text).not.toContain('late fee');
  });

  it('records a reminder once per tap: the same key twice, one after the other or at once, is one reminder, one audit line and one e-mail', async () => {
    const sita = await newStudent('Sita Kumari', '9829033333');
    const due = await newDue(sita, taughtBatch, courseId, -2, 120000);
    const email = (await sql<{ email: string }>(`select email from students where id = $1`, [sita]))[0]!.email;
    const tap = async (key: string) => {
      const { response, settled } = await fx.call(
        'admin-fees-reminders',
        jsonPost('/api/admin/fees/reminders', { dueId: due, language: 'en' }, { cookie: cookies.accountant, 'idempotency-key': key }),
      );
      await settled();
      return { status: response.status, body: (await response.json()) as ReminderAnswer };
    };
    const key = crypto.randomUUID();
    const first = await tap(key);
    const again = await tap(key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect(first.body.emailed).toBe(true);
    // A double tap: both requests at once.
    const both = await Promise.all([tap(crypto.randomUUID()), tap(crypto.randomUUID())]);
    expect(both.map((b) => b.status).sort()).toEqual([201, 201]);
    const twin = crypto.randomUUID();
    const racing = await Promise.all([tap(twin), tap(twin)]);
    expect(racing.map((b) => b.status).sort()).toEqual([200, 201]);
    expect(racing[0]!.body.sentAt).toBe(racing[1]!.body.sentAt);

    const reminders = await sql(`select id from fee_reminders where due_id = $1`, [due]);
    expect(reminders.length).toBe(4);
    expect((await sql(`select 1 from audit_log where entity = 'fee-reminder' and entity_id = $1`, [due])).length).toBe(4);
    const mails = await sql<{ subject: string; body: string }>(`select subject, body from mail_outbox where recipient = $1 order by id`, [email]);
    expect(mails.length).toBe(4);
    const reference = (await sql<{ reference: string }>(`select reference from fee_dues where id = $1`, [due]))[0]!.reference;
    expect(mails[0]!.subject).toBe('A payment of your fees is due (Pragati Institute)');
    expect(mails[0]!.body).toContain(`reminds you that a payment of your fees is due (reference ${reference}).`);
    expect(mails[0]!.body).not.toContain('₹');

    // The key of another due's reminder is refused, recording nothing.
    const other = await newDue(sita, taughtBatch, courseId, -1, 5000);
    const { response } = await fx.call(
      'admin-fees-reminders',
      jsonPost('/api/admin/fees/reminders', { dueId: other, language: 'en' }, { cookie: cookies.accountant, 'idempotency-key': key }),
    );
    expect(response.status).toBe(409);
    expect((await sql(`select id from fee_reminders where due_id = $1`, [other])).length).toBe(0);
    // A key that is not a UUID is refused in words, recording nothing.
    const bad = await fx.call(
      'admin-fees-reminders',
      jsonPost('/api/admin/fees/reminders', { dueId: other, language: 'en' }, { cookie: cookies.accountant, 'idempotency-key': 'tap-1' }),
    );
    expect(bad.response.status).toBe(400);
    expect(((await bad.response.json()) as { message: string }).message).toBe('The Idempotency-Key header must be a UUID.');
    expect((await sql(`select id from fee_reminders where due_id = $1`, [other])).length).toBe(0);
  });

  it('e-mails a reminder in the student’s language, and none to a student with no address', async () => {
    const noMail = (
      await sql<{ id: string }>(
        `insert into students (name, email, phone, course, language) values ('Gopal Jat', '', '9829044444', 'Tally Prime', 'hi') returning id::text`,
      )
    )[0]!.id;
    const due = await newDue(noMail, taughtBatch, courseId, -2, 70000);
    const before = (await sql(`select id from mail_outbox`)).length;
    const sent = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: due, language: 'hi' });
    expect(sent.status).toBe(201);
    expect(sent.body.emailed).toBe(false);
    expect(sent.body.text).toMatch(/^नमस्ते Gopal Jat,/);
    expect((await sql(`select id from mail_outbox`)).length).toBe(before);

    await sql(`update students set email = 'gopal@example.in' where id = $1`, [noMail]);
    const mailed = await call<ReminderAnswer>('admin-fees-reminders', cookies.accountant, '/api/admin/fees/reminders', { dueId: due, language: 'hi' });
    expect(mailed.body.emailed).toBe(true);
    const mail = await sql<{ subject: string; body: string }>(`select subject, body from mail_outbox where recipient = 'gopal@example.in'`);
    expect(mail[0]!.subject).toBe('आपकी फ़ीस का भुगतान बाकी है (Pragati Institute)');
    expect(mail[0]!.body).toContain('/hi/account');
  });

  it('refuses a reminder to a Counsellor or Teacher, of a paid due, of no due, and in another language, in words and recording nothing', async () => {
    const before = (await sql(`select id from fee_reminders`)).length;
    for (const who of [cookies.counsellor, cookies.teacher]) {
      const refused = await call('admin-fees-reminders', who, '/api/admin/fees/reminders', { dueId: overdueId, language: 'en' });
      expect(refused.status).toBe(403);
      expect(refused.body['message']).toMatch(/^Your role \((Counsellor|Teacher)\) does not allow this\.$/);
    }
    const paid = (await sql<{ id: string }>(`select id::text from fee_dues where settled_on is not null limit 1`))[0]!.id;
    const done = await call('admin-fees-reminders', cookies.owner, '/api/admin/fees/reminders', { dueId: paid, language: 'en' });
    expect(done.status).toBe(409);
    expect(done.body['message']).toBe('Instalment 2 of 3 of Ravi Meena is paid: there is nothing to remind them of.');
    const missing = await call('admin-fees-reminders', cookies.owner, '/api/admin/fees/reminders', { dueId: '999999', language: 'en' });
    expect(missing.status).toBe(404);
    const language = await call('admin-fees-reminders', cookies.owner, '/api/admin/fees/reminders', { dueId: overdueId, language: 'fr' });
    expect(language.status).toBe(400);
    expect(language.body['errors']).toEqual({ language: 'Please choose the reminder in English or Hindi.' });
    expect((await sql(`select id from fee_reminders`)).length).toBe(before);
  });
});

describe('the fee reports', () => {
  const from = '2026-04-01';
  const to = '2026-05-31';
  let cancelledNumber = '';

  beforeAll(async () => {
    const meena = await newStudent('Meena Soni');
    const tarun = await newStudent('Tarun Sen');
    await newDue(meena, taughtBatch, courseId, -30, 900000);
    const tarunDue = await newDue(tarun, otherBatch, secondCourseId, 30, 400000);
    const tarunTally = await newDue(tarun, taughtBatch, courseId, 60, 300000);
    const pay = (studentId: string, amountPaise: number, paidOn: string, extra: Record<string, unknown> = {}) =>
      inTransaction(client, (tx) => collect(tx, { studentId, amountPaise, mode: 'cash', paidOn, ...extra }, staff, today));
    await pay(meena, 200000, '2026-04-10');
    await pay(meena, 150050, '2026-04-10', { mode: 'upi', utr: '412345678901' });
    await pay(meena, 100000, '2026-05-02', { mode: 'bank', utr: '412345678902' });
    // Tarun pays both his courses' dues in one receipt, with ₹500 kept as an advance.
    await pay(tarun, 750000, '2026-05-20', { dueIds: [tarunDue, tarunTally], advance: true });
    const cancelled = await pay(meena, 99900, '2026-05-03');
    await inTransaction(client, (tx) => cancelReceipt(tx, cancelled.id, 'Entered twice by mistake', staff.id));
    cancelledNumber = cancelled.number;
    // Outside the period.
    await pay(meena, 10000, '2026-06-01');
  });

  const report = (by: string, cookie = cookies.accountant) =>
    call<CollectionReport>('admin-fees-reports', cookie, `/api/admin/fees/reports?from=${from}&to=${to}&by=${by}`);

  it('totals the collection by day, month, mode and course, each adding up to the receipts less the cancelled one', async () => {
    const [kept] = await sql<{ total: string }>(
      `select sum(amount_paise)::text as total from fee_receipts where paid_on between $1 and $2 and cancelled_at is null`,
      [from, to],
    );
    expect(Number(kept!.total)).toBe(1_200_050);
    const byDay = await report('day');
    expect(byDay.status).toBe(200);
    expect(byDay.body.rows.map((r) => [r.label, r.receipts, r.amountPaise])).toEqual([
      ['10 Apr 2026', 2, 350050],
      ['2 May 2026', 1, 100000],
      ['20 May 2026', 1, 750000],
    ]);
    expect(byDay.body).toMatchObject({ totalPaise: 1_200_050, receipts: 4, cancelled: 1 });
    const byMonth = await report('month');
    expect(byMonth.body.rows.map((r) => [r.label, r.amountPaise])).toEqual([
      ['April 2026', 350050],
      ['May 2026', 850000],
    ]);
    const byMode = await report('mode');
    expect(byMode.body.rows.map((r) => [r.label, r.receipts, r.amountPaise])).toEqual([
      ['Bank transfer', 1, 100000],
      ['Cash', 2, 950000],
      ['UPI', 1, 150050],
    ]);
    const byCourse = await report('course');
    expect(byCourse.body.rows.map((r) => [r.label, r.receipts, r.amountPaise])).toEqual([
      ['Tally Prime', 4, 750050],
      ['RS-CIT', 1, 400000],
      ['Advance (not yet due)', 1, 50000],
    ]);
    for (const r of [byDay, byMonth, byMode, byCourse]) expect(r.body.rows.reduce((s, row) => s + row.amountPaise, 0)).toBe(1_200_050);
  });

  it('shows what is outstanding by batch: students, owed, paid, left and overdue', async () => {
    const { status, body } = await call<OutstandingReport>('admin-fees-reports', cookies.owner, '/api/admin/fees/reports?view=outstanding');
    expect(status).toBe(200);
    const expected = await sql<{ batch: string; owed: string; paid: string }>(
      `select b.name as batch, sum(case when d.waived_at is null then d.amount_paise else 0 end)::text as owed, sum(d.paid_paise)::text as paid
         from fee_dues d join batches b on b.id = d.batch_id group by b.name order by b.name`,
    );
    const rows = [...body.rows].sort((a, b) => a.batch.localeCompare(b.batch));
    expect(rows.map((r) => [r.batch, r.owedPaise, r.paidPaise, r.balancePaise])).toEqual(
      expected.map((e) => [e.batch, Number(e.owed), Number(e.paid), Number(e.owed) - Number(e.paid)]),
    );
    expect(rows.find((r) => r.batch === 'RS-CIT Evening')).toMatchObject({ course: 'RS-CIT', students: 2, overduePaise: 150000 });
    expect(body.totals.balancePaise).toBe(body.rows.reduce((s, r) => s + r.balancePaise, 0));
  });

  it('exports the receipts as CSV with the accountant’s columns, the cancelled one marked', async () => {
    const csv = await call<Buffer>('admin-fees-reports', cookies.accountant, `/api/admin/fees/reports?from=${from}&to=${to}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Receipt no.,Student,Course,Mode,UTR,Amount,Taxable value,CGST,SGST,Status,Received by,Batch,Mobile');
    expect(lines).toContain(
      `2026-04-10,${(await sql<{ number: string }>(`select number from fee_receipts where utr = '412345678901'`))[0]!.number},Meena Soni,Tally Prime,UPI,412345678901,1500.50,1500.50,0.00,0.00,Valid,Kavita Joshi,Tally Morning,9829012345`,
    );
    expect(lines.find((l) => l.includes(cancelledNumber))).toBe(
      `2026-05-03,${cancelledNumber},Meena Soni,Tally Prime,Cash,,999.00,999.00,0.00,0.00,Cancelled,Kavita Joshi,Tally Morning,9829012345`,
    );
    expect(lines.find((l) => l.includes('Tarun Sen'))).toContain(',RS-CIT; Tally Prime,Cash,,7500.00,7500.00,0.00,0.00,Valid,Kavita Joshi,');
    expect(lines).toHaveLength(6);
    const exported = await sql<{ detail: Record<string, unknown> }>(`select detail from audit_log where action = 'export' and entity = 'fee-receipts'`);
    expect(exported).toEqual([{ detail: { from, to, count: 5, file: 'csv' } }]);
  });

  it('exports the same as an xlsx workbook that opens', async () => {
    const xlsx = await call<Buffer>('admin-fees-reports', cookies.owner, `/api/admin/fees/reports?from=${from}&to=${to}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain(encodeURIComponent(`Fee receipts ${from} to ${to}.xlsx`));
    const sheet = readFirstSheet(xlsx.body);
    expect(sheet.rows[0]).toEqual([
      'Date',
      'Receipt no.',
      'Student',
      'Course',
      'Mode',
      'UTR',
      'Amount',
      'Taxable value',
      'CGST',
      'SGST',
      'Status',
      'Received by',
      'Batch',
      'Mobile',
    ]);
    expect(sheet.rows).toHaveLength(6);
    expect(sheet.formulas).toBe(0);
    // Amounts are numbers (rupees, two decimals shown) and days are dates, so they add up and sort;
    // names, receipt numbers and UTRs stay text.
    const tarun = sheet.cells.find((row) => row[2]?.text === 'Tarun Sen')!;
    expect(tarun.map((cell) => cell?.kind ?? null)).toEqual([
      'number',
      'text',
      'text',
      'text',
      'text',
      null,
      'number',
      'number',
      'number',
      'number',
      'text',
      'text',
      'text',
      'text',
    ]);
    // Who received it, the batches and the mobile as the receipt named them; the mobile stays text.
    expect(tarun.slice(11).map((cell) => cell!.text)).toEqual(['Kavita Joshi', 'RS-CIT Evening, Tally Morning', '9829012345']);
    expect(serialDay(tarun[0]!.text)).toBe('2026-05-20');
    expect(tarun[0]!.format).toBe('dd/mm/yyyy');
    expect(tarun.slice(6, 10).map((cell) => [Number(cell!.text), cell!.format])).toEqual([
      [7500, XLSX_FORMATS.money],
      [7500, XLSX_FORMATS.money],
      [0, XLSX_FORMATS.money],
      [0, XLSX_FORMATS.money],
    ]);
    const upi = sheet.cells.find((row) => row[5]?.text === '412345678901')!;
    expect(upi[5]!.kind).toBe('text');
    expect(Number(upi[6]!.text)).toBe(1500.5);
  });

  it.skipIf(!soffice)(
    'adds up in LibreOffice Calc: the Amount column’s SUM is every receipt’s total, the valid ones’ the report’s (skipped where LibreOffice is not installed)',
    async () => {
      const xlsx = await call<Buffer>('admin-fees-reports', cookies.owner, `/api/admin/fees/reports?from=${from}&to=${to}&format=xlsx`);
      // Under the Amount column (G) its SUM and the valid receipts' SUMIF; under Status (K) how many Date cells are dates.
      const formulas = [null, null, null, null, null, null, 'SUM([.G2:.G6])', 'SUMIF([.K2:.K6];"Valid";[.G2:.G6])', null, null, 'COUNT([.A2:.A6])'];
      const rows = await calcWithFormulas(xlsx.body, formulas);
      const [all] = await sql<{ total: string }>(`select sum(amount_paise)::text as total from fee_receipts where paid_on between $1 and $2`, [from, to]);
      const report = await call<CollectionReport>('admin-fees-reports', cookies.owner, `/api/admin/fees/reports?from=${from}&to=${to}&by=day`);
      const [sum, valid, days] = [6, 7, 10].map((i) => rows.at(-1)![i]);
      expect(Math.round(Number(sum) * 100)).toBe(Number(all!.total));
      expect(Math.round(Number(valid) * 100)).toBe(report.body.totalPaise);
      expect(report.body.totalPaise).toBe(1_200_050);
      // Every Date cell is a date Calc counts as a number.
      expect(Number(days)).toBe(5);
    },
    150_000,
  );

  it('refuses the reports to a Counsellor and a Teacher with 403 in words, and a wrong period with 400', async () => {
    for (const [who, role] of [
      [cookies.counsellor, 'Counsellor'],
      [cookies.teacher, 'Teacher'],
    ] as const) {
      const refused = await report('day', who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: `Your role (${role}) does not allow this.` });
    }
    const backwards = await call('admin-fees-reports', cookies.owner, '/api/admin/fees/reports?from=2026-05-01&to=2026-04-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body['errors']).toEqual({ to: 'The last day cannot be before the first day.' });
    const group = await call('admin-fees-reports', cookies.owner, '/api/admin/fees/reports?by=week');
    expect(group.body['errors']).toEqual({ by: 'Please group the collection by day, month, payment mode or course.' });
    const day = await call('admin-fees-reports', cookies.owner, '/api/admin/fees/reports?from=2026-02-30');
    expect(day.body['errors']).toEqual({ from: 'Please enter a real date.' });
  });
});
