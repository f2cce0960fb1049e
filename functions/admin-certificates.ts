/**
 * /api/admin/certificates (permission 'certificates': an Owner for any batch, a Teacher for the
 * batches they teach).
 * - GET: the batches the caller may issue for and the latest certificates; with ?batch={id}, that
 *   batch's roster, each student with their attendance (attendance-summary.ts, the one count) and
 *   their certificate for it, if any.
 * - POST {batchId, studentId, grade?, marks?, issuedOn?, confirmLowAttendance?} → 201 issues one:
 *   the student must have completed the batch (their place marked Completed, or the batch
 *   completed; never one who left), with no valid certificate for it already (409 naming its
 *   number). Attendance below the threshold, or none recorded, answers 409 with a `warning` and
 *   `confirm: true` until the request says `confirmLowAttendance: true`, so staff read the warning
 *   before anything is issued. The number is random (certificate-number.ts); what the certificate
 *   says is copied onto it. Issued and audited in one transaction.
 */
import { ROSTER_STATUS_LABELS, type RosterStatus } from '../src/lib/batch-words';
import type { Config } from '@netlify/functions';
import { IssueCertificateSchema, type CertificatesAnswer } from '../src/lib/schemas/certificate';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { completedBatch, insertCertificate, needsAttendanceYes } from './_shared/classes/issue-certificate';
import {
  CERTIFICATE_COLUMNS,
  batchForIssuing,
  batchOf,
  batchesFor,
  issuesForAnyBatch,
  staffCertificateOf,
  type CertificateRow,
} from './_shared/classes/certificates';
import { attendanceSummaries } from './_shared/classes/attendance-summary';
import { loadOfficeSettings } from './_shared/classes/office-settings';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction, type Queryable } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';

