/**
 * The course and job panels' shared shape (the spec gives them the same behaviour): a form that
 * adds a record, or, after Edit is chosen, updates it ('Update Course'), then returns to adding
 * with the list reloaded; the list, newest first, with Edit and Delete (after a question naming it);
 * 'Load more' through the next page the list names. Every field is checked with the same zod schema as the
 * server; the server's field errors show beside their fields. A 409 (someone saved first) shows
 * its message and loads the record as it is now into the form.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { Field } from '../../components/islands/form-field';
import { api, ApiError, listQuery, messageOf } from '../api';
import { useDraft } from '../drafts';
import { useConfirm } from './ConfirmDialog';
import { deleteQuestion } from './delete-question';
import PanelHeading from './PanelHeading';
import { usePaged } from './use-paged';
import PictureUpload from './PictureUpload';

/** One input of the form. */
export interface FieldSpec {
  name: string;
  label: string;
  /** 'picture': an image address, with a button that uploads a picture and fills it in. */
  kind?: 'text' | 'number' | 'url' | 'textarea' | 'select' | 'picture' | 'date';
  /** The choices of a select. */
  options?: readonly string[];
  hint?: string;
  /** Takes the whole width of the form. */
  wide?: boolean;
  /** inputmode / autocomplete helpers. */
  inputMode?: 'numeric' | 'url' | 'text';
}

/** What every record of these panels has. */
export interface RecordBase {
  _id: string;
  version: number;
}

interface Props<T extends RecordBase> {
  /** The panel's h1, e.g. 'Courses'. */
  title: string;
  /** The record's name in sentences, e.g. 'course'. */
  noun: string;
  /** The collection's address, e.g. '/api/courses'. */
  endpoint: string;
  /** The shared zod schema of the fields (the server checks the same). */
  schema: z.ZodType;
  fields: FieldSpec[];
  /** The empty form (a select starts at its default). */
  empty: Record<string, string>;
  /** The card of a record in the list: its heading and facts. */
  renderRecord: (record: T) => { heading: string; facts: [string, ReactNode][]; extra?: ReactNode };
  /** Button labels: 'Add Course' and 'Update Course'. */
  addLabel: string;
  updateLabel: string;
  /** The text of an empty list, e.g. 'No courses available.'. */
  emptyText: string;
  /** A note under the heading. */
  intro?: ReactNode;
}

/** The form's values for a record: each field of the empty form, as text. */
const formOf = (record: RecordBase, empty: Record<string, string>) =>
  Object.fromEntries(Object.keys(empty).map((name) => [name, String((record as unknown as Record<string, unknown>)[name] ?? '')]));

interface Editing {
  id: string;
  version: number;
  heading: string;
}

