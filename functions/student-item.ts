/**
 * /api/students/{id} (staff only):
 * - GET → Student (an audit line 'view' names it);
 * - PUT {name, email, phone?, course, registrationDate?, guardianName?, guardianPhone?, accountEmail?,
 *   language?, version} → {message: 'Student updated.', item}: a full replacement (a phone, guardian
 *   or account link left out is removed; a date or language left out is kept);
 * - DELETE ?version=N → {message: 'Student deleted.'}; a student with fee receipts or a reported
 *   payment is kept (409 in words), their unpaid dues go with the record.
 * Optimistic concurrency: the UPDATE or DELETE itself requires the version the edit was based on,
 * so two colleagues saving at once cannot overwrite each other; the one who lost gets 409 with
 * the record as it is now (or 404 if it was deleted). Each change is written with its audit line
 * in one transaction; an unknown or malformed id is 404.
 */
import type { Config } from '@netlify/functions';
import { studentConsent } from './_shared/consent/consents';
import { z } from 'zod';
import { RecordIdSchema, VersionSchema } from '../src/lib/schemas/records';
import { StudentUpdateSchema } from '../src/lib/schemas/student';
import { audit } from './_shared/platform/audit';
import { pool, query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import {
  accountEmailOf,
  accountOf,
  STUDENT_COLUMNS,
  studentMissedOrChanged,
  studentNotFound,
  studentValues,
  toStudent,
  type StudentRecord,
} from './_shared/records/students';

/** `?version=N` of a DELETE. */
const DeleteQuerySchema = z.object({
  /** The version the deletion was based on. */
  version: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), VersionSchema),
});

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'students' });
  const parsedId = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsedId.success) throw studentNotFound();
  const id = parsedId.data;

  if (req.method === 'GET') {
    const [student] = await query<StudentRecord>(`select ${STUDENT_COLUMNS} from students where id = $1`, [id]);
    if (!student) throw studentNotFound();
    await audit({ staffId: staff.id, action: 'view', entity: 'student', entityId: id, subject: student.name }, address);
    // A minor's guardian consent, and whether the student withdrew consent to updates.
    return json({ ...toStudent(student), ...(await studentConsent(pool(), id)) });
  }

  if (req.method === 'PUT') {
    const { version, ...fields } = validate(StudentUpdateSchema, await readJson(req));
    const item = await transaction(async (client) => {
      // A version beyond the column's range cannot be the stored one (and must not reach SQL).
      if (version > MAX_VERSION) throw await studentMissedOrChanged(client, id);
      const userId = await accountOf(client, fields.accountEmail);
      // `o` is the row as it was before this statement: the changed fields are named in the log.
      const { rows } = await client.query<StudentRecord & { changed: string[]; languageBefore: StudentRecord['language'] }>(
        `update students s set name = $3, email = $4, phone = $5, course = $6,
                registration_date = coalesce($7::date, s.registration_date), name_latin = $8,
                guardian_name = $9, guardian_phone = $10, user_id = $11, language = coalesce($12, s.language),
                version = s.version + 1, updated_at = now()
           from students o
          where s.id = $1 and s.version = $2 and o.id = s.id
         returning s.id::text as _id, s.name, s.email, s.phone, s.course, s.registration_date::text as "registrationDate", s.lead_id::text as "leadId",
                   s.guardian_name as "guardianName", s.guardian_phone as "guardianPhone", ${accountEmailOf('s')} as "accountEmail", s.language, s.version,
                   array_remove(array[
                     case when o.name is distinct from s.name then 'name' end,
                     case when o.email is distinct from s.email then 'email' end,
                     case when o.phone is distinct from s.phone then 'phone' end,
                     case when o.course is distinct from s.course then 'course' end,
                     case when o.registration_date is distinct from s.registration_date then 'registrationDate' end,
                     case when o.guardian_name is distinct from s.guardian_name then 'guardianName' end,
                     case when o.guardian_phone is distinct from s.guardian_phone then 'guardianPhone' end,
                     case when o.user_id is distinct from s.user_id then 'account' end,
                     case when o.language is distinct from s.language then 'language' end
                   ], null) as changed, o.language as "languageBefore"`,
        [id, version, ...studentValues(fields, userId), fields.language ?? null],
      );
      if (!rows[0]) throw await studentMissedOrChanged(client, id);
      const { changed, languageBefore, ...updated } = rows[0];
      // A new language is named with the one before, as the timeline of a lead says it.
      const language = changed.includes('language') ? { language: { from: languageBefore, to: updated.language } } : {};
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'student',
          entityId: id,
          subject: updated.name,
          detail: { changed, ...language, version: updated.version },
        },
        address,
        client,
      );
      return toStudent(updated);
    });
    return json({ message: 'Student updated.', item });
  }

  const { version } = validate(DeleteQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  await transaction(async (client) => {
    if (version > MAX_VERSION) throw await studentMissedOrChanged(client, id);
    // Money received stays in the accounts: a student with a receipt or a reported payment is kept.
    const paid = await client.query<{ name: string }>(
      `select name from students s where id = $1 and (exists (select 1 from fee_receipts r where r.student_id = s.id)
          or exists (select 1 from fee_upi_claims u where u.student_id = s.id)) for update`,
      [id],
    );
    if (paid.rows[0])
      throw new HttpError(409, `${paid.rows[0].name} cannot be deleted: their fee payments are kept in the accounts. Mark them Left in their batch instead.`);
    // Dues with nothing paid go with the record (their reminders with them).
    await client.query('delete from fee_dues where student_id = $1', [id]);
    const deleted = await client.query<{ name: string }>('delete from students where id = $1 and version = $2 returning name', [id, version]);
    if (deleted.rowCount !== 1) throw await studentMissedOrChanged(client, id);
    await audit({ staffId: staff.id, action: 'delete', entity: 'student', entityId: id, subject: deleted.rows[0]!.name, detail: { version } }, address, client);
  });
  return json({ message: 'Student deleted.' });
});

export const config: Config = { path: '/api/students/:id' };
