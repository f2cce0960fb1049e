/**
 * What a form shows in its place once an under-18's submission is held (a 202 HeldAnswer): the
 * code was e-mailed to the guardian (masked), until when the form is kept (India time, in the
 * page's language), the number to quote at the office, and for a guardian on the same phone
 * their consent itself (GuardianConsentFields), with "Send the code again". "Change the details"
 * goes back to the form with everything typed still there.
 */
import { useEffect, useRef } from 'react';
import { formatIndiaMoment } from '../../lib/india-time';
import { consent_change, consent_held_here, consent_held_kept, consent_held_number, consent_held_sent, consent_held_title } from '../../i18n/messages';
import type { Held } from './age-question';
import { GuardianConsentFields, type ConsentedAnswer } from './GuardianConsentFields';
import { pageLocale } from './page-locale';
import { ResendCode } from './ResendCode';
import { richText } from './rich-text';

interface Props {
  held: Held;
  /** The form's own success, once the guardian consented. */
  onConsented: (data: ConsentedAnswer) => void;
  /** Back to the form (its values kept). */
  onChange: () => void;
}

/** The waiting step (see the module's comment). */
export function HeldStep({ held, onConsented, onChange }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="held-step" aria-labelledby={`held-${held.id}`}>
      <h2 id={`held-${held.id}`} ref={heading} tabIndex={-1} className="held-step__title">
        {consent_held_title()}
      </h2>
      <p>{richText(consent_held_sent({ email: held.guardianEmail }))}</p>
      <p>{richText(consent_held_kept({ until: formatIndiaMoment(held.expiresAt, pageLocale()) }))}</p>
      <p>{richText(consent_held_number({ number: held.number }))}</p>
      <p className="form-note">{consent_held_here()}</p>
      <GuardianConsentFields holdId={held.id} hasPhone={held.hasPhone} onConsented={onConsented} />
      <ResendCode holdId={held.id}>
        <button type="button" className="btn btn--outline" onClick={onChange}>
          {consent_change()}
        </button>
      </ResendCode>
    </section>
  );
}
