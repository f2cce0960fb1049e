/**
 * /api/admin/batches/{id}/certificates — a completed batch's certificates at once (permission
 * 'certificates': an Owner for any batch, a Teacher for the batches they teach; 403 otherwise).
 * - GET: the students who completed the batch, each with their attendance (attendance-summary.ts,
 *   the one count): those ready (at or above the Owner's threshold), those below it (or with no
 *   class recorded), who each need a tick, and those already holding a valid certificate; how many
 *   left (never offered); and the batch's valid certificates as they print (the printable page).
 * - POST IssueBatchCertificatesSchema → 201 issues, in one transaction, a certificate to every
 *   ready student and to each ticked one below the threshold (its reason kept in the audit line),
 *   each with its own random number (issue-certificate.ts, as a single issue) and the marks staff
 *   chose for it, if any (`marks`: a best practice-test score, decision 052), one audit line in
 *   words for the lot, and an e-mail (outbox) to each who has an address; the answer carries each
 *   student's WhatsApp message in their language. Idempotent by nature: the batch's row is locked
 *   and a student holding a valid certificate is never issued another, so a second tap (or a
 *   colleague's) issues nobody twice and answers 200. A batch not completed is 409 in words.
 */
import type { Config } from '@netlify/functions';
import {
  IssueBatchCertificatesSchema,
  type BatchCertificatesAnswer,
  type BatchCertificateStudent,
  type CertificateNotice,
} from '../src/lib/schemas/batch-certificates';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { attendanceSummaries } from './_shared/classes/attendance-summary';
import { certificateMail, certificateWhatsApp, queueStudentMail } from './_shared/classes/certificate-notice';
import { messagingColumns, messagingOf, type MessagingRecord } from './_shared/consent/messaging';
import { mayMessage } from './_shared/consent/consents';
import { CERTIFICATE_COLUMNS, batchForIssuing, batchOf, publicCertificateOf, type BatchRow, type CertificateRow } from './_shared/classes/certificates';
import { completedBatch, insertCertificate, needsAttendanceYes } from './_shared/classes/issue-certificate';
import { loadOfficeSettings } from './_shared/classes/office-settings';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction, type Queryable } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import type { Mail } from './_shared/platform/mail';
import { deliver, originFor } from './_shared/platform/outbox';

/** The batch's students sorted into ready, below the threshold, holding one, and left. */
async function stateOf(db: Queryable, batch: BatchRow): Promise<BatchCertificatesAnswer> {
  const { rows: roster } = await db.query<{ student_id: string; name: string; status: string }>(
    `select bs.student_id::text, s.name, bs.status from batch_students bs join students s on s.id = bs.student_id
      where bs.batch_id = $1 order by lower(s.name), s.id`,
    [batch.id],
  );
  const attendance = new Map((await attendanceSummaries(db, { batchIds: [batch.id] })).map((s) => [s.studentId, s]));
  const { rows: valid } = await db.query<CertificateRow>(
    `select ${CERTIFICATE_COLUMNS}, null as issued_by from certificates c
      where c.batch_id = $1 and c.revoked_at is null order by lower(c.student_name), c.number`,
    [batch.id],
  );
  const { attendanceThreshold: threshold } = await loadOfficeSettings(db);
  const numberOf = new Map(valid.filter((c) => c.student_id).map((c) => [c.student_id!, c.number]));
  const answer: BatchCertificatesAnswer = {
    batch: batchOf(batch),
    threshold,
    today: indiaToday(),
    ready: [],
    below: [],
    issued: [],
    left: 0,
    certificates: valid.map(publicCertificateOf),
  };
  for (const row of roster) {
    const summary = attendance.get(row.student_id);
    const student: BatchCertificateStudent = {
      studentId: row.student_id,
      name: row.name,
      held: summary?.held ?? 0,
      percent: summary?.percent ?? null,
      number: numberOf.get(row.student_id) ?? null,
    };
    if (student.number) answer.issued.push(student);
    else if (row.status === 'left') answer.left += 1;
    else if (completedBatch(row.status, batch.status)) (needsAttendanceYes(student.percent, threshold) ? answer.below : answer.ready).push(student);
  }
  return answer;
}

