/**
 * What the certificate endpoints share: the batches a member of staff may issue for (an Owner,
 * or any role that can take any batch's attendance: all; a Teacher: the batches they teach), and
 * a certificate row in the shapes staff and the public see.
 */
import { batchStatusWord } from '../../../src/lib/batch-words';
import type { CertificateBatch, PublicCertificate, StaffCertificate } from '../../../src/lib/schemas/certificate';
import { can, type Role } from '../auth/roles';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';

/** Whether `role` may issue for every batch, not only the ones its member teaches. */
export const issuesForAnyBatch = (role: Role): boolean => can(role, 'attendance-any');

/** A batch row as the certificate queries select it. */
export interface BatchRow {
  id: string;
  name: string;
  course: string;
  starts_on: string;
  ends_on: string;
  status: string;
  teacher_id: string | null;
  teacher: string | null;
}

const BATCH_SELECT = `select b.id::text, b.name, c.title as course, b.starts_on::text, b.ends_on::text, b.status, b.teacher_id::text, t.name as teacher
                        from batches b join courses c on c.id = b.course_id left join staff t on t.id = b.teacher_id`;

/** A batch in the shape the screen shows. */
export const batchOf = (row: BatchRow): CertificateBatch => ({
  id: row.id,
  name: row.name,
  course: row.course,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  status: batchStatusWord(row.status),
  completed: row.status === 'completed',
  teacher: row.teacher,
});

/** The batches `staffId` (in `role`) may issue certificates for, newest first. */
export async function batchesFor(db: Queryable, staffId: string, role: Role): Promise<BatchRow[]> {
  const { rows } = await db.query<BatchRow>(`${BATCH_SELECT} where ($1::boolean or b.teacher_id = $2::uuid) order by b.starts_on desc, b.id desc limit 500`, [
    issuesForAnyBatch(role),
    staffId,
  ]);
  return rows;
}

/**
 * The batch `batchId` if the caller may issue for it: 404 when there is none, 403 (nothing
 * done) when it is another teacher's. `lock` holds the batch's row until the transaction ends.
 */
export async function batchForIssuing(db: Queryable, batchId: string, who: { staffId: string; role: Role }, lock = false): Promise<BatchRow> {
  const { rows } = await db.query<BatchRow>(`${BATCH_SELECT} where b.id = $1${lock ? ' for update of b' : ''}`, [batchId]);
  const batch = rows[0];
  if (!batch) throw new HttpError(404, 'This batch was not found. It may have been deleted; please reload.');
  if (!issuesForAnyBatch(who.role) && batch.teacher_id !== who.staffId) {
    throw new HttpError(403, `You can issue certificates only for the batches you teach; ${batch.name} is taught by ${batch.teacher ?? 'no one yet'}.`);
  }
  return batch;
}

/** A certificates row as the queries below select it. */
export interface CertificateRow {
  number: string;
  student_id: string | null;
  batch_id: string | null;
  student_name: string;
  course: string;
  starts_on: string;
  ends_on: string;
  grade: string | null;
  marks: string | null;
  issued_on: string;
  revoked_on: string | null;
  revoked_reason: string | null;
  issued_by: string | null;
}

/** The columns of CertificateRow (table alias `c`, the issuer `s`, joined by the caller). */
export const CERTIFICATE_COLUMNS = `c.number, c.student_id::text, c.batch_id::text, c.student_name, c.course, c.starts_on::text, c.ends_on::text,
  c.grade, c.marks, c.issued_on::text, ((c.revoked_at at time zone 'Asia/Kolkata')::date)::text as revoked_on, c.revoked_reason`;

/** Exactly what anyone may learn from a certificate's number. */
export function publicCertificateOf(row: Omit<CertificateRow, 'student_id' | 'batch_id' | 'issued_by'>): PublicCertificate {
  const answer: PublicCertificate = {
    number: row.number,
    name: row.student_name,
    course: row.course,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    grade: row.grade,
    marks: row.marks,
    issuedOn: row.issued_on,
    status: row.revoked_on ? 'revoked' : 'valid',
  };
  if (row.revoked_on) {
    answer.revokedOn = row.revoked_on;
    answer.revokedReason = row.revoked_reason ?? '';
  }
  return answer;
}

/** A certificate as staff see it. */
export const staffCertificateOf = (row: CertificateRow): StaffCertificate => ({
  ...publicCertificateOf(row),
  studentId: row.student_id,
  batchId: row.batch_id,
  issuedBy: row.issued_by,
});
