/**
 * The account page's "My fees": the student's plans, dues with where each stands and what is left
 * to pay, receipts to print, and the UPI payments they reported with the office's answer — from
 * GET /api/user/fees, asked for once the page's first frame is on screen (as AccountClasses).
 * Each open due can be paid by UPI: the `upi://pay` link as a button on a phone (it opens the
 * payer's app with the amount and the due's reference), its QR code on a wide screen (the encoder
 * is loaded only then); then "I have paid: enter the UTR" sends the report for the office to
 * confirm. A refused report keeps what was typed, with the reason on the field.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
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
import { FALLBACK_FAILURE } from '../forms/use-failure';

const token = () => readStored(TOKEN_KEY) ?? '';
/** A screen wide enough to show a QR code to scan with a phone (the page's own breakpoint). */
const WIDE = '(min-width: 48em)';

export default function AccountFees() {
  const id = useId();
  const { loaded, reload, retry } = useOwnRecords<StudentFees>(
    '/api/user/fees',
    (data) => Array.isArray(data.dues) && Array.isArray(data.receipts) && Array.isArray(data.claims),
  );
  if (loaded.state !== 'done') return <NotLoaded state={loaded.state} what="your fees" onRetry={retry} />;

  const { plans, dues, receipts, claims, upiId } = loaded.data;
  if (dues.length === 0 && receipts.length === 0) return null;
  const thisYear = indiaToday().slice(0, 4);
  const day = (value: string) => studentDay(value, thisYear);
  const owed = dues.reduce((sum, d) => sum + d.balancePaise, 0);
  return (
    <section className="card profile" aria-labelledby={`${id}-fees`}>
      <h2 id={`${id}-fees`}>My fees</h2>
      {plans.map((p) => (
        <p key={`${p.course}-${p.batch}`} className="profile__note">
          {p.course ?? 'Course'}
          {p.batch ? ` (${p.batch})` : ''}: {formatRupees(p.totalPaise)} in all
          {p.lateFeePaise > 0 ? `; a late fee of ${formatRupees(p.lateFeePaise)} after ${p.graceDays} days past the due date` : ''}.
        </p>
      ))}
      <p className="classes__line">{owed > 0 ? `Left to pay: ${formatRupees(owed)}` : 'Nothing left to pay. Thank you.'}</p>

      <h3>Dues</h3>
      <ul className="classes__list">
        {dues.map((due) => (
          <DueItem key={due.id} due={due} day={day} upiId={upiId} onReported={reload} />
        ))}
      </ul>

      {claims.length > 0 && (
        <>
          <h3>UPI payments you reported</h3>
          <ul className="classes__list">
            {claims.map((c) => (
              <li key={c.id}>
                <p className="classes__line">
                  {formatRupees(c.amountPaise)} for {c.dueLabel} ({c.dueReference}), paid {day(c.paidOn)}, UTR {c.utr}
                </p>
                <p className="profile__note">
                  <strong>{c.statusWord}</strong>
                  {c.status === 'confirmed' && c.receiptNumber ? `: receipt ${c.receiptNumber}` : ''}
                  {c.status === 'rejected' && c.reason ? `. The office says: “${c.reason}”` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}

      {receipts.length > 0 && (
        <>
          <h3>Receipts</h3>
          <ul className="classes__list">
            {receipts.map((r) => (
              <li key={r.id}>
                <p className="classes__line">
                  {r.number}: {formatRupees(r.amountPaise)} by {r.modeWord}, {day(r.paidOn)}
                  {r.cancelled ? ' (Cancelled)' : r.balancePaise !== null ? `. Left to pay after it: ${formatRupees(r.balancePaise)}` : ''}
                </p>
                {r.cancelled && (
                  <p className="profile__note">
                    <strong>Cancelled by the office{r.cancelledOn ? ` on ${day(r.cancelledOn)}` : ''}</strong>
                    {r.cancelledReason ? `. The office says: “${r.cancelledReason}”` : ''}. What it paid is owed again.
                  </p>
                )}
                <a className="btn btn--sm btn--outline" href={`/fees/receipt/${r.id}?as=student`} target="_blank" rel="noopener">
                  Print receipt {r.number}
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
        <strong>{due.stateWord}</strong>: {formatRupees(due.amountPaise - due.discountPaise + due.lateFeePaise)} due {day(due.dueOn)}
        {due.balancePaise > 0 && due.balancePaise !== due.amountPaise - due.discountPaise + due.lateFeePaise
          ? `, ${formatRupees(due.balancePaise)} left to pay`
          : ''}
      </p>
      {due.discountPaise > 0 && (
        <p className="profile__note">
          Scholarship or discount of {formatRupees(due.discountPaise)}
          {due.discountReason ? ` (${due.discountReason})` : ''}.
        </p>
      )}
      {due.lateFeePaise > 0 && <p className="profile__note">Includes a late fee of {formatRupees(due.lateFeePaise)}.</p>}
      {due.reportedPaise > 0 && <p className="profile__note">You reported {formatRupees(due.reportedPaise)}: waiting for the office to confirm.</p>}
      {due.upi && left > 0 && (
        <div className="btn-row">
          <button type="button" className="btn btn--sm" aria-expanded={open === 'pay'} onClick={() => setOpen(open === 'pay' ? 'none' : 'pay')}>
            Pay by UPI
          </button>
          <button
            type="button"
            className="btn btn--sm btn--outline"
            aria-expanded={open === 'report'}
            onClick={() => setOpen(open === 'report' ? 'none' : 'report')}
          >
            I have paid: enter the UTR
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

/** The UPI link as a button on a phone, its QR code on a wide screen, and the details to type by hand. */
function PayByUpi({ link, due, upiId }: { link: string; due: StudentDue; upiId: string }) {
  const [wide] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!wide) return;
    let live = true;
    void import('../../lib/certificate-qr').then(({ qrSvg }) => {
      if (!live || !box.current) return;
      const svg = qrSvg(link, `QR code to pay ${formatRupees(due.balancePaise)} for ${due.label} by UPI`);
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
          <p className="profile__note">Scan this code with a UPI app (BHIM, Google Pay, PhonePe, Paytm) on your phone:</p>
          <div ref={box} />
        </>
      ) : (
        <a className="btn" href={link}>
          Pay {formatRupees(due.balancePaise)} with a UPI app
        </a>
      )}
      <p className="profile__note">
        Or pay {formatRupees(due.balancePaise)} to UPI ID <strong>{upiId}</strong> with the reference <strong>{due.reference}</strong> in the note. Then come
        back and enter the UTR (the 12-digit UPI reference in the payment’s details).
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
      toast.success(data.message || 'Thank you. The office will confirm your payment.');
      onDone();
      return;
    }
    // What was typed stays; each refusal is shown on its field, the rest above the button.
    const fieldErrors = data.errors ?? {};
    setErrors(fieldErrors);
    const message = data.message || FALLBACK_FAILURE;
    setFailure(message);
    toast.error(message);
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={`Report a UPI payment for ${due.label}`}>
      <Field id={`${id}-amount`} label="Amount you paid (₹)" error={errors['amount']}>
        {(aria) => <input {...field('amount')} {...aria} inputMode="decimal" autoComplete="off" required />}
      </Field>
      <Field id={`${id}-utr`} label="UTR (12 digits)" hint="In your UPI app: the payment’s details, “UPI reference” or “UTR”." error={errors['utr']}>
        {(aria) => <input {...field('utr')} {...aria} inputMode="numeric" autoComplete="off" maxLength={14} required />}
      </Field>
      <Field id={`${id}-paid`} label="Date you paid" error={errors['paidOn']}>
        {(aria) => <input {...field('paidOn')} {...aria} type="date" min={FIRST_PAYMENT_DAY} max={indiaToday()} required />}
      </Field>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Please Wait...' : 'Send to the office'}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
