/**
 * A test's openings on its page (GET/POST /api/admin/practice/openings, PATCH/DELETE …/{id}): the
 * batches it is open to with their windows (India's date and time), how many of the batch's
 * students started; "Open to a batch" (a Teacher sees only the batches they teach; only batches of
 * the test's course that are not completed); close now, change the window, delete one nobody started.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Field } from '../../components/islands/form-field';
import { indiaMomentOf, OpeningSchema, OpeningUpdateSchema, type OpenableBatch, type OpeningRow, type PracticeTest } from '../../lib/schemas/practice-tests';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { api, ApiError, listQuery, messageOf } from '../api';
import { formatMoment } from '../ui/dates';
import { useConfirm } from '../ui/ConfirmDialog';

const STATE_WORDS: Record<OpeningRow['state'], string> = { open: 'Open now', upcoming: 'Opens later', closed: 'Closed' };

/** A sensible first window: from the next quarter hour, for a week, to 6 pm. */
function firstWindow() {
  const from = new Date(Math.ceil(Date.now() / 900_000) * 900_000);
  const until = indiaMomentOf(new Date(from.getTime() + 7 * 86_400_000));
  return { opensAt: indiaMomentOf(from), closesAt: `${until.slice(0, 10)}T18:00` };
}

/** The two moments of a window as staff type them. */
function WindowFields({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: { opensAt: string; closesAt: string };
  onChange: (v: { opensAt: string; closesAt: string }) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field id={`${id}-from`} label="From (India time)" error={errors['opensAt']} required>
        {(aria) => <input {...aria} type="datetime-local" value={value.opensAt} onChange={(e) => onChange({ ...value, opensAt: e.target.value })} />}
      </Field>
      <Field id={`${id}-until`} label="Until (India time)" error={errors['closesAt']} required>
        {(aria) => <input {...aria} type="datetime-local" value={value.closesAt} onChange={(e) => onChange({ ...value, closesAt: e.target.value })} />}
      </Field>
    </>
  );
}

