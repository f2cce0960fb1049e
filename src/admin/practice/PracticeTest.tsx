/**
 * A practice test's page (/educater/tests/{id}; 'new' for a new test, ?course= to start it in a
 * course): the test's form (TestEditor), then the batches it is open to (TestOpenings), and
 * archiving it (kept for the attempts and results that name it).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast/headless';
import { Link, useSearch } from 'wouter';
import { patternLabel, type PracticeTest as Test } from '../../lib/schemas/practice-tests';
import { api, ApiError, messageOf } from '../api';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { useConfirm } from '../ui/ConfirmDialog';
import TestEditor from './TestEditor';
import TestOpenings from './TestOpenings';
import './practice.css';

export default function PracticeTest({ id }: { id: string }) {
  const course = new URLSearchParams(useSearch()).get('course') ?? '';
  const isNew = id === 'new';
  const test = useQuery({
    queryKey: ['practice', 'test', id],
    queryFn: () => api<Test>(`/api/admin/practice/tests/${encodeURIComponent(id)}`),
    enabled: !isNew,
    staleTime: 0,
  });
  const back = (
    <Link className="btn btn--sm btn--outline" href={PATHS.myCourses}>
      My Courses
    </Link>
  );

  if (isNew) {
    return (
      <section className="admin-panel">
        <PanelHeading title="New practice test">{back}</PanelHeading>
        <TestEditor courseId={/^[1-9]\d{0,17}$/.test(course) ? course : undefined} />
      </section>
    );
  }
  if (!test.data) {
    return (
      <section className="admin-panel">
        <PanelHeading title="A practice test">{back}</PanelHeading>
        {test.isError ? (
          <p role="alert" className="form-error">
            {messageOf(test.error, 'The test could not be loaded.')}
          </p>
        ) : (
          <p role="status">Loading the test…</p>
        )}
      </section>
    );
  }
  const t = test.data;
  return (
    <section className="admin-panel">
      <PanelHeading title={t.title.en}>{back}</PanelHeading>
      <p className="admin-note">
        {t.course} · {patternLabel(t.pattern)}
        {t.sample && ' · Sample test'}
        {t.archivedAt && ' · Archived: kept for its results, no longer changed or opened'}
      </p>
      <TestEditor key={`${t.id}:${t.version}`} test={t} />
      <TestOpenings test={t} />
      {!t.archivedAt && <ArchiveButton test={t} />}
    </section>
  );
}

/** Archives the test after a confirmation (refused in words while it is open to a batch). */
function ArchiveButton({ test }: { test: Test }) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const archive = async () => {
    if (!(await confirm(`Archive the test “${test.title.en}”? It can no longer be opened to a batch; attempts made of it and their results stay.`, 'Archive')))
      return;
    try {
      const answer = await api<{ message: string }>(`/api/admin/practice/tests/${encodeURIComponent(test.id)}?version=${test.version}`, { method: 'DELETE' });
      toast.success(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast.error(messageOf(error, 'The test could not be archived. Please try again.'));
    }
    await queryClient.invalidateQueries({ queryKey: ['practice'] });
  };
  return (
    <div className="btn-row">
      <button type="button" className="btn btn--sm btn--outline admin-btn--danger-outline" onClick={() => void archive()}>
        Archive the test
      </button>
    </div>
  );
}
