/**
 * One lead as a card in a list on a phone: name, what they asked about (or the application form
 * they sent), how long it has waited, status, reference, who it is assigned to, and the one-tap actions.
 */
import { isApplicationKind, LEAD_KINDS, type ContactChannel, type LeadDetail, type LeadRow } from '../../lib/schemas/lead';
import { LANGUAGE_WORDS } from '../../lib/person-language';
import LeadActions from './LeadActions';
import StatusBadge from './StatusBadge';

interface Props {
  lead: LeadRow;
  /** How long it has waited, e.g. 'Overdue by 2 days' or 'Waiting 3 hours'. */
  waited: string;
  /** Marks an overdue follow-up. */
  urgent?: boolean;
  onContact: (lead: LeadRow | LeadDetail, channel: ContactChannel) => void;
}

export default function LeadCard({ lead, waited, urgent, onContact }: Props) {
  const about = lead.course ?? lead.subject;
  return (
    <li className="lead-card">
      <h3 className="lead-card__name">{lead.name}</h3>
      <p className="lead-card__about">
        {isApplicationKind(lead.kind) ? `Sent the ${LEAD_KINDS[lead.kind]} form` : about ? `Asked about ${about}` : 'Did not say what about'}
      </p>
      <p className="lead-card__meta">
        <span className={urgent ? 'lead-card__waited lead-card__waited--urgent' : 'lead-card__waited'}>{waited}</span>
        <StatusBadge status={lead.status} />
        <span>{lead.reference}</span>
        {lead.assignedTo && <span>Assigned to {lead.assignedTo.name}</span>}
        {lead.enquiries > 1 && <span>{lead.enquiries} enquiries</span>}
        {lead.language && <span>Writes in {LANGUAGE_WORDS[lead.language]}</span>}
      </p>
      <LeadActions lead={lead} onContact={onContact} />
    </li>
  );
}
