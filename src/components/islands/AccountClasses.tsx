/**
 * The account page's "My classes", "My attendance" and "My certificates": the student's own
 * records from GET /api/user/classes, asked for once the page's first frame is on screen (as the
 * site's other records are: docs/decisions/008-records-after-first-paint.md). Short, plain words
 * for students who read Hindi first; India's days as 'Mon, 30 Nov'. A student whose record the
 * institute has not linked yet gets one line saying so.
 */
import { useId } from 'react';
import { missedInWords } from '../../lib/missed-words';
import { indiaToday } from '../../lib/schemas/real-day';
import { studentDay, type StudentAttendance, type StudentBatch, type StudentCertificate, type StudentClasses } from '../../lib/schemas/student-classes';
import { NotLoaded, useOwnRecords } from './own-records';

/** 'You attended 18 of 20 classes (90%); 1 absent, 1 on leave.' (leave is not called absence), or that none was held yet. */
export function attendanceLine({ held, attended, percent, absences }: Pick<StudentAttendance, 'held' | 'attended' | 'percent' | 'absences'>): string {
  if (held === 0 || percent === null) return 'No classes held yet.';
  const missed = missedInWords(absences.filter((a) => a.mark === 'Absent').length, absences.filter((a) => a.mark === 'Leave').length);
  return `You attended ${attended} of ${held} ${held === 1 ? 'class' : 'classes'} (${percent}%)${missed ? `; ${missed}` : ''}.`;
}

export default function AccountClasses() {
  const id = useId();
  const { loaded, retry } = useOwnRecords<StudentClasses>(
    '/api/user/classes',
    (data) => Array.isArray(data.batches) && Array.isArray(data.attendance) && Array.isArray(data.certificates),
  );
  if (loaded.state !== 'done') return <NotLoaded state={loaded.state} what="your classes" onRetry={retry} />;

  const { batches, attendance, certificates } = loaded.data;
  const thisYear = indiaToday().slice(0, 4);
  const day = (value: string) => studentDay(value, thisYear);
  if (batches.length === 0 && attendance.length === 0 && certificates.length === 0) {
    return <p className="profile__note">Your classes will show here once the institute links your student record.</p>;
  }
  return (
    <>
      {batches.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-classes`}>
          <h2 id={`${id}-classes`}>My classes</h2>
          <ul className="classes__list">
            {batches.map((b) => (
              <BatchItem key={`${b.course}-${b.batch}`} batch={b} day={day} />
            ))}
          </ul>
        </section>
      )}
      {attendance.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-attendance`}>
          <h2 id={`${id}-attendance`}>My attendance</h2>
          <ul className="classes__list">
            {attendance.map((a) => (
              <li key={a.batch}>
                <h3>{a.batch}</h3>
                <p className="classes__line">{attendanceLine(a)}</p>
                {a.absences.length > 0 ? (
                  <>
                    <p className="profile__note">Classes you missed:</p>
                    <ul className="classes__absences">
                      {a.absences.map((m) => (
                        <li key={m.day}>
                          {day(m.day)}: {m.mark === 'Leave' ? `On leave${m.reason ? ` (${m.reason})` : ''}` : 'Absent'}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  a.held > 0 && <p className="profile__note">You missed no class.</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {certificates.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-certificates`}>
          <h2 id={`${id}-certificates`}>My certificates</h2>
          <ul className="classes__list">
            {certificates.map((c) => (
              <CertificateItem key={c.number} certificate={c} day={day} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** One batch: days, time, teacher, room and the next class. */
function BatchItem({ batch: b, day }: { batch: StudentBatch; day: (value: string) => string }) {
  return (
    <li>
      <h3>{b.batch}</h3>
      <p className="profile__note">
        {b.course} · {b.status}
      </p>
      <dl className="profile__facts classes__facts">
        <div>
          <dt>Days</dt>
          <dd>{b.days}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {b.startsAt} to {b.endsAt}
          </dd>
        </div>
        <div>
          <dt>Teacher</dt>
          <dd>{b.teacher ?? 'Not yet named'}</dd>
        </div>
        <div>
          <dt>Room</dt>
          <dd>{b.room}</dd>
        </div>
        <div>
          <dt>Next class</dt>
          <dd>{b.nextClass ? day(b.nextClass) : 'No more classes'}</dd>
        </div>
      </dl>
    </li>
  );
}

/** One certificate with its Verify link, and Print while it is valid. */
function CertificateItem({ certificate: c, day }: { certificate: StudentCertificate; day: (value: string) => string }) {
  return (
    <li>
      <h3>{c.course}</h3>
      <p className="classes__line">
        No. {c.number} · Issued {day(c.issuedOn)} · {c.status === 'Valid' ? 'Valid' : 'Revoked (no longer valid)'}
      </p>
      <div className="btn-row">
        {c.status === 'Valid' && (
          <a className="btn btn--sm" href={c.printUrl}>
            Print<span className="sr-only"> certificate {c.number}</span>
          </a>
        )}
        <a className="btn btn--sm btn--outline" href={c.verifyUrl}>
          Verify<span className="sr-only"> certificate {c.number}</span>
        </a>
      </div>
    </li>
  );
}
