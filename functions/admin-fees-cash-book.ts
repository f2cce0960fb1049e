/**
 * GET /api/admin/fees/cash-book (needs 'fees-reports': an Owner or an Accountant):
 * - ?day=YYYY-MM-DD (today in India when missing) → each member of staff's card of that India day:
 *   received by mode from the valid receipts they made that day, the receipts made (cancelled ones
 *   marked) and those of theirs cancelled that day, the refunds they paid, the cash to hand over
 *   (cash received − cash refunds paid) and the Owner's hand-over, with a flag when the day changed
 *   after it (CashBookDay);
 * - ?month=YYYY-MM → the same figures for each day of the month, per member of staff (CashBookMonth).
 * Every view is an audit line ('cash-book').
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { CashBookQuerySchema } from '../src/lib/schemas/cash-book';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { cashBookDay, cashBookMonth } from './_shared/fees/cash-book';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'fees-reports' });
  const today = indiaToday();
  const { day, month } = validate(CashBookQuerySchema, Object.fromEntries(new URL(req.url).searchParams));

  return transaction(async (client) => {
    const book = month ? await cashBookMonth(client, month, today) : await cashBookDay(client, day ?? today, today);
    await audit(
      {
        staffId: who.staff.id,
        action: 'view',
        entity: 'cash-book',
        detail: month ? { month } : { day: day ?? today, staff: book.view === 'day' ? book.staff.length : 0 },
      },
      who.address,
      client,
    );
    return json(book);
  });
});

export const config: Config = { path: '/api/admin/fees/cash-book' };
