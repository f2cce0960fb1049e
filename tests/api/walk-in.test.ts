/**
 * A walk-in's admission at the counter (POST /api/admin/walk-in): one step makes the student, their
 * seat in a batch, the dues of the batch's fee plan and one receipt; a person who enquired with
 * the same mobile is linked and closed as admitted; the last seat goes to one of two walk-ins at
 * once; a retry with the same Idempotency-Key admits once; a used UTR or a full batch changes
 * nothing; a student already on file is named, never doubled; an Accountant may, a Teacher and a
 * Counsellor may not.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addMonths } from '../../functions/_shared/fees/dues';
import { db, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** A UTR no other run has used. */
const newUtr = () => `8${String(Date.now()).slice(-8)}${String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0')}`;

describe.each(targets)('walk-in admission on $name', (target) => {
  let accountant: Staff;
  let owner: Staff;
  const today = indiaToday();

  beforeAll(async () => {
    [accountant, owner] = await Promise.all([signedInAdmin(target, 'walkinaccountant', 'accountant'), signedInAdmin(target, 'walkinowner')]);
  });

  const one = async <T extends object>(text: string, params: unknown[] = []) => (await db<T & Record<string, unknown>>(target, text, params))[0]!;

  /** A running batch of a course of its own with `seats` seats and (unless `plan` is false) a plan of ₹3,000 + ₹3,000 a month apart; its id and name. */
  const batchOf = async (seats = 10, plan = true) => {
    const course = await one<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 6000, '2 months', 'Vouchers.', '/images/tally.webp') returning id::text`,
      [uniqueName('Walkin Course')],
    );
    const name = uniqueName('Walkin Batch');
    const batch = await one<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, $3::date - 30, $3::date + 60, '{1,2,3,4,5,6,7}', '07:00', '08:00', $4, $5, 'running') returning id::text`,
      [course.id, name, today, uniqueName('Room'), seats],
    );
    if (plan) {
      const p = await one<{ id: string }>(`insert into fee_plans (batch_id, total_paise) values ($1, 600000) returning id::text`, [batch.id]);
      await db(target, `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 300000, 1)`, [p.id]);
    }
    return { id: batch.id, name };
  };

  const walkIn = (who: Staff, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    staffFetch(target, '/api/admin/walk-in', who.cookie, { body, headers: key ? { 'idempotency-key': key } : {} });

  const person = (batchId: string, extra: Record<string, unknown> = {}) => ({
    name: 'सुनीता शर्मा',
    phone: uniquePhone(),
    email: '',
    guardianName: 'Ramesh Sharma',
    guardianPhone: uniquePhone(),
    language: 'hi',
    batchId,
    amount: '3,000',
    mode: 'cash',
    ...extra,
  });

  /** What an admission leaves for mobile `phone` (10 digits): students, seats, dues and receipts. */
  const leftFor = async (phone: string) => {
    const students = await db<{ id: string }>(target, `select id::text from students where phone = $1`, [`+91${phone}`]);
    const ids = students.map((s) => s.id);
    const count = async (table: string) => (await one<{ n: number }>(`select count(*)::int as n from ${table} where student_id = any($1::bigint[])`, [ids])).n;
    return { students: ids.length, seats: await count('batch_students'), dues: await count('fee_dues'), receipts: await count('fee_receipts') };
  };

  it('creates the student, their seat, the plan’s dues from today and one receipt paying the first instalment, with audit lines in words', async () => {
    const batch = await batchOf();
    const body = person(batch.id);
    const res = await walkIn(accountant, body);
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.message).toMatch(
      new RegExp(`^सुनीता शर्मा admitted to ${batch.name} \\(2 dues from the fee plan\\)\\. Receipt PCI/\\d{2}-\\d{2}/\\d{5}: ₹3,000 in cash\\.$`),
    );
    const student = await one<Record<string, unknown>>(
      `select name, email, phone, course, guardian_name, guardian_phone, language, registration_date::text as day from students where id = $1`,
      [answer.student.id],
    );
    expect(student).toMatchObject({ name: 'सुनीता शर्मा', email: null, phone: `+91${body.phone}`, guardian_name: 'Ramesh Sharma', language: 'hi', day: today });
    const seat = await one<{ status: string; joined: string }>(`select status, joined_on::text as joined from batch_students where student_id = $1`, [
      answer.student.id,
    ]);
    expect(seat).toEqual({ status: 'active', joined: today });
    const dues = await db<{ label: string; amount: number; paid: number; due: string }>(
      target,
      `select label, amount_paise::int as amount, paid_paise::int as paid, due_on::text as due from fee_dues where student_id = $1 order by seq`,
      [answer.student.id],
    );
    expect(dues).toEqual([
      { label: 'Instalment 1 of 2', amount: 300000, paid: 300000, due: today },
      { label: 'Instalment 2 of 2', amount: 300000, paid: 0, due: addMonths(today, 1) },
    ]);
    const receipts = await db<{ number: string; amount: number; by: string; name: string }>(
      target,
      `select number, amount_paise::int as amount, received_by_name as by, student_name as name from fee_receipts where student_id = $1`,
      [answer.student.id],
    );
    expect(receipts).toEqual([{ number: answer.receipt.number, amount: 300000, by: expect.any(String), name: 'सुनीता शर्मा' }]);
    // The receipt's notice in the student's language first, to their mobile, with the amount and the number.
    expect(answer.notice.language).toBe('hi');
    expect(answer.notice.messages.hi.link.startsWith(`https://wa.me/91${body.phone}?text=`)).toBe(true);
    expect(answer.notice.messages.hi.text).toContain(`आपकी रसीद का नंबर ${answer.receipt.number} है`);
    expect(answer.notice.messages.hi.text).toContain('₹3,000');
    const audit = await db<{ entity: string; action: string }>(
      target,
      `select entity, action from audit_log where staff_id = $1 and (entity_id = $2 or entity_id = $3 or entity_id = $4) order by id`,
      [accountant.staff.id, answer.student.id, batch.id, answer.receipt.id],
    );
    expect(audit).toEqual([
      { entity: 'student', action: 'create' },
      { entity: 'batch', action: 'update' },
      { entity: 'receipt', action: 'create' },
    ]);
    const words = await staffFetch(target, `/api/admin/audit?entity=student`, owner.cookie);
    expect(JSON.stringify(await words.json())).toContain(`admitted the student record of सुनीता शर्मा at the counter into batch ${batch.name}.`);
  });

  it('links the enquiry of the person with the same mobile and closes it as admitted, with a timeline line', async () => {
    const batch = await batchOf();
    const phone = uniquePhone();
    const lead = await one<{ id: string; reference: string }>(
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, status, name, email, email_norm, phone, phone_norm, person_id, course, follow_up_on)
       select $1, 'contact', 'contact-page', 'contacted', 'Asha Verma', $2, $2, $3, $4, p.id, 'Tally', $5::date from p returning id::text, reference`,
      [`CT-2026-${randomBytes(3).toString('hex')}`, uniqueEmail('walkin-lead'), `+91${phone}`, phone, today],
    );
    const lookup = await staffFetch(target, `/api/admin/walk-in?mobile=${phone}`, accountant.cookie);
    expect(await lookup.json()).toMatchObject({ student: null, enquiry: { leadId: lead.id, reference: lead.reference, status: 'contacted' } });

    const res = await walkIn(accountant, person(batch.id, { name: 'Asha Verma', phone, email: 'asha.walkin@example.in' }));
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.enquiry).toEqual({ leadId: lead.id, reference: lead.reference });
    expect(answer.message).toContain(`Enquiry ${lead.reference} is closed as admitted.`);
    const after = await one<{ status: string; followUp: string | null; studentId: string }>(
      `select status, follow_up_on::text as "followUp", student_id::text as "studentId" from leads where id = $1`,
      [lead.id],
    );
    expect(after).toEqual({ status: 'admitted', followUp: null, studentId: answer.student.id });
    expect((await one<{ lead: string }>(`select lead_id::text as lead from students where id = $1`, [answer.student.id])).lead).toBe(lead.id);
    const events = await db<{ kind: string; to: string | null }>(target, `select kind, detail->>'to' as to from lead_events where lead_id = $1 order by id`, [
      lead.id,
    ]);
    expect(events).toEqual([
      { kind: 'status', to: 'admitted' },
      { kind: 'admitted', to: null },
    ]);
    // The lead's page says it in words.
    const page = await staffFetch(target, `/api/admin/leads/${lead.id}`, owner.cookie);
    expect(JSON.stringify(await page.json())).toContain('Admitted');

    // Now the mobile is a student's: the form is told, and a second admission is refused naming them.
    expect(await (await staffFetch(target, `/api/admin/walk-in?mobile=${phone}`, accountant.cookie)).json()).toMatchObject({
      student: { id: answer.student.id, name: 'Asha Verma' },
    });
    const again = await walkIn(accountant, person(batch.id, { name: 'Asha Verma', phone }));
    expect(again.status).toBe(409);
    const refused = await again.json();
    expect(refused.existing).toEqual({ id: answer.student.id, name: 'Asha Verma' });
    expect(refused.errors.phone).toBe(
      'Asha Verma is already a student with this mobile number. Open their record to put them in a batch or collect fees, instead of adding them again.',
    );
    expect((await leftFor(phone)).students).toBe(1);
  });

  it('gives the last seat to one of two walk-ins at once; the other is refused in words and leaves nothing', async () => {
    const batch = await batchOf(1);
    const [a, b] = [person(batch.id, { name: 'Ravi Kumar' }), person(batch.id, { name: 'Meena Joshi' })];
    const answers = await Promise.all([walkIn(accountant, a), walkIn(owner, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused.errors.batchId).toBe(`${batch.name} is full (1 of 1 seats taken).`);
    const left = [await leftFor(a.phone), await leftFor(b.phone)].sort((x, y) => y.students - x.students);
    expect(left).toEqual([
      { students: 1, seats: 1, dues: 2, receipts: 1 },
      { students: 0, seats: 0, dues: 0, receipts: 0 },
    ]);
    // A full batch is no longer offered.
    const choices = await (await staffFetch(target, '/api/admin/walk-in', accountant.cookie)).json();
    const offered = choices.courses.flatMap((c: { batches: { id: string }[] }) => c.batches.map((x) => x.id));
    expect(offered).not.toContain(batch.id);
  });

  it('a retry with the same Idempotency-Key (twice at once, then again) admits once and answers the same receipt', async () => {
    const batch = await batchOf();
    const body = person(batch.id);
    const key = randomUUID();
    const answers = await Promise.all([walkIn(accountant, body, key), walkIn(accountant, body, key)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const third = await walkIn(accountant, body, key);
    expect(third.status).toBe(200);
    const numbers = (await Promise.all([...answers, third].map((r) => r.json()))).map((a: { receipt: { number: string } }) => a.receipt.number);
    expect(new Set(numbers).size).toBe(1);
    expect(await leftFor(body.phone)).toEqual({ students: 1, seats: 1, dues: 2, receipts: 1 });
  });

  it('a UTR already on a receipt, or a batch without a fee plan, changes nothing and says why', async () => {
    const batch = await batchOf();
    const utr = newUtr();
    const first = person(batch.id, { mode: 'upi', utr });
    expect((await walkIn(accountant, first)).status).toBe(201);
    const number = (await one<{ number: string }>(`select number from fee_receipts where utr = $1`, [utr])).number;
    const body = person(batch.id, { mode: 'upi', utr });
    const res = await walkIn(accountant, body);
    expect(res.status).toBe(409);
    expect((await res.json()).errors.utr).toBe(`This UTR is already on receipt ${number}.`);
    expect(await leftFor(body.phone)).toEqual({ students: 0, seats: 0, dues: 0, receipts: 0 });

    const bare = await batchOf(10, false);
    const none = person(bare.id);
    const refused = await walkIn(accountant, none);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors.batchId).toContain(`${bare.name} has no fee plan`);
    expect(await leftFor(none.phone)).toEqual({ students: 0, seats: 0, dues: 0, receipts: 0 });
  });

  it('bad input is a 400 naming the fields, and nothing is saved', async () => {
    const batch = await batchOf();
    const fields = async (extra: Record<string, unknown>) => {
      const res = await walkIn(accountant, person(batch.id, extra));
      expect(res.status).toBe(400);
      return Object.keys((await res.json()).errors).sort();
    };
    expect(await fields({ phone: '98290123', amount: 'abc', batchId: '' })).toEqual(['amount', 'batchId', 'phone']);
    // The rules between fields, once each field is right.
    expect(await fields({ mode: 'upi', guardianPhone: '' })).toEqual(['guardianPhone', 'utr']);
    expect(await one<{ n: number }>(`select count(*)::int as n from batch_students where batch_id = $1`, [batch.id])).toEqual({ n: 0 });
  });

  it('an Owner and an Accountant may admit; a Teacher and a Counsellor are refused with their role, and nothing is saved', async () => {
    const batch = await batchOf();
    for (const role of ['teacher', 'counsellor'] as const) {
      const member = await signedInAdmin(target, `walkin${role}`, role);
      const body = person(batch.id);
      const res = await walkIn(member, body);
      expect(res.status, role).toBe(403);
      expect((await res.json()).message).toBe(`Your role (${role === 'teacher' ? 'Teacher' : 'Counsellor'}) does not allow this.`);
      expect(await leftFor(body.phone)).toEqual({ students: 0, seats: 0, dues: 0, receipts: 0 });
      expect((await staffFetch(target, '/api/admin/walk-in', member.cookie)).status, role).toBe(403);
    }
    expect((await walkIn(owner, person(batch.id))).status).toBe(201);
  });
});
