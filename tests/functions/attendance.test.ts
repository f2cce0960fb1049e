/**
 * Attendance: the day's classes, the register (everyone present until saved), saving it once
 * however often it is sent, corrections (today's by the teacher, older days by the Owner only,
 * a stale screen refused with the current register), the days no register is taken on, the audit
 * lines in words, the monthly grid with its percentages and its files, and Today's list of
 * students below the threshold. The functions run in this process on a database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import { dayInWords, isoWeekday, type AttendanceGrid, type ClassesOfDay, type Register, type SavedRegister } from '../../src/lib/schemas/attendance';
import type { Today } from '../../src/lib/schemas/today';
import { addBatch, batchWithStudents, dayFromToday, signedInStaff, type SignedIn } from '../support/classes-fixtures';
import { parseCsv } from '../support/csv';
import { BASE, closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { readFirstSheet } from '../support/xlsx';

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client);

let owner: SignedIn;
let teacher: SignedIn;
let otherTeacher: SignedIn;
let counsellor: SignedIn;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-classes', 'admin-batch-attendance-day', 'admin-batch-attendance', 'admin-today'] }));
  owner = await signedInStaff(client, 'owner', 'Kavita Owner');
  teacher = await signedInStaff(client, 'teacher', 'Mohan Lal');
  otherTeacher = await signedInStaff(client, 'teacher', 'Geeta Rani');
  counsellor = await signedInStaff(client, 'counsellor', 'Asha Verma');
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

const today = dayFromToday(0);
const yesterday = dayFromToday(-1);

/** A call of function `name` as `who`: the status and the JSON (or text) answer. */
async function call<T = Record<string, unknown>>(name: string, who: SignedIn, method: string, route: string, body?: unknown) {
  const request = new Request(new URL(route, BASE), {
    method,
    headers: { cookie: who.cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const { response, settled } = await fx.call(name, request);
  await settled();
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: data as T, headers: response.headers };
}

const register = (who: SignedIn, batchId: string, day: string) =>
  call<Register>('admin-batch-attendance-day', who, 'GET', `/api/admin/batches/${batchId}/attendance/${day}`);
const save = (who: SignedIn, batchId: string, day: string, body: unknown) =>
  call<SavedRegister & { message?: string; errors?: Record<string, string>; current?: Register }>(
    'admin-batch-attendance-day',
    who,
    'PUT',
    `/api/admin/batches/${batchId}/attendance/${day}`,
    body,
  );

/** The saved marks of a batch's day, by student name. */
const marksOf = async (batchId: string, day: string) =>
  Object.fromEntries(
    (
      await sql<{ name: string; mark: string }>(
        `select s.name, a.mark from attendance a join students s on s.id = a.student_id where a.batch_id = $1 and a.day = $2 order by s.name`,
        [batchId, day],
      )
    ).map((r) => [r.name, r.mark]),
  );

/** The audit lines of a batch's attendance, as staff read them. */
const auditLines = async (batchId: string) =>
  (
    await sql<{ actor: string | null; action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      `select s.name as actor, a.action, a.entity, a.entity_id, a.detail from audit_log a left join staff s on s.id = a.staff_id
        where a.entity = 'attendance' and a.entity_id = $1 and a.action <> 'view' order by a.id`,
      [batchId],
    )
  ).map((line) => auditSentence({ actor: line.actor, action: line.action, entity: line.entity, entityId: line.entity_id, detail: line.detail }));

const THREE = [
  { name: 'Sunita Sharma', phone: '9829012345', guardianName: 'Ramesh Sharma', guardianPhone: '9829054321' },
  { name: 'Ravi Meena', phone: '9414012345' },
  { name: 'सीमा कुमारी', phone: '9001012345', guardianName: 'राम लाल', guardianPhone: '9001054321' },
];

let serial = 0;
const batchName = (what: string) => `${what} ${(serial += 1)}`;

describe('the day’s classes', () => {
  it('lists the caller’s running batches meeting today first, with the roster count and whether the register was taken', async () => {
    const mine = await batchWithStudents(
      client,
      { name: batchName('Mohan Morning'), teacherId: teacher.id, startsAt: '11:00', endsAt: '12:30', room: 'Lab 2' },
      THREE,
    );
    const theirs = await batchWithStudents(client, { name: batchName('Geeta Early'), teacherId: otherTeacher.id, startsAt: '07:00' }, THREE.slice(0, 1));
    const notToday = await addBatch(client, { name: batchName('Not Today'), teacherId: teacher.id, days: [(isoWeekday(today) % 7) + 1] });
    const planned = await addBatch(client, { name: batchName('Planned'), teacherId: teacher.id, status: 'planned' });

    const asTeacher = await call<ClassesOfDay>('admin-classes', teacher, 'GET', '/api/admin/classes');
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body.day).toBe(today);
    const ids = asTeacher.body.classes.map((c) => c.batchId);
    expect(ids).toContain(mine.batchId);
    // A Teacher sees only their own batches; batches not meeting today or not running are not classes.
    expect(ids).not.toContain(theirs.batchId);
    expect(ids).not.toContain(notToday);
    expect(ids).not.toContain(planned);
    expect(asTeacher.body.classes.find((c) => c.batchId === mine.batchId)).toMatchObject({
      course: 'RS-CIT (Basic)',
      startsAt: '11:00',
      endsAt: '12:30',
      room: 'Lab 2',
      teacher: 'Mohan Lal',
      mine: true,
      students: 3,
      taken: false,
    });

    // The Owner sees every batch, their own (none here) first, then by time.
    const asOwner = await call<ClassesOfDay>('admin-classes', owner, 'GET', '/api/admin/classes');
    const ownerIds = asOwner.body.classes.map((c) => c.batchId);
    expect(ownerIds).toEqual(expect.arrayContaining([mine.batchId, theirs.batchId]));
    expect(ownerIds.indexOf(theirs.batchId)).toBeLessThan(ownerIds.indexOf(mine.batchId));
    expect(asOwner.body.anyDay).toBe(true);

    await save(teacher, mine.batchId, today, { marks: mine.studentIds.map((studentId) => ({ studentId, mark: 'present' })) });
    const after = await call<ClassesOfDay>('admin-classes', teacher, 'GET', '/api/admin/classes');
    expect(after.body.classes.find((c) => c.batchId === mine.batchId)?.taken).toBe(true);
  });

  it('names a holiday and expects no class', async () => {
    const { status, body } = await call<ClassesOfDay>('admin-classes', owner, 'GET', '/api/admin/classes?day=2027-01-26');
    expect(status).toBe(200);
    expect(body).toMatchObject({ day: '2027-01-26', holiday: 'Republic Day', classes: [] });
  });

  it('is refused to a role without attendance, and a wrong day is a 400 in words', async () => {
    const refused = await call('admin-classes', counsellor, 'GET', '/api/admin/classes');
    expect(refused.status).toBe(403);
    expect(refused.body['message']).toBe('Your role (Counsellor) does not allow this.');
    const wrong = await call<{ errors: Record<string, string> }>('admin-classes', owner, 'GET', '/api/admin/classes?day=2027-02-30');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors['day']).toBe('That day is not in the calendar.');
  });
});

