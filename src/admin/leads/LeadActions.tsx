/**
 * The one-tap actions on a lead: Call (`tel:+91…`), WhatsApp (the template picker), E-mail
 * (`mailto:`) and Open (the lead's page). A tap on Call or E-mail follows the link and at once
 * asks for the outcome (`onContact`); WhatsApp asks for the template first. A minor's Call and
 * WhatsApp go to the guardian's mobile when the guardian agreed to WhatsApp, else words say why
 * there are none; a person who withdrew their consent to updates gets no WhatsApp (decision 053).
 */
import { Link } from 'wouter';
import { isApplicationKind, type ContactChannel, type LeadDetail, type LeadRow } from '../../lib/schemas/lead';
import { leadPath } from '../routes';
import { messagingPhone, noMessagingWords } from '../../lib/schemas/messaging';
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
  const guardian = lead.messaging?.to === 'guardian';
  const phone = messagingPhone(lead);
  const none = noMessagingWords(lead.messaging);
  // A minor is called only through the guardian who agreed; a withdrawn consent stops the messages, not a call.
  const callTo = lead.messaging?.to === 'nobody' && lead.messaging.why === 'withdrawn' ? lead.phone : phone;
  return (
    <div className="btn-row lead-actions">
      {callTo && (
        <a className="btn btn--sm" href={telHref(callTo)} onClick={() => onContact(lead, 'call')}>
          {guardian ? 'Call the guardian' : 'Call'}
          {who}
        </a>
      )}
      {none ? (
        <p className="lead-actions__none">{none}</p>
      ) : (
        <button type="button" className="btn btn--sm" onClick={() => onContact(lead, 'whatsapp')}>
          {guardian ? 'WhatsApp the guardian' : 'WhatsApp'}
          {who}
        </button>
      )}
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
