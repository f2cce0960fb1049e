/**
 * Certificates anyone can verify: staff issue one to a student who completed a batch (the number
 * random and unique, a low attendance warned before anything is written, a second one refused),
 * an Owner revokes one with a reason, and anyone reads exactly what the certificate says by its
 * number, within a limit per client. The functions run in this process on a database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitKeyOf } from '../../functions/_shared/platform/client';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { auditSentence } from '../../src/lib/audit-words';
import { CERTIFICATE_ALPHABET, type CertificateBatch, type CertificateStudent, type StaffCertificate } from '../../src/lib/schemas/certificate';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { certificateFixtures, type TestStaff } from '../support/certificate-fixtures';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { rateLimitsOn } from '../support/rate-limits';

let fx: InProcess;
let client: pg.Client;
let owner: TestStaff;
let teacher: TestStaff;

const sql = sqlOn(() => client);
const fixtures = certificateFixtures(() => client);
const { hitsOf, setHits } = rateLimitsOn(sql);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-certificates', 'admin-certificate-revoke', 'certificate'] }));
  owner = await fixtures.staff('owner', 'Asha Verma');
  teacher = await fixtures.staff('teacher', 'Meena Joshi');
});

afterAll(() => closeInProcess({ fx, client }));

const NUMBER = new RegExp(`^PCI-\\d{4}-[${CERTIFICATE_ALPHABET}]{6}$`);
let ip = 0;
const newIp = () => `100.70.${Math.floor((ip += 1) / 250)}.${1 + (ip % 250)}`;

/** What the certificate endpoints answer, as the tests read it. */
interface Answer {
  message?: string;
  warning?: string;
  number?: string;
  errors?: Record<string, string>;
  certificate?: StaffCertificate;
  students?: CertificateStudent[];
  batches?: CertificateBatch[];
  recent?: StaffCertificate[];
  [key: string]: unknown;
}

async function issue(who: TestStaff, body: Record<string, unknown>) {
  const { response } = await fx.call('admin-certificates', jsonPost('/api/admin/certificates', body, { cookie: who.cookie }));
  return { status: response.status, body: (await response.json()) as Answer };
}
async function list(who: TestStaff, query = '') {
  const { response } = await fx.call('admin-certificates', new Request(`${BASE}/api/admin/certificates${query}`, { headers: { cookie: who.cookie } }));
  return { status: response.status, body: (await response.json()) as Answer };
}
async function revoke(who: TestStaff, number: string, body: unknown) {
  const { response } = await fx.call('admin-certificate-revoke', jsonPost(`/api/admin/certificates/${number}/revoke`, body, { cookie: who.cookie }), {
    params: { number },
  });
  return { status: response.status, body: (await response.json()) as Answer };
}
async function verify(number: string, from = newIp()) {
  const { response } = await fx.call('certificate', new Request(`${BASE}/api/certificate/${encodeURIComponent(number)}`), { ip: from, params: { number } });
  return response;
}
const certificatesOf = (studentId: string) =>
  sql<{ number: string; revoked_at: Date | null }>('select number, revoked_at from certificates where student_id = $1', [studentId]);

/** A completed student of a new batch taught by `teacherId`, with `present` of 10 classes attended. */
async function completedStudent(name: string, { present = 9, teacherId = teacher.id } = {}) {
  const batchId = await fixtures.batch({ teacherId, course: 'Tally Prime with GST' });
  const studentId = await fixtures.student(name);
  await fixtures.enrol(batchId, studentId, 'completed');
  await fixtures.attend(batchId, studentId, fixtures.marks(10, present));
  return { batchId, studentId };
}

