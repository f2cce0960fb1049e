/**
 * A student's tests (GET /api/tests, decision 052): those open to them now — title, questions,
 * duration, marks, the window's end in India's time, attempts left, Start or Continue — and their
 * history: every attempt with its score, pass or fail and day, and per test the scores in order
 * with their rise or fall; or the Terms' words once the history is no longer shown. On /tests in
 * full; on /account (`short`) the open tests and every attempt with its trend per test, under the
 * section's own headings, and a link to /tests.
 */
import { useId, useState } from 'react';
import {
  tests_all_link,
  tests_attempt_line,
  tests_attempts_left,
  tests_closes,
  tests_continue,
  tests_down,
  tests_history_hidden,
  tests_history_none,
  tests_history_title,
  tests_load_failed,
  tests_loading,
  tests_marks,
  tests_minutes,
  tests_none_open,
  tests_not_passed,
  tests_open_title,
  tests_page_title,
  tests_passed,
  tests_questions,
  tests_same,
  tests_see_result,
  tests_start,
  tests_start_failed,
  tests_starting,
  tests_trend,
  tests_up,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { formatIndiaDay, formatIndiaMoment } from '../../lib/india-time';
import { initialState, keepPaper, keepState } from '../../lib/practice/attempt-keep';
import { formatMarks, isOverview, trendsOf, type HistoryAttempt, type OpenTest, type TestsOverview as Overview } from '../../lib/practice/tests-overview';
import type { BothLanguages, Paper } from '../../lib/schemas/practice-attempts';
import { NotLoaded, useOwnRecords } from '../islands/own-records';
import { attemptPath, resultPath, send } from './send';

const inPageLanguage = (text: BothLanguages) => (getLocale() === 'hi' ? text.hi : text.en);

function OpenTestCard({ open }: { open: OpenTest }) {
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState('');
  const locale = getLocale();
  const left = Math.max(0, open.attemptsAllowed - open.attemptsUsed);

  const start = async () => {
    setStarting(true);
    setRefusal('');
    const result = await send<Paper>('POST', `/api/tests/${encodeURIComponent(open.openingId)}/start`, {});
    if (result.ok && Array.isArray(result.data.questions)) {
      keepPaper(result.data);
      keepState(result.data.attemptId, initialState(result.data, Date.now()));
      location.assign(attemptPath(result.data.attemptId, locale));
      return;
    }
    setStarting(false);
    setRefusal(result.data.message || tests_start_failed());
  };

  return (
    <li className="tests__open">
      <h3 className="tests__name">{inPageLanguage(open.title)}</h3>
      <p className="tests__facts">
        {tests_questions({ count: open.questions })} · {tests_minutes({ count: open.durationMinutes })} ·{' '}
        {tests_marks({ marks: formatMarks(open.maxMarks), pass: formatMarks(open.passMarks) })}
      </p>
      <p className="tests__facts">
        {tests_closes({ when: formatIndiaMoment(open.closesAt, locale) })} · {tests_attempts_left({ left, allowed: open.attemptsAllowed })}
      </p>
      {open.inProgress ? (
        <a className="btn" href={attemptPath(open.inProgress.attemptId, locale)}>
          {tests_continue()}
        </a>
      ) : (
        left > 0 && (
          <button type="button" className="btn" onClick={() => void start()} disabled={starting}>
            {starting ? tests_starting() : tests_start()}
          </button>
        )
      )}
      {refusal && (
        <p className="tests__refusal" role="alert">
          {refusal}
        </p>
      )}
    </li>
  );
}

function AttemptLine({ attempt }: { attempt: HistoryAttempt }) {
  const locale = getLocale();
  return (
    <li>
      {tests_attempt_line({
        number: attempt.number,
        day: formatIndiaDay(attempt.submittedAt, locale),
        score: formatMarks(attempt.score),
        max: formatMarks(attempt.maxScore),
      })}{' '}
      <strong className={attempt.passed ? 'tests__pass' : 'tests__fail'}>{attempt.passed ? tests_passed() : tests_not_passed()}</strong>{' '}
      <a href={resultPath(attempt.attemptId, locale)}>
        {tests_see_result()}
        <span className="sr-only">: {inPageLanguage(attempt.test.title)}</span>
      </a>
    </li>
  );
}

const CHANGE = { up: ['↑', tests_up], down: ['↓', tests_down], same: ['→', tests_same] } as const;

function History({ history, hidden, short }: { history: HistoryAttempt[]; hidden: number; short: boolean }) {
  if (!history.length) return <p className="profile__note">{hidden ? tests_history_hidden() : tests_history_none()}</p>;
  // On /account each test's name sits under the section's own h3s.
  const Name = short ? 'h4' : 'h3';
  return (
    <ul className="tests__history">
      {trendsOf(history).map((trend) => (
        <li key={trend.test.id}>
          <Name className="tests__name">{inPageLanguage(trend.test.title)}</Name>
          <p className="tests__trend">
            {tests_trend()}:{' '}
            {trend.scores.map((score, i) => (
              <span key={score.attemptId}>
                {i > 0 && ', '}
                {score.percent}%
                {score.change && (
                  <>
                    {' '}
                    <span aria-hidden="true">{CHANGE[score.change][0]}</span>
                    <span className="sr-only">{CHANGE[score.change][1]()}</span>
                  </>
                )}
              </span>
            ))}
          </p>
          <ul className="tests__attempts">
            {history
              .filter((attempt) => attempt.test.id === trend.test.id)
              .map((attempt) => (
                <AttemptLine key={attempt.attemptId} attempt={attempt} />
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export default function TestsOverview({ short = false }: { short?: boolean }) {
  const id = useId();
  const { loaded, retry } = useOwnRecords<Overview>('/api/tests', isOverview);
  const body =
    loaded.state !== 'done' ? (
      <NotLoaded state={loaded.state} loading={tests_loading()} failed={tests_load_failed()} onRetry={retry} />
    ) : (
      <>
        {short && <h3 className="tests__sub">{tests_open_title()}</h3>}
        {loaded.data.open.length ? (
          <ul className="tests__list">
            {loaded.data.open.map((open) => (
              <OpenTestCard key={open.openingId} open={open} />
            ))}
          </ul>
        ) : (
          <p className="profile__note">{tests_none_open()}</p>
        )}
        {short && <h3 className="tests__sub">{tests_history_title()}</h3>}
        {short && <History history={loaded.data.history} hidden={loaded.data.hiddenHistory} short />}
        {short && (
          <p>
            <a href={pathIn('/tests', getLocale())}>{tests_all_link()}</a>
          </p>
        )}
      </>
    );
  if (short) {
    return (
      <section className="card profile" aria-labelledby={`${id}-tests`}>
        <h2 id={`${id}-tests`}>{tests_page_title()}</h2>
        {body}
      </section>
    );
  }
  return (
    <div className="tests">
      <section className="card" aria-labelledby={`${id}-open`}>
        <h2 id={`${id}-open`}>{tests_open_title()}</h2>
        {body}
      </section>
      {loaded.state === 'done' && (
        <section className="card" aria-labelledby={`${id}-history`}>
          <h2 id={`${id}-history`}>{tests_history_title()}</h2>
          <History history={loaded.data.history} hidden={loaded.data.hiddenHistory} short={false} />
        </section>
      )}
    </div>
  );
}
