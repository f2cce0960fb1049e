/**
 * "Tell the student on WhatsApp": the notice an action answered (a receipt, a UPI payment
 * confirmed or not, a receipt cancelled; src/lib/schemas/student-notice.ts), as one link per
 * language that opens WhatsApp on the student's number with the message typed in, the student's
 * own language first and filled. Staff press Send in WhatsApp themselves. It says whether an
 * e-mail went too, so staff know when WhatsApp is the only way the student hears of it. A minor's
 * notice opens on the guardian's mobile (when the guardian agreed to WhatsApp); where none may go,
 * words say why instead of the links (decision 053).
 */
import { useId } from 'react';
import { LANGUAGE_WORDS } from '../../lib/person-language';
import { noMessagingWords } from '../../lib/schemas/messaging';
import type { StudentNotice } from '../../lib/schemas/student-notice';

const LANGUAGES = [
  { language: 'en', label: 'English' },
  { language: 'hi', label: 'हिन्दी' },
] as const;

export default function WhatsAppNotice({ notice, what }: { notice: StudentNotice; what: string }) {
  const id = useId();
  const own = notice.language;
  const ordered = [...LANGUAGES].sort((a, b) => Number(b.language === own) - Number(a.language === own));
  const none = noMessagingWords(notice.messaging);
  if (none)
    return (
      <div className="whatsapp-notice" role="group" aria-labelledby={id}>
        <p id={id}>
          {none}: nothing to send to {notice.student} on WhatsApp.
        </p>
      </div>
    );
  const guardian = notice.messaging?.to === 'guardian' ? notice.messaging.guardian : null;
  return (
    <div className="whatsapp-notice" role="group" aria-labelledby={id}>
      <p id={id}>
        Tell {guardian ? `${notice.student}’s guardian, ${guardian},` : notice.student} {what} on WhatsApp ({LANGUAGE_WORDS[own]} is theirs).
        {notice.emailed ? ' An e-mail went to them too.' : ' They have no e-mail address: WhatsApp is how they hear of it.'}
      </p>
      {!notice.hasMobile && <p className="form-hint">Their record has no mobile number: WhatsApp will ask whom to send it to.</p>}
      <div className="btn-row">
        {ordered.map(({ language, label }) => (
          <a
            key={language}
            className={language === own ? 'btn btn--sm' : 'btn btn--sm btn--outline'}
            href={notice.messages[language].link}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp <span lang={language}>{label}</span>
            <span className="sr-only"> message to {notice.student}</span>
          </a>
        ))}
      </div>
      <details className="whatsapp-notice__text">
        <summary>See the message</summary>
        <p lang={own}>{notice.messages[own].text}</p>
      </details>
    </div>
  );
}