describe('issuing a certificate', () => {
  it('gives a completed student a random PCI number, keeps what it says, audits it and lists it', async () => {
    const { batchId, studentId } = await completedStudent('Sunita Sharma');
    const issued = await issue(teacher, { batchId, studentId, grade: 'A', marks: '86%', issuedOn: '2026-03-30' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const number = issued.body.certificate!.number as string;
    expect(number).toMatch(NUMBER);
    expect(number.slice(0, 9)).toBe('PCI-2026-');
    expect(issued.body['message']).toBe(`Certificate ${number} issued to Sunita Sharma.`);

    const [row] = await sql<Record<string, unknown>>(
      `select student_name, course, starts_on::text, ends_on::text, grade, marks, issued_on::text from certificates where number = $1`,
      [number],
    );
    expect(row).toEqual({
      student_name: 'Sunita Sharma',
      course: 'Tally Prime with GST',
      starts_on: '2026-01-05',
      ends_on: '2026-03-27',
      grade: 'A',
      marks: '86%',
      issued_on: '2026-03-30',
    });
    // The snapshot stays when the records change.
    await sql(`update students set name = 'Sunita Verma' where id = $1`, [studentId]);
    expect(await (await verify(number)).json()).toMatchObject({ name: 'Sunita Sharma', course: 'Tally Prime with GST' });

    const [line] = await sql<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      `select action, entity, entity_id, detail from audit_log where entity = 'certificate' and entity_id = $1`,
      [number],
    );
    expect(auditSentence({ actor: 'Meena Joshi', action: line!.action, entity: line!.entity, entityId: line!.entity_id, detail: line!.detail })).toMatch(
      new RegExp(`^Meena Joshi issued certificate ${number} of Sunita Sharma \\(Tally Prime with GST, batch Batch \\d+\\)\\.$`),
    );

    const shown = await list(teacher, `?batch=${batchId}`);
    expect(shown.status).toBe(200);
    expect(shown.body['students']).toEqual([
      expect.objectContaining({ name: 'Sunita Verma', rosterStatus: 'Completed', eligible: true, held: 10, percent: 90, lowAttendance: false }),
    ]);
    expect(shown.body.students![0]!.certificate).toMatchObject({ number, status: 'valid', grade: 'A', issuedBy: 'Meena Joshi' });
    expect((await list(teacher)).body.recent!.map((c) => c.number)).toContain(number);
  });

  it('draws numbers nobody can guess: 200 certificates, 200 different numbers of the alphabet', async () => {
    const batchId = await fixtures.batch({ status: 'completed', teacherId: teacher.id });
    const ids = await sql<{ id: string }>(
      `insert into students (name, email, course) select 'Student ' || i, 'many' || i || '@example.in', 'Tally' from generate_series(1, 200) i returning id::text`,
    );
    await sql(`insert into batch_students (batch_id, student_id, status) select $1, id, 'active' from unnest($2::bigint[]) id`, [
      batchId,
      ids.map((r) => r.id),
    ]);
    const numbers: string[] = [];
    for (const { id } of ids) {
      const issued = await issue(owner, { batchId, studentId: id, confirmLowAttendance: true });
      expect(issued.status).toBe(201);
      numbers.push(issued.body.certificate!.number);
    }
    expect(new Set(numbers).size).toBe(200);
    for (const number of numbers) expect(number).toMatch(NUMBER);
    // Not a sequence: every character of the alphabet turns up somewhere in 1,200 random ones.
    const seen = new Set(numbers.flatMap((n) => [...n.slice(-6)]));
    expect(seen.size).toBeGreaterThan(CERTIFICATE_ALPHABET.length - 3);
  });

  it('refuses a student who has not completed the batch, left it, or is not on its roster, and writes nothing', async () => {
    const batchId = await fixtures.batch({ teacherId: teacher.id, status: 'running' });
    const active = await fixtures.student('Ravi Kumar');
    const left = await fixtures.student('Pooja Meena');
    const stranger = await fixtures.student('Anil Jat');
    await fixtures.enrol(batchId, active, 'active');
    await fixtures.enrol(batchId, left, 'left');

    const notDone = await issue(teacher, { batchId, studentId: active });
    expect(notDone.status).toBe(409);
    expect(notDone.body['message']).toMatch(/^Ravi Kumar has not completed Batch \d+ yet\. Mark them Completed/);
    expect((await issue(teacher, { batchId, studentId: left })).body['message']).toMatch(/^Pooja Meena left Batch \d+/);
    expect((await issue(teacher, { batchId, studentId: stranger })).body['message']).toMatch(/^Anil Jat is not on the roster of Batch \d+/);
    for (const id of [active, left, stranger]) expect(await certificatesOf(id)).toEqual([]);

    // Once the batch is completed, its active students may be given one; one who left still not.
    await sql(`update batches set status = 'completed' where id = $1`, [batchId]);
    expect((await issue(teacher, { batchId, studentId: active, confirmLowAttendance: true })).status).toBe(201);
    expect((await issue(teacher, { batchId, studentId: left, confirmLowAttendance: true })).status).toBe(409);
  });

  it('refuses a second valid certificate for the same batch, naming the first; after a revocation a new one may be issued', async () => {
    const { batchId, studentId } = await completedStudent('Kavita Soni');
    const first = (await issue(teacher, { batchId, studentId })).body.certificate!.number as string;
    const second = await issue(teacher, { batchId, studentId });
    expect(second.status).toBe(409);
    expect(second.body['number']).toBe(first);
    expect(second.body['message']).toBe(`Kavita Soni already has certificate ${first} for this batch. Revoke it first if a new one is needed.`);
    expect(await certificatesOf(studentId)).toHaveLength(1);

    expect((await revoke(owner, first, { reason: 'Printed with a spelling mistake in the name.' })).status).toBe(200);
    const third = await issue(teacher, { batchId, studentId });
    expect(third.status).toBe(201);
    expect(third.body.certificate!.number).not.toBe(first);
  });

  it('warns of attendance below the threshold and issues only once staff confirm', async () => {
    const { batchId, studentId } = await completedStudent('Sunita Rao', { present: 0 });
    // 62%: 8 of 13 classes (present first).
    await sql('delete from attendance where student_id = $1', [studentId]);
    await fixtures.attend(batchId, studentId, fixtures.marks(13, 8));
    const warned = await issue(teacher, { batchId, studentId, grade: 'B' });
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({ warning: 'Sunita Rao’s attendance is 61%, below 75%.', confirm: true, percent: 61, threshold: 75 });
    expect(await certificatesOf(studentId)).toEqual([]);

    const confirmed = await issue(teacher, { batchId, studentId, grade: 'B', confirmLowAttendance: true });
    expect(confirmed.status).toBe(201);
    const number = confirmed.body.certificate!.number as string;
    const [line] = await sql<{ detail: Record<string, unknown> }>(`select detail from audit_log where entity_id = $1 and action = 'create'`, [number]);
    expect(auditSentence({ actor: 'Meena Joshi', action: 'create', entity: 'certificate', entityId: number, detail: line!.detail })).toContain(
      'despite attendance of 61%',
    );
  });

  it('warns when no attendance was recorded at all', async () => {
    const batchId = await fixtures.batch({ teacherId: teacher.id, status: 'completed' });
    const studentId = await fixtures.student('Nobody Marked');
    await fixtures.enrol(batchId, studentId, 'completed');
    const warned = await issue(teacher, { batchId, studentId });
    expect(warned.status).toBe(409);
    expect(warned.body['warning']).toMatch(/^No attendance has been recorded for Nobody Marked in Batch \d+\.$/);
  });

  it('lets a Teacher issue only for the batches they teach (403, nothing written); an Owner for any; a Counsellor not at all', async () => {
    const otherTeacher = await fixtures.staff('teacher', 'Other Teacher');
    const { batchId, studentId } = await completedStudent('Deepak Gehlot');
    const refused = await issue(otherTeacher, { batchId, studentId });
    expect(refused.status).toBe(403);
    expect(refused.body['message']).toMatch(/^You can issue certificates only for the batches you teach; Batch \d+ is taught by Meena Joshi\.$/);
    expect((await list(otherTeacher, `?batch=${batchId}`)).status).toBe(403);
    expect((await list(otherTeacher)).body.batches!.map((b) => b.id)).not.toContain(batchId);
    expect(await certificatesOf(studentId)).toEqual([]);
    expect(await sql(`select 1 from audit_log where staff_id = $1 and entity = 'certificate'`, [otherTeacher.id])).toEqual([]);

    const counsellor = await fixtures.staff('counsellor');
    expect((await issue(counsellor, { batchId, studentId })).status).toBe(403);
    expect((await issue(owner, { batchId, studentId })).status).toBe(201);
  });

  it('refuses an issue date after today or before the batch began', async () => {
    const { batchId, studentId } = await completedStudent('Date Check');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await issue(teacher, { batchId, studentId, issuedOn: tomorrow })).body['errors']).toEqual({ issuedOn: 'The issue date cannot be after today.' });
    expect((await issue(teacher, { batchId, studentId, issuedOn: '2025-12-31' })).body.errors!['issuedOn']).toMatch(/before the batch started/);
    const today = await issue(teacher, { batchId, studentId });
    expect(today.body.certificate!.issuedOn).toBe(indiaToday());
  });
});

