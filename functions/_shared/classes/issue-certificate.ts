/**
 * Issuing a certificate, the one way both the single issue (admin-certificates.ts) and a batch's
 * issue at once (admin-batch-certificates.ts) write it: who counts as having completed a batch,
 * whose attendance needs staff's explicit yes, and the row itself with a fresh random number and
 * what it says copied onto it.
 */
import type { CertificateRow, BatchRow } from './certificates';
import { CERTIFICATE_COLUMNS } from './certificates';
import { newCertificateNumber } from './certificate-number';
import { belowThreshold } from './attendance-summary';
import type { Queryable } from '../platform/db';

/** Draws of a new number before giving up (a collision is one in millions; five in a row is a fault). */
const NUMBER_TRIES = 5;

/** Whether a student whose roster place is `placeStatus` completed a batch in `batchStatus` (never one who left). */
export const completedBatch = (placeStatus: string, batchStatus: string): boolean =>
  placeStatus === 'completed' || (placeStatus === 'active' && batchStatus === 'completed');

/** Whether attendance of `percent` (null: no class recorded) needs staff's explicit yes before a certificate. */
export const needsAttendanceYes = (percent: number | null, threshold: number): boolean => percent === null || belowThreshold(percent, threshold);

/** What a new certificate says and who issues it. */
export interface NewCertificate {
  studentId: string;
  /** The student's name as it is printed. */
  name: string;
  batch: BatchRow;
  grade?: string | null | undefined;
  marks?: string | null | undefined;
  /** The day printed on it (YYYY-MM-DD, India). */
  issuedOn: string;
  staff: { id: string; name: string };
}

/**
 * Inserts the certificate with a new random number (drawn again on the rare clash of numbers);
 * null, with nothing written, when the student already holds a valid one for the batch (a
 * colleague's a moment ago, or an earlier one). Inside the caller's transaction.
 */
export async function insertCertificate(db: Queryable, c: NewCertificate): Promise<CertificateRow | null> {
  for (let tries = 0; tries < NUMBER_TRIES; tries += 1) {
    // No conflict target: a clash on the number draws again; a clash on (student, batch) is told by the check below.
    const { rows } = await db.query<CertificateRow>(
      `insert into certificates as c (number, student_id, batch_id, student_name, course, starts_on, ends_on, grade, marks, issued_on, issued_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict do nothing
       returning ${CERTIFICATE_COLUMNS}, $12::text as issued_by`,
      [
        newCertificateNumber(c.issuedOn),
        c.studentId,
        c.batch.id,
        c.name,
        c.batch.course,
        c.batch.starts_on,
        c.batch.ends_on,
        c.grade ?? null,
        c.marks ?? null,
        c.issuedOn,
        c.staff.id,
        c.staff.name,
      ],
    );
    if (rows[0]) return rows[0];
    const held = await db.query('select 1 from certificates where batch_id = $1 and student_id = $2 and revoked_at is null', [c.batch.id, c.studentId]);
    if (held.rows.length > 0) return null;
  }
  throw new Error(`no free certificate number after ${NUMBER_TRIES} draws`);
}
