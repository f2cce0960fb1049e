/**
 * "Issue certificates for this batch" (on the Certificates screen, for a completed batch; an
 * Owner for any batch, a Teacher for theirs): the students who completed it with their
 * attendance, those below the threshold apart with a tick and a reason each, those already
 * holding one, and one button that issues the rest (GET/POST /api/admin/batches/{id}/certificates).
 * Then each student's WhatsApp message, opened one after the other (the next is ready when you come
 * back), whether an e-mail went, and the printable file of all the batch's certificates. Where
 * students of the batch have marked practice tests opened to it, "Marks on the certificates" offers
 * each student's best score in a test the staff choose (decision 052); none by default.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  IssueBatchCertificatesSchema,
  type BatchCertificateStudent,
  type BatchCertificatesAnswer,
  type BatchCertificatesIssued,
} from '../../lib/schemas/batch-certificates';
import { LANGUAGE_WORDS } from '../../lib/person-language';
import { noMessagingWords } from '../../lib/schemas/messaging';
import type { BestScoresAnswer } from '../../lib/schemas/practice-results';
import { ApiError, api, listQuery, messageOf } from '../api';
import { useCan } from '../app-info';

/** The attendance of one student in words. */
const attendanceOf = (s: BatchCertificateStudent) =>
  s.percent === null ? 'no attendance recorded' : `attendance ${s.percent}% (${s.held} ${s.held === 1 ? 'class' : 'classes'})`;

