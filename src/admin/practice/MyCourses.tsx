/**
 * My Courses (/educater/my-courses): the courses the signed-in Teacher teaches (the Owner: every
 * course with chapters or tests), each with its tests — pattern, questions, duration, marks and
 * openings — and "New test". GET /api/admin/practice/overview and /api/admin/practice/tests.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { marksInWords, patternLabel, type PracticeTestSummary } from '../../lib/schemas/practice-tests';
import { api, messageOf } from '../api';
import { PATHS, practiceTestPath } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { nextStep, useOverview } from './EducatorHome';
import './practice.css';

export default function MyCourses() {
  const overview = useOverview();
  const tests = useQuery({
    queryKey: ['practice', 'tests'],
    queryFn: () => api<{ tests: PracticeTestSummary[] }>('/api/admin/practice/tests'),
    staleTime: 0,
  });
  const failed = overview.error ?? tests.error;
  const courses = overview.data;
  const list = tests.data;
  return (
    <section className="admin-panel">
      <PanelHeading title="My Courses">
        <Link className="btn btn--sm" href={practiceTestPath('new')}>
          New test
        </Link>
      </PanelHeading>
      {failed ? (
        <p role="alert" className="form-error">
          {messageOf(failed, 'Your courses could not be loaded.')}
        </p>
      ) : !courses || !list ? (
        <p role="status">Loading your courses…</p>
      ) : courses.courses.length === 0 ? (
        <p className="admin-box admin-box--info">
          {courses.scope === 'teacher'
            ? 'You teach no batch yet: your courses show here once the Owner makes you the teacher of a batch (Batch List).'
            : 'No course has chapters or tests yet: give a course its chapters on Add a Course, add questions, then make a test here with New test.'}{' '}
          <Link href={PATHS.educatorCourse}>Add a Course</Link>
        </p>
      ) : (
        courses.courses.map((c) => {
          const own = list.tests.filter((t) => t.courseId === c.id);
          const step = nextStep(c);
          return (
            <article key={c.id} className="admin-box practice-course" aria-labelledby={`my-course-${c.id}`}>
              <div className="admin-panel__head">
                <h2 id={`my-course-${c.id}`} className="admin-subheading">
                  {c.title}
                </h2>
                <Link className="btn btn--sm btn--outline" href={`${practiceTestPath('new')}?course=${c.id}`}>
                  New test<span className="sr-only"> in {c.title}</span>
                </Link>
              </div>
              {own.length === 0 ? (
                <p>{step ?? 'No tests yet: make one with New test.'}</p>
              ) : (
                <ul className="admin-list">
                  {own.map((t) => (
                    <li key={t.id} className="admin-list__item">
                      <span className="admin-list__text">
                        <Link href={practiceTestPath(t.id)}>{t.title.en}</Link>
                        {t.sample && <span className="admin-badge admin-badge--muted">Sample</span>}
                        <span className="admin-list__note">
                          {patternLabel(t.pattern)} · {t.questions} questions{t.kind === 'fixed' ? ' (fixed paper)' : ''} · {t.durationMinutes} minutes ·{' '}
                          {marksInWords(t.maxMarks)} marks, pass {marksInWords(t.passMarks)}
                        </span>
                        <span className="admin-list__note">
                          {t.openNow || t.upcoming
                            ? [t.openNow ? `Open now to ${t.openNow} batch${t.openNow === 1 ? '' : 'es'}` : '', t.upcoming ? `${t.upcoming} to come` : '']
                                .filter(Boolean)
                                .join(' · ')
                            : 'Not open to a batch'}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </article>
          );
        })
      )}
    </section>
  );
}
