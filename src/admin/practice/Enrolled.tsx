/**
 * Students Enrolled (/educater/student-enrolled; an Owner for every batch, a Teacher for the
 * batches they teach): pick a batch, see its students by the tests opened to it — each student's
 * best and last score as marks ("62 / 100") with pass or fail in words, their attempts, "Not
 * attempted" for who has none (GET /api/admin/practice/results). The table becomes a card per
 * student on a phone (each test under its name), so nothing scrolls sideways. The batch's results
 * download as an Excel workbook, and each test's question statistics open below (ResultsStats).
 * A batch named in the address (?batch=) is chosen at first.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { scoreText, type ResultsAnswer, type ResultsCell, type ScoreShown } from '../../lib/schemas/practice-results';
import { api, listQuery, messageOf } from '../api';
import { formatDay, formatMoment } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import ResultsStats from './ResultsStats';

/** A score in words: marks, then pass or fail (never by colour alone). */
const scoreWords = (score: ScoreShown) => `${scoreText(score.score, score.maxScore)}, ${score.passed ? 'passed' : 'failed'}`;

export default function Enrolled() {
  const id = useId();
  const [batch, setBatch] = useState(() => new URLSearchParams(location.search).get('batch') ?? '');
  const data = useQuery({
    queryKey: ['practice-results', batch],
    queryFn: () => api<ResultsAnswer>(`/api/admin/practice/results${listQuery({ batch: batch || null })}`),
    staleTime: 0,
  });
  const answer = data.data;

  const choose = (value: string) => {
    setBatch(value);
    const url = new URL(location.href);
    if (value) url.searchParams.set('batch', value);
    else url.searchParams.delete('batch');
    history.replaceState(history.state, '', url);
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Students Enrolled" />
      <div className="form-field">
        <label htmlFor={`${id}-batch`}>Batch</label>
        <select id={`${id}-batch`} value={batch} onChange={(event) => choose(event.target.value)}>
          <option value="">Choose a batch</option>
          {answer?.batches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} · {b.course} · {b.status}
            </option>
          ))}
        </select>
        {answer && answer.batches.length === 0 && <p className="form-hint">You teach no batch yet: a batch’s results show here once you teach one.</p>}
      </div>

      {data.isPending ? (
        <p role="status">Loading the results...</p>
      ) : data.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(data.error, 'The results could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void data.refetch()}>
            Try again
          </button>
        </div>
      ) : answer?.batch && answer.tests && answer.students ? (
        <>
          <h2 className="admin-subheading">
            {answer.batch.name}: {answer.batch.course}
          </h2>
          <p className="admin-note">
            {answer.batch.status}
            {answer.batch.teacher ? ` · ${answer.batch.teacher}` : ''} · {answer.students.length} {answer.students.length === 1 ? 'student' : 'students'} ·{' '}
            {answer.tests.length} {answer.tests.length === 1 ? 'test' : 'tests'} opened
          </p>
          {answer.tests.length === 0 ? (
            <p className="admin-box">No practice test has been opened to this batch yet.</p>
          ) : answer.students.length === 0 ? (
            <p className="admin-box">Nobody is on this batch’s roster.</p>
          ) : (
            <>
              <div className="btn-row">
                <a className="btn btn--sm btn--outline" href={`/api/admin/practice/results/export${listQuery({ batch: answer.batch.id })}`} download>
                  Download .xlsx<span className="sr-only"> of the results of {answer.batch.name}</span>
                </a>
              </div>
              <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`Practice test results of ${answer.batch.name}`}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Student</th>
                      {answer.tests.map((t) => (
                        <th key={t.id} scope="col">
                          {t.title}
                          <span className="admin-list__note">
                            pass {scoreText(t.passMarks, t.maxScore)} · until {formatDay(t.closesAt)}
                          </span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {answer.students.map((s) => (
                      <tr key={s.studentId}>
                        <th scope="row">
                          {s.name}
                          {s.rosterStatus !== 'Active' && <span className="admin-badge admin-badge--muted">{s.rosterStatus}</span>}
                        </th>
                        {s.cells.map((cell, i) => (
                          <td key={cell.testId} data-label={answer.tests![i]!.title}>
                            <Cell cell={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ResultsStats batchId={answer.batch.id} tests={answer.tests} />
            </>
          )}
        </>
      ) : (
        <p className="admin-box">Choose a batch to see its students’ results in the practice tests opened to it.</p>
      )}
    </section>
  );
}

/** One student's results in one test: best, last (when another attempt), attempts; or not attempted. */
function Cell({ cell }: { cell: ResultsCell }) {
  const taking = cell.inProgress ? <span className="admin-list__note">Taking it now</span> : null;
  if (!cell.best || !cell.last) {
    return (
      <div>
        <span className="admin-badge admin-badge--muted">Not attempted</span>
        {taking}
      </div>
    );
  }
  // One box: on a phone the cell sits beside its test's name, its lines one under the other.
  return (
    <div>
      <span title={`Submitted ${formatMoment(cell.best.submittedAt)}`}>Best {scoreWords(cell.best)}</span>
      {cell.attempts > 1 && <span className="admin-list__note">Last {scoreWords(cell.last)}</span>}
      <span className="admin-list__note">
        {cell.attempts === 1 ? '1 attempt' : `${cell.attempts} attempts`}, last on {formatDay(cell.last.submittedAt)}
      </span>
      {taking}
    </div>
  );
}
