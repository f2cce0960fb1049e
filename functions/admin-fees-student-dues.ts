/**
 * POST /api/admin/fees/students/{id}/dues ExtraDue → 201 {message, item: Due} (needs
 * 'fees-manage'): a due besides the plan's (an exam fee, a book) with its reason, audited. It goes
 * with the student's current batch and course when they are in one.
 */
import type { Config } from '@netlify/functions';
import { ExtraDueSchema } from '../src/lib/schemas/fee-extra-due';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { formatRupees } from '../src/lib/money';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { nextDueReference } from './_shared/fees/dues';
import { findDue } from './_shared/fees/due-detail';

const studentNotFound = () => new HttpError(404, 'This student was not found. Their record may have been deleted.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-manage' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw studentNotFound();
  const studentId = parsed.data;
  const extra = validate(ExtraDueSchema, await readJson(req));
  const today = indiaToday();

  const item = await transaction(async (client) => {
    // The student's lock, as collecting takes it: the new due's number in their list is theirs alone.
    const { rows } = await client.query<{ name: string }>('select name from students where id = $1 for update', [studentId]);
    const student = rows[0];
    if (!student) throw studentNotFound();
    const { rows: placed } = await client.query<{ batchId: string | null; courseId: string | null }>(
      `select bs.batch_id::text as "batchId", b.course_id::text as "courseId" from batch_students bs join batches b on b.id = bs.batch_id
        where bs.student_id = $1 and bs.status = 'active' order by bs.joined_on desc, bs.batch_id desc limit 1`,
      [studentId],
    );
    const reference = await nextDueReference(client);
    const { rows: made } = await client.query<{ id: string }>(
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on)
       values ($1, $2, $3, $4, (select coalesce(max(seq), 0) + 1 from fee_dues where student_id = $2), $5, $6, $7) returning id::text`,
      [reference, studentId, placed[0]?.batchId ?? null, placed[0]?.courseId ?? null, extra.label, extra.amount, extra.dueOn],
    );
    const id = made[0]!.id;
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'fee-due',
        entityId: id,
        subject: reference,
        detail: { student: student.name, label: extra.label, amount: extra.amount, dueOn: extra.dueOn, reason: extra.reason },
      },
      address,
      client,
    );
    return (await findDue(client, id, today))!;
  });
  return json({ message: `${item.label} of ${formatRupees(item.amountPaise)} added as due ${item.reference}.`, item }, 201);
});

export const config: Config = { path: '/api/admin/fees/students/:id/dues' };
