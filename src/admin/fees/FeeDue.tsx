/**
 * A student's due (/fees/dues/{id}): what it is, what is owed and paid, the receipts that paid it
 * and its history in words; an Owner or Accountant changes it with a reason: the amount, the due
 * day, a scholarship or discount with what it is for, waiving the late fee or the whole due. A
 * colleague's change meanwhile shows their version to start again from.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { Field } from '../../components/islands/form-field';
import { DUE_STATE_LABELS, PAYMENT_MODE_LABELS, receiptStateWord, type PaymentMode } from '../../lib/fee-words';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { DueChangeSchema } from '../../lib/schemas/fees';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import type { Due } from '../../../functions/_shared/fees/dues';
import type { DueDetail } from '../../../functions/_shared/fees/due-detail';
import { api, ApiError, messageOf } from '../api';
import { useCan } from '../app-info';
import { formatDay, formatMoment } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import './fees.css';

const keyOf = (id: string) => ['/api/admin/fees/dues', id];

export default function FeeDue({ id }: { id: string }) {
  const detail = useQuery({ queryKey: keyOf(id), queryFn: () => api<DueDetail>(`/api/admin/fees/dues/${encodeURIComponent(id)}`), staleTime: 0 });
  const mayChange = useCan()('fees-manage');
  if (detail.isPending) return <p role="status">Loading the due…</p>;
  if (detail.isError)
    return (
      <section className="admin-panel">
        <PanelHeading title="A student’s due" />
        <p role="alert" className="form-error">
          {messageOf(detail.error, 'The due could not be loaded.')}
        </p>
      </section>
    );
  const { due, student, payments, refunds, history } = detail.data;
  return (
    <section className="admin-panel">
      <PanelHeading title={`${due.label}: ${student.name}`}>
        <Link className="btn btn--sm btn--outline" href={`/fees/students/${encodeURIComponent(student.id)}`}>
          {student.name}’s fees
        </Link>
      </PanelHeading>
      <dl className="fee-facts">
        <dt>Reference</dt>
        <dd>{due.reference}</dd>
        <dt>Course</dt>
        <dd>
          {due.course ?? 'None'}
          {due.batch ? ` · batch ${due.batch}` : ''}
        </dd>
        <dt>State</dt>
        <dd>{DUE_STATE_LABELS[due.state]}</dd>
        <dt>Due date</dt>
        <dd>{formatDay(due.dueOn)}</dd>
        <dt>Amount</dt>
        <dd>{formatRupees(due.amountPaise)}</dd>
        {due.discountPaise > 0 && (
          <>
            <dt>Discount</dt>
            <dd>
              {formatRupees(due.discountPaise)} ({due.discountReason})
            </dd>
          </>
        )}
        {due.lateFeePaise > 0 && (
          <>
            <dt>Late fee</dt>
            <dd>{formatRupees(due.lateFeePaise)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{formatRupees(due.paidPaise)}</dd>
        <dt>Balance</dt>
        <dd>{formatRupees(due.balancePaise)}</dd>
        {due.waived && (
          <>
            <dt>Waived</dt>
            <dd>{due.waivedReason}</dd>
          </>
        )}
      </dl>

      <h2 className="admin-subheading">Payments</h2>
      {payments.length === 0 ? (
        <p>Nothing has been paid towards this due yet.</p>
      ) : (
        <ul className="lead-cards">
          {payments.map((p) => (
            <li key={p.receiptId} className="lead-card">
              <p className="lead-card__meta">
                <span>Receipt {p.number}</span>
                <span>{formatDay(p.paidOn)}</span>
                <span>{PAYMENT_MODE_LABELS[p.mode as PaymentMode] ?? p.mode}</span>
                <span>{formatRupees(p.amountPaise)}</span>
                <span>{receiptStateWord(p.cancelled ? 'yes' : null)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {refunds.length > 0 && (
        <ul className="lead-cards" aria-label="Refunds that opened this due again">
          {refunds.map((r) => (
            <li key={r.refundId} className="lead-card">
              <p className="lead-card__meta">
                <span>Refund voucher {r.number}</span>
                <span>{formatDay(r.paidOn)}</span>
                <span>{formatRupees(r.amountPaise)} paid back: owed again</span>
              </p>
            </li>
          ))}
        </ul>
      )}

      {mayChange && !due.waived && <ChangeForm key={due.version} due={due} id={id} />}

      <h2 className="admin-subheading">History</h2>
      {history.length === 0 ? (
        <p>No change has been made to this due.</p>
      ) : (
        <ul className="fee-history">
          {history.map((line, index) => (
            <li key={index}>
              <time dateTime={line.at}>{formatMoment(line.at)}</time>: {line.summary}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface Values {
  amount: string;
  dueOn: string;
  discount: string;
  discountReason: string;
  waiveLateFee: boolean;
  waive: boolean;
  reason: string;
}

const valuesOf = (due: Due): Values => ({
  amount: rupeeFigure(due.amountPaise),
  dueOn: due.dueOn,
  discount: rupeeFigure(due.discountPaise),
  discountReason: due.discountReason ?? '',
  waiveLateFee: false,
  waive: false,
  reason: '',
});

/** The change form: only what differs from the due as loaded is sent. */
function ChangeForm({ due, id }: { due: Due; id: string }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(due));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const start = valuesOf(due);
  const set = (name: 'amount' | 'dueOn' | 'discount' | 'discountReason' | 'reason') => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = { version: due.version, reason: values.reason };
    if (values.amount !== start.amount) body['amount'] = values.amount;
    if (values.dueOn !== start.dueOn) body['dueOn'] = values.dueOn;
    if (values.discount !== start.discount || values.discountReason !== start.discountReason) {
      body['discount'] = values.discount || '0';
      body['discountReason'] = values.discountReason;
    }
    if (values.waiveLateFee) body['waiveLateFee'] = true;
    if (values.waive) body['waive'] = true;
    const parsed = DueChangeSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toast.error('Please check the highlighted fields and try again.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await api<{ message: string }>(`/api/admin/fees/dues/${encodeURIComponent(id)}`, { method: 'PATCH', body });
      toast.success(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors((error.data.errors as Record<string, string> | undefined) ?? {});
      toast.error(messageOf(error, 'The due could not be changed. Please try again.'));
      if (error.status !== 409) return;
    } finally {
      setSaving(false);
    }
    await queryClient.invalidateQueries({ queryKey: keyOf(id) });
  };

  return (
    <form className="admin-form admin-box" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="admin-subheading">
        Change this due
      </h2>
      {errors['body'] && (
        <p className="form-error" role="alert">
          {errors['body']}
        </p>
      )}
      <div className="admin-form__grid">
        <Field id={`${formId}-amount`} label="Amount (₹)" error={errors['amount']}>
          {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.amount} onChange={set('amount')} />}
        </Field>
        <Field id={`${formId}-due`} label="Due date" error={errors['dueOn']}>
          {(aria) => <input {...aria} type="date" value={values.dueOn} onChange={set('dueOn')} />}
        </Field>
        <Field id={`${formId}-discount`} label="Scholarship or discount (₹)" error={errors['discount']}>
          {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.discount} onChange={set('discount')} />}
        </Field>
        <Field id={`${formId}-for`} label="What the discount is for" hint="e.g. Merit scholarship" error={errors['discountReason']}>
          {(aria) => <input {...aria} type="text" autoComplete="off" value={values.discountReason} onChange={set('discountReason')} />}
        </Field>
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={values.waiveLateFee} onChange={(e) => setValues((v) => ({ ...v, waiveLateFee: e.target.checked }))} />
        Waive the late fee
      </label>
      <label className="admin-check">
        <input type="checkbox" checked={values.waive} onChange={(e) => setValues((v) => ({ ...v, waive: e.target.checked }))} />
        Waive the whole due (no longer owed)
      </label>
      {errors['waive'] && <p className="form-error">{errors['waive']}</p>}
      <Field id={`${formId}-reason`} label="Reason" hint="Kept in the audit log" error={errors['reason']} required>
        {(aria) => <input {...aria} type="text" autoComplete="off" value={values.reason} onChange={set('reason')} />}
      </Field>
      <div className="btn-row">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Please wait...' : 'Save the change'}
        </button>
      </div>
    </form>
  );
}