const count = (n: number) => `${n} ${n === 1 ? 'certificate' : 'certificates'}`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, role, address } = await requireStaff(req, context, { need: 'certificates' });
  const who = { staffId: staff.id, role };
  const batchId = context.params['id'];
  if (!RecordIdSchema.safeParse(batchId).success) throw new HttpError(404, 'This batch was not found. It may have been deleted; please reload.');

  if (req.method === 'GET') {
    const state = await transaction(async (client) => {
      const state = await stateOf(client, await batchForIssuing(client, batchId!, who));
      const count = state.ready.length + state.below.length + state.issued.length;
      await audit({ staffId: staff.id, action: 'view', entity: 'certificate', detail: { batch: state.batch.name, count } }, address, client);
      return state;
    });
    return json(state);
  }

  const input = validate(IssueBatchCertificatesSchema, await readJson(req, 256 * 1024));
  const today = indiaToday();
  const issuedOn = input.issuedOn ?? today;
  if (issuedOn > today) throw fieldErrors({ issuedOn: 'The issue date cannot be after today.' });
  const origin = originFor(req);

  const done = await transaction(async (client) => {
    // Locked: a second tap, or a colleague issuing the same batch, waits here and then finds every certificate made.
    const batch = await batchForIssuing(client, batchId!, who, true);
    if (batch.status !== 'completed') {
      throw new HttpError(
        409,
        `${batch.name} is not completed yet. Mark the batch Completed when its classes are over; then its certificates can be issued at once.`,
      );
    }
    if (issuedOn < batch.starts_on) throw fieldErrors({ issuedOn: `The issue date cannot be before the batch started (${batch.starts_on}).` });
    const before = await stateOf(client, batch);
    const ticked = new Map(input.anyway.map((t) => [t.studentId, t.reason]));
    // The marks staff chose (a best practice-test score), printed on those students' certificates only.
    const marksOf = new Map(input.marks.map((m) => [m.studentId, m.marks]));
    const known = new Set([...before.ready, ...before.below, ...before.issued].map((s) => s.studentId));
    const strangers = [...new Set([...ticked.keys(), ...marksOf.keys()])].filter((id) => !known.has(id));
    if (strangers.length > 0) {
      throw new HttpError(
        409,
        `${strangers.length === 1 ? 'A ticked student is' : `${strangers.length} ticked students are`} no longer among those who completed ${batch.name} (they left, or were taken off its roster). Nothing was issued; please reload and tick again.`,
      );
    }
    const anyway = before.below.filter((s) => ticked.has(s.studentId));
    const skipped = before.below.filter((s) => !ticked.has(s.studentId));

    const made: { student: BatchCertificateStudent; number: string }[] = [];
    for (const student of [...before.ready, ...anyway]) {
      const marks = marksOf.get(student.studentId);
      const row = await insertCertificate(client, { studentId: student.studentId, name: student.name, batch, issuedOn, staff, ...(marks && { marks }) });
      // Null: a colleague's certificate for this student committed a moment ago; never a second.
      if (row) made.push({ student, number: row.number });
    }

    const notices: CertificateNotice[] = [];
    const mails: { id: string; mail: Mail }[] = [];
    if (made.length > 0) {
      const issuedIds = new Set(made.map((m) => m.student.studentId));
      await audit(
        {
          staffId: staff.id,
          action: 'create',
          entity: 'certificate',
          entityId: batch.id,
          subject: batch.name,
          detail: {
            bulk: true,
            batch: batch.name,
            course: batch.course,
            count: made.length,
            numbers: made.map((m) => m.number),
            ...(input.marks.length > 0 && { marks: made.filter((m) => marksOf.has(m.student.studentId)).length }),
            anyway: anyway.filter((s) => issuedIds.has(s.studentId)).map((s) => ({ student: s.name, attendance: s.percent, reason: ticked.get(s.studentId) })),
          },
        },
        address,
        client,
      );
      const { rows: contacts } = await client.query<{ id: string; phone: string | null; email: string | null; language: 'en' | 'hi' } & MessagingRecord>(
        `select s.id::text, s.phone, s.email, s.language, ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}
           from students s where s.id = any($1::bigint[])`,
        [[...issuedIds]],
      );
      const contactOf = new Map(contacts.map((c) => [c.id, c]));
      for (const { student, number } of made) {
        const contact = contactOf.get(student.studentId);
        const language = contact?.language ?? 'en';
        const facts = { name: student.name, number, course: batch.course, batch: batch.name };
        const email = contact?.email?.trim();
        // No e-mail to a person who withdrew their consent to updates (decision 053).
        const allowed = await mayMessage(client, email);
        if (email && allowed) {
          const mail = certificateMail(email, facts, origin, language);
          mails.push({ id: await queueStudentMail(client, mail), mail });
        }
        // WhatsApp follows consent: a minor's guardian who agreed, or nobody (decision 053).
        const messaging = contact ? messagingOf(contact) : undefined;
        const phone = messaging?.to === 'guardian' ? messaging.phone : (contact?.phone ?? null);
        notices.push({
          studentId: student.studentId,
          name: student.name,
          number,
          language,
          whatsApp: messaging?.to === 'nobody' ? '' : certificateWhatsApp(facts, phone, origin, language).link,
          hasMobile: messaging?.to !== 'nobody' && Boolean(phone?.trim()),
          emailed: Boolean(email && allowed),
          ...(messaging ? { messaging } : {}),
        });
      }
    }
    return { batch, notices, mails, skipped, state: await stateOf(client, batch) };
  });

  if (done.mails.length > 0) {
    await afterAnswer(context, async () => {
      for (const { id, mail } of done.mails) await deliver(id, mail);
    });
  }
  const skipped = done.skipped.map((s) => ({ studentId: s.studentId, name: s.name, percent: s.percent }));
  const notTicked =
    skipped.length > 0 ? ` ${skipped.length} below the attendance threshold ${skipped.length === 1 ? 'was' : 'were'} left without one (not ticked).` : '';
  const message =
    done.notices.length > 0
      ? `${count(done.notices.length)} issued for batch ${done.batch.name}.${notTicked}`
      : `Nobody new: no certificate was issued for batch ${done.batch.name}, and nobody holds two.${notTicked}`;
  return json({ message, notices: done.notices, skipped, state: done.state }, done.notices.length > 0 ? 201 : 200);
});

export const config: Config = { path: '/api/admin/batches/:id/certificates' };