const certificatesOfBatch = (db: Queryable, batchId: string) =>
  db.query<CertificateRow>(
    `select distinct on (c.student_id) ${CERTIFICATE_COLUMNS}, s.name as issued_by
       from certificates c left join staff s on s.id = c.issued_by
      where c.batch_id = $1 and c.student_id is not null
      order by c.student_id, (c.revoked_at is null) desc, c.created_at desc`,
    [batchId],
  );

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, role, address } = await requireStaff(req, context, { need: 'certificates' });
  const who = { staffId: staff.id, role };

  if (req.method === 'GET') {
    const batchParam = new URL(req.url).searchParams.get('batch');
    let batchId: string | null = null;
    if (batchParam !== null && batchParam !== '') {
      const parsed = RecordIdSchema.safeParse(batchParam);
      if (!parsed.success) throw new HttpError(400, 'Please choose a batch from the list.');
      batchId = parsed.data;
    }
    // One transaction: the roster, the attendance and the certificates are read at one moment.
    const answer = await transaction(async (client) => {
      const batches = (await batchesFor(client, staff.id, role)).map(batchOf);
      const { attendanceThreshold: threshold } = await loadOfficeSettings(client);
      const answer: CertificatesAnswer = { batches, threshold, today: indiaToday() };
      if (batchId === null) {
        const { rows } = await client.query<CertificateRow>(
          `select ${CERTIFICATE_COLUMNS}, s.name as issued_by
             from certificates c left join staff s on s.id = c.issued_by left join batches b on b.id = c.batch_id
            where $1::boolean or b.teacher_id = $2::uuid
            order by c.created_at desc, c.id desc limit 50`,
          [issuesForAnyBatch(role), staff.id],
        );
        answer.recent = rows.map(staffCertificateOf);
        return answer;
      }
      const batch = await batchForIssuing(client, batchId, who);
      const { rows: roster } = await client.query<{ student_id: string; name: string; status: string }>(
        `select bs.student_id::text, s.name, bs.status
           from batch_students bs join students s on s.id = bs.student_id
          where bs.batch_id = $1 order by lower(s.name), s.id`,
        [batch.id],
      );
      const attendance = new Map((await attendanceSummaries(client, { batchIds: [batch.id] })).map((s) => [s.studentId, s]));
      const issued = new Map((await certificatesOfBatch(client, batch.id)).rows.map((c) => [c.student_id, staffCertificateOf(c)]));
      answer.batch = batchOf(batch);
      answer.students = roster.map((row) => {
        const summary = attendance.get(row.student_id);
        const percent = summary?.percent ?? null;
        return {
          studentId: row.student_id,
          name: row.name,
          rosterStatus: ROSTER_STATUS_LABELS[row.status as RosterStatus] ?? row.status,
          eligible: completedBatch(row.status, batch.status),
          held: summary?.held ?? 0,
          percent,
          lowAttendance: needsAttendanceYes(percent, threshold),
          certificate: issued.get(row.student_id) ?? null,
        };
      });
      await audit({ staffId: staff.id, action: 'view', entity: 'certificate', detail: { batch: batch.name, count: roster.length } }, address, client);
      return answer;
    });
    return json(answer);
  }

  const input = validate(IssueCertificateSchema, await readJson(req, 4 * 1024));
  const today = indiaToday();
  const issuedOn = input.issuedOn ?? today;
  if (issuedOn > today) throw fieldErrors({ issuedOn: 'The issue date cannot be after today.' });

  const issued = await transaction(async (client) => {
    const batch = await batchForIssuing(client, input.batchId, who, true);
    const { rows: places } = await client.query<{ status: string; name: string }>(
      `select bs.status, s.name from batch_students bs join students s on s.id = bs.student_id
        where bs.batch_id = $1 and bs.student_id = $2 for update of bs`,
      [batch.id, input.studentId],
    );
    const place = places[0];
    if (!place) {
      const { rows } = await client.query<{ name: string }>('select name from students where id = $1', [input.studentId]);
      if (!rows[0]) throw new HttpError(404, 'This student was not found. Their record may have been deleted; please reload.');
      throw new HttpError(409, `${rows[0].name} is not on the roster of ${batch.name}, so no certificate can be issued for it.`);
    }
    if (place.status === 'left') throw new HttpError(409, `${place.name} left ${batch.name}, so no certificate can be issued for it.`);
    if (place.status !== 'completed' && batch.status !== 'completed') {
      throw new HttpError(
        409,
        `${place.name} has not completed ${batch.name} yet. Mark them Completed on the batch’s roster, or complete the batch, then issue the certificate.`,
      );
    }
    if (issuedOn < batch.starts_on) throw fieldErrors({ issuedOn: `The issue date cannot be before the batch started (${batch.starts_on}).` });
    await refuseSecond(client, batch.id, input.studentId, place.name);

    const [summary] = await attendanceSummaries(client, { batchIds: [batch.id], studentIds: [input.studentId] });
    const percent = summary?.percent ?? null;
    const { attendanceThreshold: threshold } = await loadOfficeSettings(client);
    const low = needsAttendanceYes(percent, threshold);
    if (low && input.confirmLowAttendance !== true) {
      const warning =
        percent === null
          ? `No attendance has been recorded for ${place.name} in ${batch.name}.`
          : `${place.name}’s attendance is ${percent}%, below ${threshold}%.`;
      throw new HttpError(409, warning, { warning, confirm: true, percent, threshold });
    }

    const row = await insertCertificate(client, {
      studentId: input.studentId,
      name: place.name,
      batch,
      grade: input.grade,
      marks: input.marks,
      issuedOn,
      staff: { id: staff.id, name: staff.name },
    });
    // Null: a colleague's certificate for the same student and batch committed a moment ago.
    if (!row) {
      await refuseSecond(client, batch.id, input.studentId, place.name);
      throw new Error('a second certificate was refused without its number');
    }
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'certificate',
        entityId: row.number,
        subject: row.number,
        detail: { student: place.name, course: batch.course, batch: batch.name, ...(low ? { attendance: percent } : {}) },
      },
      address,
      client,
    );
    return { certificate: staffCertificateOf(row), name: place.name };
  });
  return json({ message: `Certificate ${issued.certificate.number} issued to ${issued.name}.`, certificate: issued.certificate }, 201);
});

/** 409 naming the number when the student already holds a valid certificate for the batch. */
async function refuseSecond(db: Queryable, batchId: string, studentId: string, name: string): Promise<void> {
  const { rows } = await db.query<{ number: string }>('select number from certificates where batch_id = $1 and student_id = $2 and revoked_at is null', [
    batchId,
    studentId,
  ]);
  if (rows[0]) {
    throw new HttpError(409, `${name} already has certificate ${rows[0].number} for this batch. Revoke it first if a new one is needed.`, {
      number: rows[0].number,
    });
  }
}

export const config: Config = { path: '/api/admin/certificates' };
