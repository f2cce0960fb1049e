/**
 * Add Batch (/batches/new, POST /api/admin/batches) and editing one (/batches/{id}/edit, GET then
 * PUT /api/admin/batches/{id} with its version). Checked with the shared schema; the server's
 * field errors (a room or teacher taken at that time, naming the other batch) show beside their
 * fields.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'wouter';
import { Field } from '../../components/islands/form-field';
import type { Course } from '../../lib/schemas/course';
import { BATCH_STATUS_LABELS, BATCH_STATUSES, BatchFieldsSchema, DAY_NAMES, type Batch } from '../../lib/schemas/batch';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { api, ApiError, listQuery, messageOf } from '../api';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { useTeachers } from '../staff/teachers';

type Values = {
  courseId: string;
  name: string;
  startsOn: string;
  endsOn: string;
  days: number[];
  startsAt: string;
  endsAt: string;
  room: string;
  teacherId: string;
  seats: string;
  status: string;
};

const valuesOf = (b?: Batch): Values => ({
  courseId: b?.courseId ?? '',
  name: b?.name ?? '',
  startsOn: b?.startsOn ?? '',
  endsOn: b?.endsOn ?? '',
  days: b?.days ?? [],
  startsAt: b?.startsAt ?? '',
  endsAt: b?.endsAt ?? '',
  room: b?.room ?? '',
  teacherId: b?.teacherId ?? '',
  seats: b ? String(b.seats) : '20',
  status: b?.status ?? 'planned',
});

export default function BatchForm({ id: batchId }: { id?: string | undefined }) {
  const batch = useQuery({
    queryKey: ['/api/admin/batches', batchId],
    queryFn: () => api<Batch>(`/api/admin/batches/${encodeURIComponent(batchId!)}`),
    enabled: Boolean(batchId),
    staleTime: 0,
  });
  if (!batchId) return <BatchEditor />;
  if (batch.data) return <BatchEditor key={batch.data.version} batch={batch.data} />;
  return (
    <section className="admin-panel">
      <PanelHeading title="Edit a batch" />
      {batch.isError ? (
        <p role="alert" className="form-error">
          {messageOf(batch.error, 'The batch could not be loaded.')} <Link href={PATHS.batches}>Batch List</Link>
        </p>
      ) : (
        <p role="status">Loading the batch…</p>
      )}
    </section>
  );
}

function BatchEditor({ batch }: { batch?: Batch }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>(() => valuesOf(batch));
  const [version, setVersion] = useState(batch?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const courses = useQuery({ queryKey: ['/api/courses', 'titles'], queryFn: () => api<Course[]>(`/api/courses${listQuery({ limit: 100 })}`) });
  const teachers = useTeachers() ?? [];

  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const toggleDay = (day: number) => setValues((v) => ({ ...v, days: v.days.includes(day) ? v.days.filter((d) => d !== day) : [...v.days, day] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = BatchFieldsSchema.safeParse({ ...values, seats: values.seats, teacherId: values.teacherId || null });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toast.error('Please check the highlighted fields and try again.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = batch
        ? await api<{ message: string }>(`/api/admin/batches/${encodeURIComponent(batch._id)}`, { method: 'PUT', body: { ...parsed.data, version } })
        : await api<{ message: string }>('/api/admin/batches', { body: parsed.data });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/batches'] });
      navigate(PATHS.batches);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = error.data.current as Batch | undefined;
      if (error.status === 409 && current) {
        setVersion(current.version);
        setValues(valuesOf(current));
      }
      setErrors((error.data.errors as Record<string, string> | undefined) ?? {});
      toast.error(messageOf(error, 'The batch could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-panel">
      <PanelHeading title={batch ? 'Edit a batch' : 'Add Batch'}>
        <Link className="btn btn--sm btn--outline" href={PATHS.batches}>
          Batch List
        </Link>
      </PanelHeading>
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-form__grid">
          <Field id={`${id}-course`} label="Course" error={errors['courseId']} required>
            {(aria) => (
              <select {...aria} value={values.courseId} onChange={set('courseId')}>
                <option value="">Choose a course</option>
                {courses.data?.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-name`} label="Batch name" hint="e.g. Tally Morning" error={errors['name']} required>
            {(aria) => <input {...aria} type="text" autoComplete="off" value={values.name} onChange={set('name')} />}
          </Field>
          <Field id={`${id}-starts`} label="Start date" error={errors['startsOn']} required>
            {(aria) => <input {...aria} type="date" value={values.startsOn} onChange={set('startsOn')} />}
          </Field>
          <Field id={`${id}-ends`} label="End date" error={errors['endsOn']} required>
            {(aria) => <input {...aria} type="date" value={values.endsOn} onChange={set('endsOn')} />}
          </Field>
          <Field id={`${id}-from`} label="Start time" error={errors['startsAt']} required>
            {(aria) => <input {...aria} type="time" value={values.startsAt} onChange={set('startsAt')} />}
          </Field>
          <Field id={`${id}-to`} label="End time" error={errors['endsAt']} required>
            {(aria) => <input {...aria} type="time" value={values.endsAt} onChange={set('endsAt')} />}
          </Field>
          <Field id={`${id}-room`} label="Room" hint="e.g. Room 2" error={errors['room']} required>
            {(aria) => <input {...aria} type="text" autoComplete="off" value={values.room} onChange={set('room')} />}
          </Field>
          <Field id={`${id}-teacher`} label="Teacher" error={errors['teacherId']}>
            {(aria) => (
              <select {...aria} value={values.teacherId} onChange={set('teacherId')}>
                <option value="">No teacher yet</option>
                {teachers.map((t) => (
                  <option key={t._id} value={t._id}>
                    {t.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-seats`} label="Seats" error={errors['seats']} required>
            {(aria) => <input {...aria} type="number" inputMode="numeric" min={1} max={500} value={values.seats} onChange={set('seats')} />}
          </Field>
          <Field id={`${id}-status`} label="Status" error={errors['status']}>
            {(aria) => (
              <select {...aria} value={values.status} onChange={set('status')}>
                {BATCH_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {BATCH_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset className="admin-form__days" aria-describedby={errors['days'] ? `${id}-days-error` : undefined}>
          <legend>Days of the week</legend>
          {DAY_NAMES.slice(1).map((name, index) => (
            <label key={name} className="admin-check">
              <input type="checkbox" checked={values.days.includes(index + 1)} onChange={() => toggleDay(index + 1)} /> {name}
            </label>
          ))}
          {errors['days'] && (
            <p id={`${id}-days-error`} className="form-error">
              {errors['days']}
            </p>
          )}
        </fieldset>
        <div className="btn-row">
          <button type="submit" className="btn" disabled={saving}>
            {saving ? 'Please wait...' : batch ? 'Save Batch' : 'Add Batch'}
          </button>
        </div>
      </form>
    </section>
  );
}
