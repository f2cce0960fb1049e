/**
 * Today (/adminToday), the screen staff open first (GET /api/admin/today): follow-ups due (overdue
 * first, each saying by how long; one card per person), the new leads assigned to the caller
 * nobody has acted on yet, the people who enquired again (their new enquiry took their status),
 * new enquiries and submitted applications nobody has touched
 * (oldest first, saying how long they have waited), and notifications that failed to send (Retry or Dismiss, POST
 * /api/admin/outbox/{id}). Each lead has one-tap Call, WhatsApp, E-mail and Open; after a call or
 * message the outcome dialog asks what came of it and the next step. 'Mine only' leaves out leads
 * assigned to colleagues. For those who run batches or take attendance: the students below the
 * attendance threshold. For those who see fees: the dues overdue and due this week (DuesOnToday).
 * Those without the leads (an Accountant, a Teacher) see only what is theirs to see.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import type { FailedNotice as FailedMail, Today as TodayData } from '../../lib/schemas/today';
import { api, listQuery, messageOf } from '../api';
import { useCan } from '../app-info';
import LowAttendanceList from '../classes/LowAttendanceList';
import DuesOnToday from '../fees/DuesOnToday';
import PaymentsToConfirm from '../fees/PaymentsToConfirm';
import { RefundsWaiting } from '../fees/Refunds';
import { useContactDialog } from '../leads/ContactDialog';
import LeadCard from '../leads/LeadCard';
import { TODAY_KEY } from '../leads/lead-api';
import { ageOf, dueText } from '../leads/waited';
import { leadPath } from '../routes';
import { formatMoment } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import RightsOnToday, { type RightsOnTodayData } from '../privacy/RightsOnToday';

export default function Today() {
  const id = useId();
  const [mine, setMine] = useState(false);
  // Failed notifications are the Owner's to send again or put aside (the server lists them to no one else).
  const can = useCan();
  const mayHandleFailed = can('outbox');
  // The server lists students below the attendance threshold to those who run batches or take attendance.
  const seesAttendance = can('attendance') || can('batches');
  const seesLeads = can('leads');
  const today = useQuery({
    queryKey: [...TODAY_KEY, { mine }],
    queryFn: () => api<TodayData>(`/api/admin/today${listQuery({ mine: mine ? 1 : null })}`),
    staleTime: 0,
    enabled: seesLeads,
  });
  const contact = useContactDialog();
  const data = today.data;

  return (
    <section className="admin-panel lead-today">
      <PanelHeading title="Today" />
      {seesLeads && (
        <>
          <div className="lead-today__bar">
            <label className="lead-toggle" htmlFor={`${id}-mine`}>
              <input id={`${id}-mine`} type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} />
              Mine only
            </label>
            <button type="button" className="btn btn--sm btn--outline" disabled={today.isFetching} onClick={() => void today.refetch()}>
              {today.isFetching && data ? 'Refreshing...' : 'Refresh'}
            </button>
          </div>
          {mine && <p className="form-hint">Leads assigned to you or to nobody.</p>}

          {today.isPending ? (
            <p role="status">Loading today's leads...</p>
          ) : today.isError ? (
            <div role="alert">
              <p className="form-error">{messageOf(today.error, "Today's leads could not be loaded.")}</p>
              <button type="button" className="btn btn--sm btn--outline" onClick={() => void today.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            data && (
              <>
                {/* The Owner's requests about personal data (GET /api/admin/today lists them to 'privacy' alone). */}
                {can('privacy') && rightsOf(data) && <RightsOnToday rights={rightsOf(data)!} today={data.today} />}
                <LeadSection title="Follow-ups due" empty="No follow-ups are due. Well done.">
                  {data.due.map((lead) => (
                    <LeadCard
                      key={lead._id}
                      lead={lead}
                      waited={dueText(lead.followUp ?? data.today, data.today)}
                      urgent={(lead.followUp ?? '') < data.today}
                      onContact={contact.open}
                    />
                  ))}
                </LeadSection>
                <LeadSection title="Assigned to you" empty="No new leads are waiting for you.">
                  {data.assigned.map((lead) => (
                    <LeadCard key={lead._id} lead={lead} waited={`Waiting ${ageOf(lead.createdAt)}`} onContact={contact.open} />
                  ))}
                </LeadSection>
                <LeadSection title="Enquired again" empty="Nobody has enquired again since staff last looked.">
                  {data.again.map((lead) => (
                    <LeadCard key={lead._id} lead={lead} waited={`Enquired again ${ageOf(lead.createdAt)} ago`} onContact={contact.open} />
                  ))}
                </LeadSection>
                <LeadSection title="New enquiries and applications nobody has touched" empty="Every new enquiry and application has been seen to.">
                  {data.untouched.map((lead) => (
                    <LeadCard key={lead._id} lead={lead} waited={`Waiting ${ageOf(lead.createdAt)}`} onContact={contact.open} />
                  ))}
                </LeadSection>
                {mayHandleFailed && <FailedSection failed={data.failed} />}
                {seesAttendance && <LowAttendanceList students={data.lowAttendance} threshold={data.attendanceThreshold} />}
              </>
            )
          )}
        </>
      )}
      {can('fees-collect') && <PaymentsToConfirm />}
      {can('fees-collect') && <RefundsWaiting />}
      {can('fees') && <DuesOnToday />}
      {contact.dialog}
    </section>
  );
}

/** Today's requests about personal data, which the server adds for 'privacy' holders only. */
const rightsOf = (data: TodayData) => (data as TodayData & { rightsRequests?: RightsOnTodayData }).rightsRequests;

/** A titled list of lead cards, or a line saying there are none. */
function LeadSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = useId();
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        {title} <span className="lead-section__count">({children.length})</span>
      </h2>
      {children.length === 0 ? <p>{empty}</p> : <ul className="lead-cards">{children}</ul>}
    </section>
  );
}

/** The notifications that failed to send, each with Retry and Dismiss. */
function FailedSection({ failed }: { failed: FailedMail[] }) {
  const id = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (mail: FailedMail, action: 'retry' | 'dismiss') => {
    setBusy(mail._id);
    try {
      const answer = await api<{ message: string }>(`/api/admin/outbox/${encodeURIComponent(mail._id)}`, { body: { action } });
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: TODAY_KEY });
    } catch (error) {
      toast.error(messageOf(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Notifications that failed to send <span className="lead-section__count">({failed.length})</span>
      </h2>
      {failed.length === 0 ? (
        <p>Every notification was sent.</p>
      ) : (
        <ul className="lead-cards">
          {failed.map((mail) => (
            <li key={mail._id} className="lead-card">
              <h3 className="lead-card__name">{mail.subject}</h3>
              {mail.lead && (
                <p>
                  About{' '}
                  <Link href={leadPath(mail.lead._id)}>
                    {mail.lead.name} ({mail.lead.reference})
                  </Link>
                </p>
              )}
              <p className="lead-card__meta">
                <span>Failed {formatMoment(mail.failedAt)}</span>
                {mail.error && <span>{mail.error}</span>}
              </p>
              <div className="btn-row">
                <button type="button" className="btn btn--sm" disabled={busy === mail._id} onClick={() => void act(mail, 'retry')}>
                  Retry<span className="sr-only"> {mail.subject}</span>
                </button>
                <button type="button" className="btn btn--sm btn--outline" disabled={busy === mail._id} onClick={() => void act(mail, 'dismiss')}>
                  Dismiss<span className="sr-only"> {mail.subject}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
