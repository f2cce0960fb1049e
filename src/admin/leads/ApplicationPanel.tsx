/**
 * The application part of a lead's page (loaded only for an application form's lead): where it
 * stands with the outside body and the applicant (portal reference, the last request to fix
 * documents, consent, closing and deletion), the answers with masked ID numbers, and the
 * documents' checklist with the viewer.
 */
import type { ApplicationDetail } from '../../lib/schemas/application-review';
import { formatMoment } from '../ui/dates';
import ApplicationAnswers from './ApplicationAnswers';
import DocumentChecklist from './DocumentChecklist';
import LeadPart from './LeadPart';

interface Props {
  leadId: string;
  application: ApplicationDetail;
}

export default function ApplicationPanel({ leadId, application }: Props) {
  const { fix } = application;
  const asked = fix ? application.documents.filter((d) => fix.slots.includes(d.slot)).map((d) => d.label) : [];
  return (
    <>
      <LeadPart title="Documents">
        <DocumentChecklist application={application} />
      </LeadPart>
      <LeadPart title="Application">
        <dl className="lead-facts">
          <dt>Form</dt>
          <dd>{application.formLabel}</dd>
          <dt>Portal reference</dt>
          <dd>{application.portalReference ?? 'Not forwarded yet'}</dd>
          {fix && (
            <>
              <dt>{fix.open ? 'Asked to fix' : 'Last asked to fix'}</dt>
              <dd>
                {asked.join(', ')} ({formatMoment(fix.requestedAt)}){fix.note && `: ${fix.note}`}
                {fix.open && fix.expiresAt && `. The link works until ${formatMoment(fix.expiresAt)}.`}
              </dd>
            </>
          )}
          <dt>Consent</dt>
          <dd>
            Notice version {application.consent.version}, agreed {formatMoment(application.consent.at)}
          </dd>
          {application.closedAt && (
            <>
              <dt>Closed</dt>
              <dd>{formatMoment(application.closedAt)}</dd>
            </>
          )}
          {application.purgedAt && (
            <>
              <dt>Deleted</dt>
              <dd>Documents and ID numbers deleted {formatMoment(application.purgedAt)} (retention period ended)</dd>
            </>
          )}
        </dl>
        <ApplicationAnswers leadId={leadId} application={application} />
      </LeadPart>
    </>
  );
}
