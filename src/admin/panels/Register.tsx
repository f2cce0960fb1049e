/**
 * A class's register (/classes/{batchId}?day=YYYY-MM-DD, GET and PUT
 * /api/admin/batches/{id}/attendance/{day}): every student present until tapped; one tap makes a
 * student Absent, the next Late, then Leave (with a reason field), then Present again. No dialog
 * on the way: 30 students are marked in seconds. A sticky bar counts the marks and saves. Saving
 * twice records once; a colleague's save in between is shown (409) with their marks in place.
 * Once saved, and whenever a saved register is opened again: the absent students, each with
 * one-tap WhatsApp messages to them and their guardian (content/whatsapp.json, English or Hindi).
 * Unsaved marks survive a lost session (drafts.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useSearch } from 'wouter';
import { dayInWords, MARK_LABELS, type Mark } from '../../lib/attendance-words';
import type { Register as RegisterData, SavedRegister } from '../../lib/schemas/attendance';
import { api, ApiError, messageOf } from '../api';
import AbsentMessages from '../classes/AbsentMessages';
import { useDraft } from '../drafts';
import { gridPath } from '../classes/class-paths';
import { PATHS } from '../routes';
import { todayInIndia } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';

/** The next mark of a tap. */
const NEXT: Record<Mark, Mark> = { present: 'absent', absent: 'late', late: 'leave', leave: 'present' };

type Marks = Record<string, { mark: Mark; reason: string }>;

const marksOf = (register: RegisterData): Marks => Object.fromEntries(register.students.map((s) => [s.studentId, { mark: s.mark, reason: s.reason ?? '' }]));

/**
 * The marks in hand over the register's own: a student they do not name (one who joined the batch
 * after a kept draft was made) keeps the register's mark, so they are counted, shown and saved.
 */
const withRegister = (register: RegisterData, marks: Marks | null): Marks => ({ ...marksOf(register), ...marks });

