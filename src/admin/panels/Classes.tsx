/**
 * Today's classes (/classes, GET /api/admin/classes): the day's classes, the caller's own
 * first, each a large card that opens its register, saying whether attendance was taken; on a
 * holiday, its name and no classes. An Owner may pick another day (to correct an older
 * register). Below: the caller's students below the attendance threshold.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { dayInWords } from '../../lib/attendance-words';
import type { ClassesOfDay } from '../../lib/schemas/attendance';
import { api, listQuery, messageOf } from '../api';
import LowAttendanceList from '../classes/LowAttendanceList';
import { gridPath, registerPath } from '../classes/class-paths';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';

export default function Classes() {
  const id = useId();
  const asked = new URLSearchParams(useSearch()).get('day') ?? '';
  const [, navigate] = useLocation();
  const classes = useQuery({
    queryKey: ['classes', asked],
    queryFn: () => api<ClassesOfDay>(`/api/admin/classes${listQuery({ day: asked || null })}`),
    staleTime: 0,
  });
  const data = classes.data;
  const otherDay = data && data.day !== data.today ? data.day : undefined;

  return (
    <section className="admin-panel">
      <PanelHeading title="Today’s classes" />
      {data?.anyDay && (
        <div className="class-day">
          <label htmlFor={`${id}-day`}>Day</label>
          <input
            id={`${id}-day`}
            type="date"
            value={data.day}
            max={data.today}
            onChange={(event) =>
              navigate(event.target.value && event.target.value !== data.today ? `${PATHS.classes}?day=${event.target.value}` : PATHS.classes)
            }
          />
        </div>
      )}
      {classes.isPending ? (
        <p role="status">Loading the day’s classes…</p>
      ) : classes.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(classes.error, 'The day’s classes could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void classes.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        data && (
          <>
            <p className="admin-note">{dayInWords(data.day)}</p>
            {data.holiday ? (
              <p className="admin-box admin-box--info">{data.holiday}: no classes.</p>
            ) : data.classes.length === 0 ? (
              <p className="admin-box">No classes on this day.</p>
            ) : (
              <ul className="class-cards">
                {data.classes.map((c) => (
                  <li key={c.batchId} className="class-card">
                    <Link href={registerPath(c.batchId, otherDay)} className="class-card__open">
                      <span className="class-card__name">{c.batch}</span>
                      <span>
                        {c.startsAt}–{c.endsAt}, {c.room}
                      </span>
                      <span>
                        {c.course} · {c.students} {c.students === 1 ? 'student' : 'students'}
                        {!c.mine && c.teacher ? ` · ${c.teacher}` : ''}
                      </span>
                      <span className={c.taken ? 'admin-badge' : 'admin-badge admin-badge--warning'}>{c.taken ? 'Attendance taken' : 'Not taken yet'}</span>
                    </Link>
                    <Link href={gridPath(c.batchId)} className="class-card__grid">
                      Monthly grid<span className="sr-only"> of {c.batch}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <LowAttendanceList students={data.lowAttendance} threshold={data.attendanceThreshold} />
          </>
        )
      )}
    </section>
  );
}