describe('the register', () => {
  it('shows the active roster, everyone present, before the first save', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Default'), teacherId: teacher.id }, THREE);
    // A student who left the batch is not on today's register.
    await sql(`update batch_students set status = 'left' where batch_id = $1 and student_id = $2`, [batchId, studentIds[1]]);
    const { status, body } = await register(teacher, batchId, today);
    expect(status).toBe(200);
    expect(body).toMatchObject({ saved: false, version: 0, editable: true, notEditable: null });
    expect(body.students.map((s) => [s.name, s.mark])).toEqual([
      ['Sunita Sharma', 'present'],
      ['सीमा कुमारी', 'present'],
    ]);
    expect(body.students[0]).toMatchObject({ guardianName: 'Ramesh Sharma', guardianPhone: '9829054321', onRoster: true });
  });

  it('saves the marks and the class day in one go, and the first save is an audit line in words', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Evening'), teacherId: teacher.id }, THREE);
    const [sunita, ravi, seema] = studentIds as [string, string, string];
    const saved = await save(teacher, batchId, today, {
      marks: [
        { studentId: sunita, mark: 'absent' },
        { studentId: ravi, mark: 'leave', reason: 'Sister’s wedding' },
        { studentId: seema, mark: 'present' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ outcome: 'created', saved: true, version: 1, savedBy: 'Mohan Lal' });
    expect(saved.body.students.find((s) => s.studentId === ravi)).toMatchObject({ mark: 'leave', reason: 'Sister’s wedding' });
    expect(await marksOf(batchId, today)).toEqual({ 'Ravi Meena': 'leave', 'Sunita Sharma': 'absent', 'सीमा कुमारी': 'present' });
    const name = (await sql<{ name: string }>('select name from batches where id = $1', [batchId]))[0]!.name;
    expect(await auditLines(batchId)).toEqual([
      `Mohan Lal took the attendance of batch “${name}” on ${dayInWords(today)}: 1 present, 1 absent, 1 on leave (Sunita Sharma absent, Ravi Meena on leave).`,
    ]);
  });

  it('records two identical saves sent at once only once, with no error', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Double Tap'), teacherId: teacher.id }, THREE);
    const body = { marks: studentIds.map((studentId, i) => ({ studentId, mark: i === 0 ? 'absent' : 'present' })) };
    const [a, b] = await Promise.all([save(teacher, batchId, today, body), save(teacher, batchId, today, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.outcome, b.body.outcome].sort()).toEqual(['created', 'unchanged']);
    expect(await sql(`select version from class_days where batch_id = $1`, [batchId])).toEqual([{ version: 1 }]);
    expect(await sql(`select count(*)::int as n from attendance where batch_id = $1`, [batchId])).toEqual([{ n: 3 }]);
    expect(await auditLines(batchId)).toHaveLength(1);
    // A third save of the same marks, from the register as it now is, changes nothing either.
    const again = await save(teacher, batchId, today, { ...body, version: 1 });
    expect(again.body.outcome).toBe('unchanged');
    expect(await auditLines(batchId)).toHaveLength(1);
  });

  it('takes a correction read at the current version, audited as who changed whom from what to what', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Correct'), teacherId: teacher.id }, THREE);
    const [sunita, ravi, seema] = studentIds as [string, string, string];
    await save(teacher, batchId, today, { marks: studentIds.map((studentId) => ({ studentId, mark: 'present' })) });
    const corrected = await save(teacher, batchId, today, {
      version: 1,
      marks: [
        { studentId: sunita, mark: 'late' },
        { studentId: ravi, mark: 'present' },
        { studentId: seema, mark: 'absent' },
      ],
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ outcome: 'corrected', version: 2 });
    const name = (await sql<{ name: string }>('select name from batches where id = $1', [batchId]))[0]!.name;
    expect((await auditLines(batchId))[1]).toBe(
      `Mohan Lal corrected the attendance of batch “${name}” on ${dayInWords(today)}: Sunita Sharma from Present to Late; सीमा कुमारी from Present to Absent.`,
    );
  });

  it('refuses a correction made on a stale register with 409 and the current marks, changing nothing', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Two Devices'), teacherId: teacher.id }, THREE);
    const [sunita] = studentIds as [string];
    await save(teacher, batchId, today, { marks: studentIds.map((studentId) => ({ studentId, mark: 'present' })) });
    await save(owner, batchId, today, { version: 1, marks: [{ studentId: sunita, mark: 'absent' }] });
    const stale = await save(teacher, batchId, today, { version: 1, marks: [{ studentId: sunita, mark: 'late' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Kavita Owner saved this register while you were marking it. Please check their marks below and save your changes again.');
    expect(stale.body.current).toMatchObject({ version: 2 });
    expect(stale.body.current!.students.find((s) => s.studentId === sunita)?.mark).toBe('absent');
    expect((await marksOf(batchId, today))['Sunita Sharma']).toBe('absent');
    // A second device that never saw the register saved (no version) is refused the same way.
    const blind = await save(teacher, batchId, today, { marks: [{ studentId: sunita, mark: 'late' }] });
    expect(blind.status).toBe(409);
    expect(await sql(`select version from class_days where batch_id = $1`, [batchId])).toEqual([{ version: 2 }]);
  });

  it('lets the teacher read but not correct yesterday (403 in words, nothing changed); the Owner can', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Yesterday'), teacherId: teacher.id }, THREE);
    const [sunita] = studentIds as [string];
    const read = await register(teacher, batchId, yesterday);
    expect(read.status).toBe(200);
    expect(read.body.editable).toBe(false);
    expect(read.body.notEditable).toBe(
      `Only the Owner can correct the register of a day before today (${dayInWords(yesterday)}). Please ask the Owner to correct it.`,
    );
    const refused = await save(teacher, batchId, yesterday, { marks: [{ studentId: sunita, mark: 'absent' }] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(read.body.notEditable);
    expect(await sql(`select 1 from class_days where batch_id = $1`, [batchId])).toEqual([]);
    expect(await marksOf(batchId, yesterday)).toEqual({});

    const byOwner = await save(owner, batchId, yesterday, { marks: studentIds.map((studentId, i) => ({ studentId, mark: i === 0 ? 'absent' : 'present' })) });
    expect(byOwner.status).toBe(200);
    expect((await marksOf(batchId, yesterday))['Sunita Sharma']).toBe('absent');
  });

  it('refuses another teacher’s batch (403), a holiday, a day the batch does not meet and a future day (400), changing nothing', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Geeta’s'), teacherId: otherTeacher.id }, THREE);
    const marks = [{ studentId: studentIds[0], mark: 'absent' }];
    const theirs = await save(teacher, batchId, today, { marks });
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toMatch(/^The batch “Geeta’s \d+” is taught by a colleague: only its teacher or the Owner can take or read its attendance\.$/);
    expect((await register(teacher, batchId, today)).status).toBe(403);

    const christmas = await batchWithStudents(
      client,
      { name: batchName('Holiday'), teacherId: teacher.id, startsOn: '2026-12-01', endsOn: '2027-02-28' },
      THREE.slice(0, 1),
    );
    const holiday = await save(owner, christmas.batchId, '2026-12-25', { marks: [{ studentId: christmas.studentIds[0], mark: 'present' }] });
    expect(holiday.status).toBe(400);
    expect(holiday.body.message).toBe(`Christmas: no classes (${dayInWords('2026-12-25')} is a holiday).`);

    const weekday = isoWeekday(today);
    const other = await batchWithStudents(client, { name: batchName('Weekends'), teacherId: teacher.id, days: [weekday === 1 ? 2 : 1] }, THREE.slice(0, 1));
    const notDay = await save(teacher, other.batchId, today, { marks: [{ studentId: other.studentIds[0], mark: 'present' }] });
    expect(notDay.status).toBe(400);
    expect(notDay.body.message).toMatch(/^The batch “Weekends \d+” meets on (Monday|Tuesday); .+ is a \w+day\.$/);

    const mine = await batchWithStudents(client, { name: batchName('Future'), teacherId: teacher.id }, THREE.slice(0, 1));
    const future = await save(owner, mine.batchId, dayFromToday(1), { marks: [{ studentId: mine.studentIds[0], mark: 'present' }] });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(`${dayInWords(dayFromToday(1))} has not come yet: attendance is taken on the day of the class.`);
    expect(await sql(`select 1 from class_days where batch_id = any($1::bigint[])`, [[batchId, christmas.batchId, other.batchId, mine.batchId]])).toEqual([]);
  });

  it('refuses leave without a reason and every other bad input with 400 in words, never 500, changing nothing', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Bad Input'), teacherId: teacher.id }, THREE);
    const [sunita] = studentIds as [string];
    const leave = await save(teacher, batchId, today, { marks: [{ studentId: sunita, mark: 'leave', reason: '   ' }] });
    expect(leave.status).toBe(400);
    expect(leave.body.errors).toEqual({ 'marks.0.reason': 'Please write the reason for the leave.' });

    const bad: [unknown, number][] = [
      ['not json', 400],
      [{}, 400],
      [{ marks: [] }, 400],
      [{ marks: [{ studentId: sunita, mark: 'sick' }] }, 400],
      [{ marks: [{ studentId: '0', mark: 'present' }] }, 400],
      [{ marks: [{ studentId: '99999999', mark: 'present' }] }, 400],
      [
        {
          marks: [
            { studentId: sunita, mark: 'present' },
            { studentId: sunita, mark: 'absent' },
          ],
        },
        400,
      ],
      [{ marks: [{ studentId: sunita, mark: 'present' }], version: 'one' }, 400],
      [{ marks: [{ studentId: sunita, mark: 'late', reason: 'x'.repeat(201) }] }, 400],
    ];
    for (const [body, status] of bad) {
      const answer = await save(teacher, batchId, today, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message, JSON.stringify(body)).toMatch(/^[A-Z].+\.$/);
    }
    expect((await save(teacher, batchId, 'yesterday', { marks: [{ studentId: sunita, mark: 'present' }] })).status).toBe(400);
    expect((await save(teacher, batchId, '2026-02-30', { marks: [{ studentId: sunita, mark: 'present' }] })).status).toBe(400);
    expect((await save(teacher, 'abc', today, { marks: [{ studentId: sunita, mark: 'present' }] })).status).toBe(404);
    expect(await sql(`select 1 from class_days where batch_id = $1`, [batchId])).toEqual([]);
  });

  it('keeps the mark of a student who left the batch after the class, on that day’s register', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Moved'), teacherId: teacher.id }, THREE);
    await save(owner, batchId, yesterday, { marks: studentIds.map((studentId, i) => ({ studentId, mark: i === 1 ? 'absent' : 'present' })) });
    await sql(`delete from batch_students where batch_id = $1 and student_id = $2`, [batchId, studentIds[1]]);
    const before = await register(owner, batchId, yesterday);
    expect(before.body.students.find((s) => s.name === 'Ravi Meena')).toMatchObject({ mark: 'absent', onRoster: false });
    expect((await register(owner, batchId, today)).body.students.map((s) => s.name)).not.toContain('Ravi Meena');
  });
});