describe('revoking a certificate', () => {
  it('needs a reason, an Owner, is audited in words, and a second revocation is a clear 409', async () => {
    const { batchId, studentId } = await completedStudent('Manoj Prajapat');
    const number = (await issue(teacher, { batchId, studentId })).body.certificate!.number as string;

    for (const body of [{}, { reason: '' }, { reason: 'abc' }, { reason: 'x'.repeat(301) }, { reason: 42 }]) {
      const refused = await revoke(owner, number, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors!['reason']).toBeTruthy();
    }
    expect((await revoke(teacher, number, { reason: 'The teacher wants it gone.' })).status).toBe(403);
    expect((await certificatesOf(studentId))[0]!.revoked_at).toBeNull();

    const revoked = await revoke(owner, number.toLowerCase(), { reason: '  Exam found to be copied.  ' });
    expect(revoked.status).toBe(200);
    expect(revoked.body['message']).toBe(`Certificate ${number} of Manoj Prajapat is revoked.`);
    const [line] = await sql<{ action: string; detail: Record<string, unknown> }>(
      `select action, detail from audit_log where entity_id = $1 and action = 'revoke'`,
      [number],
    );
    expect(auditSentence({ actor: 'Asha Verma', action: line!.action, entity: 'certificate', entityId: number, detail: line!.detail })).toBe(
      `Asha Verma revoked certificate ${number} of Manoj Prajapat: “Exam found to be copied.”.`,
    );

    const again = await revoke(owner, number, { reason: 'Revoking it once more.' });
    expect(again.status).toBe(409);
    expect(again.body['message']).toMatch(
      new RegExp(`^Certificate ${number} was already revoked on .+ \\(“Exam found to be copied\\.”\\)\\. Nothing was changed\\.$`),
    );
    expect(await sql(`select 1 from audit_log where entity_id = $1 and action = 'revoke'`, [number])).toHaveLength(1);
    expect((await revoke(owner, 'PCI-2026-ZZZZZZ', { reason: 'No such certificate.' })).status).toBe(404);
  });
});

