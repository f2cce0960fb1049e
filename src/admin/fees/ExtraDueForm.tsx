/**
 * Add a due besides the plan's (an exam fee, a book) to a student, for those who keep dues
 * ('fees-manage'): what it is for, the amount, the day it falls due and why. Checked with the
 * function's own schema before it is sent; everything typed stays on any error.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ExtraDueSchema } from '../../lib/schemas/fee-extra-due';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { ApiError, api, messageOf } from '../api';

const FIELDS = [
  { name: 'label', label: 'What it is for (e.g. Exam fee)' },
  { name: 'amount', label: 'Amount of the due (₹)' },
  { name: 'dueOn', label: 'Due date' },
  { name: 'reason', label: 'Why it is added (kept in the audit log)' },
] as const;
type Field = (typeof FIELDS)[number]['name'];

export default function ExtraDueForm({ studentId, today, queryKey }: { studentId: string; today: string; queryKey: unknown[] }) {
  const id = useId();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ label: '', amount: '', dueOn: today, reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const checked = ExtraDueSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ message: string }>(`/api/admin/fees/students/${encodeURIComponent(studentId)}/dues`, { body: values });
      setMessage(answer.message);
      setValues({ label: '', amount: '', dueOn: today, reason: '' });
      await client.invalidateQueries({ queryKey });
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.data.errors ?? {}) : {});
      setMessage(messageOf(error, 'The due could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="fee-extra">
      <summary>Add a due (an exam fee, a book)</summary>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map(({ name, label }) => (
          <div className="form-field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            <input
              id={`${id}-${name}`}
              type={name === 'dueOn' ? 'date' : 'text'}
              inputMode={name === 'amount' ? 'decimal' : undefined}
              value={values[name]}
              onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
            />
            {errors[name] && (
              <p className="form-error" id={`${id}-${name}-error`}>
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        {message && <p role="status">{message}</p>}
        <button type="submit" className="btn btn--sm" disabled={busy}>
          {busy ? 'Adding...' : 'Add the due'}
        </button>
      </form>
    </details>
  );
}
