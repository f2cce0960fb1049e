/**
 * GET /api/admin/fees/students/{id} (permission 'fees': every role; a Counsellor or Teacher only
 * reads, a Teacher only a student of a batch they teach — any other is 'not found'): the student, their dues with state words, receipts with what each paid and whether it
 * stands, UPI payments they reported that wait or were rejected, and the totals (plan, paid so
 * far, balance, overdue, due now, advance held). Each opening is an audit line.
 */
import type { Config } from '@netlify/functions';
import { indiaDay } from '../src/lib/india-time';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireStaff } from './_shared/auth/staff';
import { studentFees } from './_shared/fees/counter';
import { studentInScope, studentScopeOf } from './_shared/classes/batch-access';
import { audit } from './_shared/platform/audit';
import { studentConsent } from './_shared/consent/consents';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json } from './_shared/platform/http';

const notFound = () => new HttpError(404, 'This student was not found. The list may be out of date: please search again.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees' });
  const { staff, address } = who;
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw notFound();
  return transaction(async (client) => {
    if (!(await studentInScope(client, id.data, studentScopeOf(who)))) throw notFound();
    const fees = await studentFees(client, id.data, indiaDay(new Date()));
    if (!fees) throw notFound();
    await audit(
      { staffId: staff.id, action: 'view', entity: 'fees', entityId: id.data, subject: fees.student.name, detail: { receipts: fees.receipts.length } },
      address,
      client,
    );
    // A minor's guardian consent, and whether the student withdrew consent to updates (no WhatsApp link then).
    return json({ ...fees, ...(await studentConsent(client, id.data)) });
  });
});

export const config: Config = { path: '/api/admin/fees/students/:id' };
