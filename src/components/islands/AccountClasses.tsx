/**
 * The account page's "My classes", "My attendance" and "My certificates": the student's own
 * records from GET /api/user/classes, asked for once the page's first frame is on screen (as the
 * site's other records are: docs/decisions/008-records-after-first-paint.md). Short, plain words
 * for students who read Hindi first, in the page's language; India's days as 'Mon, 30 Nov'
 * ('सोम, 30 नवंबर'). A student whose record the institute has not linked yet gets one line saying so.
 */
import { useId } from 'react';
import {
  account_absent,
  account_attended_many,
  account_attended_many_missed,
  account_attended_one,
  account_attended_one_missed,
  account_batch_completed,
  account_batch_planned,
  account_batch_running,
  account_certificate_issued,
  account_certificate_named,
  account_certificate_revoked,
  account_certificate_valid,
  account_classes_failed,
  account_classes_unlinked,
  account_days,
  account_loading_classes,
  account_missed_classes,
  account_missed_none,
  account_my_attendance,
  account_my_certificates,
  account_my_classes,
  account_next_class,
  account_no_classes_held,
  account_no_more_classes,
  account_on_leave,
  account_on_leave_reason,
  account_print,
  account_room,
  account_teacher,
  account_teacher_none,
  account_time,
  account_time_range,
  account_cert_verify,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { missedInWords } from '../../lib/missed-words';
import { indiaToday } from '../../lib/schemas/real-day';
import {
  studentDay,
  studentWeekdays,
  type StudentAttendance,
  type StudentBatch,
  type StudentCertificate,
  type StudentClasses,
} from '../../lib/schemas/student-classes';
import { NotLoaded, useOwnRecords } from './own-records';

/** 'You attended 18 of 20 classes (90%); 1 absent, 1 on leave.' (leave is not called absence), or that none was held yet; in the page's language. */
export function attendanceLine({ held, attended, percent, absences }: Pick<StudentAttendance, 'held' | 'attended' | 'percent' | 'absences'>): string {
  if (held === 0 || percent === null) return account_no_classes_held();
  const missed = missedInWords(absences.filter((a) => a.mark === 'Absent').length, absences.filter((a) => a.mark === 'Leave').length, getLocale());
  const counts = { attended, held, percent };
  if (missed) return (held === 1 ? account_attended_one_missed : account_attended_many_missed)({ ...counts, missed });
  return (held === 1 ? account_attended_one : account_attended_many)(counts);
}

/** A batch's status as the server names it ('Running'), in the page's language. */
const BATCH_STATUS: Record<string, () => string> = { Planned: account_batch_planned, Running: account_batch_running, Completed: account_batch_completed };
const batchStatus = (status: string) => BATCH_STATUS[status]?.() ?? status;

export default function AccountClasses() {
  const id = useId();
  const { loaded, retry } = useOwnRecords<StudentClasses>(
    '/api/user/classes',
    (data) => Array.isArray(data.batches) && Array.isArray(data.attendance) && Array.isArray(data.certificates),
  );
  if (loaded.state !== 'done') return <NotLoaded state={loaded.state} loading={account_loading_classes()} failed={account_classes_failed()} onRetry={retry} />;

  const { batches, attendance, certificates } = loaded.data;
  const thisYear = indiaToday().slice(0, 4);
  const locale = getLocale();
  const day = (value: string) => studentDay(value, thisYear, locale);
  if (batches.length === 0 && attendance.length === 0 && certificates.length === 0) {
    return <p className="profile__note">{account_classes_unlinked()}</p>;
  }
  return (
    <>
      {batches.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-classes`}>
          <h2 id={`${id}-classes`}>{account_my_classes()}</h2>
          <ul className="classes__list">
            {batches.map((b) => (
              <BatchItem key={`${b.course}-${b.batch}`} batch={b} day={day} />
            ))}
          </ul>
        </section>
      )}
      {attendance.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-attendance`}>
          <h2 id={`${id}-attendance`}>{account_my_attendance()}</h2>
          <ul className="classes__list">
            {attendance.map((a) => (
              <li key={a.batch}>
                <h3>{a.batch}</h3>
                <p className="classes__line">{attendanceLine(a)}</p>
                {a.absences.length > 0 ? (
                  <>
                    <p className="profile__note">{account_missed_classes()}</p>
                    <ul className="classes__absences">
                      {a.absences.map((m) => (
                        <li key={m.day}>
                          {day(m.day)}:{' '}
                          {m.mark === 'Leave' ? (m.reason ? account_on_leave_reason({ reason: m.reason }) : account_on_leave()) : account_absent()}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  a.held > 0 && <p className="profile__note">{account_missed_none()}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {certificates.length > 0 && (
        <section className="card profile" aria-labelledby={`${id}-certificates`}>
          <h2 id={`${id}-certificates`}>{account_my_certificates()}</h2>
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
        {b.course} · {batchStatus(b.status)}
      </p>
      <dl className="profile__facts classes__facts">
        <div>
          <dt>{account_days()}</dt>
          <dd>{studentWeekdays(b.days, getLocale())}</dd>
        </div>
        <div>
          <dt>{account_time()}</dt>
          <dd>{account_time_range({ start: b.startsAt, end: b.endsAt })}</dd>
        </div>
        <div>
          <dt>{account_teacher()}</dt>
          <dd>{b.teacher ?? account_teacher_none()}</dd>
        </div>
        <div>
          <dt>{account_room()}</dt>
          <dd>{b.room}</dd>
        </div>
        <div>
          <dt>{account_next_class()}</dt>
          <dd>{b.nextClass ? day(b.nextClass) : account_no_more_classes()}</dd>
        </div>
      </dl>
    </li>
  );
}

/** A link of the site in the page's language (the server gives English paths). */
const inPageLanguage = (href: string) => (href.startsWith('/') ? pathIn(href, getLocale()) : href);

/** One certificate with its Verify link, and Print while it is valid. */
function CertificateItem({ certificate: c, day }: { certificate: StudentCertificate; day: (value: string) => string }) {
  return (
    <li>
      <h3>{c.course}</h3>
      <p className="classes__line">
        {account_certificate_issued({ number: c.number, day: day(c.issuedOn) })} ·{' '}
        {c.status === 'Valid' ? account_certificate_valid() : account_certificate_revoked()}
      </p>
      <div className="btn-row">
        {c.status === 'Valid' && (
          <a className="btn btn--sm" href={inPageLanguage(c.printUrl)}>
            {account_print()}
            <span className="sr-only">{account_certificate_named({ number: c.number })}</span>
          </a>
        )}
        <a className="btn btn--sm btn--outline" href={inPageLanguage(c.verifyUrl)}>
          {account_cert_verify()}
          <span className="sr-only">{account_certificate_named({ number: c.number })}</span>
        </a>
      </div>
    </li>
  );
}
