/**
 * A lead's page (/adminLeads/{id}, GET /api/admin/leads/{id}): the one-tap actions, where it
 * stands in the pipeline (next follow-up, visit day, who it is assigned to, the student record
 * once admitted), everything it sent, where the visit came from, the person's other enquiries,
 * and the person's timeline with a note form. Below, each action in its own section: record a
 * call or message, change status, set the follow-up, assign, the language of the person's messages
 * and e-mails, admit, merge with another person.
 * An application form's lead shows its documents (checklist and viewer) and its answers (ID
 * numbers masked, each shown on request) from a part loaded only for it, and its status moves
 * ask for what its pipeline needs (documents to fix, the portal's reference, a reason).
 * Every save sends the version the page shows; a 409 shows the lead as it is now and keeps the
 * form as typed.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { isApplicationKind, LOST_REASONS, NEXT_STATUSES, OPEN_STATUSES, type LeadDetail, type LeadStatus } from '../../lib/schemas/lead';
import { api, ApiError, messageOf } from '../api';
import AssignForm from '../leads/AssignForm';
import ContactForm from '../leads/ContactForm';
import { useContactDialog } from '../leads/ContactDialog';
import FollowUpForm from '../leads/FollowUpForm';
import LanguageForm from '../leads/LanguageForm';
import LeadActions from '../leads/LeadActions';
import { SentFacts, SourceFacts } from '../leads/LeadFacts';
import { GuardianConsentLine, guardianConsentOf } from '../ui/GuardianConsentLine';
import { leadKey } from '../leads/lead-api';
import Part from '../leads/LeadPart';
import MergePanel from '../leads/MergePanel';
import MoveForm from '../leads/MoveForm';
import NoteForm from '../leads/NoteForm';
import Pipeline from '../leads/Pipeline';
import StatusBadge from '../leads/StatusBadge';
import Timeline from '../leads/Timeline';
import { editStudentPath, leadPath, PATHS } from '../routes';
import { formatDay } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';

export default function Lead({ id }: { id: string }) {
  const lead = useQuery({
    queryKey: leadKey(id),
    queryFn: () => api<LeadDetail>(`/api/admin/leads/${encodeURIComponent(id)}`),
    // Always the lead as it is now when the page opens.
    staleTime: 0,
  });

  if (!lead.data) {
    return (
      <section className="admin-panel">
        <PanelHeading title="Lead" />
        {lead.isError ? (
          <div role="alert">
            <p className="form-error">
              {lead.error instanceof ApiError && lead.error.status === 404 ? 'There is no such lead.' : messageOf(lead.error, 'The lead could not be loaded.')}
            </p>
            <p>
              <Link href={PATHS.leads}>All leads</Link>
            </p>
          </div>
        ) : (
          <p role="status">Loading the lead...</p>
        )}
      </section>
    );
  }
  return <LeadPage key={lead.data._id} lead={lead.data} />;
}

/** An application's documents and answers: loaded only on an application's page. */
const ApplicationPanel = lazy(() => import('../leads/ApplicationPanel'));

function LeadPage({ lead }: { lead: LeadDetail }) {
  const contact = useContactDialog();
  const [round, setRound] = useState(0);
  const open = OPEN_STATUSES.includes(lead.status);
  const moves = NEXT_STATUSES[lead.status].filter((s) => s !== 'admitted');
  const others = lead.person.leads.filter((l) => l._id !== lead._id);
  const canAdmit: boolean = (NEXT_STATUSES[lead.status] as readonly LeadStatus[]).includes('admitted');
  const application = isApplicationKind(lead.kind);

  return (
    <section className="admin-panel lead-page">
      <PanelHeading title={lead.name}>
        <Link className="btn btn--sm btn--outline" href={PATHS.leads}>
          All leads
        </Link>
      </PanelHeading>
      <p className="lead-page__line">
        {lead.reference} · <StatusBadge status={lead.status} />
      </p>
      {/* A minor's lead or application: the guardian's consent (on the lead or on its application). */}
      <GuardianConsentLine record={guardianConsentOf(lead) ? lead : lead.application} />
      {(open || (application && moves.length > 0)) && <LeadActions lead={lead} onContact={contact.open} open={false} />}

      <Part title="Status">
        <Pipeline status={lead.status} />
        <dl className="lead-facts">
          {!application && (
            <>
              <dt>Next follow-up</dt>
              <dd>{open ? formatDay(lead.followUp) : 'None: the lead is closed'}</dd>
            </>
          )}
          {lead.visitOn && (
            <>
              <dt>Visit day</dt>
              <dd>{formatDay(lead.visitOn)}</dd>
            </>
          )}
          <dt>Assigned to</dt>
          <dd>{lead.assignedTo?.name ?? 'Nobody'}</dd>
          {lead.status === 'lost' && (
            <>
              <dt>Lost because</dt>
              <dd>
                {lead.lostReason ? LOST_REASONS[lead.lostReason] : '—'}
                {lead.lostNote && `: ${lead.lostNote}`}
              </dd>
            </>
          )}
          {lead.status === 'rejected' && (
            <>
              <dt>Rejected because</dt>
              <dd>{lead.lostNote ?? '—'}</dd>
            </>
          )}
          {lead.studentId && (
            <>
              <dt>Student record</dt>
              <dd>
                <Link href={editStudentPath(lead.studentId)}>Open the student record of {lead.name}</Link>
              </dd>
            </>
          )}
        </dl>
      </Part>

      {lead.application && (
        <Suspense fallback={<p role="status">Loading the application...</p>}>
          <ApplicationPanel leadId={lead._id} application={lead.application} />
        </Suspense>
      )}
      <Part title={application ? 'Who sent it' : 'What they sent'}>
        <SentFacts lead={lead} />
      </Part>
      <Part title="Where the visit came from">
        <SourceFacts lead={lead} />
      </Part>
      {others.length > 0 && (
        <Part title="Other enquiries of this person">
          <ul className="lead-others">
            {others.map((other) => (
              <li key={other._id}>
                <Link href={leadPath(other._id)}>{other.reference}</Link> · {formatDay(other.createdAt)} · {other.course ?? 'no course given'} ·{' '}
                <StatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        </Part>
      )}

      <Part title="Timeline">
        <h3 className="lead-part__sub">Add a note</h3>
        <NoteForm leadId={lead._id} />
        <Timeline entries={lead.timeline} many={lead.person.leads.length > 1} />
      </Part>

      {lead.status !== 'admitted' && (
        <Part title="Record a call or message" folded>
          <ContactForm key={round} lead={lead} onDone={() => setRound((n) => n + 1)} />
        </Part>
      )}
      {moves.length > 0 && (
        <Part title="Change status" folded>
          <MoveForm lead={lead} only={moves} action="Change status" />
        </Part>
      )}
      {open && (
        <Part title="Set follow-up" folded>
          <FollowUpForm lead={lead} />
        </Part>
      )}
      <Part title="Assign" folded>
        <AssignForm lead={lead} />
      </Part>
      <Part title="Language" folded>
        <LanguageForm lead={lead} />
      </Part>
      {canAdmit && (
        <Part title="Admit" folded>
          <MoveForm lead={lead} only={['admitted']} action="Admit and create the student record" />
        </Part>
      )}
      <Part title="Merge with another person" folded>
        <MergePanel lead={lead} />
      </Part>
      {contact.dialog}
    </section>
  );
}
