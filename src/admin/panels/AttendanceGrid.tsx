/**
 * A batch's monthly attendance grid (/attendance/{batchId}?month=YYYY-MM, GET
 * /api/admin/batches/{id}/attendance): its students by the month's class days, each mark a
 * letter (the legend below says which), each student's percentage for the month and for the
 * batch so far (below the threshold marked in words, not by colour alone), and the same table to
 * download as an Excel workbook or a CSV file. Where the table does not fit (a phone), each student
 * is a card: their marks side by side, each under its day's name, then the month's and the batch's
 * percentage under theirs, so nothing needs the table's header row and nothing scrolls sideways.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { gridDayLabel, MARK_LABELS, MARK_LETTERS, monthInWords } from '../../lib/attendance-words';
import type { AttendanceGrid as Grid } from '../../lib/schemas/attendance';
import { api, messageOf } from '../api';
import { gridPath } from '../classes/class-paths';
import { PATHS } from '../routes';
import { todayInIndia } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';

export default function AttendanceGrid({ batchId }: { batchId: string }) {
  const id = useId();
  const month = new URLSearchParams(useSearch()).get('month') || todayInIndia().slice(0, 7);
  const [, navigate] = useLocation();
  const address = `/api/admin/batches/${encodeURIComponent(batchId)}/attendance?month=${encodeURIComponent(month)}`;
  const grid = useQuery({ queryKey: ['attendance-grid', batchId, month], queryFn: () => api<Grid>(address), staleTime: 0 });
  const data = grid.data;

  return (
    <section className="admin-panel">
      <PanelHeading title={data ? `Attendance: ${data.batch}` : 'Attendance'} />
      <div className="class-day">
        <label htmlFor={`${id}-month`}>Month</label>
        <input id={`${id}-month`} type="month" value={month} onChange={(event) => event.target.value && navigate(gridPath(batchId, event.target.value))} />
      </div>
      {grid.isPending ? (
        <p role="status">Loading the attendance…</p>
      ) : grid.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(grid.error, 'The attendance could not be loaded.')}</p>
          <Link href={PATHS.classes}>Back to today’s classes</Link>
        </div>
      ) : (
        data && (
          <>
            <p className="admin-note">
              {data.course} · {monthInWords(data.month)} · {data.days.length} {data.days.length === 1 ? 'class' : 'classes'} held
            </p>
            <div className="btn-row">
              <a className="btn btn--sm btn--outline" href={`${address}&format=xlsx`} download>
                Download .xlsx
              </a>
              <a className="btn btn--sm btn--outline" href={`${address}&format=csv`} download>
                Download CSV
              </a>
            </div>
            {data.rows.length === 0 ? (
              <p className="admin-box">No students in this batch.</p>
            ) : (
              <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`Attendance of ${data.batch}, ${monthInWords(data.month)}`}>
                <table className="admin-table class-grid">
                  <thead>
                    <tr>
                      <th scope="col">Student</th>
                      {data.days.map((day) => (
                        <th key={day} scope="col">
                          {Number(day.slice(8))}
                        </th>
                      ))}
                      <th scope="col">Month</th>
                      <th scope="col">Batch</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.studentId}>
                        <th scope="row">{row.name}</th>
                        {row.marks.map((mark, i) => (
                          <td key={data.days[i]} className={`class-grid__mark${mark ? ` class-grid__${mark}` : ''}`}>
                            {/* The day's name where the header row is out of view (a phone); the header names it for a screen reader. */}
                            <span className="class-grid__day" aria-hidden="true">
                              {gridDayLabel(data.days[i]!)}
                            </span>
                            {mark ? <abbr title={MARK_LABELS[mark]}>{MARK_LETTERS[mark]}</abbr> : '–'}
                          </td>
                        ))}
                        <td className="class-grid__figure">
                          <span className="class-grid__label" aria-hidden="true">
                            Month
                          </span>
                          {row.percent === null ? '–' : `${row.percent}%`}
                        </td>
                        <td className="class-grid__figure">
                          <span className="class-grid__label" aria-hidden="true">
                            Batch
                          </span>
                          {row.overall === null ? '–' : `${row.overall}%`}
                          {row.below && <span className="admin-badge admin-badge--warning">Below {data.threshold}%</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="admin-note">{data.legend.map((l) => `${l.letter} = ${l.label}`).join(', ')}. Late counts as attended; leave as missed.</p>
          </>
        )
      )}
    </section>
  );
}
