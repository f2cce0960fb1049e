/**
 * Certificates (/adminCertificates; an Owner for every batch, a Teacher for the batches they
 * teach): pick a batch, see its students with their attendance, issue a certificate to one who
 * completed it (grade and marks optional, the issue date India's today unless changed). Attendance
 * below the threshold, or none recorded, is a warning staff read and confirm before anything is
 * issued (the server answers 409 with it until confirmed). Each certificate links to its printable
 * page and its public verification; an Owner revokes one with a reason, in a dialog naming the
 * student. Without a batch chosen, the latest certificates. For a completed batch, "Issue
 * certificates for this batch" issues every certificate at once (BatchCertificates.tsx); a batch
 * named in the address (?batch=) is chosen at first. Where the student has a marked attempt at a
 * practice test opened to the batch (and the caller may see practice tests), the form offers their
 * best score as the marks ("Best mock score: 62 / 100 (RS-CIT final mock) — Use as marks"); the
 * staff still choose what the certificate says.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import toast from 'react-hot-toast/headless';
import type { CertificateStudent, CertificatesAnswer, StaffCertificate } from '../../lib/schemas/certificate';
import type { BestScore, BestScoresAnswer } from '../../lib/schemas/practice-results';
import { ApiError, api, listQuery, messageOf } from '../api';
import { useCan } from '../app-info';
import { useConfirm } from '../ui/ConfirmDialog';
import { formatDay } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import ReasonDialog from '../ui/ReasonDialog';
import BatchCertificates from '../classes/BatchCertificates';

const KEY = ['certificates'];

export default function Certificates() {
  const id = useId();
  // A batch named in the address (?batch=, from the batch list or the printable file) is chosen at first.
  const [batch, setBatch] = useState(() => new URLSearchParams(location.search).get('batch') ?? '');
  const [atOnce, setAtOnce] = useState(false);
  const client = useQueryClient();
  const data = useQuery({
    queryKey: [...KEY, batch],
    queryFn: () => api<CertificatesAnswer>(`/api/admin/certificates${listQuery({ batch: batch || null })}`),
    staleTime: 0,
  });
  const answer = data.data;
  // Each student's best practice-test scores of this batch, offered as marks.
  const mayPractice = useCan()('practice-tests');
  const best = useQuery({
    queryKey: ['practice-best-scores', batch],
    queryFn: () => api<BestScoresAnswer>(`/api/admin/practice/best-scores${listQuery({ batch })}`),
    enabled: mayPractice && batch !== '',
    staleTime: 0,
  });
  const bestOf = new Map(best.data?.students.map((s) => [s.studentId, s.best]));
  const [revoking, setRevoking] = useState<{ certificate: StaffCertificate; name: string } | null>(null);

  return (
    <section className="admin-panel">
      <PanelHeading title="Certificates" />
      <div className="form-field">
        <label htmlFor={`${id}-batch`}>Batch</label>
        <select
          id={`${id}-batch`}
          value={batch}
          onChange={(event) => {
            setBatch(event.target.value);
            setAtOnce(false);
          }}
        >
          <option value="">Choose a batch (the latest certificates show until then)</option>
          {answer?.batches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} · {b.course} · {b.status}
            </option>
          ))}
        </select>
        {answer && answer.batches.length === 0 && <p className="form-hint">You teach no batch yet: certificates are issued from a batch’s students.</p>}
      </div>

      {data.isPending ? (
        <p role="status">Loading certificates...</p>
      ) : data.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(data.error, 'The certificates could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void data.refetch()}>
            Try again
          </button>
        </div>
      ) : answer?.batch && answer.students ? (
        <>
          <h2 className="admin-subheading">
            {answer.batch.name}: {answer.batch.course}
          </h2>
          <p>
            {formatDay(answer.batch.startsOn)} to {formatDay(answer.batch.endsOn)} · {answer.batch.status}
            {answer.batch.teacher ? ` · ${answer.batch.teacher}` : ''}
          </p>
          {answer.batch.completed && !atOnce && (
            <p>
              <button type="button" className="btn btn--sm" onClick={() => setAtOnce(true)}>
                Issue certificates for this batch
              </button>
            </p>
          )}
          {atOnce && <BatchCertificates batchId={answer.batch.id} onIssued={() => void client.invalidateQueries({ queryKey: KEY })} />}
          {answer.students.length === 0 ? (
            <p>Nobody is on this batch’s roster.</p>
          ) : (
            <ul className="lead-cards">
              {answer.students.map((student) => (
                <StudentCard
                  key={student.studentId}
                  student={student}
                  batchId={answer.batch!.id}
                  today={answer.today}
                  threshold={answer.threshold}
                  best={bestOf.get(student.studentId) ?? []}
                  onRevoke={(certificate) => setRevoking({ certificate, name: student.name })}
                />
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <h2 className="admin-subheading">Latest certificates</h2>
          {answer?.recent?.length ? (
            <ul className="lead-cards">
              {answer.recent.map((c) => (
                <li key={c.number} className="lead-card">
                  <h3 className="lead-card__name">{c.name}</h3>
                  <CertificateLine certificate={c} onRevoke={() => setRevoking({ certificate: c, name: c.name })} />
                </li>
              ))}
            </ul>
          ) : (
            <p>No certificate has been issued yet.</p>
          )}
        </>
      )}
      <RevokeDialog revoking={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

/** One student of the batch: attendance, and their certificate or the form that issues one. */
function StudentCard({
  student,
  batchId,
  today,
  threshold,
  best,
  onRevoke,
}: {
  student: CertificateStudent;
  batchId: string;
  today: string;
  threshold: number;
  best: BestScore[];
  onRevoke: (certificate: StaffCertificate) => void;
}) {
  const valid = student.certificate?.status === 'valid' ? student.certificate : null;
  const attendance =
    student.percent === null ? 'No attendance recorded' : `Attendance ${student.percent}% (${student.held} ${student.held === 1 ? 'class' : 'classes'})`;
  return (
    <li className="lead-card">
      <h3 className="lead-card__name">{student.name}</h3>
      <p className="lead-card__meta">
        <span>{student.rosterStatus}</span>
        <span>
          {attendance}
          {student.lowAttendance && student.percent !== null ? `, below ${threshold}%` : ''}
        </span>
      </p>
      {student.certificate && <CertificateLine certificate={student.certificate} onRevoke={() => onRevoke(student.certificate!)} />}
      {!valid &&
        (student.eligible ? (
          <IssueForm student={student} batchId={batchId} today={today} best={best} />
        ) : (
          <p className="form-hint">
            {student.rosterStatus === 'Left'
              ? 'Left the batch: no certificate can be issued.'
              : 'Not completed yet: mark them Completed on the batch’s roster (or complete the batch) to issue a certificate.'}
          </p>
        ))}
    </li>
  );
}