describe('verifying a number (public)', () => {
  it('answers exactly what the certificate says and nothing else about the student, whatever the case', async () => {
    const { batchId, studentId } = await completedStudent('Sunita Sharma');
    await sql(`update students set phone = '9414000000', guardian_name = 'Ramesh Sharma' where id = $1`, [studentId]);
    const number = (await issue(teacher, { batchId, studentId, grade: 'A+', issuedOn: '2026-03-30' })).body.certificate!.number as string;

    const response = await verify(number.toLowerCase());
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.json()).toStrictEqual({
      number,
      name: 'Sunita Sharma',
      course: 'Tally Prime with GST',
      startsOn: '2026-01-05',
      endsOn: '2026-03-27',
      grade: 'A+',
      marks: null,
      issuedOn: '2026-03-30',
      status: 'valid',
    });
  });

  it('says a revoked certificate is revoked, when and why', async () => {
    const { batchId, studentId } = await completedStudent('Revoked Person');
    const number = (await issue(teacher, { batchId, studentId })).body.certificate!.number as string;
    await revoke(owner, number, { reason: 'Issued to the wrong student.' });
    const answer = (await (await verify(number)).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ number, status: 'revoked', revokedOn: indiaToday(), revokedReason: 'Issued to the wrong student.' });
    expect(Object.keys(answer).sort()).toEqual(
      ['course', 'endsOn', 'grade', 'issuedOn', 'marks', 'name', 'number', 'revokedOn', 'revokedReason', 'startsOn', 'status'].sort(),
    );
  });

  it('answers 404 for an unknown number and 400 for what cannot be one, both noindex and not cached', async () => {
    const unknown = await verify('PCI-2026-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect((await unknown.json())['message']).toBe('No certificate has this number.');
    expect(unknown.headers.get('x-robots-tag')).toBe('noindex');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    for (const bad of ['hello', 'PCI-2026-0O1IL0', 'PCI-26-ABCDEF', '../../etc/passwd', 'PCI-2026-ABCDEFG', '%00', ' '.repeat(50), 'x'.repeat(500)]) {
      const response = await verify(bad);
      expect(response.status, bad).toBe(400);
      expect((await response.json())['message']).toBe('This is not a certificate number. A certificate number looks like PCI-2027-7F3K9Q.');
    }
  });

  it('limits each client on its own: one client at its limit is refused, another is still answered', async () => {
    const { batchId, studentId } = await completedStudent('Limit Check');
    const number = (await issue(teacher, { batchId, studentId })).body.certificate!.number as string;
    const busy = newIp();
    await setHits('certificate:address', limitKeyOf(busy), LIMITS['certificate:address'].max);
    const refused = await verify(number, busy);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await verify(number, newIp())).status).toBe(200);
  });
});

