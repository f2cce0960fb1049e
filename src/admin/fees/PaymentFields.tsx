/**
 * The fields of a payment at the counter: the amount, how it was paid, and the UTR (UPI, bank
 * transfer) or the cheque's number. Shared by the Collect form, the walk-in admission and a
 * refund's payment (its amount fixed, so without the amount); the form around them keeps what was
 * typed and says what is wrong with each field.
 */
import type { ReactNode } from 'react';
import { PAYMENT_MODE_LABELS, PAYMENT_MODES, type PaymentMode } from '../../lib/fee-words';

/** What was typed of a payment. */
export interface PaymentTyped {
  amount: string;
  mode: PaymentMode;
  utr: string;
  chequeNumber: string;
}

interface Props {
  /** The form's useId(), for the fields' ids. */
  id: string;
  value: PaymentTyped;
  change: (patch: Partial<PaymentTyped>) => void;
  /** The aria attributes of a field with an error. */
  field: (name: string) => Record<string, unknown>;
  /** The error under a field, if any. */
  errorOf: (name: string) => ReactNode;
  /** The question over the modes ('How it was paid'). */
  legend?: string;
  /** Whether the amount is asked for (not for a refund, whose amount is approved). */
  withAmount?: boolean;
}

export default function PaymentFields({ id, value, change, field, errorOf, legend = 'How it was paid', withAmount = true }: Props) {
  return (
    <>
      {withAmount && (
        <div className="form-field">
          <label htmlFor={`${id}-amount`}>Amount (₹)</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={value.amount}
            onChange={(event) => change({ amount: event.target.value })}
            {...field('amount')}
          />
          {errorOf('amount')}
        </div>
      )}
      <fieldset className="form-field">
        <legend>{legend}</legend>
        <div className="btn-row" role="radiogroup">
          {PAYMENT_MODES.map((m) => (
            <label key={m} className={`btn btn--sm${value.mode === m ? '' : ' btn--outline'}`}>
              <input type="radio" name={`${id}-mode`} value={m} checked={value.mode === m} onChange={() => change({ mode: m })} className="sr-only" />
              {PAYMENT_MODE_LABELS[m]}
            </label>
          ))}
        </div>
        {errorOf('mode')}
      </fieldset>
      {(value.mode === 'upi' || value.mode === 'bank') && (
        <div className="form-field">
          <label htmlFor={`${id}-utr`}>UTR (12 digits)</label>
          <input
            id={`${id}-utr`}
            inputMode="numeric"
            autoComplete="off"
            value={value.utr}
            onChange={(event) => change({ utr: event.target.value })}
            maxLength={20}
            {...field('utr')}
          />
          {errorOf('utr')}
        </div>
      )}
      {value.mode === 'cheque' && (
        <div className="form-field">
          <label htmlFor={`${id}-cheque`}>Cheque number (6 digits)</label>
          <input
            id={`${id}-cheque`}
            inputMode="numeric"
            autoComplete="off"
            value={value.chequeNumber}
            onChange={(event) => change({ chequeNumber: event.target.value })}
            maxLength={6}
            {...field('chequeNumber')}
          />
          {errorOf('chequeNumber')}
        </div>
      )}
    </>
  );
}