export default function TestOpenings({ test }: { test: PracticeTest }) {
  const id = useId();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = ['practice', 'openings', test.id];
  const openings = useQuery({
    queryKey: key,
    queryFn: () => api<{ openings: OpeningRow[]; batches: OpenableBatch[] }>(`/api/admin/practice/openings${listQuery({ test: test.id })}`),
    staleTime: 0,
  });
  const [batchId, setBatchId] = useState('');
  const [times, setTimes] = useState(firstWindow);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [edit, setEdit] = useState({ opensAt: '', closesAt: '' });
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['practice'] });
  /** Runs a change, says its answer, and reloads; a refusal's field errors go to `onErrors`. */
  const run = async (work: () => Promise<{ message: string }>, onErrors: (e: Record<string, string>) => void) => {
    setBusy(true);
    try {
      const answer = await work();
      toast.success(answer.message);
      onErrors({});
      await refresh();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      onErrors((error.data.errors as Record<string, string> | undefined) ?? {});
      toast.error(messageOf(error, 'That could not be saved. Please try again.'));
      if (error.status === 409) await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const open = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OpeningSchema.safeParse({ testId: test.id, batchId, ...times });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    if (await run(() => api('/api/admin/practice/openings', { body: parsed.data }), setErrors)) setBatchId('');
  };
  const saveWindow = async (o: OpeningRow) => {
    const parsed = OpeningUpdateSchema.safeParse({ ...edit, version: o.version });
    if (!parsed.success) {
      setEditErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    if (await run(() => api(`/api/admin/practice/openings/${o.id}`, { method: 'PATCH', body: parsed.data }), setEditErrors)) setEditing(null);
  };
  const close = async (o: OpeningRow) => {
    if (
      !(await confirm(
        `Close “${test.title.en}” to batch ${o.batch} now? No one can start it after this; anyone taking it keeps their attempt to its own deadline.`,
        'Close now',
      ))
    )
      return;
    await run(
      () => api(`/api/admin/practice/openings/${o.id}`, { method: 'PATCH', body: { close: true, version: o.version } }),
      () => undefined,
    );
  };
  const remove = async (o: OpeningRow) => {
    if (!(await confirm(`Delete the opening of “${test.title.en}” to batch ${o.batch}?`))) return;
    await run(
      () => api(`/api/admin/practice/openings/${o.id}?version=${o.version}`, { method: 'DELETE' }),
      () => undefined,
    );
  };

  const data = openings.data;
  return (
    <section className="admin-box practice-openings" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="admin-subheading">
        Batches it is open to
      </h2>
      {openings.isError ? (
        <p role="alert" className="form-error">
          {messageOf(openings.error, 'The openings could not be loaded.')}
        </p>
      ) : !data ? (
        <p role="status">Loading the openings…</p>
      ) : (
        <>
          {data.openings.length === 0 ? (
            <p>Not open to any batch yet{test.archivedAt ? '.' : ': open it to a batch below, with the days and times its students may start it.'}</p>
          ) : (
            <ul className="admin-list">
              {data.openings.map((o) => (
                <li key={o.id} className="admin-list__item">
                  <span className="admin-list__text">
                    <strong>{o.batch}</strong>
                    <span className={o.state === 'open' ? 'admin-badge' : 'admin-badge admin-badge--muted'}>{STATE_WORDS[o.state]}</span>
                    <span className="admin-list__note">
                      From {formatMoment(o.opensAt)} until {formatMoment(o.closesAt)}
                    </span>
                    <span className="admin-list__note">
                      {o.started} of {o.students} student{o.students === 1 ? '' : 's'} started · opened by {o.openedBy}
                    </span>
                  </span>
                  {o.mine && (
                    <span className="btn-row">
                      {o.state === 'open' && (
                        <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void close(o)}>
                          Close now<span className="sr-only"> for {o.batch}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn--sm btn--outline"
                        aria-expanded={editing === o.id}
                        onClick={() => {
                          setEditing(editing === o.id ? null : o.id);
                          setEdit({ opensAt: indiaMomentOf(o.opensAt), closesAt: indiaMomentOf(o.closesAt) });
                          setEditErrors({});
                        }}
                      >
                        Change the window<span className="sr-only"> for {o.batch}</span>
                      </button>
                      {o.started === 0 && (
                        <button type="button" className="btn btn--sm btn--outline admin-btn--danger-outline" disabled={busy} onClick={() => void remove(o)}>
                          Delete<span className="sr-only"> the opening for {o.batch}</span>
                        </button>
                      )}
                    </span>
                  )}
                  {editing === o.id && (
                    <form
                      className="admin-form practice-window"
                      noValidate
                      onSubmit={(e) => {
                        e.preventDefault();
                        void saveWindow(o);
                      }}
                    >
                      {o.started > 0 && <p className="form-hint">Students have started: the opening time stays; the closing time can move.</p>}
                      <div className="admin-form__grid">
                        <WindowFields id={`${id}-edit-${o.id}`} value={edit} onChange={setEdit} errors={editErrors} />
                      </div>
                      <button type="submit" className="btn btn--sm" disabled={busy}>
                        Save the window
                      </button>
                    </form>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!test.archivedAt && (
            <form className="admin-form" noValidate onSubmit={(e) => void open(e)} aria-labelledby={`${id}-open`}>
              <h3 id={`${id}-open`} className="admin-subheading">
                Open to a batch
              </h3>
              {data.batches.length === 0 ? (
                <p>
                  No batch can take this test now: it opens to the planned or running batches of {test.course} (a Teacher: those they teach). Batches are added
                  on Batch List.
                </p>
              ) : (
                <>
                  <div className="admin-form__grid">
                    <Field id={`${id}-batch`} label="Batch" error={errors['batchId']} required>
                      {(aria) => (
                        <select {...aria} value={batchId} onChange={(e) => setBatchId(e.target.value)}>
                          <option value="">Choose a batch</option>
                          {data.batches.map((b) => (
                            <option key={b.id} value={b.id}>
                              {b.name} ({b.students} student{b.students === 1 ? '' : 's'})
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <WindowFields id={`${id}-new`} value={times} onChange={setTimes} errors={errors} />
                  </div>
                  {errors['testId'] && <p className="form-error">{errors['testId']}</p>}
                  <button type="submit" className="btn" disabled={busy}>
                    {busy ? 'Please wait...' : 'Open to the batch'}
                  </button>
                </>
              )}
            </form>
          )}
        </>
      )}
    </section>
  );
}
