/**
 * What /api/students and /api/students/{id} share: the columns of a student as the API gives it,
 * and the answers for an unknown record and for an edit that lost a race.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import type { Student } from '../../../src/lib/schemas/student';
import { HttpError } from '../platform/http';

/** The select list of a Student (the date as text: a JavaScript Date would shift it by the time zone). */
export const STUDENT_COLUMNS = `id::text as _id, name, email, phone, course, registration_date::text as "registrationDate", lead_id::text as "leadId", version`;

/** The answer for an id that names no student. */
export const studentNotFound = () => new HttpError(404, 'This student was not found. The record may have been deleted.');

/**
 * The answer after an UPDATE or DELETE that matched no row because of its version: 404 when the
 * student is gone, else 409 with the student as stored now.
 */
export async function studentMissedOrChanged(client: PoolClient, id: string): Promise<HttpError> {
  const { rows } = await client.query<Student>(`select ${STUDENT_COLUMNS} from students where id = $1`, [id]);
  if (!rows[0]) return studentNotFound();
  return new HttpError(409, CONFLICT_MESSAGE, { current: rows[0] });
}
