/**
 * /tests/result?id=…: a submitted attempt as the server marked it (GET …/attempts/{id}/result,
 * decision 052): the score out of the total, passed or not, time taken, each chapter's marks; when
 * the server submitted it at the deadline, how many answers had not reached it in time; and, when
 * the test shows answers, each question with the student's answer, the right one and the
 * explanation in both languages. Hydrated by `client:session`.
 */
import { useEffect, useId, useState } from 'react';
import {
  tests_attempt_number,
  tests_back,
  tests_by_deadline,
  tests_chapter_column,
  tests_chapters,
  tests_correct_line,
  tests_duration,
  tests_explanation,
  tests_marks_column,
  tests_marks_gained,
  tests_no_review,
  tests_not_answered,
  tests_pass_marks,
  tests_result_failed,
  tests_result_loading,
  tests_result_not_passed,
  tests_result_passed,
  tests_review_title,
  tests_right,
  tests_right_answer,
  tests_score,
  tests_score_of,
  tests_submitted_on,
  tests_time_taken,
  tests_unsent_line,
  tests_wrong,
  tests_your_answer,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { formatIndiaMoment } from '../../lib/india-time';
import { formatMarks } from '../../lib/practice/tests-overview';
import type { AttemptResult, BothLanguages, ReviewQuestion } from '../../lib/schemas/practice-attempts';
import { NotLoaded, useOwnRecords } from './own-records';

const isResult = (data: Partial<AttemptResult>) => typeof data.score === 'number' && Array.isArray(data.chapters);

/** Both languages, each marked with its own. */
function Both({ text }: { text: BothLanguages }) {
  return (
    <>
      <span lang="en-IN" className="words">
        {text.en}
      </span>{' '}
      <span lang="hi-IN" className="words">
        {text.hi}
      </span>
    </>
  );
}

function Options({ question, ids }: { question: ReviewQuestion; ids: number[] }) {
  const chosen = question.options.filter((option) => ids.includes(option.id));
  if (!chosen.length) return <>{tests_not_answered()}</>;
  return (
    <ul className="review__options">
      {chosen.map((option) => (
        <li key={option.id}>
          <Both text={option} />
        </li>
      ))}
    </ul>
  );
}

function Review({ review }: { review: ReviewQuestion[] }) {
  return (
    <ol className="review">
      {review.map((question) => {
        const right = question.chosen.length > 0 && [...question.chosen].sort().join() === [...question.correct].sort().join();
        return (
          <li key={question.position} className="review__question">
            <p className="review__text">
              <Both text={question.text} />
            </p>
            <p className={right ? 'tests__pass' : 'tests__fail'}>
              <strong>{right ? `✓ ${tests_right()}` : `✗ ${tests_wrong()}`}</strong> · {tests_marks_gained({ marks: formatMarks(question.marks) })}
            </p>
            <dl className="review__facts">
              <dt>{tests_your_answer()}</dt>
              <dd>
                <Options question={question} ids={question.chosen} />
              </dd>
              <dt>{tests_right_answer()}</dt>
              <dd>
                <Options question={question} ids={question.correct} />
              </dd>
              <dt>{tests_explanation()}</dt>
              <dd>
                <Both text={question.explanation} />
              </dd>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

function Loaded({ id }: { id: string }) {
  const heading = useId();
  const locale = getLocale();
  const { loaded, retry } = useOwnRecords<AttemptResult>(`/api/tests/attempts/${encodeURIComponent(id)}/result`, isResult);
  if (loaded.state !== 'done') return <NotLoaded state={loaded.state} loading={tests_result_loading()} failed={tests_result_failed()} onRetry={retry} />;
  const result = loaded.data;
  const minutes = Math.floor(result.timeTakenSeconds / 60);
  return (
    <div className="result">
      <section className="card" aria-labelledby={`${heading}-score`}>
        <h2 id={`${heading}-score`}>
          {locale === 'hi' ? result.test.title.hi : result.test.title.en} · {tests_attempt_number({ number: result.number })}
        </h2>
        <p className="result__score">
          {tests_score()}: <strong>{tests_score_of({ score: formatMarks(result.score), max: formatMarks(result.maxScore) })}</strong>
        </p>
        <p className={`result__verdict ${result.passed ? 'tests__pass' : 'tests__fail'}`}>
          <span aria-hidden="true">{result.passed ? '✓ ' : '✗ '}</span>
          {result.passed ? tests_result_passed() : tests_result_not_passed()} {tests_pass_marks({ marks: formatMarks(result.passMarks) })}
        </p>
        <p>{tests_correct_line({ correct: result.correct, answered: result.answered, questions: result.questions })}</p>
        <dl className="profile__facts">
          <div>
            <dt>{tests_time_taken()}</dt>
            <dd>{tests_duration({ minutes, seconds: result.timeTakenSeconds % 60 })}</dd>
          </div>
          <div>
            <dt>{tests_submitted_on()}</dt>
            <dd>{formatIndiaMoment(result.submittedAt, locale)}</dd>
          </div>
        </dl>
        {result.submittedBy === 'deadline' && (
          <p className="result__deadline">
            {tests_by_deadline()} {result.unsent ? tests_unsent_line({ count: result.unsent }) : ''}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby={`${heading}-chapters`}>
        <h2 id={`${heading}-chapters`}>{tests_chapters()}</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{tests_chapter_column()}</th>
                <th scope="col">{tests_marks_column()}</th>
              </tr>
            </thead>
            <tbody>
              {result.chapters.map((chapter, i) => (
                <tr key={i}>
                  <th scope="row">{locale === 'hi' ? chapter.title.hi : chapter.title.en}</th>
                  <td>{tests_score_of({ score: formatMarks(chapter.score), max: formatMarks(chapter.max) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby={`${heading}-review`}>
        <h2 id={`${heading}-review`}>{tests_review_title()}</h2>
        {result.review ? <Review review={result.review} /> : <p className="profile__note">{tests_no_review()}</p>}
      </section>
      <p>
        <a className="btn btn--outline" href={pathIn('/tests', locale)}>
          {tests_back()}
        </a>
      </p>
    </div>
  );
}

export default function TestResult() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(location.search).get('id')), []);
  if (id === undefined) return null;
  if (!id) {
    return (
      <p className="profile__note" role="status">
        {tests_result_failed()}
      </p>
    );
  }
  return <Loaded id={id} />;
}