describe('the monthly grid', () => {
  it('shows each student’s marks by class day with the month’s and the batch’s percentage, and downloads as xlsx and CSV', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Grid सत्र'), teacherId: null }, THREE);
    const [sunita, ravi, seema] = studentIds as [string, string, string];
    // Four classes this month (or whatever days of it have passed), written straight to the tables.
    const month = today.slice(0, 7);
    const days = [0, -1, -2, -3]
      .map(dayFromToday)
      .filter((d) => d.startsWith(month))
      .sort();
    const marks: Record<string, string[]> = {
      [sunita]: ['present', 'absent', 'absent', 'late'],
      [ravi]: ['present', 'present', 'present', 'leave'],
      [seema]: ['present', 'present', 'present', 'present'],
    };
    for (const [i, day] of days.entries()) {
      await sql(`insert into class_days (batch_id, day) values ($1, $2)`, [batchId, day]);
      for (const id of studentIds)
        await sql(`insert into attendance (batch_id, day, student_id, mark) values ($1, $2, $3, $4)`, [batchId, day, id, marks[id]![i]]);
    }
    const n = days.length;
    const attended = (id: string) => marks[id]!.slice(0, n).filter((m) => m === 'present' || m === 'late').length;
    const pct = (id: string) => Math.floor((attended(id) * 100) / n);

    const grid = await call<AttendanceGrid>('admin-batch-attendance', owner, 'GET', `/api/admin/batches/${batchId}/attendance?month=${month}`);
    expect(grid.status).toBe(200);
    expect(grid.body.days).toEqual(days);
    expect(grid.body.legend).toEqual([
      { letter: 'P', label: 'Present' },
      { letter: 'A', label: 'Absent' },
      { letter: 'L', label: 'Late' },
      { letter: 'Lv', label: 'Leave' },
    ]);
    const sunitaRow = grid.body.rows.find((r) => r.studentId === sunita)!;
    expect(sunitaRow).toMatchObject({ held: n, attended: attended(sunita), percent: pct(sunita), overall: pct(sunita), below: pct(sunita) < 75 });
    expect(sunitaRow.marks).toEqual(marks[sunita]!.slice(0, n));

    const xlsx = await call<Buffer>('admin-batch-attendance', owner, 'GET', `/api/admin/batches/${batchId}/attendance?month=${month}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`Attendance ${grid.body.batch} `)}`);
    const sheet = readFirstSheet(xlsx.body);
    expect(sheet.rows[0]).toEqual(['Student', ...days.map((d) => `${d.slice(8)}/${d.slice(5, 7)}`), 'Classes', 'Attended', 'Month %', 'Batch %']);
    const letters = { present: 'P', absent: 'A', late: 'L', leave: 'Lv' } as Record<string, string>;
    // The marks are text; the counts are numbers and the percentages numbers shown as percentages, so they add up.
    const figures = (name: string) => sheet.cells.find((r) => r[0]?.text === name)!.slice(1 + n);
    expect(sheet.rows.find((r) => r[0] === 'सीमा कुमारी')!.slice(0, 1 + n)).toEqual(['सीमा कुमारी', ...days.map(() => 'P')]);
    expect(
      sheet.cells
        .find((r) => r[0]?.text === 'सीमा कुमारी')!
        .slice(1, 1 + n)
        .every((c) => c?.kind === 'text'),
    ).toBe(true);
    expect(figures('सीमा कुमारी')).toEqual([
      { kind: 'number', text: String(n), format: '0' },
      { kind: 'number', text: String(n), format: '0' },
      { kind: 'number', text: '1', format: '0%' },
      { kind: 'number', text: '1', format: '0%' },
    ]);
    expect(sheet.rows.find((r) => r[0] === 'Sunita Sharma')!.slice(0, 1 + n)).toEqual(['Sunita Sharma', ...marks[sunita]!.slice(0, n).map((m) => letters[m])]);
    expect(figures('Sunita Sharma').map((c) => c && [c.kind, Number(c.text)])).toEqual([
      ['number', n],
      ['number', attended(sunita)],
      ['number', pct(sunita) / 100],
      ['number', pct(sunita) / 100],
    ]);

    const csv = await call<Buffer>('admin-batch-attendance', owner, 'GET', `/api/admin/batches/${batchId}/attendance?month=${month}&format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = csv.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // The same table, the figures plain and unquoted (percentages as whole numbers under 'Month %').
    const csvRows = parseCsv(text.slice(1));
    expect(csvRows.map((r) => r.slice(0, 1 + n))).toEqual(sheet.rows.map((r) => r.slice(0, 1 + n)));
    expect(csvRows.find((r) => r[0] === 'सीमा कुमारी')!.slice(1 + n)).toEqual([String(n), String(n), '100', '100']);
    expect(text).toContain(`,${n},${n},100,100\r\n`);

    // A Teacher reads only their own batches' grids.
    expect((await call('admin-batch-attendance', teacher, 'GET', `/api/admin/batches/${batchId}/attendance`)).status).toBe(403);
    const bad = await call('admin-batch-attendance', owner, 'GET', `/api/admin/batches/${batchId}/attendance?month=2027-13`);
    expect(bad.status).toBe(400);
    const lines = await sql<{ action: string; detail: Record<string, unknown> }>(
      `select action, detail from audit_log where entity = 'attendance' and entity_id = $1 order by id`,
      [batchId],
    );
    expect(lines.map((l) => [l.action, l.detail['file'] ?? null])).toEqual([
      ['view', null],
      ['export', 'xlsx'],
      ['export', 'csv'],
    ]);
  });
});

describe('students below the threshold', () => {
  it('are listed on Today for the Owner and Counsellor, and on Today’s classes for the Teacher (their own batches only)', async () => {
    const { batchId, studentIds } = await batchWithStudents(client, { name: batchName('Low'), teacherId: teacher.id }, THREE);
    const theirs = await batchWithStudents(client, { name: batchName('Low Theirs'), teacherId: otherTeacher.id }, THREE.slice(1, 2));
    const [sunita, ravi, seema] = studentIds as [string, string, string];
    // Four classes: Sunita attends 2 (50%: one absence, one leave), Ravi 3 (75%: not below), Seema 4.
    for (let i = 1; i <= 4; i += 1) {
      const day = dayFromToday(-i);
      await sql(`insert into class_days (batch_id, day) values ($1, $2), ($3, $2)`, [batchId, day, theirs.batchId]);
      await sql(
        `insert into attendance (batch_id, day, student_id, mark) values ($1, $2, $3, $4), ($1, $2, $5, $6), ($1, $2, $7, 'present'), ($8, $2, $9, 'absent')`,
        [
          batchId,
          day,
          sunita,
          i === 1 ? 'leave' : i === 2 ? 'absent' : 'present',
          ravi,
          i === 1 ? 'leave' : 'present',
          seema,
          theirs.batchId,
          theirs.studentIds[0],
        ],
      );
    }
    const asOwner = await call<Today>('admin-today', owner, 'GET', '/api/admin/today');
    expect(asOwner.status).toBe(200);
    const ownerLow = asOwner.body.lowAttendance.filter((s) => [batchId, theirs.batchId].includes(s.batchId));
    // Leave is counted apart from absence: a student on leave is never called absent.
    expect(ownerLow.map((s) => [s.name, s.percent, s.held, s.attended, s.absent, s.leave])).toEqual([
      ['Ravi Meena', 0, 4, 0, 4, 0],
      ['Sunita Sharma', 50, 4, 2, 1, 1],
    ]);
    const asCounsellor = await call<Today>('admin-today', counsellor, 'GET', '/api/admin/today');
    expect(asCounsellor.body.lowAttendance.filter((s) => s.batchId === batchId).map((s) => s.name)).toEqual(['Sunita Sharma']);

    const asTeacher = await call<ClassesOfDay>('admin-classes', teacher, 'GET', '/api/admin/classes');
    const teacherLow = asTeacher.body.lowAttendance.filter((s) => [batchId, theirs.batchId].includes(s.batchId));
    expect(teacherLow).toEqual([
      {
        studentId: sunita,
        name: 'Sunita Sharma',
        batchId,
        batch: expect.stringMatching(/^Low \d+$/),
        course: 'RS-CIT (Basic)',
        percent: 50,
        held: 4,
        attended: 2,
        absent: 1,
        leave: 1,
      },
    ]);
  });
});
