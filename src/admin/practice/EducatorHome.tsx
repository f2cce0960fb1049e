/**
 * Educator Area (/educater, GET /api/admin/practice/overview): at a glance for the signed-in
 * Teacher (the courses of the batches they teach) or Owner (every course with chapters or tests):
 * per course its chapters and their questions, the numbers of questions and tests, the tests open
 * now (closing soon flagged) and windows to come, with links to the other educator screens. Empty
 * states say what to do first.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { EducatorOverview } from '../../lib/schemas/practice-tests';
import { api, messageOf } from '../api';
import { PATHS, practiceTestPath } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';
import './practice.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The educator area's overview (one query the two screens share). */
export const useOverview = () =>
  useQuery({ queryKey: ['practice', 'overview'], queryFn: () => api<EducatorOverview>('/api/admin/practice/overview'), staleTime: 0 });

/** What a course needs next, in words, or null when it has chapters, questions and tests. */
export function nextStep(c: EducatorOverview['courses'][number]) {
  if (c.chapters.length === 0)
    return (
      <>
        No chapters yet: add them on <Link href={PATHS.educatorCourse}>Add a Course</Link>. Questions and tests belong to chapters.
      </>
    );
  if (c.questions === 0)
    return (
      <>
        No questions yet: add them in the <Link href={PATHS.questions}>Question bank</Link> or <Link href={PATHS.importQuestions}>import a file</Link>.
      </>
    );
  if (c.tests === 0)
    return (
      <>
        No tests yet: <Link href={`${practiceTestPath('new')}?course=${c.id}`}>make one</Link> (a CCC mock, an RS-CIT final mock or a chapter test in one tap).
      </>
    );
  return null;
}

export default function EducatorHome() {
  const overview = useOverview();
  const data = overview.data;
  return (
    <section className="admin-panel">
      <PanelHeading title="Educator Area" />
      <nav className="practice-links" aria-label="Educator screens">
        <Link className="btn btn--sm btn--outline" href={PATHS.myCourses}>
          My Courses
        </Link>
        <Link className="btn btn--sm btn--outline" href={PATHS.educatorCourse}>
          Add a Course
        </Link>
        <Link className="btn btn--sm btn--outline" href={PATHS.questions}>
          Question bank
        </Link>
        <Link className="btn btn--sm btn--outline" href={PATHS.importQuestions}>
          Import questions
        </Link>
        <Link className="btn btn--sm btn--outline" href={PATHS.enrolled}>
          Students Enrolled
        </Link>
      </nav>
      {overview.isError ? (
        <p role="alert" className="form-error">
          {messageOf(overview.error, 'Your courses could not be loaded.')}
        </p>
      ) : !data ? (
        <p role="status">Loading your courses…</p>
      ) : data.courses.length === 0 ? (
        <p className="admin-box admin-box--info">
          {data.scope === 'teacher' ? (
            <>You teach no batch yet: a course shows here once the Owner makes you the teacher of one of its batches (Batch List).</>
          ) : (
            <>
              No course has chapters or tests yet. Start on <Link href={PATHS.educatorCourse}>Add a Course</Link>: give a course its chapters, then add
              questions in the <Link href={PATHS.questions}>Question bank</Link>, then make a test from My Courses.
            </>
          )}
        </p>
      ) : (
        <>
          <p className="admin-note">{data.scope === 'teacher' ? 'The courses of the batches you teach.' : 'Every course with chapters or tests.'}</p>
          {data.courses.map((c) => {
            const step = nextStep(c);
            return (
              <article key={c.id} className="admin-box practice-course" aria-labelledby={`course-${c.id}`}>
                <h2 id={`course-${c.id}`} className="admin-subheading">
                  {c.title}
                </h2>
                <ul className="practice-figures">
                  <li>{plural(c.chapters.length, 'chapter')}</li>
                  <li>{plural(c.questions, 'question')}</li>
                  <li>{plural(c.tests, 'test')}</li>
                  <li>
                    {plural(
                      c.batches,
                      data.scope === 'teacher' ? 'batch you teach' : 'batch not completed',
                      data.scope === 'teacher' ? 'batches you teach' : 'batches not completed',
                    )}
                  </li>
                </ul>
                {step && <p className="admin-box admin-box--warning">{step}</p>}
                {c.chapters.length > 0 && (
                  <details>
                    <summary>Chapters</summary>
                    <ul>
                      {c.chapters.map((ch) => (
                        <li key={ch.id}>
                          {ch.title}: {plural(ch.questions, 'question')}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <h3 className="admin-subheading">Open now</h3>
                {c.openNow.length === 0 ? (
                  <p>
                    No test is open to {data.scope === 'teacher' ? 'your batches' : 'a batch'} now
                    {c.upcoming ? ` (${plural(c.upcoming, 'window')} to come)` : ''}.
                  </p>
                ) : (
                  <ul className="admin-list">
                    {c.openNow.map((o) => (
                      <li key={o.id} className="admin-list__item">
                        <span className="admin-list__text">
                          <Link href={practiceTestPath(o.testId)}>{o.test}</Link> · {o.batch}
                          {o.closingSoon && <span className="admin-badge admin-badge--warning">Closing soon</span>}
                          <span className="admin-list__note">
                            Until {formatMoment(o.closesAt)} · {o.started} of {plural(o.students, 'student')} started
                          </span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {c.openNow.length > 0 && c.upcoming > 0 && <p className="admin-note">{plural(c.upcoming, 'window')} to come.</p>}
              </article>
            );
          })}
        </>
      )}
    </section>
  );
}