describe('a sweep of the numbers', () => {
  /** A number of this year that no certificate has (the alphabet's characters at random). */
  const unknownNumber = () =>
    `PCI-${indiaToday().slice(0, 4)}-${Array.from({ length: 6 }, () => CERTIFICATE_ALPHABET[Math.floor(Math.random() * CERTIFICATE_ALPHABET.length)]).join('')}`;
  /** Verifies every number of `numbers`, each from its address of `from`, all at once: the answers' statuses. */
  const all = (numbers: string[], from: (i: number) => string) => Promise.all(numbers.map((n, i) => verify(n, from(i)).then((r) => r.status)));
  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
  const YEAR = CERTIFICATE_ALPHABET.length ** 6;

  it('would take any one network decades: the arithmetic of the limits', () => {
    expect(YEAR).toBe(887_503_681);
    const years = (missesPerDay: number) => YEAR / missesPerDay / 365;
    // The old limit alone: 120 an hour from each /64 of one /48 swept a year in about five days.
    expect(YEAR / (120 * 24 * 65_536)).toBeLessThan(5);
    expect(LIMITS['certificate-miss:site'].seconds).toBe(86_400);
    expect(years(LIMITS['certificate-miss:site'].max)).toBeGreaterThan(10_000);
    expect(LIMITS['certificate-miss:provider'].seconds).toBe(86_400);
    expect(years(LIMITS['certificate-miss:provider'].max)).toBeGreaterThan(1_000);
    // A hundred provider blocks at once still need decades.
    expect(years(100 * LIMITS['certificate-miss:provider'].max)).toBeGreaterThan(20);
  });

  it('refuses a /48 guessing from many /64s at once once its misses are spent, and then every lookup from it', async () => {
    const { batchId, studentId } = await completedStudent('Sweep Target');
    const number = (await issue(teacher, { batchId, studentId })).body.certificate!.number as string;
    const max = LIMITS['certificate-miss:site'].max;
    // 65,536 /64s of one /48: each /64 stays far under its own limits (two guesses each).
    const sweeper = (i: number) => `2001:db8:5eed:${(i >> 1).toString(16)}::${(i % 2) + 1}`;
    const first = tally(await all(Array.from({ length: max + 30 }, unknownNumber), sweeper));
    expect(first).toEqual({ 404: max, 429: 30 });
    // Past its budget, a real number is refused to that /48 too: otherwise its 429s would only mean "not found".
    const refused = await verify(number, '2001:db8:5eed:ffff::1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json())['message']).toBe(LIMITS['certificate-miss:site'].message);
    expect(await hitsOf('certificate-miss:site', '2001:db8:5eed::/48')).toBe(max);
    // Another /48 of the same provider, and an IPv4 verifier, are still answered.
    expect((await verify(number, '2001:db8:beef:1::1')).status).toBe(200);
    expect((await verify(number, newIp())).status).toBe(200);
    expect((await verify(unknownNumber(), '2001:db8:beef:1::1')).status).toBe(404);
  });

  it('bounds a provider block of many /48s, and an IPv4 /24 and /16 the same way', async () => {
    const provider = LIMITS['certificate-miss:provider'].max;
    // The /32 has ten misses left; twenty /48s under it guess at once.
    await setHits('certificate-miss:provider', '2001:db8::/32', provider - 10);
    const spread = tally(await all(Array.from({ length: 20 }, unknownNumber), (i) => `2001:db8:${(0xa000 + i).toString(16)}:1::1`));
    expect(spread).toEqual({ 404: 10, 429: 10 });
    // IPv4: one /24's addresses, then one /16's /24s.
    const site = LIMITS['certificate-miss:site'].max;
    await setHits('certificate-miss:site', '198.51.100.0/24', site - 5);
    expect(tally(await all(Array.from({ length: 12 }, unknownNumber), (i) => `198.51.100.${i + 1}`))).toEqual({ 404: 5, 429: 7 });
    await setHits('certificate-miss:provider', '203.0.0.0/16', provider - 3);
    expect(tally(await all(Array.from({ length: 9 }, unknownNumber), (i) => `203.0.${i}.7`))).toEqual({ 404: 3, 429: 6 });
    // One address: twenty misses an hour.
    const one = LIMITS['certificate-miss:address'].max;
    expect(tally(await all(Array.from({ length: one + 4 }, unknownNumber), () => '192.0.2.77'))).toEqual({ 404: one, 429: 4 });
  });

  it('never refuses honest verifiers: a class of thirty scanning its own certificates on one Wi-Fi at once, with a mistyped number or two', async () => {
    const numbers: string[] = [];
    for (const i of Array.from({ length: 30 }, (_, n) => n)) {
      const { batchId, studentId } = await completedStudent(`Class Member ${i}`);
      numbers.push((await issue(teacher, { batchId, studentId })).body.certificate!.number as string);
    }
    const wifi = '198.18.7.30';
    expect(tally(await all(numbers, () => wifi))).toEqual({ 200: 30 });
    expect(tally(await all([unknownNumber(), unknownNumber()], () => wifi))).toEqual({ 404: 2 });
    expect(
      tally(
        await all(
          numbers.map((n) => n.toLowerCase()),
          () => wifi,
        ),
      ),
    ).toEqual({ 200: 30 });
    // Finds never count against the network: only the two misses did.
    expect(await hitsOf('certificate-miss:address', wifi)).toBe(2);
    expect(await hitsOf('certificate-miss:site', '198.18.7.0/24')).toBe(2);
  });
});

describe('bad input', () => {
  it('is never a 500 and writes nothing', async () => {
    const before = await sql<{ n: string }>('select count(*)::text as n from certificates');
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { batchId: 'abc', studentId: '1' },
      { batchId: '1', studentId: -1 },
      { batchId: '99999999999', studentId: '99999999999' },
      { batchId: '1'.repeat(30), studentId: '1' },
      { batchId: '1', studentId: '1', issuedOn: '2026-02-30' },
      { batchId: '1', studentId: '1', issuedOn: 20260101 },
      { batchId: '1', studentId: '1', grade: 'x'.repeat(50) },
      { batchId: '1', studentId: '1', grade: 'A\u0000' },
      { batchId: '1', studentId: '1', confirmLowAttendance: 'yes' },
    ];
    for (const body of bodies) {
      const { status } = await issue(owner, body as Record<string, unknown>);
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const query of ['?batch=abc', '?batch=0', '?batch=99999999999', `?batch=${'9'.repeat(40)}`]) {
      const { status } = await list(owner, query);
      expect([400, 404], query).toContain(status);
    }
    for (const body of [null, { reason: null }, { reason: ['a'] }]) expect((await revoke(owner, 'PCI-2026-ABCDEF', body)).status).toBe(400);
    expect((await revoke(owner, 'not-a-number', { reason: 'Five or more.' })).status).toBe(404);
    expect(await sql<{ n: string }>('select count(*)::text as n from certificates')).toEqual(before);
  });
});
