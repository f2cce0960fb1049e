/**
 * GET /api/admin/fees/receipts/{id} — a receipt as its printable page shows it (ReceiptView,
 * src/lib/fee-receipt.ts), for every role that sees fees ('fees'); a Teacher only a receipt of a
 * student of a batch they teach (any other is 'not found'). Opening it is a view of the
 * student's fees, so it is written to the audit log naming the receipt and the student.
 */
import type { Config } from '@netlify/functions';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireStaff } from './_shared/auth/staff';
import { receiptView } from './_shared/fees/receipt-view';
import { studentInScope, studentScopeOf } from './_shared/classes/batch-access';
import { audit } from './_shared/platform/audit';
import { query, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';

/** The shared pool's one-statement queries, as the shared readers take them. */
const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

const NOT_FOUND = 'This receipt was not found. The list may be out of date: please reload it.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees' });
  const { staff, address } = who;
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw new HttpError(404, NOT_FOUND);
  const scope = studentScopeOf(who);
  if (scope !== null) {
    const [row] = await query<{ studentId: string }>('select student_id::text as "studentId" from fee_receipts where id = $1', [parsed.data]);
    if (!row || !(await studentInScope(db, row.studentId, scope))) throw new HttpError(404, NOT_FOUND);
  }
  const receipt = await receiptView(db, parsed.data);
  if (!receipt) throw new HttpError(404, NOT_FOUND);
  await audit(
    { staffId: staff.id, action: 'view', entity: 'receipt', entityId: parsed.data, subject: receipt.number, detail: { student: receipt.student.name } },
    address,
  );
  return json(receipt);
});

export const config: Config = { path: '/api/admin/fees/receipts/:id' };
