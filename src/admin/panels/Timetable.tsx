/**
 * Timetable (/timetable, GET /api/admin/timetable): the week of every running batch, by room or
 * by teacher. Each room's (or teacher's) week is a list of days with their classes in time order,
 * so it reads top to bottom on a phone and as columns on a wide screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DAY_NAMES, timeRange } from '../../lib/batch-words';
import type { WeekClass } from '../../lib/schemas/batch';
import { api, messageOf } from '../api';
import PanelHeading from '../ui/PanelHeading';

interface Group {
  name: string;
  classes: WeekClass[];
}

export default function Timetable() {
  const [view, setView] = useState<'room' | 'teacher'>('room');
  const week = useQuery({ queryKey: ['/api/admin/timetable'], queryFn: () => api<{ byRoom: Group[]; byTeacher: Group[] }>('/api/admin/timetable') });
  const groups = week.data ? (view === 'room' ? week.data.byRoom : week.data.byTeacher) : [];
  return (
    <section className="admin-panel">
      <PanelHeading title="Timetable" />
      <fieldset className="admin-timetable__view">
        <legend>Show the week</legend>
        <label>
          <input type="radio" name="timetable-view" checked={view === 'room'} onChange={() => setView('room')} /> By room
        </label>
        <label>
          <input type="radio" name="timetable-view" checked={view === 'teacher'} onChange={() => setView('teacher')} /> By teacher
        </label>
      </fieldset>
      {week.isError && (
        <p role="alert" className="form-error">
          {messageOf(week.error, 'The timetable could not be loaded.')}
        </p>
      )}
      {week.data && groups.length === 0 && <p>No running batches.</p>}
      {groups.map((group, i) => (
        <section key={group.name} className="admin-timetable" aria-labelledby={`tt-${view}-${i}`}>
          <h2 id={`tt-${view}-${i}`}>{group.name}</h2>
          <div className="admin-timetable__week">
            {DAY_NAMES.slice(1).map((day, index) => {
              const classes = group.classes.filter((c) => c.day === index + 1);
              if (classes.length === 0) return null;
              return (
                <div key={day} className="admin-timetable__day">
                  <h3>{day}</h3>
                  <ul>
                    {classes.map((c) => (
                      <li key={`${c.batchId}-${c.day}`}>
                        <strong>{timeRange(c.startsAt, c.endsAt)}</strong> {c.batch} ({c.course}) · {view === 'room' ? (c.teacher ?? 'No teacher yet') : c.room}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </section>
  );
}
