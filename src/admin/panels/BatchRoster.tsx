/**
 * The Batch submenu's roster screens, one batch at a time (picked from the list of batches):
 * - Assign Students (/batches/assign): the joining day (today in India unless staff give an
 *   earlier one: the student is then on the registers from that day and their dues count from it),
 *   search students by name or mobile (GET /api/students?q=) and Add (POST …/students); a full
 *   batch's refusal is shown as the server words it;
 * - Edit Students (/batches/roster): each student's place (Active, Completed, Left) and Move to
 *   another batch (their attendance stays with the batch it was taken in);
 * - Delete Students (/batches/remove): Remove after a question naming the student and the batch.
 * All three fit a 360 px phone: long names and addresses wrap, every button is a 44 px target.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { BATCH_STATUS_LABELS, ROSTER_STATUS_LABELS, ROSTER_STATUSES, daysInWords, timeRange, type RosterStatus } from '../../lib/batch-words';
import { AssignSchema, type Batch, type RosterEntry } from '../../lib/schemas/batch';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { indiaToday } from '../../lib/schemas/real-day';
import type { Student } from '../../lib/schemas/student';
import { api, ApiError, listQuery, messageOf } from '../api';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';
import { Field } from '../../components/islands/form-field';
import { formatMobile } from '../../lib/mobile';

type Mode = 'assign' | 'roster' | 'remove';
const TITLES: Record<Mode, string> = { assign: 'Assign Students', roster: 'Edit Students', remove: 'Delete Students' };

export default function BatchRoster({ mode }: { mode: Mode }) {
  const id = useId();
  const [batchId, setBatchId] = useState('');
  const batches = useQuery({ queryKey: ['/api/admin/batches', {}], queryFn: () => api<Batch[]>('/api/admin/batches') });
  const open = (batches.data ?? []).filter((b) => mode !== 'assign' || b.status !== 'completed');
  return (
    <section className="admin-panel">
      <PanelHeading title={TITLES[mode]} />
      <div className="admin-form form-field">
        <label htmlFor={`${id}-batch`}>Batch</label>
        <select id={`${id}-batch`} value={batchId} onChange={(e) => setBatchId(e.target.value)}>
          <option value="">Choose a batch</option>
          {open.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name} ({b.course}, {BATCH_STATUS_LABELS[b.status]}, {b.seatsTaken} / {b.seats})
            </option>
          ))}
        </select>
      </div>
      {batches.isError && (
        <p role="alert" className="form-error">
          {messageOf(batches.error, 'The batches could not be loaded.')}
        </p>
      )}
      {batchId && <Roster key={batchId} batchId={batchId} mode={mode} batches={batches.data ?? []} />}
    </section>
  );
}

function Roster({ batchId, mode, batches }: { batchId: string; mode: Mode; batches: Batch[] }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = ['/api/admin/batches', batchId, 'students'];
  const roster = useQuery({
    queryKey: key,
    queryFn: () => api<{ batch: Batch; students: RosterEntry[] }>(`/api/admin/batches/${encodeURIComponent(batchId)}/students`),
  });
  const path = `/api/admin/batches/${encodeURIComponent(batchId)}/students`;

  /** Runs a change, shows its message, and reloads the roster and the batch list. */
  const change = async (work: () => Promise<{ message: string }>, failure: string) => {
    try {
      toast.success((await work()).message);
    } catch (error) {
      toast.error(messageOf(error, failure));
    }
    await queryClient.invalidateQueries({ queryKey: ['/api/admin/batches'] });
  };

  if (roster.isError) {
    return (
      <p role="alert" className="form-error">
        {messageOf(roster.error, 'The batch could not be loaded.')}
      </p>
    );
  }
  if (!roster.data) return <p role="status">Loading the batch…</p>;
  const { batch, students } = roster.data;
  const others = batches.filter((b) => b._id !== batchId && b.status !== 'completed');

  return (
    <>
      <p className="admin-roster__summary" role="status">
        {batch.name}: {daysInWords(batch.days)}, {timeRange(batch.startsAt, batch.endsAt)}, {batch.room}. {batch.seatsTaken} / {batch.seats} seats taken.
      </p>
      {mode === 'assign' && (
        <StudentSearch
          onAdd={async (student, joinedOn) => {
            try {
              toast.success((await api<{ message: string }>(path, { body: { studentId: student._id, joinedOn } })).message);
              return {};
            } catch (error) {
              toast.error(messageOf(error, `${student.name} could not be added.`));
              return error instanceof ApiError ? ((error.data.errors as Record<string, string> | undefined) ?? {}) : {};
            } finally {
              await queryClient.invalidateQueries({ queryKey: ['/api/admin/batches'] });
            }
          }}
        />
      )}
      <h2>Students in {batch.name}</h2>
      {students.length === 0 ? (
        <p>No students in this batch yet.</p>
      ) : (
        <ul className="admin-roster">
          {students.map((s) => (
            <li key={s.studentId} className="admin-roster__item">
              <span className="admin-roster__name">{s.name}</span> <span className="admin-roster__contact">{s.phone ? formatMobile(s.phone) : s.email}</span>{' '}
              <span>{ROSTER_STATUS_LABELS[s.status]}</span>
              {mode === 'roster' && (
                <RosterActions
                  entry={s}
                  others={others}
                  onStatus={(status) => change(() => api(`${path}/${s.studentId}`, { method: 'PUT', body: { status } }), 'The change could not be saved.')}
                  onMove={(toBatchId) => change(() => api(`${path}/${s.studentId}/move`, { body: { toBatchId } }), `${s.name} could not be moved.`)}
                />
              )}
              {mode === 'remove' && (
                <button
                  type="button"
                  className="btn btn--outline admin-btn--danger-outline"
                  aria-label={`Remove ${s.name}`}
                  onClick={async () => {
                    if (!(await confirm(`Remove ${s.name} from ${batch.name}? Their attendance stays with the batch.`, 'Remove'))) return;
                    await change(() => api(`${path}/${s.studentId}`, { method: 'DELETE' }), `${s.name} could not be removed.`);
                  }}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RosterActions({
  entry,
  others,
  onStatus,
  onMove,
}: {
  entry: RosterEntry;
  others: Batch[];
  onStatus: (status: RosterStatus) => Promise<void>;
  onMove: (toBatchId: string) => Promise<void>;
}) {
  const id = useId();
  const [target, setTarget] = useState('');
  return (
    <div className="admin-roster__actions">
      <div className="form-field">
        <label htmlFor={`${id}-status`}>Status of {entry.name}</label>
        <select id={`${id}-status`} value={entry.status} onChange={(e) => void onStatus(e.target.value as RosterStatus)}>
          {ROSTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ROSTER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {entry.status !== 'left' && others.length > 0 && (
        <>
          <div className="form-field">
            <label htmlFor={`${id}-move`}>Move {entry.name} to another batch</label>
            <select id={`${id}-move`} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a batch</option>
              {others.map((b) => (
                <option key={b._id} value={b._id}>
                  {b.name} ({b.seatsTaken} / {b.seats})
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn--outline" disabled={!target} onClick={() => void onMove(target)}>
            Move to another batch
          </button>
        </>
      )}
    </div>
  );
}

/**
 * Assign Students' joining day and search. `onAdd` sends the student with the joining day and
 * gives back the server's field errors (none when added); a day after today is refused here first.
 */
function StudentSearch({ onAdd }: { onAdd: (student: Student, joinedOn: string) => Promise<Record<string, string>> }) {
  const id = useId();
  const today = indiaToday();
  const [joinedOn, setJoinedOn] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['/api/students', 'search', q],
    queryFn: () => api<Student[]>(`/api/students${listQuery({ q, limit: 20 })}`),
    enabled: q.length > 0,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  const add = async (student: Student) => {
    const parsed = AssignSchema.safeParse({ studentId: student._id, joinedOn });
    if (!parsed.success) {
      const message = fieldErrorsOf(parsed.error.issues)['joinedOn'] ?? 'Please check the joining day.';
      setError(message);
      toast.error(message);
      return;
    }
    setError((await onAdd(student, joinedOn))['joinedOn']);
  };
  return (
    <form className="admin-form" role="search" onSubmit={search}>
      <Field id={`${id}-joined`} label="Joining day" hint="The day the student joined this batch: today, or an earlier day." error={error}>
        {(aria) => <input {...aria} type="date" value={joinedOn} max={today} onChange={(event) => setJoinedOn(event.target.value)} />}
      </Field>
      <div className="form-field">
        <label htmlFor={`${id}-q`}>Search students by name or mobile</label>
        <div className="admin-roster__search">
          <input id={`${id}-q`} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          <button type="submit" className="btn">
            Search
          </button>
        </div>
      </div>
      {found.data && found.data.length === 0 && <p role="status">No student matches “{q}”.</p>}
      {found.data && found.data.length > 0 && (
        <ul className="admin-roster">
          {found.data.map((s) => (
            <li key={s._id} className="admin-roster__item">
              <span className="admin-roster__name">{s.name}</span> <span className="admin-roster__contact">{s.phone ? formatMobile(s.phone) : s.email}</span>
              <button type="button" className="btn" aria-label={`Add ${s.name}`} onClick={() => void add(s)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