export default function RecordManager<T extends RecordBase>(props: Props<T>) {
  const { title, noun, endpoint, schema, fields, empty, renderRecord, addLabel, updateLabel, emptyText, intro } = props;
  const id = useId();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FieldValues, unknown, FieldValues>({
    resolver: standardSchemaResolver(schema) as Resolver<FieldValues, unknown, FieldValues>,
    defaultValues: empty,
  });

  // A form being filled in when the session ends is kept, and put back after signing in.
  useDraft<{ editing: Editing | null; values: FieldValues }>(
    `${endpoint}:form`,
    noun,
    () => (isDirty || editing ? { editing, values: getValues() } : null),
    (draft) => {
      setEditing(draft.editing);
      reset(draft.values, { keepDefaultValues: true });
    },
  );

  const key = [endpoint];
  const { list, rows: records } = usePaged<T>(endpoint);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  const startAdding = () => {
    setEditing(null);
    reset(empty);
  };
  const startEditing = (record: T) => {
    setEditing({ id: record._id, version: record.version, heading: renderRecord(record).heading });
    reset(formOf(record, empty));
    formRef.current?.scrollIntoView({ block: 'start' });
    setFocus(fields[0]!.name);
  };

  /** A 409: the message, and the record as it is now in the form (or back to adding if it is gone). */
  const conflict = (error: ApiError) => {
    toast.error(messageOf(error, 'Someone else changed this record. Please try again.'));
    const current = error.data.current as T | null | undefined;
    if (current && typeof current === 'object') {
      setEditing({ id: current._id, version: current.version, heading: renderRecord(current).heading });
      reset(formOf(current, empty));
    } else startAdding();
    void reload();
  };

  const onSubmit = async (values: FieldValues) => {
    try {
      const answer = editing
        ? await api<{ message: string }>(`${endpoint}/${encodeURIComponent(editing.id)}`, { method: 'PUT', body: { ...values, version: editing.version } })
        : await api<{ message: string }>(endpoint, { body: values });
      toast.success(answer.message);
      startAdding();
      await reload();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409) return conflict(error);
      if (error.status === 404 && editing) {
        toast.error(messageOf(error, `This ${noun} no longer exists.`));
        startAdding();
        return void reload();
      }
      for (const [name, message] of Object.entries(error.data.errors ?? {})) {
        if (fields.some((f) => f.name === name)) setError(name, { message });
      }
      toast.error(messageOf(error, `The ${noun} could not be saved. Please try again.`));
    }
  };

  const remove = async (record: T) => {
    if (!(await confirm(deleteQuestion(noun, renderRecord(record).heading)))) return;
    setDeleting(record._id);
    try {
      const answer = await api<{ message: string }>(`${endpoint}/${encodeURIComponent(record._id)}${listQuery({ version: record.version })}`, {
        method: 'DELETE',
      });
      toast.success(answer.message);
      if (editing?.id === record._id) startAdding();
    } catch (error) {
      toast.error(messageOf(error, `The ${noun} could not be deleted. Please try again.`));
    } finally {
      setDeleting(null);
      await reload();
    }
  };

  return (
    <section className="admin-panel">
      <PanelHeading title={title} />
      {intro}

      <form
        ref={formRef}
        className={`admin-form${editing ? ' admin-form--editing' : ''}`}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-labelledby={`${id}-form-title`}
      >
        <h2 id={`${id}-form-title`} className="admin-subheading admin-form__title">
          {editing ? `Editing: ${editing.heading}` : `Add a ${noun}`}
        </h2>
        <p className="form-hint">Every field is required.</p>
        <div className="admin-form__grid">
          {fields.map((field) => (
            <div key={field.name} className={field.wide ? 'admin-form__wide' : undefined}>
              <Field id={`${id}-${field.name}`} label={field.label} hint={field.hint} error={errors[field.name]?.message as string | undefined}>
                {(aria) =>
                  field.kind === 'textarea' ? (
                    <textarea {...register(field.name)} {...aria} rows={4} required />
                  ) : field.kind === 'select' ? (
                    <select {...register(field.name)} {...aria} required>
                      {field.options?.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      // An empty number field is no number at all (the schema's coercion would read it as 0).
                      {...register(field.name, field.kind === 'number' ? { setValueAs: (v: string) => (v === '' ? undefined : v) } : {})}
                      {...aria}
                      type={field.kind === 'number' || field.kind === 'url' || field.kind === 'date' ? field.kind : field.kind === 'picture' ? 'url' : 'text'}
                      inputMode={field.inputMode}
                      min={field.kind === 'number' ? 0 : undefined}
                      required
                    />
                  )
                }
              </Field>
              {field.kind === 'picture' && <PictureUpload onUploaded={(path) => setValue(field.name, path, { shouldDirty: true, shouldValidate: true })} />}
            </div>
          ))}
        </div>
        <div className="btn-row">
          <button type="submit" className="btn" disabled={isSubmitting}>
            {isSubmitting ? 'Please wait...' : editing ? updateLabel : addLabel}
          </button>
          {editing && (
            <button type="button" className="btn btn--outline" disabled={isSubmitting} onClick={startAdding}>
              Cancel editing
            </button>
          )}
        </div>
      </form>

      <h2 className="admin-subheading" id={`${id}-list`}>
        {title} on the site
      </h2>
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(list.error, 'The list could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : records.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <>
          <ul className="admin-records" aria-labelledby={`${id}-list`}>
            {records.map((record) => {
              const card = renderRecord(record);
              return (
                <li key={record._id} className="admin-record">
                  <h3>{card.heading}</h3>
                  {card.extra}
                  <dl>
                    {card.facts.map(([label, value]) => (
                      <div key={label} className="admin-record__fact">
                        <dt>{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="btn-row">
                    <button type="button" className="btn btn--sm btn--outline" onClick={() => startEditing(record)}>
                      Edit<span className="sr-only"> {card.heading}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--sm btn--outline admin-btn--danger-outline"
                      disabled={deleting === record._id}
                      onClick={() => void remove(record)}
                    >
                      {deleting === record._id ? 'Deleting...' : 'Delete'}
                      <span className="sr-only"> {card.heading}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {list.hasNextPage && (
            <button type="button" className="btn btn--outline admin-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
