/**
 * Importing students from the office's file, through the functions on each database: a file with
 * bad rows changes nothing and names every problem (row, column, words) in the preview and in the
 * refused import; a good file adds every student at once with their places in the batches and the
 * fee plan's dues from their joining day; the same file a second time adds nobody; a full batch is
 * refused counting the file's own rows; Hindi names are kept exactly; a workbook (.xlsx) and a CSV
 * file are read the way the admin app reads them, and the template reads back as the import's
 * headings. Only Owners and Counsellors import.
 */
import writeXlsxFile from 'write-excel-file/node';
import { readSheet } from 'read-excel-file/universal';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../functions/_shared/fees/dues';
import { parseCsv } from '../../src/lib/student-import/csv';
import { sheetRows, type SheetValue } from '../../src/lib/student-import/sheet-rows';
import { problemLine, type ImportProblem, type ImportRow } from '../../src/lib/schemas/student-import';
import { dayInWords } from '../../src/lib/attendance-words';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, targets, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** India's day `offset` days from today (YYYY-MM-DD). */
const day = (offset = 0) => new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** The same day as the office writes it: 25/11/2026. */
const indian = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

let mobileSerial = Math.floor(Math.random() * 50_000);
/** A mobile number no other test of this file uses. */
const newMobile = () => `97${String(Date.now() % 100_000).padStart(5, '0')}${String((mobileSerial += 1) % 1000).padStart(3, '0')}`;

const EMPTY_ROW = { name: '', mobile: '', email: '', guardian: '', guardianMobile: '', course: '', batch: '', joinedOn: '', language: '' };
const HEADINGS = ['Name', 'Mobile', 'E-mail', 'Guardian', 'Guardian’s mobile', 'Course', 'Batch', 'Joining day', 'Language'];

