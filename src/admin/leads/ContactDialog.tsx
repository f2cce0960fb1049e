/**
 * The dialog a tap on Call, WhatsApp or E-mail opens. For WhatsApp it first offers the message
 * templates (content/whatsapp.json) filled with the lead's details, in English or Hindi (at first
 * the language the person used on the site), and a link that opens WhatsApp
 * with the chosen one in a new tab; then, as for a call or an e-mail, it asks at once what came of
 * it and what the next step is (ContactForm). A native modal <dialog>: the page behind is inert,
 * Escape closes it, and its heading names it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { type ContactChannel, type LeadDetail, type LeadRow } from '../../lib/schemas/lead';
import { messagingPhone } from '../../lib/schemas/messaging';
import { ABSENCE_LANGUAGES, LANGUAGE_WORDS, fillTemplate, languageOf, templateIn, whatsAppLink, type AbsenceLanguage } from '../../lib/whatsapp';
import { useAppInfo } from '../app-info';
import ContactForm from './ContactForm';
import { trapFocus } from './focus-trap';

/** What opened the dialog. */
export interface ContactRequest {
  lead: LeadRow | LeadDetail;
  channel: ContactChannel;
}

const TITLES: Record<ContactChannel, string> = {
  call: 'What came of the call?',
  whatsapp: 'What came of the WhatsApp message?',
  email: 'What came of the e-mail?',
};

export default function ContactDialog({ request, onClose }: { request: ContactRequest | null; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    setPicked(null);
    const element = dialog.current;
    if (request && element && !element.open) element.showModal();
    if (!request && element?.open) element.close();
  }, [request]);

  // The outcome step takes the focus, so it is read out and Tab starts at its top.
  useEffect(() => {
    if (picked) heading.current?.focus();
  }, [picked]);

  const choosing = request?.channel === 'whatsapp' && !picked;
  return (
    <dialog ref={dialog} className="modal lead-dialog" aria-labelledby={`${id}-title`} onClose={onClose} onKeyDown={trapFocus}>
      {request && (
        <>
          <div className="modal__head">
            <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
              {choosing ? 'Send a WhatsApp message' : TITLES[request.channel]}
            </h2>
            <button type="button" className="modal__close" aria-label="Close" onClick={() => dialog.current?.close()}>
              ×
            </button>
          </div>
          <p className="lead-dialog__who">
            {request.lead.name} · {request.lead.reference}
            {request.lead.messaging?.to === 'guardian' && ` · to their guardian ${request.lead.messaging.guardian}`}
          </p>
          {choosing ? (
            <TemplatePicker lead={request.lead} onSent={setPicked} />
          ) : (
            <ContactForm
              key={`${request.lead._id}-${request.channel}`}
              lead={request.lead}
              channel={request.channel}
              template={picked ?? undefined}
              onDone={() => dialog.current?.close()}
              onCancel={() => dialog.current?.close()}
            />
          )}
        </>
      )}
    </dialog>
  );
}

/** The WhatsApp templates, each filled in, in the person's language unless staff choose the other; the link opens WhatsApp with the chosen one. */
function TemplatePicker({ lead, onSent }: { lead: LeadRow | LeadDetail; onSent: (template: string) => void }) {
  const id = useId();
  const { whatsappTemplates, siteName, me } = useAppInfo();
  const [key, setKey] = useState(whatsappTemplates[0]?.key ?? '');
  const [language, setLanguage] = useState<AbsenceLanguage>(languageOf(lead));
  const values = { name: lead.name, institute: siteName, course: lead.course ?? lead.subject, reference: lead.reference, staff: me.staff.name };
  const chosen = whatsappTemplates.find((t) => t.key === key);
  const text = chosen ? fillTemplate(templateIn(chosen, language), values, language) : '';

  if (whatsappTemplates.length === 0) return <p>There are no WhatsApp templates yet (content/whatsapp.json).</p>;
  return (
    <div className="lead-form">
      <fieldset className="lead-choices">
        <legend>Language</legend>
        {ABSENCE_LANGUAGES.map((option) => (
          <label key={option} className="lead-choice">
            <input type="radio" name={`${id}-language`} value={option} checked={option === language} onChange={() => setLanguage(option)} />
            {LANGUAGE_WORDS[option]}
            {option === languageOf(lead) ? ' (their language)' : ''}
          </label>
        ))}
      </fieldset>
      <fieldset className="lead-choices">
        <legend>Message</legend>
        {whatsappTemplates.map((template) => (
          <label key={template.key} className="lead-choice">
            <input type="radio" name={`${id}-template`} value={template.key} checked={template.key === key} onChange={() => setKey(template.key)} />
            {template.label}
          </label>
        ))}
      </fieldset>
      <p className="lead-dialog__preview" id={`${id}-preview`} lang={language}>
        {text}
      </p>
      <div className="btn-row">
        <a
          className="btn"
          href={whatsAppLink(messagingPhone(lead) ?? '', text)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={`${id}-preview`}
          onClick={() => onSent(key)}
        >
          Open WhatsApp
        </a>
        <button type="button" className="btn btn--outline" onClick={() => onSent(key)}>
          Already sent: record it
        </button>
      </div>
    </div>
  );
}

/** The dialog and its opener, for a panel that lists leads: render `dialog` once, call `open` from a row. */
export function useContactDialog(): { open: (lead: LeadRow | LeadDetail, channel: ContactChannel) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ContactRequest | null>(null);
  return { open: (lead, channel) => setRequest({ lead, channel }), dialog: <ContactDialog request={request} onClose={() => setRequest(null)} /> };
}
