/**
 * Each question's statistics in one test opened to a batch (on Students Enrolled; GET
 * /api/admin/practice/tests/{id}/question-stats?batch=): by question version, how many were
 * asked it and got it right, the wrong option chosen most (its words), each option's count, and
 * in words why a question may be a bad one; worst first. An edited question shows each version
 * apart, saying which.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { QuestionStats, QuestionStatsAnswer, ResultsTest } from '../../lib/schemas/practice-results';
import { api, listQuery, messageOf } from '../api';

/** Which version this is, in words. */
const versionWords = (s: QuestionStats) =>
  s.versions === 1 ? 'Version 1' : s.current ? `Version ${s.version} of ${s.versions} (current)` : `Version ${s.version} of ${s.versions} (edited since)`;

export default function ResultsStats({ batchId, tests }: { batchId: string; tests: ResultsTest[] }) {
  const id = useId();
  const [testId, setTestId] = useState('');
  const data = useQuery({
    queryKey: ['practice-question-stats', testId, batchId],
    queryFn: () => api<QuestionStatsAnswer>(`/api/admin/practice/tests/${encodeURIComponent(testId)}/question-stats${listQuery({ batch: batchId })}`),
    enabled: testId !== '',
    staleTime: 0,
  });
  const answer = data.data;

  return (
    <section className="admin-box" aria-labelledby={`${id}-title`}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        Question statistics
      </h2>
      <div className="form-field">
        <label htmlFor={`${id}-test`}>Test</label>
        <select id={`${id}-test`} value={testId} onChange={(event) => setTestId(event.target.value)}>
          <option value="">Choose a test</option>
          {tests.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
        <p className="form-hint">
          From this batch’s submitted attempts. A question is flagged when few get it right or a wrong option draws more than the right answer.
        </p>
      </div>
      {testId === '' ? null : data.isPending ? (
        <p role="status">Loading the statistics...</p>
      ) : data.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(data.error, 'The statistics could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void data.refetch()}>
            Try again
          </button>
        </div>
      ) : answer && answer.attempts === 0 ? (
        <p>Nobody in this batch has submitted {answer.test.title} yet.</p>
      ) : (
        answer && (
          <>
            <p role="status">
              {answer.test.title}: {answer.attempts} submitted {answer.attempts === 1 ? 'attempt' : 'attempts'}, {answer.questions.length}{' '}
              {answer.questions.length === 1 ? 'question' : 'questions'} (by version), the weakest first.
            </p>
            <ol className="lead-cards">
              {answer.questions.map((s) => (
                <QuestionCard key={`${s.questionId}:${s.version}`} stats={s} />
              ))}
            </ol>
          </>
        )
      )}
    </section>
  );
}

/** One question version's figures. */
function QuestionCard({ stats: s }: { stats: QuestionStats }) {
  return (
    <li className="lead-card">
      <h3 className="lead-card__name">{s.text.en}</h3>
      <p lang="hi">{s.text.hi}</p>
      <p className="lead-card__meta">
        <span>{versionWords(s)}</span>
        <span>{s.chapter}</span>
      </p>
      <p>
        Asked {s.asked}, answered {s.answered}, right {s.right}
        {s.rightPercent === null ? '' : ` (${s.rightPercent}%)`}.
      </p>
      <p>{s.topWrong ? `Wrong option chosen most: “${s.topWrong.en}” (${s.topWrong.chosen})` : 'No wrong option was chosen.'}</p>
      {s.flags.length > 0 && (
        <ul className="admin-box admin-box--warning">
          {s.flags.map((flag) => (
            <li key={flag}>
              <strong>Check this question:</strong> {flag}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>
          Each option<span className="sr-only"> of “{s.text.en}”</span>
        </summary>
        <ul>
          {s.options.map((o) => (
            <li key={o.id}>
              {o.en} <span lang="hi">({o.hi})</span>: chosen {o.chosen}
              {o.correct ? ' — the right answer' : ''}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
