/**
 * The checks of an imported students' file that need no database: the file's rows read from a
 * sheet (headings in any order, dates, numbers, the example row), CSV as spreadsheets save it, the
 * office's ways of writing a day, and every bad cell named by row and column in words.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/student-import/csv';
import { excelSerialDay, importDay } from '../../src/lib/student-import/import-day';
import { checkRows } from '../../src/lib/student-import/row-checks';
import { sheetRows } from '../../src/lib/student-import/sheet-rows';
import { ImportRequestSchema, problemLine, type ImportRow } from '../../src/lib/schemas/student-import';
import { NameSchema } from '../../src/lib/schemas/fields';
import { auditSentence } from '../../src/lib/audit-words';

const TODAY = '2026-11-28';
const row = (n: number, cells: Partial<ImportRow> = {}): ImportRow => ({
  row: n,
  name: 'Asha Verma',
  mobile: `98290${String(10000 + n)}`,
  email: `asha${n}@example.com`,
  guardian: '',
  guardianMobile: '',
  course: 'Tally Prime',
  batch: '',
  joinedOn: '',
  language: '',
  ...cells,
});
const lines = (rows: ImportRow[]) => checkRows(rows, TODAY).problems.map(problemLine);

describe('a joining day as offices write it', () => {
  it.each([
    ['2026-11-25', '2026-11-25'],
    ['25/11/2026', '2026-11-25'],
    ['5/1/2026', '2026-01-05'],
    ['25-11-2026', '2026-11-25'],
    ['25.11.2026', '2026-11-25'],
    ['25/11/26', '2026-11-25'],
    ['२५/११/२०२६', '2026-11-25'],
    ['46351', '2026-11-25'],
  ])('%s is %s', (typed, day) => expect(importDay(typed)).toBe(day));

  it.each(['31/02/2026', '2026-13-01', 'tomorrow', '25 Nov', '1/1/1999', ''])('%s is not a day', (typed) => expect(importDay(typed)).toBeNull());

  it('an Excel serial number counts from 30 December 1899', () => expect(excelSerialDay(45658)).toBe('2025-01-01'));
});

describe('CSV as spreadsheets save it', () => {
  it('reads quoted cells with commas, quotes and line breaks, a byte-order mark and CRLF', () => {
    expect(parseCsv('\ufeffName,Mobile\r\n"Verma, Asha","98290 ""1"""\r\n"two\nlines",x\r\n')).toEqual([
      ['Name', 'Mobile'],
      ['Verma, Asha', '98290 "1"'],
      ['two\nlines', 'x'],
    ]);
  });
  it('takes the semicolon or tab a file uses instead of commas', () => {
    expect(parseCsv('Name;Mobile\nAsha;98290\n')).toEqual([
      ['Name', 'Mobile'],
      ['Asha', '98290'],
    ]);
    expect(parseCsv('Name\tMobile\nAsha\t98290')).toEqual([
      ['Name', 'Mobile'],
      ['Asha', '98290'],
    ]);
  });
});

describe('the rows of a sheet', () => {
  it('reads columns by heading in any order, numbers in full, dates as days, and leaves out empty and example rows', () => {
    const read = sheetRows([
      ['Joining date', 'Student name', 'Mobile No.', 'Email', 'Batch', 'Notes'],
      [new Date(Date.UTC(2026, 10, 25)), 'Example row: Sunita', '9829012345', 'a@example.com', 'Tally Morning', ''],
      [null, null, null, null, null, null],
      [new Date(Date.UTC(2026, 10, 25)), 'सुनीता शर्मा', 9829012345, 'S@Example.com', 'Tally Morning', 'pays late'],
      ["'2026-11-01", 'Ravi', "'+91 98290 12346", '', '', ''],
    ]);
    expect(read).toEqual({
      examples: 1,
      rows: [
        { ...row(4), name: 'सुनीता शर्मा', mobile: '9829012345', email: 'S@Example.com', course: '', batch: 'Tally Morning', joinedOn: '2026-11-25' },
        { ...row(5), name: 'Ravi', mobile: '+91 98290 12346', email: '', course: '', joinedOn: '2026-11-01' },
      ],
    });
  });

  it('says which columns the first row lacks', () => {
    expect(sheetRows([['Name', 'Phone']])).toEqual({ error: expect.stringContaining('it has no “Course” column') });
    expect(sheetRows([])).toEqual({ error: expect.stringContaining('The file is empty') });
  });
});

describe('each row checked, every problem named by row and column in words', () => {
  it('a good row has no problem, its Hindi name kept exactly (NFC) and its mobile stored as +91…', () => {
    const decomposed = 'सुनीता शर्मा'.normalize('NFD');
    const { rows, problems } = checkRows([row(2, { name: decomposed, mobile: '+91 98290-10002', language: 'हिंदी', joinedOn: '25/11/2026' })], TODAY);
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ name: 'सुनीता शर्मा'.normalize('NFC'), phone: '+919829010002', language: 'hi', joinedOn: '2026-11-25' });
  });

  it('an empty joining day is today; an empty language English', () => {
    expect(checkRows([row(2)], TODAY).rows[0]).toMatchObject({ joinedOn: TODAY, language: 'en' });
  });

  it('names each bad cell', () => {
    expect(
      lines([
        row(2, { mobile: '98765 4321' }),
        row(3, { mobile: '5829012345', email: 'asha@' }),
        row(4, { name: 'R@hul', guardian: 'Ramesh Verma' }),
        row(5, { joinedOn: '31/02/2026', language: 'Marathi' }),
        row(6, { joinedOn: '2026-12-01' }),
        row(7, { course: '', mobile: '09829010004' }),
        row(8, { email: '', name: '' }),
      ]),
    ).toEqual([
      'Row 2, Mobile: 98765 4321 has 9 digits; a mobile number has 10.',
      'Row 3, Mobile: 5829012345 begins with 5; an Indian mobile number begins with 6, 7, 8 or 9.',
      'Row 3, E-mail: “asha@” is not an e-mail address (like name@example.com).',
      "Row 4, Name: “R@hul” has characters a name cannot have: use only letters, spaces, full stops (.), apostrophes (') and hyphens (-).",
      'Row 4, Guardian’s mobile: is empty, but the guardian’s name is given: please give both (needed for students under 18), or neither.',
      'Row 5, Joining day: “31/02/2026” is not a date: please write it as 25/11/2026 or 2026-11-25.',
      'Row 5, Language: “Marathi” is not a language the office writes in: please write English or Hindi.',
      'Row 6, Joining day: Tuesday, 1 December 2026 is after today: a student cannot have joined on a later day.',
      'Row 7, Mobile: 09829010004 is also on row 4 of this file: each student may be on one row only.',
      'Row 7, Course: is empty: please name the student’s course (or their batch).',
      'Row 8, Name: is empty: every student needs a name.',
    ]);
  });
});

describe('the request', () => {
  it('refuses a control character or a long cell in words naming the row and column', () => {
    const result = ImportRequestSchema.safeParse({ fileName: 'students.xlsx', rows: [row(3, { name: 'Asha\u0000' }), row(4, { batch: 'x'.repeat(201) })] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Row 3, Name: the cell has characters that cannot be typed (a control character or half of an emoji). Please correct it in the file.',
      'Row 4, Batch: the cell is longer than 200 characters. Please correct it in the file.',
    ]);
  });
});

describe('names read as the student record reads them', () => {
  it.each(['Asha Verma', 'सुनीता शर्मा', "D'Souza", 'Mohd. Arif', 'A', 'R@hul', 'Asha 2', `${'a'.repeat(101)}`, 'राम\u200dकुमार', ' -Asha'])(
    '%s is accepted exactly when NameSchema accepts it',
    (name) => {
      const accepted = !checkRows([row(2, { name })], TODAY).problems.some((p) => p.column === 'name');
      expect(accepted).toBe(NameSchema.safeParse(name).success);
    },
  );
});

describe('the audit line of an import, in words', () => {
  it('names the file, the students, the batches and the dues', () => {
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'create',
        entity: 'student-import',
        entityId: '3',
        detail: { subject: 'students.xlsx', students: 30, batches: [{ name: 'Tally Morning', students: 20 }], dues: 60 },
      }),
    ).toBe('Asha Verma imported 30 students from students.xlsx (Tally Morning: 20; 60 dues from the fee plans).');
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'view',
        entity: 'student-import',
        entityId: null,
        detail: { subject: 'students.xlsx', rows: 31, problems: 2 },
      }),
    ).toBe('Asha Verma checked students.xlsx before importing it (31 rows, 2 problems).');
  });
});
