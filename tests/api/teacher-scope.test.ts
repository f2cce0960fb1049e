/**
 * A Teacher reads only the students of the batches they teach, on every staff endpoint that gives
 * a student's data (studentScopeOf, functions/_shared/classes/batch-access.ts): Collect fees'
 * search, a student's fees, a due, a receipt, the UPI reports to confirm and the dues to chase
 * answer for their own batch's student and not for another's — 404 (not 403) for a single record,
 * so the answer does not confirm it exists; left out of a list. The student records, the batches'
 * rosters and the reports are not theirs at all (403 by role). An Owner and an Accountant still
 * read every student, so the rule is the Teacher's alone.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';
import { indiaToday } from '../../src/lib/schemas/real-day';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Json = Record<string, any>;

describe.each(targets)('a Teacher sees only the students they teach, on $name', (target) => {
  let owner: Staff;
  let accountant: Staff;
  let teacher: Staff;
  let colleague: Staff;
  /** Each student: their id, name and mobile, one due, one receipt and one UPI report waiting. */
  const mine = { id: '', name: '', phone: '', due: '', receipt: '', claim: '', utr: '', batch: '' };
  const theirs = { ...mine };

  const insert = async (text: string, params: unknown[]) => String((await db<{ id: string }>(target, text, params))[0]!.id);
  /** A running batch taught by `teacherId` with a student on its roster who owes, paid once and reported a UPI payment. */
  async function studentTaughtBy(teacherId: string, into: typeof mine): Promise<void> {
    const course = await insert(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 4500, '3 months', 'Vouchers.', '/images/tally.webp') returning id`,
      [uniqueName('Scope Course')],
    );
    const batch = await insert(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, current_date - 30, current_date + 60, '{1,3,5}', '07:00', '08:00', $3, $4, 20, 'running') returning id`,
      [course, uniqueName('Scope Batch'), uniqueName('Room'), teacherId],
    );
    const tag = randomBytes(5).toString('hex');
    into.name = uniqueName('Scope Pupil');
    into.phone = `98${String(parseInt(tag, 16) % 1e8).padStart(8, '0')}`;
    into.id = await insert(`insert into students (name, email, phone, course) values ($1, $2, $3, 'Tally') returning id`, [
      into.name,
      uniqueEmail('scope'),
      into.phone,
    ]);
    await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [batch, into.id]);
    into.batch = batch;
    into.due = await insert(
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on, from_plan)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, $3, 1, 'Course fee', 300000, current_date - 3, true) returning id`,
      [into.id, batch, course],
    );
    into.receipt = await insert(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
       values ($1, '26-27', $2, 50000, 'cash', $3, 'Scope Accountant') returning id`,
      [`SCOPE/${tag}`, into.id, indiaToday()],
    );
    into.utr = String(parseInt(tag, 16)).padStart(12, '7').slice(0, 12);
    into.claim = await insert(`insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 100000, $3, $4) returning id`, [
      into.id,
      into.due,
      into.utr,
      indiaToday(),
    ]);
  }

  beforeAll(async () => {
    [owner, accountant, teacher, colleague] = await Promise.all([
      signedInAdmin(target, 'scopeowner'),
      signedInAdmin(target, 'scopeaccountant', 'accountant'),
      signedInAdmin(target, 'scopeteacher', 'teacher'),
      signedInAdmin(target, 'scopecolleague', 'teacher'),
    ]);
    await studentTaughtBy(teacher.staff.id, mine);
    await studentTaughtBy(colleague.staff.id, theirs);
  });

  const call = async (cookie: string, route: string) => {
    const res = await staffFetch(target, route, cookie);
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Json, text };
  };

  /** The single records of a student: the Teacher's own answer 200, another's 404 with not a word of them. */
  const single: [string, (s: typeof mine) => string][] = [
    ['a student’s fees', (s) => `/api/admin/fees/students/${s.id}`],
    ['a due', (s) => `/api/admin/fees/dues/${s.due}`],
    ['a receipt', (s) => `/api/admin/fees/receipts/${s.receipt}`],
  ];
  it.each(single)('%s: their own batch’s student, not another’s (404, nothing of them in the answer)', async (_what, route) => {
    const own = await call(teacher.cookie, route(mine));
    expect(own.status, own.text).toBe(200);
    expect(own.text).toContain(mine.name);
    const other = await call(teacher.cookie, route(theirs));
    expect(other.status, other.text).toBe(404);
    expect(other.text).not.toContain(theirs.name);
    expect(other.text).not.toContain(theirs.phone);
    // The Owner and the Accountant read both.
    for (const who of [owner, accountant]) expect((await call(who.cookie, route(theirs))).status).toBe(200);
  });

  it('Collect fees’ search: by name, mobile, due reference and receipt number it finds their own student, never another’s', async () => {
    const [ownDue] = await db<{ reference: string }>(target, 'select reference from fee_dues where id = $1', [mine.due]);
    const [otherDue] = await db<{ reference: string }>(target, 'select reference from fee_dues where id = $1', [theirs.due]);
    const [otherReceipt] = await db<{ number: string }>(target, 'select number from fee_receipts where id = $1', [theirs.receipt]);
    const search = async (cookie: string, q: string) => (await call(cookie, `/api/admin/fees/students?q=${encodeURIComponent(q)}`)).body['students'] as Json[];
    expect((await search(teacher.cookie, mine.name)).map((s) => s['id'])).toEqual([mine.id]);
    expect((await search(teacher.cookie, ownDue!.reference)).map((s) => s['id'])).toEqual([mine.id]);
    for (const q of [theirs.name, theirs.phone.slice(-6), otherDue!.reference, otherReceipt!.number]) {
      expect(await search(teacher.cookie, q), q).toEqual([]);
      expect(
        (await search(accountant.cookie, q)).map((s) => s['id']),
        q,
      ).toEqual([theirs.id]);
    }
  });

  it('the UPI reports to confirm and the dues to chase list their own student, not another’s (no name, mobile or UTR)', async () => {
    for (const route of ['/api/admin/fees/claims', '/api/admin/fees/dues']) {
      const own = await call(teacher.cookie, route);
      expect(own.status).toBe(200);
      expect(own.text, route).toContain(mine.name);
      expect(own.text, route).not.toContain(theirs.name);
      expect(own.text, route).not.toContain(theirs.phone);
      expect(own.text, route).not.toContain(theirs.utr);
      expect((await call(owner.cookie, route)).text, route).toContain(theirs.name);
    }
  });

  it('a batch’s attendance grid and its certificates: their own batch’s students, and nothing of another’s (refused as a colleague’s batch)', async () => {
    for (const route of [(s: typeof mine) => `/api/admin/batches/${s.batch}/attendance`, (s: typeof mine) => `/api/admin/certificates?batch=${s.batch}`]) {
      const own = await call(teacher.cookie, route(mine));
      expect(own.status, own.text).toBe(200);
      expect(own.text).toContain(mine.name);
      const other = await call(teacher.cookie, route(theirs));
      expect(other.status, other.text).toBe(403);
      expect(other.text).not.toContain(theirs.name);
      expect(other.text).not.toContain(theirs.phone);
    }
  });

  it('the student records, a batch’s roster and the fee reports are not a Teacher’s at all (403 by role), for either student', async () => {
    for (const route of [
      `/api/admin/batches/${theirs.batch}/students`,
      `/api/students/${mine.id}`,
      `/api/students/${theirs.id}`,
      `/api/students?q=${encodeURIComponent(theirs.name)}`,
      '/api/admin/fees/reports?by=mode',
    ]) {
      const res = await call(teacher.cookie, route);
      expect(res.status, route).toBe(403);
      expect(res.text, route).not.toContain(theirs.name);
    }
  });
});
