/**
 * POST /api/user/fees/claims {dueId, amount, utr, paidOn} — the signed-in student reports a UPI
 * payment of one of their own open dues, for the office to check against the bank statement and
 * confirm (Today's "Payments to confirm"). Refused in words, changing nothing: a due that is not
 * theirs (404, as if it did not exist), an amount above what is left to pay, a UTR already on a
 * receipt or already reported, a day before the institute was founded or after today. Rate-limited per account in Postgres.
 */
import type { Config } from '@netlify/functions';
import { CLAIM_STATE_LABELS } from '../src/lib/fee-words';
import { formatRupees } from '../src/lib/money';
import { UpiClaimSchema } from '../src/lib/schemas/fees';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { balanceSql } from './_shared/fees/dues';
import { query, transaction, type Queryable } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import {
  server_claim_all_reported,
  server_claim_due_not_found,
  server_claim_more_than_open,
  server_claim_more_than_open_reported,
  server_claim_nothing_left,
  server_claim_thanks,
  server_claim_utr_taken,
  server_claim_utr_yours_confirmed,
  server_claim_utr_yours_pending,
} from '../src/i18n/messages';

const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

const notFound = () => new HttpError(404, server_claim_due_not_found());
/** A refusal naming its field, with the sentence as the message too. */
const refused = (status: number, field: string, message: string) => new HttpError(status, message, { errors: { [field]: message } });
const utrTaken = () => refused(409, 'utr', server_claim_utr_taken());

export default endpoint(async (req) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  await enforce([['fee-claim:user', user._id]]);
  const claim = validate(UpiClaimSchema, await readJson(req, 4 * 1024));
  const today = indiaToday();
  const studentIds = await studentIdsOf(db, user._id, user.email);

  const saved = await transaction(async (client) => {
    // The due is locked so that two reports of it at once are judged one after the other.
    const { rows } = await client.query<{ id: string; studentId: string; label: string; balance: number; waived: boolean; reported: number }>(
      `select d.id::text, d.student_id::text as "studentId", d.label, ${balanceSql('$3::date')}::int as balance, d.waived_at is not null as waived,
              (select coalesce(sum(u.amount_paise), 0)::int from fee_upi_claims u where u.due_id = d.id and u.status = 'pending') as reported
         from fee_dues d where d.id = $1 and d.student_id = any ($2::bigint[]) for update`,
      [claim.dueId, studentIds, today],
    );
    const due = rows[0];
    if (!due) throw notFound();
    if (due.waived || due.balance === 0) throw new HttpError(409, server_claim_nothing_left({ due: due.label }));
    const open = due.balance - due.reported;
    if (claim.amount > open) {
      throw refused(
        400,
        'amount',
        open <= 0
          ? server_claim_all_reported({ reported: formatRupees(due.reported), due: due.label })
          : due.reported
            ? server_claim_more_than_open_reported({
                amount: formatRupees(claim.amount),
                open: formatRupees(open),
                due: due.label,
                reported: formatRupees(due.reported),
              })
            : server_claim_more_than_open({ amount: formatRupees(claim.amount), open: formatRupees(open), due: due.label }),
      );
    }
    const onReceipt = await client.query('select 1 from fee_receipts where utr = $1 and cancelled_at is null', [claim.utr]);
    if (onReceipt.rows.length) throw utrTaken();
    const reported = await client.query<{ status: 'pending' | 'confirmed' }>(`select status from fee_upi_claims where utr = $1 and status <> 'rejected'`, [
      claim.utr,
    ]);
    if (reported.rows[0]) {
      const mine = await client.query(`select 1 from fee_upi_claims where utr = $1 and status <> 'rejected' and student_id = any ($2::bigint[])`, [
        claim.utr,
        studentIds,
      ]);
      if (mine.rows.length) {
        throw refused(409, 'utr', reported.rows[0].status === 'pending' ? server_claim_utr_yours_pending() : server_claim_utr_yours_confirmed());
      }
      throw utrTaken();
    }
    try {
      const inserted = await client.query<{ id: string }>(
        `insert into fee_upi_claims (student_id, due_id, user_id, amount_paise, utr, paid_on) values ($1, $2, $3, $4, $5, $6) returning id::text`,
        [due.studentId, due.id, user._id, claim.amount, claim.utr, claim.paidOn],
      );
      return { id: inserted.rows[0]!.id, label: due.label };
    } catch (error) {
      // Someone reported the same UTR in the same moment (the unique index decides).
      if ((error as { code?: string }).code === '23505') throw utrTaken();
      throw error;
    }
  });
  return json(
    {
      message: server_claim_thanks({ amount: formatRupees(claim.amount), due: saved.label }),
      claim: { id: saved.id, status: 'pending', statusWord: CLAIM_STATE_LABELS.pending },
    },
    201,
  );
});

export const config: Config = { path: '/api/user/fees/claims' };