export default function BatchCertificates({ batchId, onIssued }: { batchId: string; onIssued: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const key = ['batch-certificates', batchId];
  const data = useQuery({ queryKey: key, queryFn: () => api<BatchCertificatesAnswer>(`/api/admin/batches/${batchId}/certificates`), staleTime: 0 });
  const [ticked, setTicked] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchCertificatesIssued | null>(null);
  // Each student's best practice-test scores of this batch; the test whose best goes on as marks ('' none).
  const mayPractice = useCan()('practice-tests');
  const best = useQuery({
    queryKey: ['practice-best-scores', batchId],
    queryFn: () => api<BestScoresAnswer>(`/api/admin/practice/best-scores${listQuery({ batch: batchId })}`),
    enabled: mayPractice,
    staleTime: 0,
  });
  const [marksTest, setMarksTest] = useState('');
  const scoredTests = new Map(best.data?.students.flatMap((s) => s.best.map((b) => [b.testId, b.title] as const)));
  const marksOf = new Map(best.data?.students.flatMap((s) => s.best.filter((b) => b.testId === marksTest).map((b) => [s.studentId, b.marks] as const)) ?? []);

  if (data.isPending) return <p role="status">Loading the batch’s students...</p>;
  if (data.isError)
    return (
      <div role="alert">
        <p className="form-error">{messageOf(data.error, 'The batch’s students could not be loaded.')}</p>
        <button type="button" className="btn btn--sm btn--outline" onClick={() => void data.refetch()}>
          Try again
        </button>
      </div>
    );
  const state = result?.state ?? data.data;
  const printPath = `/certificates/print?batch=${encodeURIComponent(batchId)}`;
  const toIssue = state.ready.length + state.below.filter((s) => s.studentId in ticked).length;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const issuing = new Set([...state.ready, ...state.below.filter((s) => s.studentId in ticked)].map((s) => s.studentId));
    const body = {
      anyway: state.below.filter((s) => s.studentId in ticked).map((s) => ({ studentId: s.studentId, reason: ticked[s.studentId] ?? '' })),
      marks: [...marksOf].filter(([studentId]) => issuing.has(studentId)).map(([studentId, marks]) => ({ studentId, marks })),
      issuedOn: form.get('issuedOn'),
    };
    const parsed = IssueBatchCertificatesSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<BatchCertificatesIssued>(`/api/admin/batches/${batchId}/certificates`, { body });
      setResult(answer);
      setTicked({});
      toast.success(answer.message);
      client.setQueryData(key, answer.state);
      onIssued();
    } catch (error) {
      if (error instanceof ApiError && error.data.errors) setErrors(error.data.errors);
      toast.error(messageOf(error, 'The certificates could not be issued. Please try again.'));
      await client.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-box" aria-labelledby={`${id}-title`}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        Issue certificates for this batch
      </h2>
      {!state.batch.completed ? (
        <p>
          {state.batch.name} is {state.batch.status.toLowerCase()}, not completed: mark the batch Completed when its classes are over, then issue its
          certificates here at once.
        </p>
      ) : (
        <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label={`Issue the certificates of ${state.batch.name}`} noValidate>
          <h3>Ready to issue ({state.ready.length})</h3>
          {state.ready.length === 0 ? (
            <p>Nobody else is waiting at or above the {state.threshold}% threshold.</p>
          ) : (
            <ul>
              {state.ready.map((s) => (
                <li key={s.studentId}>
                  {s.name}: {attendanceOf(s)}
                  {marksOf.has(s.studentId) && `; marks ${marksOf.get(s.studentId)}`}
                </li>
              ))}
            </ul>
          )}

          <h3>
            Below the {state.threshold}% threshold ({state.below.length})
          </h3>
          {state.below.length === 0 ? (
            <p>Nobody is below the threshold.</p>
          ) : (
            <>
              <p className="form-hint">Not issued unless you tick “Issue anyway” and say why (kept in the audit log).</p>
              <ul className="lead-cards">
                {state.below.map((s) => (
                  <BelowStudent
                    key={s.studentId}
                    student={s}
                    reason={ticked[s.studentId]}
                    marks={marksOf.get(s.studentId)}
                    error={errors[`anyway.${state.below.filter((b) => b.studentId in ticked).findIndex((b) => b.studentId === s.studentId)}.reason`]}
                    onChange={(reason) =>
                      setTicked((t) => {
                        const next = { ...t };
                        if (reason === undefined) delete next[s.studentId];
                        else next[s.studentId] = reason;
                        return next;
                      })
                    }
                  />
                ))}
              </ul>
            </>
          )}

          <h3>Already issued ({state.issued.length})</h3>
          {state.issued.length === 0 ? (
            <p>Nobody holds a certificate of this batch yet.</p>
          ) : (
            <ul>
              {state.issued.map((s) => (
                <li key={s.studentId}>
                  {s.name}: {s.number}
                </li>
              ))}
            </ul>
          )}
          {state.left > 0 && <p>{state.left === 1 ? '1 student left the batch and is' : `${state.left} students left the batch and are`} not offered one.</p>}

          {scoredTests.size > 0 && (
            <div className="form-field">
              <label htmlFor={`${id}-marks`}>Marks on the certificates</label>
              <select id={`${id}-marks`} value={marksTest} onChange={(event) => setMarksTest(event.target.value)}>
                <option value="">None</option>
                {[...scoredTests].map(([testId, title]) => (
                  <option key={testId} value={testId}>
                    Each student’s best score in {title}
                  </option>
                ))}
              </select>
              <p className="form-hint">A student without a marked attempt at that test gets no marks.</p>
            </div>
          )}
          <div className="form-field">
            <label htmlFor={`${id}-issuedOn`}>Issue date</label>
            <input
              id={`${id}-issuedOn`}
              name="issuedOn"
              type="date"
              defaultValue={state.today}
              max={state.today}
              required
              aria-invalid={errors['issuedOn'] ? true : undefined}
              aria-describedby={errors['issuedOn'] ? `${id}-issuedOn-error` : undefined}
            />
            {errors['issuedOn'] && (
              <p className="form-error" id={`${id}-issuedOn-error`}>
                {errors['issuedOn']}
              </p>
            )}
          </div>
          {errors['anyway'] && <p className="form-error">{errors['anyway']}</p>}
          <div className="btn-row">
            <button type="submit" className="btn" disabled={busy || toIssue === 0}>
              {busy ? 'Issuing...' : toIssue === 1 ? 'Issue 1 certificate' : `Issue ${toIssue} certificates`}
            </button>
            {state.issued.length > 0 && (
              <a className="btn btn--outline" href={printPath} target="_blank" rel="noopener">
                Print all {state.issued.length}
                <span className="sr-only"> certificates of {state.batch.name} (opens in a new tab)</span>
              </a>
            )}
          </div>
        </form>
      )}
      {result && <Notices result={result} />}
    </section>
  );
}

