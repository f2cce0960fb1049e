/**
 * The students below the attendance threshold (set by the Owner in Settings): on Today for those who run
 * the office, and on Today's classes for a Teacher (their own batches). Each opens the batch's
 * monthly grid.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { attendedInWords } from '../../lib/attendance-words';
import type { LowAttendance } from '../../lib/schemas/attendance';
import { gridPath } from './class-paths';

export default function LowAttendanceList({ students, threshold }: { students: LowAttendance[]; threshold: number }) {
  const id = useId();
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Attendance below {threshold}% <span className="lead-section__count">({students.length})</span>
      </h2>
      {students.length === 0 ? (
        <p>Every student of a running batch is at or above {threshold}%.</p>
      ) : (
        <ul className="class-low">
          {students.map((s) => (
            <li key={`${s.batchId}-${s.studentId}`}>
              <Link href={gridPath(s.batchId)} className="class-low__link">
                <strong>{s.name}</strong> <span className="class-low__percent">{s.percent}%</span>
                <span className="class-low__meta">
                  {s.batch} ({s.course}): {attendedInWords(s)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
