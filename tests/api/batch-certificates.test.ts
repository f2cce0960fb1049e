/**
 * A completed batch's certificates at once (/api/admin/batches/{id}/certificates): only the
 * students who completed it are offered (never one who left), those below the attendance
 * threshold only with their tick and reason, everyone else by one action with a number each, a
 * second call issues nobody twice, a batch not completed is refused in words, another teacher's
 * batch is refused, and each student learns of it (WhatsApp in their language, an e-mail where
 * there is an address) with one audit line in words for the lot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import type { BatchCertificatesAnswer, BatchCertificatesIssued } from '../../src/lib/schemas/batch-certificates';
import { CERTIFICATE_ALPHABET } from '../../src/lib/schemas/certificate';
import { db, eventually, outboxMessages, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
const NUMBER = new RegExp(`^PCI-\\d{4}-[${CERTIFICATE_ALPHABET}]{6}$`);

describe.each(targets)('a batch’s certificates at once, on $name', (target) => {
  let owner: Staff;
  let teacher: Staff;
  let colleague: Staff;
  let accountant: Staff;

  beforeAll(async () => {
    [owner, teacher, colleague, accountant] = await Promise.all([
      signedInAdmin(target, 'bulkowner', 'owner'),
      signedInAdmin(target, 'bulkteacher', 'teacher'),
      signedInAdmin(target, 'bulkcolleague', 'teacher'),
      signedInAdmin(target, 'bulkaccountant', 'accountant'),
    ]);
    await db(target, `update staff set name = 'Meena Joshi' where id = $1`, [teacher.staff.id]);
  });

  const one = async (text: string, params: unknown[]) => String((await db<{ id: string }>(target, text, params))[0]!.id);

  /** A batch taught by `teacherId` ('completed' unless told) with 10 classes held. */
  async function batch(teacherId: string, status = 'completed'): Promise<{ id: string; name: string }> {
    const course = await one(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id`,
      [uniqueName('Tally Prime')],
    );
    const name = uniqueName('Bulk Batch');
    const id = await one(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, '2026-01-05', '2026-03-27', '{1,2,3,4,5,6,7}', '09:00', '10:00', 'Room 1', $3, 40, $4) returning id`,
      [course, name, teacherId, status],
    );
    await db(target, `insert into class_days (batch_id, day) select $1, '2026-01-05'::date + i from generate_series(0, 9) i`, [id]);
    return { id, name };
  }

  /** A student on the batch's roster with `status`, present in `present` of its 10 classes. */
  async function student(batchId: string, options: { status?: string; present?: number; language?: string; email?: boolean; name?: string } = {}) {
    const name = options.name ?? uniqueName('Pupil');
    const id = await one(`insert into students (name, email, phone, course, language) values ($1, $2, '9829012345', 'Tally', $3) returning id`, [
      name,
      options.email === false ? '' : uniqueEmail('bulkpupil'),
      options.language ?? 'en',
    ]);
    await db(target, 'insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [batchId, id, options.status ?? 'active']);
    const present = options.present ?? 9;
    await db(
      target,
      `insert into attendance (batch_id, student_id, day, mark) select $1, $2, '2026-01-05'::date + i, case when i < $3 then 'present' else 'absent' end from generate_series(0, 9) i`,
      [batchId, id, present],
    );
    return { id, name };
  }

  const read = async (who: Staff, batchId: string) => {
    const res = await staffFetch(target, `/api/admin/batches/${batchId}/certificates`, who.cookie);
    return { status: res.status, body: (await res.json()) as BatchCertificatesAnswer & { message?: string } };
  };
  const issue = async (who: Staff, batchId: string, body: unknown = {}) => {
    const res = await staffFetch(target, `/api/admin/batches/${batchId}/certificates`, who.cookie, { body });
    return { status: res.status, body: (await res.json()) as BatchCertificatesIssued & { message: string; errors?: Record<string, string> } };
  };
  const numbersOf = (batchId: string) =>
    db<{ student_id: string; number: string }>(target, 'select student_id::text, number from certificates where batch_id = $1 and revoked_at is null', [
      batchId,
    ]);

  it('offers only those who completed it, puts those below the threshold apart, and issues the rest at once with a number each', async () => {
    const b = await batch(teacher.staff.id);
    const ready = await Promise.all([1, 2, 3].map(() => student(b.id, { present: 9 })));
    const marked = await student(b.id, { status: 'completed', present: 8 });
    const low = await student(b.id, { present: 5 });
    const left = await student(b.id, { status: 'left', present: 9 });

    const before = await read(teacher, b.id);
    expect(before.status).toBe(200);
    expect(before.body.threshold).toBe(75);
    expect(before.body.ready.map((s) => s.studentId).sort()).toEqual([...ready, marked].map((s) => s.id).sort());
    expect(before.body.below).toEqual([{ studentId: low.id, name: low.name, held: 10, percent: 50, number: null }]);
    expect(before.body.left).toBe(1);
    expect([...before.body.ready, ...before.body.below, ...before.body.issued].some((s) => s.studentId === left.id)).toBe(false);

    const { status, body } = await issue(teacher, b.id);
    expect(status).toBe(201);
    expect(body.message).toBe(`4 certificates issued for batch ${b.name}. 1 below the attendance threshold was left without one (not ticked).`);
    expect(body.skipped).toEqual([{ studentId: low.id, name: low.name, percent: 50 }]);
    const stored = await numbersOf(b.id);
    expect(stored.map((r) => r.student_id).sort()).toEqual([...ready, marked].map((s) => s.id).sort());
    expect(new Set(stored.map((r) => r.number)).size).toBe(4);
    for (const r of stored) expect(r.number).toMatch(NUMBER);
    expect(body.notices.map((n) => n.number).sort()).toEqual(stored.map((r) => r.number).sort());
    // The batch as it now stands: four holders (printed in one file), the low one still waiting for a tick.
    expect(body.state.issued).toHaveLength(4);
    expect(body.state.ready).toEqual([]);
    expect(body.state.below.map((s) => s.studentId)).toEqual([low.id]);
    expect(body.state.certificates.map((c) => c.number).sort()).toEqual(stored.map((r) => r.number).sort());
  });

  it('issues one below the threshold only with its tick, keeping the reason in the audit line in words', async () => {
    const b = await batch(teacher.staff.id);
    const fine = await student(b.id, { present: 10, name: uniqueName('Asha') });
    const low = await student(b.id, { present: 6, name: uniqueName('Ravi') });

    const refused = await issue(teacher, b.id, { anyway: [{ studentId: low.id, reason: 'ok' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.['anyway.0.reason']).toBe('Please give the reason in at least 5 characters: it is kept in the audit log.');
    expect(await numbersOf(b.id)).toEqual([]);

    const reason = 'Missed classes in hospital; passed the final test.';
    const { status, body } = await issue(teacher, b.id, { anyway: [{ studentId: low.id, reason }] });
    expect(status).toBe(201);
    expect(body.skipped).toEqual([]);
    expect((await numbersOf(b.id)).map((r) => r.student_id).sort()).toEqual([fine.id, low.id].sort());

    const [line] = await db<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      target,
      `select action, entity, entity_id, detail from audit_log where staff_id = $1 and entity = 'certificate' and action = 'create' and entity_id = $2`,
      [teacher.staff.id, b.id],
    );
    expect(auditSentence({ actor: 'Meena Joshi', action: line!.action, entity: line!.entity, entityId: line!.entity_id, detail: line!.detail })).toMatch(
      new RegExp(
        `^Meena Joshi issued 2 certificates for batch ${b.name} \\(Tally Prime [a-j]+\\)\\. Issued despite attendance below the threshold: ${low.name} \\(60%\\): “${reason.replace(/[.()]/g, '\\$&')}”\\.$`,
      ),
    );
  });

  it('issues nobody twice: a second call and a double tap each leave one certificate per student', async () => {
    const b = await batch(teacher.staff.id);
    const students = await Promise.all([1, 2, 3, 4, 5].map(() => student(b.id)));
    // A double tap: two calls at once.
    const [first, second] = await Promise.all([issue(teacher, b.id), issue(teacher, b.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const again = await issue(owner, b.id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`Nobody new: no certificate was issued for batch ${b.name}, and nobody holds two.`);
    expect(again.body.notices).toEqual([]);
    const stored = await numbersOf(b.id);
    expect(stored.map((r) => r.student_id).sort()).toEqual(students.map((s) => s.id).sort());
    expect(again.body.state.issued).toHaveLength(5);
    const lines = await db(target, `select 1 from audit_log where entity = 'certificate' and action = 'create' and entity_id = $1`, [b.id]);
    expect(lines).toHaveLength(1);
  });

  it('refuses a batch that is not completed, in words, with nothing issued', async () => {
    const b = await batch(teacher.staff.id, 'running');
    await student(b.id, { status: 'completed' });
    const { status, body } = await issue(teacher, b.id);
    expect(status).toBe(409);
    expect(body.message).toBe(
      `${b.name} is not completed yet. Mark the batch Completed when its classes are over; then its certificates can be issued at once.`,
    );
    expect(await numbersOf(b.id)).toEqual([]);
  });

  it('refuses a Teacher another teacher’s batch, and any role without certificates', async () => {
    const b = await batch(teacher.staff.id);
    await student(b.id);
    for (const call of [read(colleague, b.id), issue(colleague, b.id)]) {
      const { status, body } = await call;
      expect(status).toBe(403);
      expect(body.message).toBe(`You can issue certificates only for the batches you teach; ${b.name} is taught by Meena Joshi.`);
    }
    const { status, body } = await issue(accountant, b.id);
    expect(status).toBe(403);
    expect(body.message).toMatch(/^Your role \(Accountant\) does not allow this\./);
    expect(await numbersOf(b.id)).toEqual([]);
    // The Owner issues for any batch.
    expect((await issue(owner, b.id)).status).toBe(201);
  });

  it('tells each student in their language: a WhatsApp message to open and an e-mail where there is an address', async () => {
    const b = await batch(teacher.staff.id);
    const hindi = await student(b.id, { language: 'hi' });
    const noMail = await student(b.id, { email: false });
    const { body } = await issue(teacher, b.id);
    const noticeOf = (id: string) => body.notices.find((n) => n.studentId === id)!;

    const toHindi = noticeOf(hindi.id);
    expect(toHindi.language).toBe('hi');
    expect(toHindi.emailed).toBe(true);
    expect(toHindi.whatsApp.startsWith('https://wa.me/919829012345?text=')).toBe(true);
    const text = decodeURIComponent(toHindi.whatsApp.split('?text=')[1]!);
    expect(text).toContain(`नमस्ते ${hindi.name}, बधाई हो!`);
    expect(text).toContain(`/hi/certificate/${toHindi.number}`);
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, toHindi.number);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain(`Subject: आपका प्रमाणपत्र ${toHindi.number}`);

    expect(noticeOf(noMail.id).emailed).toBe(false);
    expect(decodeURIComponent(noticeOf(noMail.id).whatsApp)).toContain(`Namaste ${noMail.name}, congratulations!`);
  });

  it('refuses bad input with a 400 in words and issues nothing', async () => {
    const b = await batch(teacher.staff.id);
    const s = await student(b.id, { present: 2 });
    for (const body of [{ anyway: 'all' }, { anyway: [{ studentId: 'x', reason: 'Because.' }] }, { issuedOn: '2026-02-30' }, '{']) {
      const { status, body: answer } = await issue(teacher, b.id, body);
      expect(status).toBe(400);
      expect(answer.message).toMatch(/^[A-Z]/);
    }
    const stranger = await issue(teacher, b.id, { anyway: [{ studentId: '999999999', reason: 'Passed the test.' }] });
    expect(stranger.status).toBe(409);
    expect(stranger.body.message).toMatch(/^A ticked student is no longer among those who completed/);
    expect(await numbersOf(b.id)).toEqual([]);
    expect((await read(teacher, b.id)).body.below.map((x) => x.studentId)).toEqual([s.id]);
    expect((await staffFetch(target, '/api/admin/batches/abc/certificates', teacher.cookie)).status).toBe(404);
  });
});
