/**
 * The attendance screens as one lazily loaded part of the app (one chunk, so the app's first
 * script carries one loader for the three): Today's classes, a class's register, a batch's
 * monthly grid.
 */
import AttendanceGrid from './AttendanceGrid';
import Classes from './Classes';
import Register from './Register';

export default function Attendance({ screen, batchId = '' }: { screen: 'classes' | 'register' | 'grid'; batchId?: string | undefined }) {
  if (screen === 'classes') return <Classes />;
  return screen === 'register' ? <Register key={batchId} batchId={batchId} /> : <AttendanceGrid batchId={batchId} />;
}
