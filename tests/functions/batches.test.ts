/**
 * Batches and their rosters (/api/admin/batches…), the timetable, a student's guardian and
 * website account, and admitting a lead straight into a batch: what staff see and what the data
 * must be. The functions run in this process on a database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let courseId: string;
let teacherId: string;

const sql = sqlOn(() => client);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: [
      'admin-batches',
      'admin-batch-item',
      'admin-batch-students',
      'admin-batch-student',
      'admin-batch-student-move',
      'admin-timetable',
      'students',
      'student-item',
      'admin-lead',
      'apply',
    ],
  }));
  owner = await staffCookie(client, 'owner');
  const [course] = await sql<{ id: string }>(
    `insert into courses (title, category, price, duration, description, image) values ('Tally Prime', 'Accounts', 4000, '3 months', 'Tally with GST.', '/images/tally.webp') returning id::text`,
  );
  courseId = course!.id;
  const [teacher] = await sql<{ id: string }>(
    `insert into staff (name, email, password_hash, password_changed_at, role) values ('Asha Verma', 'asha@example.in', 'not-used', now(), 'teacher') returning id::text`,
  );
  teacherId = teacher!.id;
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Body = Record<string, any>;

/** A request to `route` as the member of staff with `cookie`. */
const call = async (name: string, method: string, route: string, body?: unknown, cookie = owner) => {
  const request =
    body === undefined
      ? new Request(new URL(route, BASE), { method, headers: { cookie } })
      : method === 'POST'
        ? jsonPost(route, body, { cookie })
        : new Request(new URL(route, BASE), { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { response } = await fx.call(name, request);
  return { status: response.status, body: (await response.json()) as Body };
};

let n = 0;
/** A batch's fields: Monday, Wednesday, Friday 09:00–10:30 in a room of its own unless given. */
const batchFields = (over: Record<string, unknown> = {}) => ({
  courseId,
  name: `Batch ${(n += 1)}`,
  startsOn: '2027-01-04',
  endsOn: '2027-03-31',
  days: [1, 3, 5],
  startsAt: '09:00',
  endsAt: '10:30',
  room: `Room ${n}`,
  seats: 20,
  status: 'running',
  ...over,
});

const addBatch = async (over: Record<string, unknown> = {}) => {
  const res = await call('admin-batches', 'POST', '/api/admin/batches', batchFields(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body['item'] as { _id: string; name: string; version: number; seats: number; seatsTaken: number };
};

const addStudent = async (name: string) => {
  const [row] = await sql<{ id: string }>(
    `insert into students (name, email, phone, course) values ($1, $2, '+919812345678', 'Tally Prime') returning id::text`,
    [name, `${name.toLowerCase().replace(/\W+/g, '.')}.${(n += 1)}@example.in`],
  );
  return row!.id;
};

const assign = (batchId: string, studentId: string, cookie = owner) =>
  call('admin-batch-students', 'POST', `/api/admin/batches/${batchId}/students`, { studentId }, cookie);

const rosterRows = (batchId: string) =>
  sql<{ student_id: string; status: string }>('select student_id::text, status from batch_students where batch_id = $1 order by student_id', [batchId]);

describe('adding and listing batches', () => {
  it('adds a batch with its course title, teacher name and seats taken, and lists it by course, status and teacher', async () => {
    const batch = await addBatch({ name: 'Tally Morning', room: 'Room 2', teacherId, seats: 3 });
    expect(batch).toMatchObject({
      name: 'Tally Morning',
      course: 'Tally Prime',
      teacher: 'Asha Verma',
      seats: 3,
      seatsTaken: 0,
      status: 'running',
      days: [1, 3, 5],
    });
    const planned = await addBatch({ name: 'Tally Evening', status: 'planned', startsAt: '17:00', endsAt: '18:00' });

    const byTeacher = await call('admin-batches', 'GET', `/api/admin/batches?teacher=${teacherId}`);
    expect(byTeacher.body.map((b: { name: string }) => b.name)).toEqual(['Tally Morning']);
    const byStatus = await call('admin-batches', 'GET', '/api/admin/batches?status=planned');
    expect(byStatus.body.map((b: { name: string }) => b.name)).toEqual([planned.name]);
    const byCourse = await call('admin-batches', 'GET', `/api/admin/batches?course=${courseId}`);
    expect(byCourse.body.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(['Tally Morning', 'Tally Evening']));
    const bad = await call('admin-batches', 'GET', '/api/admin/batches?status=ongoing');
    expect(bad.status).toBe(400);
    expect(bad.body['errors'].status).toBe('Please choose the status: Planned, Running or Completed.');
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const [before] = await sql<{ n: number }>('select count(*)::int as n from batches');
    const res = await call('admin-batches', 'POST', '/api/admin/batches', batchFields({ days: [], endsAt: '08:00', seats: 0, startsOn: '2027-02-30' }));
    expect(res.status).toBe(400);
    expect(res.body['errors']).toMatchObject({
      days: 'Please choose at least one day of the week.',
      seats: 'A batch needs at least 1 seat.',
      startsOn: 'Please enter a real date.',
    });
    const unknownCourse = await call('admin-batches', 'POST', '/api/admin/batches', batchFields({ courseId: '999999' }));
    expect(unknownCourse.status).toBe(400);
    expect(unknownCourse.body['errors'].courseId).toBe('Please choose a course from the list.');
    const [after] = await sql<{ n: number }>('select count(*)::int as n from batches');
    expect(after!.n).toBe(before!.n);
  });
});

describe('clashes in the timetable', () => {
  it('refuses a batch in a room taken at an overlapping time on a shared day, naming the other batch', async () => {
    await addBatch({ name: 'Clash Morning', room: 'Lab 1', days: [1, 3], startsAt: '09:00', endsAt: '10:30' });
    const res = await call(
      'admin-batches',
      'POST',
      '/api/admin/batches',
      batchFields({ name: 'Clash Late', room: 'lab 1', days: [3, 6], startsAt: '10:00', endsAt: '11:00' }),
    );
    expect(res.status).toBe(409);
    expect(res.body['errors'].room).toBe("Lab 1 is taken by 'Clash Morning' on Wednesday 09:00–10:30.");
    // Back to back, another day, or after the other batch's dates: no clash.
    await addBatch({ name: 'Clash After', room: 'Lab 1', days: [1], startsAt: '10:30', endsAt: '11:30' });
    await addBatch({ name: 'Clash Tuesday', room: 'Lab 1', days: [2], startsAt: '09:00', endsAt: '10:30' });
    await addBatch({ name: 'Clash Later', room: 'Lab 1', days: [1], startsAt: '09:00', endsAt: '10:30', startsOn: '2027-04-01', endsOn: '2027-05-31' });
  });

  it('refuses a teacher teaching two batches at once, also when editing', async () => {
    const other = await addBatch({ name: 'Teacher Edit', teacherId: null, days: [2], startsAt: '09:30', endsAt: '10:00' });
    const res = await call('admin-batch-item', 'PUT', `/api/admin/batches/${other._id}`, {
      ...batchFields({ name: 'Teacher Edit', teacherId, days: [2, 5], startsAt: '09:30', endsAt: '10:00' }),
      version: other.version,
    });
    expect(res.status).toBe(409);
    expect(res.body['errors'].teacherId).toBe("Asha Verma teaches 'Tally Morning' on Friday 09:00–10:30.");
    const [row] = await sql<{ teacher_id: string | null; version: number }>('select teacher_id, version from batches where id = $1', [other._id]);
    expect(row).toEqual({ teacher_id: null, version: 1 });
  });

  it('lets only one of two parallel saves of clashing batches through', async () => {
    const fields = (name: string) => batchFields({ name, room: 'Hall', days: [4], startsAt: '14:00', endsAt: '15:00' });
    const results = await Promise.all([
      call('admin-batches', 'POST', '/api/admin/batches', fields('Parallel One')),
      call('admin-batches', 'POST', '/api/admin/batches', fields('Parallel Two')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const [saved] = await sql<{ n: number }>(`select count(*)::int as n from batches where room = 'Hall'`);
    expect(saved!.n).toBe(1);
  });

  it('shows the week of running batches by room and by teacher', async () => {
    const res = await call('admin-timetable', 'GET', '/api/admin/timetable');
    expect(res.status).toBe(200);
    const room2 = res.body['byRoom'].find((r: { name: string }) => r.name === 'Room 2');
    expect(room2.classes.map((c: { dayName: string; batch: string }) => `${c.dayName} ${c.batch}`)).toEqual([
      'Monday Tally Morning',
      'Wednesday Tally Morning',
      'Friday Tally Morning',
    ]);
    const asha = res.body['byTeacher'].find((r: { name: string }) => r.name === 'Asha Verma');
    expect(asha.classes).toHaveLength(3);
    expect(JSON.stringify(res.body)).not.toContain('Tally Evening');
  });
});

describe('rosters', () => {
  it('assigns students until the batch is full, then refuses with the seats in words; twice is refused; several batches are fine', async () => {
    const [batch] = await sql<{ id: string }>(`select id::text from batches where name = 'Tally Morning'`);
    const ids = [await addStudent('Sunita Sharma'), await addStudent('Ravi Kumar'), await addStudent('Meena Jat'), await addStudent('Kamal Singh')];
    for (const id of ids.slice(0, 3)) expect((await assign(batch!.id, id)).status).toBe(201);
    const full = await assign(batch!.id, ids[3]!);
    expect(full.status).toBe(409);
    expect(full.body['message']).toBe('Tally Morning is full (3 of 3 seats taken).');
    const twice = await assign(batch!.id, ids[0]!);
    expect(twice.status).toBe(409);
    expect(twice.body['message']).toBe('Sunita Sharma is already in Tally Morning.');
    const list = await call('admin-batches', 'GET', `/api/admin/batches?teacher=${teacherId}`);
    expect(list.body[0]).toMatchObject({ seatsTaken: 3, seats: 3 });
    const second = await addBatch({ name: 'Excel Weekend', days: [6] });
    expect((await assign(second._id, ids[0]!)).status).toBe(201);
    const roster = await call('admin-batch-students', 'GET', `/api/admin/batches/${batch!.id}/students`);
    expect(roster.body['students'].map((s: { name: string; status: string }) => `${s.name}: ${s.status}`)).toEqual([
      'Meena Jat: active',
      'Ravi Kumar: active',
      'Sunita Sharma: active',
    ]);
  });

  it('refuses a completed batch and an unknown student', async () => {
    const done = await addBatch({ name: 'Old Batch', status: 'completed', startsOn: '2026-01-05', endsOn: '2026-03-31' });
    const student = await addStudent('Late Comer');
    const res = await assign(done._id, student);
    expect(res.status).toBe(409);
    expect(res.body['message']).toBe('Old Batch is completed: no students can be added to it.');
    const open = await addBatch({ name: 'Open Batch' });
    const unknown = await assign(open._id, '999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body['errors'].studentId).toBe('Please choose a student from the list.');
    expect(await rosterRows(done._id)).toEqual([]);
    expect(await rosterRows(open._id)).toEqual([]);
  });

  it('changes a place to Completed or Left and refuses an unknown status', async () => {
    const batch = await addBatch({ name: 'Status Batch' });
    const student = await addStudent('Pooja Meena');
    await assign(batch._id, student);
    const res = await call('admin-batch-student', 'PUT', `/api/admin/batches/${batch._id}/students/${student}`, { status: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body['message']).toBe('Pooja Meena is now Completed in Status Batch.');
    const bad = await call('admin-batch-student', 'PUT', `/api/admin/batches/${batch._id}/students/${student}`, { status: 'gone' });
    expect(bad.status).toBe(400);
    expect(bad.body['errors'].status).toBe('Please choose Active, Completed or Left.');
    expect(await rosterRows(batch._id)).toEqual([{ student_id: student, status: 'completed' }]);
  });

  it('moves a student: the old place is Left, the new one Active, and the attendance stays with the old batch', async () => {
    const from = await addBatch({ name: 'Move From' });
    const to = await addBatch({ name: 'Move To', seats: 1 });
    const student = await addStudent('Anil Saini');
    await assign(from._id, student);
    await sql(`insert into class_days (batch_id, day) values ($1, '2027-01-04'), ($1, '2027-01-06')`, [from._id]);
    await sql(`insert into attendance (batch_id, student_id, day, mark) values ($1, $2, '2027-01-04', 'present'), ($1, $2, '2027-01-06', 'absent')`, [
      from._id,
      student,
    ]);

    const res = await call('admin-batch-student-move', 'POST', `/api/admin/batches/${from._id}/students/${student}/move`, { toBatchId: to._id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body['message']).toBe('Anil Saini moved from Move From to Move To. Their attendance in Move From stays with that batch.');
    expect(await rosterRows(from._id)).toEqual([{ student_id: student, status: 'left' }]);
    expect(await rosterRows(to._id)).toEqual([{ student_id: student, status: 'active' }]);
    expect(await sql('select batch_id::text, day::text, mark from attendance where student_id = $1 order by day', [student])).toEqual([
      { batch_id: from._id, day: '2027-01-04', mark: 'present' },
      { batch_id: from._id, day: '2027-01-06', mark: 'absent' },
    ]);

    // The target is now full: a second move is refused and changes nothing.
    const other = await addStudent('Geeta Devi');
    await assign(from._id, other);
    const full = await call('admin-batch-student-move', 'POST', `/api/admin/batches/${from._id}/students/${other}/move`, { toBatchId: to._id });
    expect(full.status).toBe(409);
    expect(full.body['message']).toBe('Move To is full (1 of 1 seats taken).');
    expect(await rosterRows(from._id)).toContainEqual({ student_id: other, status: 'active' });
  });

  it('removes a student after which their attendance stays, and refuses to delete a batch with attendance', async () => {
    const batch = await addBatch({ name: 'Remove Batch' });
    const student = await addStudent('Sunil Yadav');
    await assign(batch._id, student);
    await sql(`insert into class_days (batch_id, day) values ($1, '2027-01-04')`, [batch._id]);
    await sql(`insert into attendance (batch_id, student_id, day, mark) values ($1, $2, '2027-01-04', 'late')`, [batch._id, student]);

    const res = await call('admin-batch-student', 'DELETE', `/api/admin/batches/${batch._id}/students/${student}`);
    expect(res.status).toBe(200);
    expect(res.body['message']).toBe('Sunil Yadav removed from Remove Batch. Their attendance stays with the batch.');
    expect(await rosterRows(batch._id)).toEqual([]);
    expect(await sql('select mark from attendance where batch_id = $1 and student_id = $2', [batch._id, student])).toEqual([{ mark: 'late' }]);

    const del = await call('admin-batch-item', 'DELETE', `/api/admin/batches/${batch._id}?version=1`);
    expect(del.status).toBe(409);
    expect(del.body['message']).toBe(
      'Remove Batch cannot be deleted: it has attendance or certificates, which are the institute’s record. Mark it Completed instead.',
    );
    expect(await sql('select name from batches where id = $1', [batch._id])).toEqual([{ name: 'Remove Batch' }]);
  });

  it('deletes a batch without history at its version, and says 409 for a stale one', async () => {
    const batch = await addBatch({ name: 'Short Lived' });
    expect((await call('admin-batch-item', 'DELETE', `/api/admin/batches/${batch._id}?version=7`)).status).toBe(409);
    expect((await call('admin-batch-item', 'DELETE', `/api/admin/batches/${batch._id}?version=1`)).status).toBe(200);
    expect(await sql('select 1 from batches where id = $1', [batch._id])).toEqual([]);
  });

  it('writes every change to the audit log', async () => {
    const lines = await sql<{ action: string; detail: { action?: string; subject?: string } }>(
      `select action, detail from audit_log where entity = 'batch' order by id`,
    );
    const kinds = new Set(lines.map((l) => `${l.action}:${l.detail?.action ?? ''}`));
    for (const kind of ['create:', 'update:assign', 'update:move', 'update:remove', 'update:roster-status', 'delete:']) expect(kinds).toContain(kind);
  });
});

describe('roles', () => {
  it('refuses a Teacher adding a batch and an Accountant reading a roster; a Teacher reads the timetable', async () => {
    const teacher = await staffCookie(client, 'teacher');
    const accountant = await staffCookie(client, 'accountant');
    const [before] = await sql<{ n: number }>('select count(*)::int as n from batches');
    expect((await call('admin-batches', 'POST', '/api/admin/batches', batchFields(), teacher)).status).toBe(403);
    const [batch] = await sql<{ id: string }>(`select id::text from batches where name = 'Tally Morning'`);
    expect((await call('admin-batch-students', 'GET', `/api/admin/batches/${batch!.id}/students`, undefined, accountant)).status).toBe(403);
    expect((await call('admin-batches', 'GET', '/api/admin/batches', undefined, accountant)).status).toBe(403);
    expect((await call('admin-timetable', 'GET', '/api/admin/timetable', undefined, teacher)).status).toBe(200);
    expect((await call('admin-batches', 'GET', '/api/admin/batches', undefined, teacher)).status).toBe(200);
    const [after] = await sql<{ n: number }>('select count(*)::int as n from batches');
    expect(after!.n).toBe(before!.n);
  });
});

describe('a student’s guardian and website account', () => {
  const student = (over: Record<string, unknown> = {}) => ({ name: 'Priya Saini', email: `priya.${(n += 1)}@example.in`, course: 'Open-board 10th', ...over });

  it('keeps a guardian with their mobile number, and refuses one without the other', async () => {
    const res = await call('students', 'POST', '/api/students', student({ guardianName: 'Ramesh Saini', guardianPhone: '98290 12345' }));
    expect(res.status).toBe(201);
    expect(res.body['item']).toMatchObject({ guardianName: 'Ramesh Saini', guardianPhone: '+919829012345', accountEmail: null });
    const half = await call('students', 'POST', '/api/students', student({ guardianName: 'Ramesh Saini' }));
    expect(half.status).toBe(400);
    expect(half.body['errors'].guardianPhone).toBe('Please give both the guardian’s name and mobile number (needed for students under 18), or neither.');
    const badPhone = await call('students', 'POST', '/api/students', student({ guardianName: 'Ramesh Saini', guardianPhone: '12345' }));
    expect(badPhone.body['errors'].guardianPhone).toBe('Please enter a valid 10-digit Indian mobile number.');
  });

  it('links the website account by its e-mail address, refuses an unknown one, and unlinks when cleared', async () => {
    await sql(`insert into users (name, email, password_hash) values ('Priya Saini', 'Priya.Account@example.in', 'not-used')`);
    const created = await call('students', 'POST', '/api/students', student({ accountEmail: 'priya.account@example.in' }));
    expect(created.status).toBe(201);
    expect(created.body['item'].accountEmail).toBe('Priya.Account@example.in');
    const id = created.body['item']._id;
    const unknown = await call('student-item', 'PUT', `/api/students/${id}`, { ...student({ accountEmail: 'nobody@example.in' }), version: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body['errors'].accountEmail).toBe('No website account has this e-mail address. Please check it, or leave the field empty.');
    const cleared = await call('student-item', 'PUT', `/api/students/${id}`, { ...student({ accountEmail: '' }), version: 1 });
    expect(cleared.status).toBe(200);
    expect(cleared.body['item'].accountEmail).toBeNull();
    expect(await sql('select user_id from students where id = $1', [id])).toEqual([{ user_id: null }]);
  });
});

describe('admitting a lead into a batch', () => {
  const newLead = async (name: string) => {
    const sent = {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}.${(n += 1)}@example.in`,
      phone: `98765${String(10000 + n)}`,
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    };
    const { response, settled } = await fx.call('apply', jsonPost('/api/apply', sent));
    await settled();
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const [lead] = await sql<{ id: string }>('select id::text from leads where reference = $1', [reference]);
    return lead!.id;
  };
  const admit = (leadId: string, name: string, batchId: string) =>
    call('admin-lead', 'POST', `/api/admin/leads/${leadId}`, {
      action: 'move',
      version: 1,
      next: { status: 'admitted', student: { name, email: `${name.split(' ')[0]!.toLowerCase()}.admit@example.in`, course: 'Tally Prime' }, batchId },
    });

  it('puts the new student into the batch; a full batch refuses and nothing of the admission is written', async () => {
    const batch = await addBatch({ name: 'Admit Batch', seats: 1 });
    const first = await newLead('Kiran Mali');
    const res = await admit(first, 'Kiran Mali', batch._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body['message']).toBe('Admitted: student record created and added to Admit Batch.');
    const [roster] = await sql<{ name: string }>('select s.name from batch_students bs join students s on s.id = bs.student_id where bs.batch_id = $1', [
      batch._id,
    ]);
    expect(roster).toEqual({ name: 'Kiran Mali' });

    const second = await newLead('Mohan Lal');
    const full = await admit(second, 'Mohan Lal', batch._id);
    expect(full.status).toBe(409);
    expect(full.body['message']).toBe('Admit Batch is full (1 of 1 seats taken).');
    expect(await sql(`select status, student_id from leads where id = $1`, [second])).toEqual([{ status: 'new', student_id: null }]);
    expect(await sql(`select 1 from students where name = 'Mohan Lal'`)).toEqual([]);
  });
});

describe('finding a student to assign', () => {
  it('finds a student by their mobile number as well as by name', async () => {
    await sql(`insert into students (name, email, phone, course) values ('Hemraj Gurjar', 'hemraj@example.in', '+919414055512', 'Tally Prime')`);
    const byPhone = await call('students', 'GET', `/api/students?q=${encodeURIComponent('94140 55512')}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.map((s: { name: string }) => s.name)).toEqual(['Hemraj Gurjar']);
    const byName = await call('students', 'GET', '/api/students?q=hemraj');
    expect(byName.body.map((s: { name: string }) => s.name)).toEqual(['Hemraj Gurjar']);
  });
});