describe.each(targets)('importing students on $name', (target) => {
  let owner: Staff;
  let course: { id: string; title: string };
  let otherCourse: { id: string; title: string };

  const count = async (table: string) => Number((await db<{ n: string }>(target, `select count(*)::text as n from ${table}`))[0]!.n);
  const counts = async () => ({
    students: await count('students'),
    places: await count('batch_students'),
    dues: await count('fee_dues'),
    imports: await count('student_imports'),
  });
  const insertCourse = async (title: string) =>
    (
      await db<{ id: string }>(
        target,
        `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/x.webp') returning id::text`,
        [title],
      )
    )[0]!.id;
  /** A running batch of `courseId` (ids and name), `seats` seats, from `startsOn` to `endsOn`. */
  const insertBatch = async (courseId: string, seats = 20, startsOn = day(-30), endsOn = day(120)) => {
    const name = uniqueName('Import Batch');
    const [row] = await db<{ id: string }>(
      target,
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, $3, $4, '{1,2,3,4,5,6}', '07:00', '08:00', 'Lab 1', $5, 'running') returning id::text`,
      [courseId, name, startsOn, endsOn, seats],
    );
    return { id: row!.id, name };
  };
  /** A plan for batch `batchId`: ₹3,000 at joining, ₹2,000 a month and two months on, ₹100 late after 5 days. */
  const insertPlan = async (batchId: string) => {
    const [plan] = await db<{ id: string }>(
      target,
      `insert into fee_plans (batch_id, total_paise, late_fee_paise, grace_days) values ($1, 700000, 10000, 5) returning id::text`,
      [batchId],
    );
    await db(
      target,
      `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 200000, 1), ($1, 3, 200000, 2)`,
      [plan!.id],
    );
    return plan!.id;
  };
  const row = (n: number, cells: Partial<ImportRow> = {}): ImportRow => ({
    ...EMPTY_ROW,
    row: n,
    name: 'Asha Verma',
    mobile: newMobile(),
    email: `asha.${n}.${Date.now()}@example.in`,
    course: course.title,
    ...cells,
  });
  const preview = (fileName: string, rows: ImportRow[], who = owner) =>
    staffFetch(target, '/api/admin/student-import/preview', who.cookie, { body: { fileName, rows } });
  const importFile = (fileName: string, rows: ImportRow[], who = owner) =>
    staffFetch(target, '/api/admin/student-import', who.cookie, { body: { fileName, rows } });

  beforeAll(async () => {
    owner = await signedInAdmin(target, 'importowner');
    course = { title: uniqueName('Tally Prime'), id: '' };
    course.id = await insertCourse(course.title);
    otherCourse = { title: uniqueName('CCC'), id: '' };
    otherCourse.id = await insertCourse(otherCourse.title);
  });

  it('a file with bad rows changes nothing, and the preview and the refused import name every problem by row and column', async () => {
    const batch = await insertBatch(course.id);
    const full = await insertBatch(course.id, 1);
    const ended = await insertBatch(course.id, 20, day(-90), day(-10));
    const ccc = await insertBatch(otherCourse.id);
    await db(target, `insert into students (name, email, course) values ('Seat Taker', 'seat.taker@example.in', $1) returning id`, [course.title]).then(([s]) =>
      db(target, `insert into batch_students (batch_id, student_id) values ($1, $2)`, [full.id, s!['id']]),
    );
    const onFile = newMobile();
    await db(target, `insert into students (name, email, phone, course) values ('Meena Joshi', 'meena.joshi@example.in', $1, $2)`, [
      `+91${onFile}`,
      course.title,
    ]);
    const twice = newMobile();
    const rows = [
      row(2, { batch: batch.name }),
      row(3, { mobile: '98765 4321', batch: batch.name }),
      row(4, { mobile: `${onFile.slice(0, 5)} ${onFile.slice(5)}` }),
      row(5, { mobile: twice }),
      row(6, { mobile: twice, email: 'not-an-address' }),
      row(7, { batch: 'No Such Batch' }),
      row(8, { course: 'Basket Weaving' }),
      row(9, { batch: ccc.name }),
      row(10, { batch: ended.name, joinedOn: indian(day(-2)) }),
      row(11, { batch: full.name }),
      row(12, { joinedOn: 'next week' }),
    ];
    const before = await counts();

    const previewed = await preview('students.xlsx', rows);
    expect(previewed.status).toBe(200);
    const body = (await previewed.json()) as { count: number; problems: ImportProblem[]; rows: { row: number; bad: boolean }[] };
    const expected = [
      'Row 3, Mobile: 98765 4321 has 9 digits; a mobile number has 10.',
      `Row 4, Mobile: ${onFile.slice(0, 5)} ${onFile.slice(5)} is already the mobile number of Meena Joshi, a student on file: each student is added once.`,
      'Row 6, Mobile: ' + twice + ' is also on row 5 of this file: each student may be on one row only.',
      'Row 6, E-mail: “not-an-address” is not an e-mail address (like name@example.com).',
      'Row 7, Batch: No batch is called “No Such Batch”. Please name it as on the Batch List.',
      expect.stringMatching(/^Row 8, Course: No course is called “Basket Weaving”\. The courses are .*“/),
      `Row 9, Course: ${ccc.name} is a batch of ${otherCourse.title}, not of “${course.title}”.`,
      `Row 10, Joining day: ${ended.name} ended on ${dayInWords(day(-10))}: a student cannot join it after that day.`,
      `Row 11, Batch: ${full.name} is full (1 of 1 seats taken).`,
      'Row 12, Joining day: “next week” is not a date: please write it as 25/11/2026 or 2026-11-25.',
    ];
    expect(body.count).toBe(11);
    expect(body.problems.map(problemLine)).toEqual(expected);
    expect(body.rows.filter((r) => r.bad).map((r) => r.row)).toEqual([3, 4, 6, 7, 8, 9, 10, 11, 12]);
    expect(await counts()).toEqual(before);

    const refused = await importFile('students.xlsx', rows);
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { message: string; problems: ImportProblem[] };
    expect(answer.message).toBe('Nothing was imported: the file has 10 problems. Row 3, Mobile: 98765 4321 has 9 digits; a mobile number has 10.');
    expect(answer.problems.map(problemLine)).toEqual(expected);
    expect(await counts()).toEqual(before);
  });

  it('a good file adds every student once, in their batch from their joining day with the plan’s dues counted from it; the same file again adds nobody', async () => {
    const batch = await insertBatch(course.id, 20, day(-30));
    const planId = await insertPlan(batch.id);
    const hindi = 'सुनीता शर्मा';
    const joined = day(-10);
    const rows = [
      row(2, {
        name: hindi.normalize('NFD'),
        batch: batch.name,
        joinedOn: indian(joined),
        language: 'Hindi',
        guardian: 'रमेश शर्मा',
        guardianMobile: newMobile(),
      }),
      row(3, { name: 'Ravi  Kumar', batch: batch.name, course: '', joinedOn: day(-40) }),
      // No e-mail address: many students have none (they hear from the office by WhatsApp).
      row(4, { name: 'Kiran Devi', email: '' }),
    ];
    const before = await counts();

    const previewed = (await (await preview('class of november.xlsx', rows)).json()) as { problems: unknown[]; batches: unknown[]; already: unknown };
    expect(previewed.problems).toEqual([]);
    expect(previewed.already).toBeNull();
    expect(previewed.batches).toEqual([{ name: batch.name, students: 2, dues: 6 }]);

    const done = await importFile('class of november.xlsx', rows);
    expect(done.status).toBe(201);
    const answer = (await done.json()) as { message: string; importId: string; students: { id: string; name: string; batch: string | null }[]; dues: number };
    expect(answer.message).toBe('3 students imported from class of november.xlsx. 6 dues made from the fee plans.');
    expect(answer.students.map((s) => [s.name, s.batch])).toEqual([
      [hindi.normalize('NFC'), batch.name],
      ['Ravi Kumar', batch.name],
      ['Kiran Devi', null],
    ]);
    expect(await counts()).toEqual({ ...before, students: before.students + 3, places: before.places + 2, dues: before.dues + 6, imports: before.imports + 1 });

    const [sunita, ravi, kiran] = answer.students.map((s) => s.id);
    const stored = await db(
      target,
      `select name, phone, course, registration_date::text as registered, language, guardian_name as guardian, import_id::text as "importId"
         from students where id = any($1::bigint[]) order by id`,
      [[sunita, ravi, kiran]],
    );
    expect(stored).toEqual([
      {
        name: hindi.normalize('NFC'),
        phone: `+91${rows[0]!.mobile}`,
        course: course.title,
        registered: joined,
        language: 'hi',
        guardian: 'रमेश शर्मा',
        importId: answer.importId,
      },
      {
        name: 'Ravi Kumar',
        phone: `+91${rows[1]!.mobile}`,
        course: course.title,
        registered: day(-40),
        language: 'en',
        guardian: null,
        importId: answer.importId,
      },
      {
        name: 'Kiran Devi',
        phone: `+91${rows[2]!.mobile}`,
        course: course.title,
        registered: day(0),
        language: 'en',
        guardian: null,
        importId: answer.importId,
      },
    ]);
    expect(await db(target, 'select email from students where id = $1', [kiran])).toEqual([{ email: null }]);
    expect(
      await db(target, `select student_id::text as id, joined_on::text as joined, status from batch_students where batch_id = $1 order by student_id`, [
        batch.id,
      ]),
    ).toEqual([
      { id: sunita, joined, status: 'active' },
      { id: ravi, joined: day(-40), status: 'active' },
    ]);
    // Sunita's months count from her joining day; Ravi joined before the batch began, so his count from its first day.
    const duesOf = (id: string) =>
      db(
        target,
        `select seq, label, amount_paise::int as amount, late_fee_paise::int as late, grace_days as grace, due_on::text as "dueOn", plan_id::text as plan, batch_id::text as batch, reference ~ '^D\\d{6,}$' as referenced
           from fee_dues where student_id = $1 order by seq`,
        [id],
      );
    const expectedDues = (start: string) =>
      [300000, 200000, 200000].map((amount, i) => {
        const dueOn = addMonths(start, i);
        return {
          seq: i + 1,
          label: `Instalment ${i + 1} of 3`,
          amount,
          late: dueOn < day(0) ? 0 : 10000,
          grace: 5,
          dueOn,
          plan: planId,
          batch: batch.id,
          referenced: true,
        };
      });
    expect(await duesOf(sunita!)).toEqual(expectedDues(joined));
    expect(await duesOf(ravi!)).toEqual(expectedDues(day(-30)));
    expect(await duesOf(kiran!)).toEqual([]);
    const [line] = await db<{ detail: Record<string, unknown> }>(
      target,
      `select detail from audit_log where entity = 'student-import' and action = 'create' and entity_id = $1`,
      [answer.importId],
    );
    expect(line!.detail).toMatchObject({ subject: 'class of november.xlsx', students: 3, dues: 6, batches: [{ name: batch.name, students: 2 }] });

    // The same file again: nobody is added, and both the preview and the import say when and by whom it was imported.
    const again = await importFile('class of november (copy).xlsx', rows);
    expect(again.status).toBe(409);
    const said = `class of november (copy).xlsx was already imported on ${dayInWords(day(0))} by ${owner.staff.name} (3 students): importing it again would add nobody.`;
    expect((await again.json()).message).toBe(said);
    const second = (await (await preview('class of november (copy).xlsx', rows)).json()) as { already: { message: string }; problems: ImportProblem[] };
    expect(second.already.message).toBe(said);
    // Its rows' mobile numbers are now students on file: a file that differs refuses them too.
    const changed = await importFile('class of november v2.xlsx', [...rows, row(5)]);
    expect(changed.status).toBe(400);
    expect(((await changed.json()) as { problems: ImportProblem[] }).problems.filter((p) => p.column === 'mobile').map((p) => p.row)).toEqual([2, 3, 4]);
    expect(await counts()).toEqual({ ...before, students: before.students + 3, places: before.places + 2, dues: before.dues + 6, imports: before.imports + 1 });
  });

  it('a batch is full counting the seats taken and the rows of this file going to it', async () => {
    const batch = await insertBatch(course.id, 3);
    const [taker] = await db<{ id: string }>(
      target,
      `insert into students (name, email, course) values ('Seat Holder', 'seat.holder@example.in', $1) returning id::text`,
      [course.title],
    );
    await db(target, `insert into batch_students (batch_id, student_id) values ($1, $2)`, [batch.id, taker!.id]);
    const rows = [row(2, { batch: batch.name }), row(3, { batch: batch.name }), row(4, { batch: batch.name.toUpperCase() })];
    const before = await counts();
    const refused = await importFile('three more.csv', rows);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { problems: ImportProblem[] }).problems.map(problemLine)).toEqual([
      `Row 4, Batch: ${batch.name} is full with this row: it had 2 seats free (1 of 3 taken), and the rows above fill them.`,
    ]);
    expect(await counts()).toEqual(before);
    const fits = await importFile('two more.csv', rows.slice(0, 2));
    expect(fits.status).toBe(201);
    expect(await db(target, `select count(*)::int as n from batch_students where batch_id = $1 and status = 'active'`, [batch.id])).toEqual([{ n: 3 }]);
  });

  it('reads an .xlsx workbook and a CSV file as the admin app does, Hindi names as typed; the template reads back as the import’s headings', async () => {
    const batch = await insertBatch(course.id);
    const names = ['अंजलि मीणा', 'Mohd. Arif', 'प्रिया'] as const;
    const mobiles = names.map(() => newMobile());
    const xlsx = await writeXlsxFile([
      HEADINGS.map((value) => ({ value, type: String })),
      [
        { value: names[0], type: String },
        { value: Number(mobiles[0]), type: Number },
        { value: 'anjali@example.in', type: String },
        null,
        null,
        { value: course.title, type: String },
        { value: batch.name, type: String },
        { value: new Date(`${day(-3)}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' },
        { value: 'हिंदी', type: String },
      ],
      [
        { value: names[1], type: String },
        { value: `0${mobiles[1]}`, type: String },
        { value: 'arif@example.in', type: String },
        null,
        null,
        { value: course.title, type: String },
      ],
    ]).toBuffer();
    const fromXlsx = sheetRows((await readSheet(new Uint8Array(xlsx).buffer as ArrayBuffer)) as SheetValue[][]);
    if ('error' in fromXlsx) throw new Error(fromXlsx.error);
    expect(fromXlsx.rows.map((r) => [r.row, r.name, r.mobile, r.joinedOn])).toEqual([
      [2, names[0], mobiles[0], day(-3)],
      [3, names[1], `0${mobiles[1]}`, ''],
    ]);
    const xlsxDone = await importFile('anjali.xlsx', fromXlsx.rows);
    expect(xlsxDone.status).toBe(201);

    const csv = `\ufeff${HEADINGS.join(',')}\r\n"${names[2]}",+91 ${mobiles[2]},priya@example.in,,,"${course.title}",${batch.name},${indian(day(-1))},Hindi\r\n`;
    const fromCsv = sheetRows(parseCsv(csv));
    if ('error' in fromCsv) throw new Error(fromCsv.error);
    const csvDone = await importFile('priya.csv', fromCsv.rows);
    expect(csvDone.status).toBe(201);
    expect(
      await db(target, `select name, language, registration_date::text as day from students where phone = any($1::text[]) order by name`, [
        mobiles.map((m) => `+91${m}`),
      ]),
    ).toEqual(
      [
        { name: names[0], language: 'hi', day: day(-3) },
        { name: names[1], language: 'en', day: day(0) },
        { name: names[2], language: 'hi', day: day(-1) },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );

    const template = await staffFetch(target, '/api/admin/student-import/template', owner.cookie);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    const sheets = await readSheet(await template.arrayBuffer());
    expect(sheets[0]).toEqual(HEADINGS);
    expect(sheetRows(sheets as SheetValue[][])).toEqual({ rows: [], examples: 1 });
    const csvTemplate = await staffFetch(target, '/api/admin/student-import/template?format=csv', owner.cookie);
    expect(parseCsv(await csvTemplate.text())[0]).toEqual(HEADINGS);
  });

  it('only an Owner or a Counsellor imports: an Accountant and a Teacher are refused, nothing changed', async () => {
    const [counsellor, accountant, teacher] = await Promise.all([
      signedInAdmin(target, 'importcounsellor', 'counsellor'),
      signedInAdmin(target, 'importaccountant', 'accountant'),
      signedInAdmin(target, 'importteacher', 'teacher'),
    ]);
    const before = await counts();
    for (const [who, role] of [
      [accountant, 'Accountant'],
      [teacher, 'Teacher'],
    ] as const) {
      const refused = await importFile('by role.xlsx', [row(2)], who);
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe(`Your role (${role}) does not allow this.`);
      expect((await preview('by role.xlsx', [row(2)], who)).status).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await importFile('by counsellor.xlsx', [row(2)], counsellor)).status).toBe(201);
  });
});
