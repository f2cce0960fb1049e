/**
 * What staff can do with the chosen leads at once (POST /api/admin/leads/bulk): assign them, move
 * them to a status with what that status needs (NextStepSchema: a follow-up day, a visit day, a
 * reason), or export them. Each action opens a small form in the bar (Escape closes it); a
 * failure keeps the selection and what was typed. Admitting is one lead at a time, on its page.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Field } from '../../components/islands/form-field';
import { indiaToday, LOST_REASONS, NextStepSchema, STATUS_LABELS, type BulkAction, type NextStep } from '../../lib/schemas/lead';
import { ApiError, messageOf } from '../api';
import type { StaffListing } from '../panels/Staff';

/** The statuses a bulk move may choose (admitting needs a student record per lead). */
const BULK_STATUSES = ['contacted', 'interested', 'lost'] as const;

/** A bulk action without its leads (the list adds the chosen ids). */
export type BulkRequest = { action: 'assign'; assignedTo: string | null } | { action: 'move'; next: Extract<BulkAction, { action: 'move' }>['next'] };
/** What the bar sends; resolves once done, or throws the server's ApiError. */
export type SendBulk = (action: BulkRequest) => Promise<void>;

interface Props {
  /** How many leads are chosen. */
  count: number;
  /** The address of the CSV of the chosen leads; null when the role may not export. */
  exportHref: string | null;
  /** Active members of staff to assign to. */
  staff: StaffListing[];
  meId: string;
  send: SendBulk;
  onClear: () => void;
}

type Open = 'assign' | 'status' | null;