/** A certificate: its number, day, state, and Print / Verify (and Revoke for an Owner). */
function CertificateLine({ certificate: c, onRevoke }: { certificate: StaffCertificate; onRevoke: () => void }) {
  const mayRevoke = useCan()('certificates-revoke');
  const path = `/certificate/${encodeURIComponent(c.number)}`;
  return (
    <>
      <p>
        <strong>{c.number}</strong> · {c.course} · issued {formatDay(c.issuedOn)} ·{' '}
        <strong>{c.status === 'valid' ? 'Valid' : `Revoked on ${formatDay(c.revokedOn)}: ${c.revokedReason ?? ''}`}</strong>
      </p>
      <div className="btn-row">
        {c.status === 'valid' && (
          <a className="btn btn--sm btn--outline" href={`${path}/print`} target="_blank" rel="noopener">
            Print<span className="sr-only"> the certificate of {c.name} (opens in a new tab)</span>
          </a>
        )}
        <a className="btn btn--sm btn--outline" href={path} target="_blank" rel="noopener">
          Verify<span className="sr-only"> the certificate of {c.name} (opens in a new tab)</span>
        </a>
        {mayRevoke && c.status === 'valid' && (
          <button type="button" className="btn btn--sm btn--outline" onClick={onRevoke}>
            Revoke<span className="sr-only"> the certificate of {c.name}</span>
          </button>
        )}
      </div>
    </>
  );
}

/** Grade, marks and issue date for one student, and the Issue button (with the attendance warning to confirm). */
function IssueForm({ student, batchId, today, best }: { student: CertificateStudent; batchId: string; today: string; best: BestScore[] }) {
  const id = useId();
  const [marks, setMarks] = useState('');
  const client = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { batchId, studentId: student.studentId, grade: form.get('grade'), marks: form.get('marks'), issuedOn: form.get('issuedOn') };
    setBusy(true);
    setErrors({});
    try {
      let answer: { message: string };
      try {
        answer = await api<{ message: string }>('/api/admin/certificates', { body });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409 && error.data['confirm'] === true)) throw error;
        // The server's warning, read before anything is issued.
        if (!(await confirm(`${String(error.data['warning'])} Issue the certificate anyway?`, 'Issue anyway'))) return;
        answer = await api<{ message: string }>('/api/admin/certificates', { body: { ...body, confirmLowAttendance: true } });
      }
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      if (error instanceof ApiError && error.data.errors) setErrors(error.data.errors);
      toast.error(messageOf(error, 'The certificate could not be issued. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'grade' | 'marks' | 'issuedOn', label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p className="form-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label={`Issue a certificate to ${student.name}`}>
      {field('grade', 'Grade (optional)', { maxLength: 20, autoComplete: 'off' })}
      {field('marks', 'Marks (optional)', { maxLength: 20, autoComplete: 'off', value: marks, onChange: (event) => setMarks(event.target.value) })}
      {best.map((b) => (
        <p key={b.testId} className="form-hint">
          Best mock score: {b.marks} ({b.title}, {b.passed ? 'passed' : 'failed'}){' '}
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setMarks(b.marks)}>
            {marks === b.marks ? 'Used as marks' : 'Use as marks'}
            <span className="sr-only"> for {student.name}</span>
          </button>
        </p>
      ))}
      {field('issuedOn', 'Issue date', { type: 'date', defaultValue: today, max: today, required: true })}
      <button type="submit" className="btn btn--sm" disabled={busy}>
        {busy ? 'Issuing...' : 'Issue certificate'}
        <span className="sr-only"> to {student.name}</span>
      </button>
    </form>
  );
}

/** The Owner's revocation: a reason (5 to 300 characters) in a dialog naming the student. */
function RevokeDialog({ revoking, onClose }: { revoking: { certificate: StaffCertificate; name: string } | null; onClose: () => void }) {
  const client = useQueryClient();
  const send = async (reason: string) => {
    const answer = await api<{ message: string }>(`/api/admin/certificates/${encodeURIComponent(revoking!.certificate.number)}/revoke`, { body: { reason } });
    await client.invalidateQueries({ queryKey: KEY });
    return answer;
  };
  return (
    <ReasonDialog
      open={revoking !== null}
      title={`Revoke the certificate of ${revoking?.name ?? ''}?`}
      action="Revoke certificate"
      busyAction="Revoking..."
      keep="Cancel"
      failure="The certificate could not be revoked. Please try again."
      send={send}
      onClose={onClose}
    >
      Certificate {revoking?.certificate.number} ({revoking?.certificate.course}) will show as revoked to anyone who checks it, with your reason.
    </ReasonDialog>
  );
}
