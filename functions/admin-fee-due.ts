/**
 * /api/admin/fees/dues/{id} (staff only):
 * - GET → DueDetail (the due with its balance today, its student, the receipts that paid it and its
 *   history in words; needs 'fees'; the view is audited, as every view of a student's fees; a
 *   Teacher reads only the dues of the students of the batches they teach, any other is 'not found');
 * - PATCH DueChange → {message, item: Due} (needs 'fees-manage'): the amount, the due day, a
 *   scholarship or discount with what it is for, waiving the late fee or the whole due; the reason
 *   is required and the change is audited in words. A stale version is 409 with the due as it is now.
 */
import type { Config } from '@netlify/functions';
import { DueChangeSchema } from '../src/lib/schemas/fees';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { formatRupees } from '../src/lib/money';
import { audit } from './_shared/platform/audit';
import { query, transaction, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, fieldErrors, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { dueDetail, dueMissedOrChanged, dueNotFound, findDue } from './_shared/fees/due-detail';
import { studentInScope, studentScopeOf } from './_shared/classes/batch-access';

/** The shared pool's one-statement queries, as the shared readers take them. */
const poolDb = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

interface Locked {
  version: number;
  reference: string;
  label: string;
  student: string;
  amount: number;
  discount: number;
  discountReason: string | null;
  lateFee: number;
  paid: number;
  dueOn: string;
  waived: boolean;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PATCH');
  const who = await requireStaff(req, context, { need: req.method === 'GET' ? 'fees' : 'fees-manage' });
  const { staff, address } = who;
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw dueNotFound();
  const id = parsed.data;
  const today = indiaToday();

  if (req.method === 'GET') {
    const detail = await dueDetail(id, today);
    if (!detail || !(await studentInScope(poolDb, detail.due.studentId, studentScopeOf(who)))) throw dueNotFound();
    await audit(
      { staffId: staff.id, action: 'view', entity: 'fee-due', entityId: id, subject: detail.due.reference, detail: { student: detail.student.name } },
      address,
    );
    return json(detail);
  }

  const change = validate(DueChangeSchema, await readJson(req));
  const item = await transaction(async (client) => {
    if (change.version > MAX_VERSION) throw await dueMissedOrChanged(client, id, today);
    const { rows } = await client.query<Locked>(
      `select d.version, d.reference, d.label, s.name as student, d.amount_paise::int as amount, d.discount_paise::int as discount,
              d.discount_reason as "discountReason", d.late_fee_paise::int as "lateFee", d.paid_paise::int as paid, d.due_on::text as "dueOn",
              d.waived_at is not null as waived
         from fee_dues d join students s on s.id = d.student_id where d.id = $1 for update of d`,
      [id],
    );
    const due = rows[0];
    if (!due) throw dueNotFound();
    if (due.version !== change.version) throw await dueMissedOrChanged(client, id, today);
    if (due.waived) throw new HttpError(409, `Due ${due.reference} was waived: it is no longer owed, so it cannot be changed.`);

    const amount = change.amount ?? due.amount;
    const discount = change.discount ?? due.discount;
    const discountReason = discount > 0 ? (change.discountReason ?? due.discountReason) : null;
    const dueOn = change.dueOn ?? due.dueOn;
    const lateFee = change.waiveLateFee ? 0 : due.lateFee;
    const paid = formatRupees(due.paid);
    if (discount > amount) throw fieldErrors({ discount: `The discount cannot be more than the amount (${formatRupees(amount)}).` });
    if (discount > 0 && !discountReason) throw fieldErrors({ discountReason: 'Please say what the discount is for (e.g. Merit scholarship).' });
    if (amount - discount < due.paid)
      throw fieldErrors({ amount: `${paid} has already been paid towards this due, so the amount less the discount cannot be below ${paid}.` });
    if (change.waive && due.paid > 0)
      throw fieldErrors({ waive: `${paid} has already been paid towards this due, so it cannot be waived. Lower its amount to ${paid} instead.` });

    const changes: Record<string, unknown>[] = [];
    if (amount !== due.amount) changes.push({ field: 'amount', from: due.amount, to: amount });
    if (dueOn !== due.dueOn) changes.push({ field: 'dueOn', from: due.dueOn, to: dueOn });
    if (discount !== due.discount || discountReason !== due.discountReason)
      changes.push({ field: 'discount', from: due.discount, to: discount, for: discountReason });
    if (lateFee !== due.lateFee) changes.push({ field: 'lateFee', from: due.lateFee, to: lateFee });
    if (change.waive) changes.push({ field: 'waive' });
    if (!changes.length)
      throw new HttpError(400, 'Nothing was changed. Change the amount, the due date or the discount, or waive the late fee or the due.', {
        errors: { body: 'Nothing was changed.' },
      });

    await client.query(
      `update fee_dues
          set amount_paise = $2::bigint, discount_paise = $3::bigint, discount_reason = $4, due_on = $5::date, late_fee_paise = $6::bigint,
              waived_at = case when $7::boolean then now() end, waived_reason = case when $7::boolean then $8 end,
              settled_on = case when paid_paise >= $2::bigint - $3::bigint then coalesce(settled_on, $9::date) end,
              version = version + 1, updated_at = now()
        where id = $1`,
      [id, amount, discount, discountReason, dueOn, lateFee, change.waive === true, change.reason, today],
    );
    await audit(
      {
        staffId: staff.id,
        action: 'update',
        entity: 'fee-due',
        entityId: id,
        subject: due.reference,
        detail: { student: due.student, label: due.label, changes, reason: change.reason },
      },
      address,
      client,
    );
    return (await findDue(client, id, today))!;
  });
  return json({ message: `Due ${item.reference} changed.`, item });
});

export const config: Config = { path: '/api/admin/fees/dues/:id' };
