/**
 * POST /api/admin/fees/cash-book/handovers {staffId, day, counted, expectedPaise, reason?} (needs
 * 'cash-handover': the Owner alone): the Owner records that a member of staff handed over their
 * cash of an India day, counted. The cash expected is the book's (cash received − cash refunds
 * paid) at this moment; when the dialog showed another figure (a receipt made or cancelled since)
 * the record is refused (409) so the Owner counts against what the book says now. A counted amount
 * that differs from the expected needs a reason. One hand-over per member of staff and day: a
 * second is refused (409) naming the first; the same request sent again (the same Idempotency-Key)
 * answers the hand-over it made (200). The record and its audit line are one transaction.
 */
import type { Config } from '@netlify/functions';
import { HandoverSchema } from '../src/lib/schemas/cash-book';
import { formatRupees } from '../src/lib/money';
import { formatIndiaDay, formatIndiaMoment } from '../src/lib/india-time';
import { requireStaff } from './_shared/auth/staff';
import { cashFigures, handoverFor, insertHandover } from './_shared/fees/cash-book';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { idempotencyKey } from './_shared/platform/idempotency';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import type { CashHandover } from '../src/lib/schemas/cash-book';

/** The refusal of a second hand-over of the same day, naming the first. */
const already = (h: CashHandover) =>
  new HttpError(
    409,
    `${h.staffName}’s cash of ${formatIndiaDay(h.day)} was already handed over to ${h.receivedByName} at ${formatIndiaMoment(h.handedAt)} (${formatRupees(h.countedPaise)} counted).`,
    { handover: h },
  );

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff: owner, address } = await requireStaff(req, context, { need: 'cash-handover' });
  const key = idempotencyKey(req);
  const input = validate(HandoverSchema, await readJson(req, 4 * 1024));

  return transaction(async (client) => {
    const { rows } = await client.query<{ name: string }>('select name from staff where id = $1::uuid for update', [input.staffId]);
    if (!rows[0]) throw new HttpError(404, 'This member of staff was not found. Please reload the cash book.');
    const staffName = rows[0].name;
    const existing = await handoverFor(client, input.staffId, input.day);
    if (existing) {
      const { key: kept, ...first } = existing;
      if (key && kept === key) return json({ message: 'Already recorded.', handover: first });
      throw already(first);
    }
    const [figures] = await cashFigures(client, input.day, input.day, input.staffId);
    const expected = figures?.cashToHandOverPaise ?? 0;
    if (expected !== input.expectedPaise)
      throw new HttpError(
        409,
        `The cash book of this day changed since it was opened: the cash expected from ${staffName} is now ${formatRupees(Math.max(expected, 0))}${expected < 0 ? ` (${formatRupees(-expected)} more refunded than received)` : ''}. Please count again.`,
        { expectedPaise: expected },
      );
    const handover = await insertHandover(client, {
      staffId: input.staffId,
      staffName,
      day: input.day,
      expected,
      counted: input.counted,
      reason: input.counted === expected ? null : (input.reason ?? null),
      by: owner,
      key,
    });
    // The row lock on the member of staff makes a second request wait; the unique index is the last word.
    if (!handover) throw already((await handoverFor(client, input.staffId, input.day))!);
    await audit(
      {
        staffId: owner.id,
        action: 'create',
        entity: 'cash-handover',
        entityId: handover.id,
        subject: staffName,
        detail: { day: input.day, expectedPaise: expected, countedPaise: handover.countedPaise, reason: handover.reason },
      },
      address,
      client,
    );
    const difference = handover.differencePaise;
    const words =
      difference === 0
        ? `${formatRupees(handover.countedPaise)}, as expected`
        : `${formatRupees(handover.countedPaise)}, ${formatRupees(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}`;
    return json({ message: `${staffName}’s cash of ${formatIndiaDay(input.day)} is recorded as handed over: ${words}.`, handover }, 201);
  });
});

export const config: Config = { path: '/api/admin/fees/cash-book/handovers' };
