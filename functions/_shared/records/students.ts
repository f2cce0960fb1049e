/**
 * What /api/students and /api/students/{id} share: the columns of a student as the API gives it,
 * and the answers for an unknown record and for an edit that lost a race.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import type { Student, StudentFields } from '../../../src/lib/schemas/student';
import { nameKey } from '../../../src/lib/transliterate';
import { fieldErrors, HttpError } from '../platform/http';
import type { Queryable } from '../platform/db';

/**
 * The e-mail of the website account that is the student's (the row `alias` of students): the one
 * staff linked, else, while none is linked, the account whose own (verified) address is the
 * record's — the same rule /account reads their classes by (classes/student-classes.ts).
 */
export const accountEmailOf = (alias: string) =>
  `coalesce((select u.email from users u where u.id = ${alias}.user_id),
    (select u.email from users u where ${alias}.user_id is null and lower(u.email) = lower(${alias}.email)))`;

/** The select list of a Student (the date as text: a JavaScript Date would shift it by the time zone). */
export const STUDENT_COLUMNS = `id::text as _id, name, email, phone, course, registration_date::text as "registrationDate", lead_id::text as "leadId",
  guardian_name as "guardianName", guardian_phone as "guardianPhone", ${accountEmailOf('students')} as "accountEmail", language, version`;

/** A row of STUDENT_COLUMNS as the driver gives it. */
export type StudentRecord = Omit<Student, 'language'> & { language: 'en' | 'hi' };

/** A student as the API gives it: the language named only when it is not English (the default), so an English record is what it always was. */
export const toStudent = ({ language, ...student }: StudentRecord): Student => (language === 'en' ? student : { ...student, language });

/** The website account with e-mail address `email` (any case): its id; 400 naming the field when there is none. */
export async function accountOf(client: Queryable, email: string | undefined): Promise<string | null> {
  if (email === undefined) return null;
  const { rows } = await client.query<{ id: string }>('select id::text from users where lower(email) = lower($1) order by created_at limit 1', [email]);
  if (!rows[0]) throw fieldErrors({ accountEmail: 'No website account has this e-mail address. Please check it, or leave the field empty.' });
  return rows[0].id;
}

/** The answer for an id that names no student. */
/**
 * A student's fields in the order the insert and the update take them (name, e-mail, mobile,
 * course, registration day, the name's Latin key, guardian, guardian's mobile, linked account).
 */
export const studentValues = (fields: StudentFields, userId: string | null): unknown[] => [
  fields.name,
  fields.email ?? null,
  fields.phone ?? null,
  fields.course,
  fields.registrationDate ?? null,
  nameKey(fields.name),
  fields.guardianName ?? null,
  fields.guardianPhone ?? null,
  userId,
];

export const studentNotFound = () => new HttpError(404, 'This student was not found. The record may have been deleted.');

/**
 * The answer after an UPDATE or DELETE that matched no row because of its version: 404 when the
 * student is gone, else 409 with the student as stored now.
 */
export async function studentMissedOrChanged(client: PoolClient, id: string): Promise<HttpError> {
  const { rows } = await client.query<StudentRecord>(`select ${STUDENT_COLUMNS} from students where id = $1`, [id]);
  if (!rows[0]) return studentNotFound();
  return new HttpError(409, CONFLICT_MESSAGE, { current: toStudent(rows[0]) });
}
