/**
 * The checks of an imported file that need no database: each cell of each row read as the student
 * record's own schemas read it (NameSchema's rules, IndianMobileSchema's, EmailSchema), with problems in
 * words that say what the cell holds and what it should ("98765 4321 has 9 digits; a mobile number
 * has 10"), and the same mobile number twice in the file. Every row is read to the end, so the
 * preview names every problem at once. No DOM or node imports.
 */
import { latinDigits } from '../digits';
import { dayInWords } from '../attendance-words';
import { EmailSchema, NAME_PATTERN } from '../schemas/fields';
import { textProblem } from '../schemas/plain-text';
import type { ImportProblem, ImportRow } from '../schemas/student-import';
import type { ImportColumn } from './columns';
import { importDay } from './import-day';

/** A row as far as its cells could be read: null where a cell is wrong (its problem is named). */
export interface CheckedRow {
  row: number;
  name: string | null;
  /** The mobile number as stored (+91XXXXXXXXXX). */
  phone: string | null;
  email: string | null;
  guardianName: string | null;
  guardianPhone: string | null;
  /** The course and batch as written (trimmed; '' when empty), matched against the database later. */
  course: string;
  batch: string;
  /** YYYY-MM-DD; today when the cell is empty. */
  joinedOn: string | null;
  language: 'en' | 'hi' | null;
}

/** What the checks found. */
export interface RowChecks {
  rows: CheckedRow[];
  problems: ImportProblem[];
}

const LANGUAGES: Record<string, 'en' | 'hi'> = {
  '': 'en',
  en: 'en',
  english: 'en',
  अंग्रेज़ी: 'en',
  अंग्रेजी: 'en',
  hi: 'hi',
  hindi: 'hi',
  हिन्दी: 'hi',
  हिंदी: 'hi',
};

/**
 * A name as NameSchema stores it (NFC, spaces collapsed) and its problem in words, or null: the
 * same rules as NameSchema (length, plain text, NAME_PATTERN), said to staff about a cell. Checked
 * here rather than through the schema so 2,000 rows take milliseconds (tested to agree with it).
 */
function nameOf(value: string, empty: string): { name: string; problem: string | null } {
  const name = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!name) return { name, problem: empty };
  if (name.length < 2) return { name, problem: `“${name}” is too short for a name.` };
  if (name.length > 100) return { name, problem: 'is longer than 100 characters: please shorten it.' };
  if (textProblem(name) || !NAME_PATTERN.test(name))
    return { name, problem: `“${name}” has characters a name cannot have: use only letters, spaces, full stops (.), apostrophes (') and hyphens (-).` };
  return { name, problem: null };
}

/** A mobile number's ten digits and its problem in words (IndianMobileSchema's rule). */
function mobileOf(value: string, empty: string): { digits: string | null; problem: string | null } {
  const typed = value.trim();
  if (!typed) return { digits: null, problem: empty };
  const compact = latinDigits(typed).replace(/[\s().-]/g, '');
  const digits = compact.replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  if (!/^\d+$/.test(digits)) return { digits: null, problem: `“${typed}” is not a mobile number: it should be 10 digits.` };
  if (digits.length !== 10)
    return { digits: null, problem: `${typed} has ${digits.length} ${digits.length === 1 ? 'digit' : 'digits'}; a mobile number has 10.` };
  if (!/^[6-9]/.test(digits)) return { digits: null, problem: `${typed} begins with ${digits[0]}; an Indian mobile number begins with 6, 7, 8 or 9.` };
  return { digits, problem: null };
}

/** The checks of `rows` that need no database; `today` is India's day. */
export function checkRows(rows: readonly ImportRow[], today: string): RowChecks {
  const problems: ImportProblem[] = [];
  const firstRowOf = new Map<string, number>();
  const checked = rows.map((r): CheckedRow => {
    const problem = (column: ImportColumn | null, message: string) => problems.push({ row: r.row, column, message });
    const named = nameOf(r.name, 'is empty: every student needs a name.');
    if (named.problem) problem('name', named.problem);

    const mobile = mobileOf(r.mobile, 'is empty: every student needs their mobile number (it is how a student already on file is found).');
    if (mobile.problem) problem('mobile', mobile.problem);
    else {
      const first = firstRowOf.get(mobile.digits!);
      if (first === undefined) firstRowOf.set(mobile.digits!, r.row);
      else problem('mobile', `${r.mobile.trim()} is also on row ${first} of this file: each student may be on one row only.`);
    }

    let email: string | null = null;
    // Optional (migration 024): a student without one learns what concerns them by WhatsApp.
    if (r.email.trim()) {
      const parsed = EmailSchema.safeParse(r.email);
      if (parsed.success) email = parsed.data;
      else problem('email', `“${r.email.trim()}” is not an e-mail address (like name@example.com).`);
    }

    const guardianGiven = r.guardian.trim() !== '';
    const guardianMobileGiven = r.guardianMobile.trim() !== '';
    const guardianNamed = guardianGiven ? nameOf(r.guardian, '') : null;
    if (guardianNamed?.problem) problem('guardian', guardianNamed.problem);
    const guardianMobile = guardianMobileGiven ? mobileOf(r.guardianMobile, '') : { digits: null, problem: null };
    if (guardianMobile.problem) problem('guardianMobile', guardianMobile.problem);
    if (guardianGiven && !guardianMobileGiven)
      problem('guardianMobile', 'is empty, but the guardian’s name is given: please give both (needed for students under 18), or neither.');
    if (!guardianGiven && guardianMobileGiven) problem('guardian', 'is empty, but the guardian’s mobile number is given: please give both, or neither.');

    if (!r.course.trim() && !r.batch.trim()) problem('course', 'is empty: please name the student’s course (or their batch).');

    let joinedOn: string | null = today;
    if (r.joinedOn.trim()) {
      joinedOn = importDay(r.joinedOn);
      if (!joinedOn) problem('joinedOn', `“${r.joinedOn.trim()}” is not a date: please write it as 25/11/2026 or 2026-11-25.`);
      else if (joinedOn > today) {
        problem('joinedOn', `${dayInWords(joinedOn)} is after today: a student cannot have joined on a later day.`);
        joinedOn = null;
      }
    }

    const language = LANGUAGES[r.language.trim().toLowerCase()] ?? null;
    if (!language) problem('language', `“${r.language.trim()}” is not a language the office writes in: please write English or Hindi.`);

    return {
      row: r.row,
      name: named.problem ? null : named.name,
      phone: mobile.digits ? `+91${mobile.digits}` : null,
      email,
      guardianName: guardianNamed && !guardianNamed.problem && guardianMobileGiven ? guardianNamed.name : null,
      guardianPhone: guardianMobile.digits && guardianGiven ? `+91${guardianMobile.digits}` : null,
      course: r.course.replace(/\s+/g, ' ').trim(),
      batch: r.batch.replace(/\s+/g, ' ').trim(),
      joinedOn,
      language,
    };
  });
  return { rows: checked, problems };
}