export default function Register({ batchId }: { batchId: string }) {
  const id = useId();
  const day = new URLSearchParams(useSearch()).get('day') || todayInIndia();
  const address = `/api/admin/batches/${encodeURIComponent(batchId)}/attendance/${day}`;
  const client = useQueryClient();
  const register = useQuery({ queryKey: ['register', batchId, day], queryFn: () => api<RegisterData>(address), staleTime: 0 });
  const [marks, setMarks] = useState<Marks | null>(null);
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedRegister | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const data = register.data;
  useEffect(() => {
    if (data && marks === null) {
      setMarks(marksOf(data));
      setVersion(data.version);
    }
  }, [data, marks]);

  useDraft<{ marks: Marks; version: number }>(
    `register:${batchId}:${day}`,
    'register',
    () => (dirty && marks ? { marks, version } : null),
    (draft) => {
      setMarks(draft.marks);
      setVersion(draft.version);
      setDirty(true);
    },
  );

  const tap = (studentId: string) => {
    setMarks((now) => {
      const all = data ? withRegister(data, now) : { ...now };
      const current = all[studentId] ?? { mark: 'present' as Mark, reason: '' };
      return { ...all, [studentId]: { ...current, mark: NEXT[current.mark] } };
    });
    setDirty(true);
    setSaved(null);
  };
  const setReason = (studentId: string, reason: string) => {
    setMarks((now) => {
      const all = data ? withRegister(data, now) : { ...now };
      return { ...all, [studentId]: { mark: all[studentId]?.mark ?? 'leave', reason } };
    });
    setDirty(true);
  };

  const save = async () => {
    if (!data) return;
    const all = withRegister(data, marks);
    const missing = data.students.find((s) => all[s.studentId]?.mark === 'leave' && !all[s.studentId]!.reason.trim());
    if (missing) {
      toast.error(`Please write the reason for ${missing.name}’s leave.`);
      document.getElementById(`${id}-reason-${missing.studentId}`)?.focus();
      return;
    }
    setSaving(true);
    setConflict(null);
    try {
      const body = {
        marks: data.students.map((s) => ({
          studentId: s.studentId,
          mark: all[s.studentId]!.mark,
          ...(all[s.studentId]!.reason.trim() && { reason: all[s.studentId]!.reason.trim() }),
        })),
        ...(version > 0 && { version }),
      };
      const answer = await api<SavedRegister>(address, { method: 'PUT', body });
      setSaved(answer);
      setMarks(marksOf(answer));
      setVersion(answer.version);
      setDirty(false);
      toast.success(
        answer.outcome === 'unchanged' ? 'Already saved: nothing changed.' : answer.outcome === 'corrected' ? 'Register corrected.' : 'Attendance saved.',
      );
      void client.invalidateQueries({ queryKey: ['classes'] });
    } catch (error) {
      const current = error instanceof ApiError && error.status === 409 ? (error.data.current as RegisterData | undefined) : undefined;
      if (current) {
        setMarks(marksOf(current));
        setVersion(current.version);
        setConflict(messageOf(error, 'A colleague saved this register first.'));
      } else toast.error(messageOf(error, 'The register could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  if (register.isPending) return <p role="status">Loading the register…</p>;
  if (register.isError || !data)
    return (
      <section className="admin-panel">
        <PanelHeading title="Register" />
        <p className="form-error" role="alert">
          {messageOf(register.error, 'The register could not be loaded.')}
        </p>
        <Link href={PATHS.classes}>Back to today’s classes</Link>
      </section>
    );

  const shown = withRegister(data, marks);
  const count = (mark: Mark) => data.students.filter((s) => shown[s.studentId]?.mark === mark).length;
  const counts = (['present', 'absent', 'late', 'leave'] as const)
    .filter((m) => m === 'present' || m === 'absent' || count(m) > 0)
    .map((m) => `${count(m)} ${m === 'leave' ? 'on leave' : m}`)
    .join(', ');

  return (
    <section className="admin-panel register">
      <PanelHeading title={`Register: ${data.batch}`} />
      <p className="admin-note">
        {data.course} · {dayInWords(data.day)} · <Link href={gridPath(data.batchId, data.day.slice(0, 7))}>Monthly grid</Link>
      </p>
      {data.saved && !saved && (
        <p className="admin-note">Saved{data.savedBy ? ` by ${data.savedBy}` : ''}. Tap a student to correct their mark, then save again.</p>
      )}
      {!data.editable && <p className="admin-box admin-box--warning">{data.notEditable}</p>}
      {conflict && (
        <p className="admin-box admin-box--warning" role="alert">
          {conflict}
        </p>
      )}
      {data.students.length === 0 ? (
        <p className="admin-box">No students are on this batch’s roster.</p>
      ) : (
        <>
          {data.editable && (
            <p className="form-hint">
              {!data.saved && !saved && !dirty ? 'Everyone is present until tapped. ' : ''}Tap a student once for Absent, again for Late, again for Leave, again
              for Present.
            </p>
          )}
          <ul className="register__list">
            {data.students.map((s) => {
              const { mark, reason } = shown[s.studentId] ?? { mark: 'present' as Mark, reason: '' };
              return (
                <li key={s.studentId} className={`register__student register__student--${mark}`}>
                  <button type="button" className="register__tap" disabled={!data.editable || saving} onClick={() => tap(s.studentId)}>
                    <span className="register__name">
                      {s.name}
                      {!s.onRoster && <span className="admin-note"> (no longer in the batch)</span>}
                    </span>
                    <span className="register__mark">{MARK_LABELS[mark]}</span>
                  </button>
                  {(mark === 'leave' || (mark === 'late' && reason)) && (
                    <div className="register__reason">
                      <label htmlFor={`${id}-reason-${s.studentId}`}>
                        Reason{mark === 'late' ? ' (optional)' : ''}
                        <span className="sr-only"> for {s.name}</span>
                      </label>
                      <input
                        id={`${id}-reason-${s.studentId}`}
                        type="text"
                        maxLength={200}
                        value={reason}
                        disabled={!data.editable}
                        required={mark === 'leave'}
                        onChange={(event) => setReason(s.studentId, event.target.value)}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {data.editable && (
            <div className="register__bar">
              <p className="register__counts" aria-live="polite">
                {counts}
              </p>
              <button type="button" className="btn" disabled={saving} onClick={() => void save()}>
                {saving ? 'Saving…' : data.saved || saved ? 'Save changes' : 'Save attendance'}
              </button>
            </div>
          )}
        </>
      )}
      {/* The messages follow the marks as saved: after this save, or a saved register opened again until a mark is changed. */}
      {(saved ?? (data.saved && !dirty ? data : null)) && <AbsentMessages register={saved ?? data} />}
    </section>
  );
}
