/**
 * GET /api/user/fees/receipts/{id} — one of the signed-in student's own receipts (ReceiptView,
 * src/lib/fee-receipt.ts), for its printable page and /payment-success/{id}. The student records
 * that are theirs are matched as for their classes (studentIdsOf); any other receipt, or none, is
 * the same 404 in words, so a guessed number tells nothing. Never cached: the answer is personal.
 */
import type { Config } from '@netlify/functions';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { receiptView } from './_shared/fees/receipt-view';
import { query, type Queryable } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { server_receipt_not_yours } from '../src/i18n/messages';

/** The shared pool's one-statement queries, as the shared readers take them. */
const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw new HttpError(404, server_receipt_not_yours());
  const studentIds = await studentIdsOf(db, user._id, user.email);
  const receipt = studentIds.length ? await receiptView(db, parsed.data, { studentIds }) : null;
  if (!receipt) throw new HttpError(404, server_receipt_not_yours());
  return json(receipt);
});

export const config: Config = { path: '/api/user/fees/receipts/:id' };