/** One student below the threshold: the tick and, once ticked, the reason. */
function BelowStudent({
  student,
  reason,
  marks,
  error,
  onChange,
}: {
  student: BatchCertificateStudent;
  reason: string | undefined;
  marks: string | undefined;
  error: string | undefined;
  onChange: (reason: string | undefined) => void;
}) {
  const id = useId();
  return (
    <li className="lead-card">
      <h4 className="lead-card__name">{student.name}</h4>
      <p className="lead-card__meta">
        {attendanceOf(student)}
        {marks && `; marks ${marks}`}
      </p>
      <div className="form-check">
        <input id={`${id}-tick`} type="checkbox" checked={reason !== undefined} onChange={(event) => onChange(event.target.checked ? '' : undefined)} />
        <label htmlFor={`${id}-tick`}>
          Issue anyway<span className="sr-only"> to {student.name}</span>
        </label>
      </div>
      {reason !== undefined && (
        <div className="form-field">
          <label htmlFor={`${id}-reason`}>Reason for {student.name}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={300}
            value={reason}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
          />
          {error && (
            <p className="form-error" id={`${id}-reason-error`}>
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** Who was issued one: their WhatsApp message to open, one after the other, and whether an e-mail went. */
function Notices({ result }: { result: BatchCertificatesIssued }) {
  const id = useId();
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const links = useRef<Map<string, HTMLAnchorElement>>(new Map());
  const open = (index: number) => {
    const notice = result.notices[index]!;
    setOpened((o) => new Set(o).add(notice.studentId));
    // Back from WhatsApp, the next student's message is where the focus is.
    const next = result.notices[index + 1];
    if (next) links.current.get(next.studentId)?.focus();
  };
  return (
    <div aria-labelledby={`${id}-title`} role="region">
      <h3 id={`${id}-title`}>Tell the students</h3>
      <p role="status">{result.message}</p>
      {result.notices.length > 0 && (
        <ol className="lead-cards">
          {result.notices.map((n, index) => (
            <li key={n.studentId} className="lead-card">
              <h4 className="lead-card__name">{n.name}</h4>
              <p className="lead-card__meta">
                <span>{n.number}</span>
                <span>{LANGUAGE_WORDS[n.language]}</span>
                <span>{n.emailed ? 'E-mail sent' : 'No e-mail address'}</span>
              </p>
              {noMessagingWords(n.messaging) ? (
                <p className="lead-actions__none">{noMessagingWords(n.messaging)}</p>
              ) : (
                <a
                  className={opened.has(n.studentId) ? 'btn btn--sm btn--outline' : 'btn btn--sm'}
                  href={n.whatsApp}
                  target="_blank"
                  rel="noopener"
                  ref={(el) => {
                    if (el) links.current.set(n.studentId, el);
                  }}
                  onClick={() => open(index)}
                >
                  {opened.has(n.studentId) ? 'Opened in WhatsApp' : n.messaging?.to === 'guardian' ? 'Open WhatsApp to the guardian' : 'Open WhatsApp'}
                  <span className="sr-only">
                    {' '}
                    with the certificate message to {n.name} ({index + 1} of {result.notices.length}, opens in a new tab)
                  </span>
                </a>
              )}
              {!n.hasMobile && !noMessagingWords(n.messaging) && <p className="form-hint">No mobile number on file: WhatsApp will ask whom to send it to.</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
