/**
 * Fee plans (/fees/plans): every plan with its course or batch, total, late fee and instalments;
 * an Owner or Accountant adds, edits and deletes one (Counsellor and Teacher read). A plan is for a
 * course (every batch of it) or one batch (which overrides the course's). Instalments fall due on
 * a date or some months after the student's start; "Split into N monthly" fills them in. Changing
 * or deleting a plan does not change the dues already made from it, and the screen says so. A plan
 * that students already in its course or batch have no dues from says how many, and gives them
 * their dues (each from their joining day) only after a confirmation saying whom it leaves alone.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Field } from '../../components/islands/form-field';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { FeePlanSchema, RupeesSchema, monthlyInstalments } from '../../lib/schemas/fees';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import type { PlanChoices, PlanView } from '../../../functions/_shared/fees/plans';
import { reachInWords, type PlanReachAnswer } from '../../lib/schemas/fee-plan-apply';
import { api, ApiError, messageOf } from '../api';
import { useCan } from '../app-info';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';
import { loadOfficeSettings, OFFICE_SETTINGS_KEY } from '../office-settings-query';
import './fees.css';
import { dueWords, lateFeeWords } from './plan-words';

const KEY = ['/api/admin/fee-plans'];
type Answer = { items: PlanView[] } & PlanChoices;

/** '2 students'. */
const studentsWord = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

/**
 * Offers to give plan `plan`'s dues to the students already in its course or batch: reads whom it
 * reaches now, says so and whom it leaves alone, and applies it only once confirmed.
 */
