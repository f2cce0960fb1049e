/**
 * The Batch submenu's roster screens, one batch at a time (picked from the list of batches):
 * - Assign Students (/batches/assign): search students by name or mobile (GET /api/students?q=)
 *   and Add (POST …/students); a full batch's refusal is shown as the server words it;
 * - Edit Students (/batches/roster): each student's place (Active, Completed, Left) and Move to
 *   another batch (their attendance stays with the batch it was taken in);
 * - Delete Students (/batches/remove): Remove after a question naming the student and the batch.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { BATCH_STATUS_LABELS, ROSTER_STATUS_LABELS, ROSTER_STATUSES, daysInWords, timeRange, type RosterStatus } from '../../lib/batch-words';
import type { Batch, RosterEntry } from '../../lib/schemas/batch';
import type { Student } from '../../lib/schemas/student';
import { api, listQuery, messageOf } from '../api';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';

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
      <div className="admin-form">
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
      {mode === 'assign' && <StudentSearch onAdd={(s) => change(() => api(path, { body: { studentId: s._id } }), `${s.name} could not be added.`)} />}
      <h2>Students in {batch.name}</h2>
      {students.length === 0 ? (
        <p>No students in this batch yet.</p>
      ) : (
        <ul className="admin-roster">
          {students.map((s) => (
            <li key={s.studentId} className="admin-roster__item">
              <span className="admin-roster__name">{s.name}</span> <span>{s.phone ?? s.email}</span> <span>{ROSTER_STATUS_LABELS[s.status]}</span>
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
                  className="btn btn--sm btn--outline admin-btn--danger-outline"
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
      <label htmlFor={`${id}-status`}>Status of {entry.name}</label>
      <select id={`${id}-status`} value={entry.status} onChange={(e) => void onStatus(e.target.value as RosterStatus)}>
        {ROSTER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ROSTER_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {entry.status !== 'left' && others.length > 0 && (
        <>
          <label htmlFor={`${id}-move`}>Move {entry.name} to another batch</label>
          <select id={`${id}-move`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Choose a batch</option>
            {others.map((b) => (
              <option key={b._id} value={b._id}>
                {b.name} ({b.seatsTaken} / {b.seats})
              </option>
            ))}
          </select>
          <button type="button" className="btn btn--sm btn--outline" disabled={!target} onClick={() => void onMove(target)}>
            Move to another batch
          </button>
        </>
      )}
    </div>
  );
}

function StudentSearch({ onAdd }: { onAdd: (student: Student) => Promise<void> }) {
  const id = useId();
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
  return (
    <form className="admin-form" role="search" onSubmit={search}>
      <label htmlFor={`${id}-q`}>Search students by name or mobile</label>
      <div className="btn-row">
        <input id={`${id}-q`} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        <button type="submit" className="btn btn--sm">
          Search
        </button>
      </div>
      {found.data && found.data.length === 0 && <p role="status">No student matches “{q}”.</p>}
      {found.data && found.data.length > 0 && (
        <ul className="admin-roster">
          {found.data.map((s) => (
            <li key={s._id} className="admin-roster__item">
              <span className="admin-roster__name">{s.name}</span> <span>{s.phone ?? s.email}</span>
              <button type="button" className="btn btn--sm" aria-label={`Add ${s.name}`} onClick={() => void onAdd(s)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
