/**
 * The account page's "My fees": the student's plans, dues with where each stands and what is left
 * to pay, receipts to print, and the UPI payments they reported with the office's answer — from
 * GET /api/user/fees, asked for once the page's first frame is on screen (as AccountClasses).
 * Each open due can be paid by UPI: the `upi://pay` link as a button on a phone (it opens the
 * payer's app with the amount and the due's reference), its QR code on a wide screen (the encoder
 * is loaded only then); then "I have paid: enter the UTR" sends the report for the office to
 * confirm. A refused report keeps what was typed, with the reason on the field. In the page's
 * language: the states and modes from their keys, days as 'सोम, 30 नवंबर' on a Hindi page.
 */
import { Fragment, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import {
  account_amount_paid,
  account_cancelled_by_office,
  account_cancelled_by_office_on,
  account_claim_line,
  account_claim_receipt,
  account_claim_sent,
  account_claims_title,
  account_course,
  account_date_paid,
  account_discount,
  account_discount_reason,
  account_due_amount,
  account_due_left,
  account_dues,
  account_fees_failed,
  account_late_fee_included,
  account_left_to_pay,
  account_loading_fees,
  account_my_fees,
  account_nothing_left,
  account_office_says,
  account_owed_again,
  account_pay_upi,
  account_plan_total,
  account_plan_total_late,
  account_please_wait,
  account_print_receipt,
  account_receipt_cancelled_mark,
  account_receipt_left_after,
  account_receipt_line,
  account_receipts,
  account_report_label,
  account_report_paid,
  account_reported_waiting,
  account_send_to_office,
  account_try_again_failure,
  account_upi_by_hand,
  account_upi_pay_app,
  account_upi_qr_label,
  account_upi_scan,
  account_utr,
  account_utr_hint,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { claimStateWord, dueStateWord, paymentModeWord } from '../../lib/student-fee-words';
import { postJson } from '../../lib/api';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { indiaToday } from '../../lib/schemas/real-day';
import { FIRST_PAYMENT_DAY } from '../../lib/schemas/payment-day';
import { studentDay } from '../../lib/schemas/student-classes';
import type { StudentDue, StudentFees } from '../../lib/schemas/student-fees';
import { TOKEN_KEY, readStored } from '../../stores/auth';
import { Field } from '../forms/Field';
import { NotLoaded, useOwnRecords } from '../islands/own-records';
import { FormAlert } from '../forms/FormAlert';

const token = () => readStored(TOKEN_KEY) ?? '';
/** A screen wide enough to show a QR code to scan with a phone (the page's own breakpoint). */
const WIDE = '(min-width: 48em)';

export default function AccountFees() {
  const id = useId();
  const { loaded, reload, retry } = useOwnRecords<StudentFees>(
    '/api/user/fees',
    (data) => Array.isArray(data.dues) && Array.isArray(data.receipts) && Array.isArray(data.claims),
  );
  if (loaded.state !== 'done') return <NotLoaded state={loaded.state} loading={account_loading_fees()} failed={account_fees_failed()} onRetry={retry} />;

  const { plans, dues, receipts, claims, upiId } = loaded.data;
  if (dues.length === 0 && receipts.length === 0) return null;
  const thisYear = indiaToday().slice(0, 4);
  const locale = getLocale();
  const day = (value: string) => studentDay(value, thisYear, locale);
  const owed = dues.reduce((sum, d) => sum + d.balancePaise, 0);
  return (
    <section className="card profile" aria-labelledby={`${id}-fees`}>
      <h2 id={`${id}-fees`}>{account_my_fees()}</h2>
      {plans.map((p) => {
        const plan = `${p.course ?? account_course()}${p.batch ? ` (${p.batch})` : ''}`;
        const total = formatRupees(p.totalPaise);
        return (
          <p key={`${p.course}-${p.batch}`} className="profile__note">
            {p.lateFeePaise > 0
              ? account_plan_total_late({ plan, total, late: formatRupees(p.lateFeePaise), days: p.graceDays })
              : account_plan_total({ plan, total })}
          </p>
        );
      })}
      <p className="classes__line">{owed > 0 ? account_left_to_pay({ amount: formatRupees(owed) }) : account_nothing_left()}</p>

      <h3>{account_dues()}</h3>
      <ul className="classes__list">
        {dues.map((due) => (
          <DueItem key={due.id} due={due} day={day} upiId={upiId} onReported={reload} />
        ))}
      </ul>

      {claims.length > 0 && (
        <>
          <h3>{account_claims_title()}</h3>
          <ul className="classes__list">
            {claims.map((c) => (
              <li key={c.id}>
                <p className="classes__line">
                  {account_claim_line({ amount: formatRupees(c.amountPaise), label: c.dueLabel, reference: c.dueReference, day: day(c.paidOn), utr: c.utr })}
                </p>
                <p className="profile__note">
                  <strong>{claimStateWord(c.status, locale)}</strong>
                  {c.status === 'confirmed' && c.receiptNumber ? account_claim_receipt({ number: c.receiptNumber }) : ''}
                  {c.status === 'rejected' && c.reason ? account_office_says({ reason: c.reason }) : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}

      {receipts.length > 0 && (
        <>
          <h3>{account_receipts()}</h3>
          <ul className="classes__list">
            {receipts.map((r) => (
              <li key={r.id}>
                <p className="classes__line">
                  {account_receipt_line({ number: r.number, amount: formatRupees(r.amountPaise), mode: paymentModeWord(r.mode, locale), day: day(r.paidOn) })}
                  {r.cancelled
                    ? account_receipt_cancelled_mark()
                    : r.balancePaise !== null
                      ? account_receipt_left_after({ amount: formatRupees(r.balancePaise) })
                      : ''}
                </p>
                {r.cancelled && (
                  <p className="profile__note">
                    <strong>{r.cancelledOn ? account_cancelled_by_office_on({ day: day(r.cancelledOn) }) : account_cancelled_by_office()}</strong>
                    {r.cancelledReason ? account_office_says({ reason: r.cancelledReason }) : ''}
                    {account_owed_again()}
                  </p>
                )}
                <a className="btn btn--sm btn--outline" href={`${pathIn(`/fees/receipt/${r.id}`, locale)}?as=student`} target="_blank" rel="noopener">
                  {account_print_receipt({ number: r.number })}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface DueProps {
  due: StudentDue;
  day: (value: string) => string;
  upiId: string;
  onReported: () => void;
}

/** One due: where it stands, and for an open one the ways to pay it and to report the payment. */
function DueItem({ due, day, upiId, onReported }: DueProps) {
  const [open, setOpen] = useState<'none' | 'pay' | 'report'>('none');
  const left = due.balancePaise - due.reportedPaise;
  return (
    <li>
      <h4>
        {due.label}
        {due.course ? `, ${due.course}` : ''}
      </h4>
      <p className="classes__line">
        <strong>{dueStateWord(due.state, getLocale())}</strong>:{' '}
        {account_due_amount({ amount: formatRupees(due.amountPaise - due.discountPaise + due.lateFeePaise), day: day(due.dueOn) })}
        {due.balancePaise > 0 && due.balancePaise !== due.amountPaise - due.discountPaise + due.lateFeePaise
          ? account_due_left({ amount: formatRupees(due.balancePaise) })
          : ''}
      </p>
      {due.discountPaise > 0 && (
        <p className="profile__note">
          {due.discountReason
            ? account_discount_reason({ amount: formatRupees(due.discountPaise), reason: due.discountReason })
            : account_discount({ amount: formatRupees(due.discountPaise) })}
        </p>
      )}
      {due.lateFeePaise > 0 && <p className="profile__note">{account_late_fee_included({ amount: formatRupees(due.lateFeePaise) })}</p>}
      {due.reportedPaise > 0 && <p className="profile__note">{account_reported_waiting({ amount: formatRupees(due.reportedPaise) })}</p>}
      {due.upi && left > 0 && (
        <div className="btn-row">
          <button type="button" className="btn btn--sm" aria-expanded={open === 'pay'} onClick={() => setOpen(open === 'pay' ? 'none' : 'pay')}>
            {account_pay_upi()}
          </button>
          <button
            type="button"
            className="btn btn--sm btn--outline"
            aria-expanded={open === 'report'}
            onClick={() => setOpen(open === 'report' ? 'none' : 'report')}
          >
            {account_report_paid()}
          </button>
        </div>
      )}
      {due.upi && open === 'pay' && <PayByUpi link={due.upi} due={due} upiId={upiId} />}
      {due.upi && open === 'report' && (
        <ReportForm
          due={due}
          left={left}
          onDone={() => {
            setOpen('none');
            onReported();
          }}
        />
      )}
    </li>
  );
}

/** `text` with each {name} of `parts` in bold: a sentence whose word order differs by language. */
function withStrong(text: string, parts: Record<string, string>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((piece, i) => (i % 2 === 0 ? <Fragment key={i}>{piece}</Fragment> : <strong key={i}>{parts[piece] ?? ''}</strong>));
}

/** The UPI link as a button on a phone, its QR code on a wide screen, and the details to type by hand. */
function PayByUpi({ link, due, upiId }: { link: string; due: StudentDue; upiId: string }) {
  const [wide] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!wide) return;
    let live = true;
    void import('../../lib/certificate-qr').then(({ qrSvg }) => {
      if (!live || !box.current) return;
      const svg = qrSvg(link, account_upi_qr_label({ amount: formatRupees(due.balancePaise), label: due.label }));
      svg.setAttribute('width', '200');
      svg.setAttribute('height', '200');
      box.current.replaceChildren(svg);
    });
    return () => {
      live = false;
    };
  }, [wide, link, due.balancePaise, due.label]);
  return (
    <div className="fees__pay">
      {wide ? (
        <>
          <p className="profile__note">{account_upi_scan()}</p>
          <div ref={box} />
        </>
      ) : (
        <a className="btn" href={link}>
          {account_upi_pay_app({ amount: formatRupees(due.balancePaise) })}
        </a>
      )}
      <p className="profile__note">
        {withStrong(account_upi_by_hand({ amount: formatRupees(due.balancePaise), upi: '{upi}', reference: '{reference}' }), {
          upi: upiId,
          reference: due.reference,
        })}
      </p>
    </div>
  );
}

/** "I have paid": the amount, the UTR and the day, sent for the office to confirm. */
function ReportForm({ due, left, onDone }: { due: StudentDue; left: number; onDone: () => void }) {
  const id = useId();
  // Checked by the endpoint with UpiClaimSchema (src/lib/schemas/fees.ts); its field errors land on
  // the fields below. Not parsed here too: the schemas would split the chunks the site's forms share.
  const [values, setValues] = useState({ amount: rupeeFigure(left), utr: '', paidOn: indiaToday() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((was) => ({ ...was, [name]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    const { ok, data } = await postJson<{ message: string }>('/api/user/fees/claims', { dueId: due.id, ...values }, { headers: { token: token() } });
    setBusy(false);
    if (ok) {
      toast.success(data.message || account_claim_sent());
      onDone();
      return;
    }
    // What was typed stays; each refusal is shown on its field, the rest above the button.
    const fieldErrors = data.errors ?? {};
    setErrors(fieldErrors);
    const message = data.message || account_try_again_failure();
    setFailure(message);
    toast.error(message);
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={account_report_label({ label: due.label })}>
      <Field id={`${id}-amount`} label={account_amount_paid()} error={errors['amount']}>
        {(aria) => <input {...field('amount')} {...aria} inputMode="decimal" autoComplete="off" required />}
      </Field>
      <Field id={`${id}-utr`} label={account_utr()} hint={account_utr_hint()} error={errors['utr']}>
        {(aria) => <input {...field('utr')} {...aria} inputMode="numeric" autoComplete="off" maxLength={14} required />}
      </Field>
      <Field id={`${id}-paid`} label={account_date_paid()} error={errors['paidOn']}>
        {(aria) => <input {...field('paidOn')} {...aria} type="date" min={FIRST_PAYMENT_DAY} max={indiaToday()} required />}
      </Field>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? account_please_wait() : account_send_to_office()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