function useOfferDues() {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return async (plan: Pick<PlanView, 'id'>) => {
    try {
      const path = `/api/admin/fee-plans/${encodeURIComponent(plan.id)}/apply`;
      const reach = await api<PlanReachAnswer>(path);
      if (reach.students.length === 0) return;
      const names = reach.students.map((s) => s.name).join(', ');
      const question = `${reachInWords(reach)} (${names}.) Give them their dues now?`;
      if (!(await confirm(question, `Give dues to ${studentsWord(reach.students.length)}`))) return;
      toast.success((await api<{ message: string }>(path, { body: { version: reach.version } })).message);
    } catch (error) {
      toast.error(messageOf(error, 'The dues could not be made. Please try again.'));
    }
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
}

/** The plan's name on this screen: 'Tally Prime' or 'Tally Morning (batch of Tally Prime)'. */
const nameOf = (p: PlanView) => (p.batch ? `${p.batch} (batch of ${p.course ?? 'a course'})` : (p.course ?? 'A course'));

export default function FeePlans() {
  const plans = useQuery({ queryKey: KEY, queryFn: () => api<Answer>('/api/admin/fee-plans'), staleTime: 0 });
  const mayManage = useCan()('fees-manage');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  const offerDues = useOfferDues();

  const remove = async (plan: PlanView) => {
    const kept = plan.dues ? ` The ${plan.dues} ${plan.dues === 1 ? 'due' : 'dues'} already made from it stay as they were.` : '';
    if (!(await confirm(`Delete the fee plan of ${nameOf(plan)}?${kept}`))) return;
    try {
      const answer = await api<{ message: string }>(`/api/admin/fee-plans/${encodeURIComponent(plan.id)}?version=${plan.version}`, { method: 'DELETE' });
      toast.success(answer.message);
    } catch (error) {
      toast.error(messageOf(error, 'The plan could not be deleted. Please try again.'));
    }
    await queryClient.invalidateQueries({ queryKey: KEY });
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Fee plans">
        {mayManage && editing === null && (
          <button type="button" className="btn btn--sm" onClick={() => setEditing('new')}>
            Add a plan
          </button>
        )}
      </PanelHeading>
      <p className="form-hint">
        A plan for a course is used for every batch of it; a plan for one batch is used instead for that batch. A student’s dues are made from the plan when
        they join a batch.
      </p>
      {editing !== null && plans.data && (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          choices={plans.data}
          onDone={(saved) => {
            setEditing(null);
            // A plan saved after students joined: say whom it reaches and ask before making their dues.
            if (saved && saved.waiting > 0) void offerDues(saved);
          }}
        />
      )}
      {plans.isPending ? (
        <p role="status">Loading the fee plans…</p>
      ) : plans.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(plans.error, 'The fee plans could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </div>
      ) : plans.data.items.length === 0 ? (
        <p>No fee plan yet.{mayManage ? ' Add one for a course to make students’ dues when they join its batches.' : ''}</p>
      ) : (
        <ul className="lead-cards">
          {plans.data.items.map((plan) => (
            <li key={plan.id} className="lead-card">
              <h2 className="lead-card__name">{nameOf(plan)}</h2>
              <p className="lead-card__meta">
                <span>Total {formatRupees(plan.totalPaise)}</span>
                <span>{lateFeeWords(plan.lateFeePaise, plan.graceDays)}</span>
                <span>{plan.dues === 1 ? '1 due made from it' : `${plan.dues} dues made from it`}</span>
              </p>
              {plan.waiting > 0 && (
                <p className="form-hint">
                  {studentsWord(plan.waiting)} already in {plan.batch ? 'this batch' : 'its batches'} {plan.waiting === 1 ? 'has' : 'have'} no dues from it yet.
                </p>
              )}
              <ol className="fee-instalments">
                {plan.instalments.map((i) => (
                  <li key={i.seq}>
                    {formatRupees(i.amountPaise)} {dueWords(i)}
                  </li>
                ))}
              </ol>
              {mayManage && (
                <div className="btn-row">
                  {plan.waiting > 0 && (
                    <button
                      type="button"
                      className="btn btn--sm"
                      onClick={() => void offerDues(plan)}
                      aria-label={`Give dues from the plan of ${nameOf(plan)}`}
                    >
                      Give dues to {studentsWord(plan.waiting)}
                    </button>
                  )}
                  <button type="button" className="btn btn--sm btn--outline" onClick={() => setEditing(plan)} aria-label={`Edit the plan of ${nameOf(plan)}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    onClick={() => void remove(plan)}
                    aria-label={`Delete the plan of ${nameOf(plan)}`}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface Row {
  amount: string;
  when: 'months' | 'date';
  months: string;
  date: string;
}
interface Values {
  target: 'course' | 'batch';
  courseId: string;
  batchId: string;
  total: string;
  lateFee: string;
  graceDays: string;
  rows: Row[];
}

const valuesOf = (plan?: PlanView): Values => ({
  target: plan?.batchId ? 'batch' : 'course',
  courseId: plan?.courseId ?? '',
  batchId: plan?.batchId ?? '',
  total: plan ? rupeeFigure(plan.totalPaise) : '',
  lateFee: plan ? rupeeFigure(plan.lateFeePaise) : '0',
  graceDays: String(plan?.graceDays ?? 0),
  rows: plan
    ? plan.instalments.map((i) => ({
        amount: rupeeFigure(i.amountPaise),
        when: i.dueOn ? 'date' : 'months',
        months: String(i.dueMonths ?? 0),
        date: i.dueOn ?? '',
      }))
    : [{ amount: '', when: 'months', months: '0', date: '' }],
});

/** The body of POST/PUT from the form's values. */
const bodyOf = (v: Values) => ({
  courseId: v.target === 'course' ? v.courseId : null,
  batchId: v.target === 'batch' ? v.batchId : null,
  total: v.total,
  lateFee: v.lateFee || '0',
  graceDays: v.graceDays || '0',
  instalments: v.rows.map((r) => (r.when === 'date' ? { amount: r.amount, dueOn: r.date } : { amount: r.amount, dueMonths: r.months })),
});

/** Adds or edits a plan. */
function PlanForm({ plan, choices, onDone }: { plan?: PlanView | undefined; choices: PlanChoices; onDone: (saved?: PlanView) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [version, setVersion] = useState(plan?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [split, setSplit] = useState('3');
  const [saving, setSaving] = useState(false);
  // A new plan starts with the grace days the Owner set in Settings, until someone types their own.
  const graceTyped = useRef(false);
  const defaults = useQuery({ queryKey: OFFICE_SETTINGS_KEY, queryFn: loadOfficeSettings, enabled: !plan });
  const defaultGrace = defaults.data?.defaultGraceDays;
  useEffect(() => {
    if (!plan && defaultGrace !== undefined && !graceTyped.current) setValues((v) => ({ ...v, graceDays: String(defaultGrace) }));
  }, [plan, defaultGrace]);

  const set = (name: 'courseId' | 'batchId' | 'total' | 'lateFee' | 'graceDays') => (event: { target: { value: string } }) => {
    if (name === 'graceDays') graceTyped.current = true;
    setValues((v) => ({ ...v, [name]: event.target.value }));
  };
  const setRow = (index: number, change: Partial<Row>) => setValues((v) => ({ ...v, rows: v.rows.map((r, i) => (i === index ? { ...r, ...change } : r)) }));

  const splitMonthly = () => {
    const total = RupeesSchema('the total fee').safeParse(values.total);
    const n = Number(split);
    if (!total.success) return setErrors({ total: total.error.issues[0]!.message });
    if (!Number.isInteger(n) || n < 1 || n > 36) return setErrors({ split: 'Please enter a number of instalments from 1 to 36.' });
    setErrors({});
    setValues((v) => ({
      ...v,
      rows: monthlyInstalments(total.data, n).map((i) => ({ amount: rupeeFigure(i.amount), when: 'months', months: String(i.dueMonths), date: '' })),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = FeePlanSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toast.error('Please check the highlighted fields and try again.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = plan
        ? await api<{ message: string; item: PlanView }>(`/api/admin/fee-plans/${encodeURIComponent(plan.id)}`, {
            method: 'PUT',
            body: { ...bodyOf(values), version },
          })
        : await api<{ message: string; item: PlanView }>('/api/admin/fee-plans', { body: bodyOf(values) });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone(answer.item);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = error.data.current as PlanView | undefined;
      if (error.status === 409 && current) {
        setVersion(current.version);
        setValues(valuesOf(current));
      }
      setErrors((error.data.errors as Record<string, string> | undefined) ?? {});
      toast.error(messageOf(error, 'The plan could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const rowError = (index: number) =>
    errors[`instalments.${index}.amount`] ?? errors[`instalments.${index}.dueOn`] ?? errors[`instalments.${index}.dueMonths`] ?? undefined;

  return (
    <form className="admin-form admin-box" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subheading">
        {plan ? 'Edit the plan' : 'Add a plan'}
      </h2>
      {plan && plan.dues > 0 && (
        <p className="form-hint">
          Changing this plan does not change the {plan.dues === 1 ? 'due' : `${plan.dues} dues`} already made from it; students who join from now on get the new
          plan. Change a student’s due from their fees page.
        </p>
      )}
      <fieldset className="admin-form__days">
        <legend>The plan is for</legend>
        <label className="admin-check">
          <input type="radio" name={`${id}-target`} checked={values.target === 'course'} onChange={() => setValues((v) => ({ ...v, target: 'course' }))} />A
          course (every batch)
        </label>
        <label className="admin-check">
          <input type="radio" name={`${id}-target`} checked={values.target === 'batch'} onChange={() => setValues((v) => ({ ...v, target: 'batch' }))} />
          One batch
        </label>
      </fieldset>
      <div className="admin-form__grid">
        {values.target === 'course' ? (
          <Field id={`${id}-course`} label="Course" error={errors['courseId']} required>
            {(aria) => (
              <select {...aria} value={values.courseId} onChange={set('courseId')}>
                <option value="">Choose a course</option>
                {choices.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field id={`${id}-batch`} label="Batch" error={errors['batchId'] ?? errors['courseId']} required>
            {(aria) => (
              <select {...aria} value={values.batchId} onChange={set('batchId')}>
                <option value="">Choose a batch</option>
                {choices.batches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} · {b.course}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field id={`${id}-total`} label="Total fee (₹)" hint="e.g. 9,000" error={errors['total']} required>
          {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.total} onChange={set('total')} />}
        </Field>
        <Field id={`${id}-late`} label="Late fee (₹)" hint="Added once to an instalment paid late; 0 for none" error={errors['lateFee']}>
          {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.lateFee} onChange={set('lateFee')} />}
        </Field>
        <Field
          id={`${id}-grace`}
          label="Grace days"
          hint={
            plan
              ? 'Days after the due date before the late fee'
              : 'Days after the due date before the late fee (a new plan starts with the default of Settings)'
          }
          error={errors['graceDays']}
        >
          {(aria) => <input {...aria} type="number" min={0} max={90} inputMode="numeric" value={values.graceDays} onChange={set('graceDays')} />}
        </Field>
      </div>

      <h3 className="admin-subheading">Instalments</h3>
      <div className="btn-row">
        <Field id={`${id}-split`} label="Number of monthly instalments" error={errors['split']}>
          {(aria) => <input {...aria} type="number" min={1} max={36} inputMode="numeric" value={split} onChange={(e) => setSplit(e.target.value)} />}
        </Field>
        <button type="button" className="btn btn--sm btn--outline" onClick={splitMonthly}>
          Split into {Number(split) > 0 ? split : 'N'} monthly
        </button>
      </div>
      {errors['instalments'] && (
        <p className="form-error" role="alert">
          {errors['instalments']}
        </p>
      )}
      <ol className="fee-instalments">
        {values.rows.map((row, index) => (
          <li key={index}>
            <fieldset className="admin-form__grid">
              <legend>Instalment {index + 1}</legend>
              <Field id={`${id}-amount-${index}`} label="Amount (₹)" error={rowError(index)} required>
                {(aria) => (
                  <input
                    {...aria}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={row.amount}
                    onChange={(e) => setRow(index, { amount: e.target.value })}
                  />
                )}
              </Field>
              <Field id={`${id}-when-${index}`} label="Falls due">
                {(aria) => (
                  <select {...aria} value={row.when} onChange={(e) => setRow(index, { when: e.target.value as Row['when'] })}>
                    <option value="months">Months after the start</option>
                    <option value="date">On a date</option>
                  </select>
                )}
              </Field>
              {row.when === 'months' ? (
                <Field id={`${id}-months-${index}`} label="Months after the start" hint="0: on joining">
                  {(aria) => (
                    <input
                      {...aria}
                      type="number"
                      min={0}
                      max={36}
                      inputMode="numeric"
                      value={row.months}
                      onChange={(e) => setRow(index, { months: e.target.value })}
                    />
                  )}
                </Field>
              ) : (
                <Field id={`${id}-date-${index}`} label="Due date">
                  {(aria) => <input {...aria} type="date" value={row.date} onChange={(e) => setRow(index, { date: e.target.value })} />}
                </Field>
              )}
              {values.rows.length > 1 && (
                <button
                  type="button"
                  className="btn btn--sm btn--outline"
                  onClick={() => setValues((v) => ({ ...v, rows: v.rows.filter((_, i) => i !== index) }))}
                >
                  Remove instalment {index + 1}
                </button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="btn-row">
        <button
          type="button"
          className="btn btn--sm btn--outline"
          onClick={() => setValues((v) => ({ ...v, rows: [...v.rows, { amount: '', when: 'months', months: String(v.rows.length), date: '' }] }))}
          disabled={values.rows.length >= 36}
        >
          Add an instalment
        </button>
      </div>
      <div className="btn-row">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Please wait...' : plan ? 'Save the plan' : 'Add the plan'}
        </button>
        <button type="button" className="btn btn--outline" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
