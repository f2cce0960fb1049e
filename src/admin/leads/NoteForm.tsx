/**
 * 'Add a note' on a lead's page: POST `{action: 'note', text}` (a note never conflicts). A note
 * being written when the session ends is kept and put back after signing in (drafts.ts).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Field, FormAlert } from '../../components/islands/form-field';
import { LeadActionSchema } from '../../lib/schemas/lead';
import { useDraft } from '../drafts';
import { useLeadAction } from './use-lead-action';

export default function NoteForm({ leadId }: { leadId: string }) {
  const id = useId();
  const { send, failure } = useLeadAction(leadId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useDraft<string>(`lead:${leadId}:note`, 'note', () => (text.trim() ? text : null), setText);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    // The server's own check, so the message is the same.
    const checked = LeadActionSchema.safeParse({ action: 'note', text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    setBusy(true);
    const result = await send({ action: 'note', text }, 'The note could not be added. Please try again.');
    setBusy(false);
    if (result.ok) setText('');
    else setError(result.errors['text'] ?? '');
  };

  return (
    <form className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field id={`${id}-note`} label="Note" error={error}>
        {(aria) => <textarea {...aria} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />}
      </Field>
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving...' : 'Add note'}
      </button>
    </form>
  );
}