export default function BulkBar({ count, exportHref, staff, meId, send, onClear }: Props) {
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  const toggles = { assign: useRef<HTMLButtonElement>(null), status: useRef<HTMLButtonElement>(null) };
  const bar = useRef<HTMLDivElement>(null);
  // An open form takes the bar off the screen's bottom edge (where it would cover the list on a
  // phone) into the page's flow: it is brought into view there.
  useEffect(() => {
    if (open) bar.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  const close = () => {
    if (open) toggles[open].current?.focus();
    setOpen(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };
  const toggle = (which: Exclude<Open, null>) => (
    <button
      ref={toggles[which]}
      type="button"
      className={`btn btn--sm${open === which ? '' : ' btn--outline'}`}
      aria-expanded={open === which}
      aria-controls={`${id}-${which}`}
      onClick={() => setOpen(open === which ? null : which)}
    >
      {which === 'assign' ? 'Assign to…' : 'Change status…'}
    </button>
  );

  return (
    <div ref={bar} className={`leads-bulk${open ? ' leads-bulk--open' : ''}`} role="region" aria-label="Bulk actions" onKeyDown={onKeyDown}>
      <div className="leads-bulk__actions">
        <span className="leads-bulk__count">{count} selected:</span>
        {toggle('assign')}
        {toggle('status')}
        {exportHref && (
          <a className="btn btn--sm btn--outline" href={exportHref} download>
            Export selected
          </a>
        )}
        <button type="button" className="btn btn--sm btn--outline" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {open === 'assign' && (
        <div id={`${id}-assign`}>
          <AssignForm staff={staff} meId={meId} count={count} send={send} onDone={close} />
        </div>
      )}
      {open === 'status' && (
        <div id={`${id}-status`}>
          <StatusForm count={count} send={send} onDone={close} />
        </div>
      )}
    </div>
  );
}

const plural = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/** The failure line of a bar form (kept until the next attempt), read out when it appears. */
const Failure = ({ children }: { children: ReactNode }) => (
  <p className="form-error" role="alert">
    {children}
  </p>
);

function AssignForm({ staff, meId, count, send, onDone }: { staff: StaffListing[]; meId: string; count: number; send: SendBulk; onDone: () => void }) {
  const id = useId();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const me = staff.find((person) => person._id === meId);
  const others = staff.filter((person) => person._id !== meId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!to) return setFailure('Please choose a member of staff.');
    setBusy(true);
    setFailure('');
    try {
      await send({ action: 'assign', assignedTo: to === 'none' ? null : to });
      onDone();
    } catch (error) {
      const message = messageOf(error, 'The leads could not be assigned. Please try again.');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="leads-bulk__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Assign ${plural(count)}`}>
      <div className="form-field">
        <label htmlFor={`${id}-to`}>Assign to</label>
        <select id={`${id}-to`} value={to} onChange={(event) => setTo(event.target.value)} aria-invalid={failure && !to ? true : undefined}>
          <option value="">Choose…</option>
          {me && <option value={me._id}>Me ({me.name})</option>}
          {others.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
          <option value="none">Nobody</option>
        </select>
      </div>
      {failure && <Failure>{failure}</Failure>}
      <div className="btn-row">
        <button type="submit" className="btn btn--sm" disabled={busy}>
          {busy ? 'Please wait...' : `Assign ${plural(count)}`}
        </button>
        <button type="button" className="btn btn--sm btn--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The status form's fields, all as text (the schema picks those the chosen status needs). */
interface StepFields {
  status: string;
  followUp?: string;
  visitOn?: string;
  lostReason?: string;
  lostNote?: string;
}
const FIELD_NAMES = ['status', 'followUp', 'visitOn', 'lostReason', 'lostNote'] as const;
/** An empty date is no date (the schema's optional follow-up of a visit). */
const noEmpty = { setValueAs: (v: string) => (v === '' ? undefined : v) };

function StatusForm({ count, send, onDone }: { count: number; send: SendBulk; onDone: () => void }) {
  const id = useId();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StepFields, unknown, NextStep>({
    resolver: standardSchemaResolver(NextStepSchema) as unknown as Resolver<StepFields, unknown, NextStep>,
    defaultValues: { status: '' },
  });
  const status = watch('status');
  const today = indiaToday();

  const onSubmit = async (next: NextStep) => {
    setFailure('');
    try {
      await send({ action: 'move', next: next as Extract<BulkAction, { action: 'move' }>['next'] });
      onDone();
    } catch (error) {
      // The server's field errors name the step's fields as `next.followUp`.
      for (const [name, message] of Object.entries(error instanceof ApiError ? (error.data.errors ?? {}) : {})) {
        const field = name.replace(/^next\./, '') as (typeof FIELD_NAMES)[number];
        if (FIELD_NAMES.includes(field)) setError(field, { message });
      }
      const message = messageOf(error, 'The status could not be changed. Please try again.');
      setFailure(message);
      toast.error(message);
    }
  };

  const fieldError = (name: (typeof FIELD_NAMES)[number]) => errors[name]?.message;

  return (
    <form className="leads-bulk__form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={`Change the status of ${plural(count)}`}>
      <div className="admin-form__grid">
        <Field id={`${id}-status`} label="New status" error={fieldError('status')}>
          {(aria) => (
            <select {...register('status')} {...aria}>
              <option value="">Choose…</option>
              {BULK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {status === 'interested' && (
          <Field id={`${id}-visitOn`} label="Day of the visit" error={fieldError('visitOn')}>
            {(aria) => <input type="date" min={today} {...register('visitOn', noEmpty)} {...aria} />}
          </Field>
        )}
        {(status === 'contacted' || status === 'interested') && (
          <Field
            id={`${id}-followUp`}
            label={status === 'interested' ? 'Next follow-up (optional)' : 'Next follow-up'}
            hint={status === 'interested' ? 'Left empty: the day of the visit.' : undefined}
            error={fieldError('followUp')}
          >
            {(aria) => <input type="date" min={today} {...register('followUp', noEmpty)} {...aria} />}
          </Field>
        )}
        {status === 'lost' && (
          <>
            <Field id={`${id}-lostReason`} label="Why was it lost?" error={fieldError('lostReason')}>
              {(aria) => (
                <select {...register('lostReason', noEmpty)} {...aria}>
                  <option value="">Choose…</option>
                  {Object.entries(LOST_REASONS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${id}-lostNote`} label="More about why (needed for Other reason)" error={fieldError('lostNote')}>
              {(aria) => <textarea rows={2} {...register('lostNote')} {...aria} />}
            </Field>
          </>
        )}
      </div>
      {failure && <Failure>{failure}</Failure>}
      <div className="btn-row">
        <button type="submit" className="btn btn--sm" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : `Change ${plural(count)}`}
        </button>
        <button type="button" className="btn btn--sm btn--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
