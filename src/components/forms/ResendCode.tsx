/**
 * "Send the code again" (POST /api/guardian-consent-resend): a new code to the guardian's e-mail,
 * the server's words on success or refusal (a limit reached, say), read out.
 */
import { useState } from 'react';
import { postJson } from '../../lib/api';
import { consent_resend, consent_resent } from '../../i18n/messages';
import { FormAlert, FormStatus } from './FormAlert';
import { fallbackFailure } from './use-failure';

/** The button and its two lines (see the module's comment). */
export function ResendCode({ holdId, children }: { holdId: string; children?: React.ReactNode }) {
  const [resent, setResent] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    setResent('');
    setFailure('');
    const result = await postJson<{ message?: string }>('/api/guardian-consent-resend', { id: holdId });
    setBusy(false);
    if (result.ok) setResent(result.data.message || consent_resent());
    else setFailure(result.data.message || result.data.error || fallbackFailure());
  };
  return (
    <div className="resend-code">
      <div className="btn-row">
        <button type="button" className="btn btn--outline" onClick={() => void resend()} disabled={busy}>
          {consent_resend()}
        </button>
        {children}
      </div>
      <FormStatus>{resent}</FormStatus>
      <FormAlert>{failure}</FormAlert>
    </div>
  );
}
