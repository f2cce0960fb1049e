/**
 * The one-tap actions on a lead: Call (`tel:+91…`), WhatsApp (the template picker), E-mail
 * (`mailto:`) and Open (the lead's page). A tap on Call or E-mail follows the link and at once
 * asks for the outcome (`onContact`); WhatsApp asks for the template first.
 */
import { Link } from 'wouter';
import { isApplicationKind, type ContactChannel, type LeadDetail, type LeadRow } from '../../lib/schemas/lead';
import { leadPath } from '../routes';
import { mailHref, telHref } from './contact-links';

interface Props {
  lead: LeadRow | LeadDetail;
  /** Opens the outcome dialog (ContactDialog) for this lead. */
  onContact: (lead: LeadRow | LeadDetail, channel: ContactChannel) => void;
  /** Show Open (not on the lead's own page). */
  open?: boolean;
}

export default function LeadActions({ lead, onContact, open = true }: Props) {
  const who = <span className="sr-only"> {lead.name}</span>;
  return (
    <div className="btn-row lead-actions">
      <a className="btn btn--sm" href={telHref(lead.phone)} onClick={() => onContact(lead, 'call')}>
        Call{who}
      </a>
      <button type="button" className="btn btn--sm" onClick={() => onContact(lead, 'whatsapp')}>
        WhatsApp{who}
      </button>
      {lead.email && (
        <a
          className="btn btn--sm btn--outline"
          href={mailHref(lead.email, `Your ${isApplicationKind(lead.kind) ? 'application' : 'enquiry'} ${lead.reference}`)}
          onClick={() => onContact(lead, 'email')}
        >
          E-mail{who}
        </a>
      )}
      {open && (
        <Link className="btn btn--sm btn--outline" href={leadPath(lead._id)}>
          Open{who}
        </Link>
      )}
    </div>
  );
}
