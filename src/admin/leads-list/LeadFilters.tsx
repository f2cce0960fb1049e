/**
 * The Leads list's search and filters: one form whose "Show leads" puts them into the address
 * (so Back returns to the view before). What is typed stays until it is sent; the server's
 * message about a bad value (from a hand-made or old address) is shown beside its field.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { departments } from '../../lib/schemas/apply';
import { APPLICATION_STATUSES } from '../../lib/schemas/application-status';
import { DUE_FILTERS, ENQUIRY_STATUSES, LEAD_FORMS, LEAD_KINDS, STATUS_LABELS } from '../../lib/schemas/lead';
import type { StaffListing } from '../panels/Staff';
import { filterCount, NO_FILTERS, type FilterKey, type LeadQuery } from './lead-query';

/** Sources staff meet most (any other may be typed). */
const SOURCES = ['direct', 'google', 'facebook', 'instagram', 'youtube', 'whatsapp'];
/** The status filter's two groups: an enquiry's pipeline and an application form's. */
const PIPELINES = [
  ['Enquiries', ENQUIRY_STATUSES],
  ['Application forms', APPLICATION_STATUSES],
] as const;
/** Every course of the Apply form, offered as suggestions. */
const COURSES = [...new Set(departments.flatMap((d) => d.courses))];

interface Props {
  /** The filters in the address now. */
  applied: LeadQuery;
  /** Sends new filters (to the address). */
  onApply: (query: LeadQuery) => void;
  /** Active members of staff, for "Assigned to". */
  staff: StaffListing[];
  /** The signed-in member of staff's id (listed as "Me"). */
  meId: string;
  /** The server's messages per filter, from a refused list. */
  errors: Partial<Record<string, string>>;
}

/**
 * One choice per entry of a label table, after an "any" choice; a value from the address that is
 * not in the table is shown as it is, so the select says what was refused and can be changed.
 */
const Options = ({ any, labels, value }: { any: string; labels: Record<string, string>; value: string }) => (
  <>
    <option value="">{any}</option>
    {Object.entries(labels).map(([key, label]) => (
      <option key={key} value={key}>
        {label}
      </option>
    ))}
    {value && !(value in labels) && <option value={value}>{value}</option>}
  </>
);

export default function LeadFilters({ applied, onApply, staff, meId, errors }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<LeadQuery>(applied);
  // Back, Forward or a link changed the address: the form shows what is applied.
  useEffect(() => setDraft(applied), [applied]);

  const set = (key: FilterKey) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const count = filterCount(applied);
  const hasErrors = Object.keys(errors).length > 0;

  /** The attributes of a filter's control: id, its value, and its error tied to it. */
  const control = (key: FilterKey) => ({
    id: `${id}-${key}`,
    name: key,
    value: draft[key],
    onChange: set(key),
    'aria-invalid': errors[key] ? (true as const) : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });
  const error = (key: FilterKey) =>
    errors[key] ? (
      <p className="form-error" id={`${id}-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim(), source: draft.source.trim(), course: draft.course.trim() });
  };

  return (
    <form className="leads-filters" role="search" aria-label="Find leads" onSubmit={submit} noValidate>
      <div className="admin-search">
        <div className="form-field">
          <label htmlFor={`${id}-q`}>Search by name, phone, e-mail or reference</label>
          <input {...control('q')} type="search" autoComplete="off" />
          {error('q')}
        </div>
        <button type="submit" className="btn">
          Show leads
        </button>
      </div>
      <details className="leads-filters__more" open={count > 0 || hasErrors || undefined}>
        <summary>Filters{count > 0 ? ` (${count} set)` : ''}</summary>
        <div className="admin-filters">
          <div className="form-field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select {...control('kind')}>
              <Options any="Any kind" labels={LEAD_KINDS} value={draft.kind} />
            </select>
            {error('kind')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-status`}>Status</label>
            <select {...control('status')}>
              <option value="">Any status</option>
              {PIPELINES.map(([group, statuses]) => (
                <optgroup key={group} label={group}>
                  {statuses.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </optgroup>
              ))}
              {draft.status && !(draft.status in STATUS_LABELS) && <option value={draft.status}>{draft.status}</option>}
            </select>
            {error('status')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-due`}>Follow-up</label>
            <select {...control('due')}>
              <Options any="Any follow-up" labels={DUE_FILTERS} value={draft.due} />
            </select>
            {error('due')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-assigned`}>Assigned to</label>
            <select {...control('assigned')}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Nobody</option>
              {draft.assigned && !['me', 'none'].includes(draft.assigned) && !staff.some((person) => person._id === draft.assigned) && (
                <option value={draft.assigned}>{draft.assigned}</option>
              )}
              {staff
                .filter((person) => person._id !== meId)
                .map((person) => (
                  <option key={person._id} value={person._id}>
                    {person.name}
                  </option>
                ))}
            </select>
            {error('assigned')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-form`}>Form</label>
            <select {...control('form')}>
              <Options any="Any form" labels={LEAD_FORMS} value={draft.form} />
            </select>
            {error('form')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-source`}>Source</label>
            <input {...control('source')} type="text" list={`${id}-sources`} autoComplete="off" />
            <datalist id={`${id}-sources`}>
              {SOURCES.map((source) => (
                <option key={source} value={source} />
              ))}
            </datalist>
            {error('source')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-course`}>Course</label>
            <input {...control('course')} type="text" list={`${id}-courses`} autoComplete="off" />
            <datalist id={`${id}-courses`}>
              {COURSES.map((course) => (
                <option key={course} value={course} />
              ))}
            </datalist>
            {error('course')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-from`}>Received from</label>
            <input {...control('from')} type="date" />
            {error('from')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-to`}>Received to</label>
            <input {...control('to')} type="date" />
            {error('to')}
          </div>
        </div>
        <div className="btn-row">
          <button type="submit" className="btn">
            Apply filters
          </button>
          {(count > 0 || applied.q) && (
            <button type="button" className="btn btn--outline" onClick={() => onApply({ ...NO_FILTERS, sort: applied.sort })}>
              Clear filters
            </button>
          )}
        </div>
      </details>
    </form>
  );
}
