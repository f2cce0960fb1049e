/** What the roster endpoints share: the ids in the address, and a roster as the API gives it. */
import type { Context } from '@netlify/functions';
import { RecordIdSchema } from '../../../src/lib/schemas/records';
import type { RosterEntry } from '../../../src/lib/schemas/batch';
import type { PoolClient } from '@neondatabase/serverless';
import { audit } from '../platform/audit';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { batchNotFound } from './batches';

/** The select list of a RosterEntry over `batch_students bs join students s`. */
export const ROSTER_COLUMNS = `s.id::text as "studentId", s.name, s.phone, s.email, bs.status, bs.joined_on::text as "joinedOn", bs.status_changed_on::text as "statusChangedOn"`;

/** The roster of batch `batchId`: active first, then by name. */
export async function rosterOf(db: Queryable, batchId: string): Promise<RosterEntry[]> {
  const { rows } = await db.query<RosterEntry>(
    `select ${ROSTER_COLUMNS} from batch_students bs join students s on s.id = bs.student_id where bs.batch_id = $1
      order by array_position(array['active', 'completed', 'left'], bs.status), s.name, s.id`,
    [batchId],
  );
  return rows;
}

/** The batch's id (and the student's, when the path has one) from the address; 404 for a malformed one. */
export function rosterParams(context: Context): { batchId: string; studentId: string | null } {
  const batch = RecordIdSchema.safeParse(context.params?.['id']);
  if (!batch.success) throw batchNotFound();
  const raw = context.params?.['studentId'];
  if (raw === undefined) return { batchId: batch.data, studentId: null };
  const student = RecordIdSchema.safeParse(raw);
  if (!student.success) throw notInBatch();
  return { batchId: batch.data, studentId: student.data };
}

/** The answer for a student who has no place in the batch. */
export const notInBatch = () => new HttpError(404, 'This student is not in this batch. The list may be out of date: please reload it.');

/** The batch's name and the student's place in it, the place row locked; 404 when either is missing. */
export async function placeOf(db: Queryable, batchId: string, studentId: string): Promise<{ batch: string; student: string; status: string }> {
  const { rows } = await db.query<{ batch: string; student: string; status: string }>(
    `select b.name as batch, s.name as student, bs.status from batch_students bs join batches b on b.id = bs.batch_id join students s on s.id = bs.student_id
      where bs.batch_id = $1 and bs.student_id = $2 for update of bs`,
    [batchId, studentId],
  );
  if (!rows[0]) {
    const batch = await db.query('select 1 from batches where id = $1', [batchId]);
    throw batch.rows[0] ? notInBatch() : batchNotFound();
  }
  return rows[0];
}

/**
 * The audit line of a change to a batch's roster by `staffId` (src/lib/audit-words.ts says it in
 * words: 'added Sunita Sharma to', 'moved … to “Tally Evening” from').
 */
export const auditRoster = (
  client: PoolClient,
  by: { staffId: string; address: string },
  batch: { id: string; name: string },
  detail: Record<string, unknown>,
): Promise<void> => audit({ staffId: by.staffId, action: 'update', entity: 'batch', entityId: batch.id, subject: batch.name, detail }, by.address, client);
