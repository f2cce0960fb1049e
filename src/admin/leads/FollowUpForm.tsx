/** 'Set follow-up' on a lead's page: POST `{action: 'follow-up', version, followUp}` (open leads only). */
import { useId, useState, type SubmitEvent } from 'react';
import { Field, FormAlert } from '../../components/islands/form-field';
import { indiaToday, LeadActionSchema, type LeadDetail } from '../../lib/schemas/lead';
import ConflictNotice from './ConflictNotice';
import { useLeadAction } from './use-lead-action';
import { dayAfter } from './waited';

export default function FollowUpForm({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const today = indiaToday();
  const { send, conflict, failure } = useLeadAction(lead._id);
  const [day, setDay] = useState(lead.followUp && lead.followUp >= today ? lead.followUp : dayAfter(today, 1));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const body = { action: 'follow-up' as const, version: lead.version, followUp: day };
    const checked = LeadActionSchema.safeParse(body);
    setError(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (!checked.success) return;
    setBusy(true);
    const result = await send(body, 'The follow-up could not be set. Please try again.');
    setBusy(false);
    if (!result.ok) setError(result.errors['followUp'] ?? '');
  };

  return (
    <form className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictNotice conflict={conflict} />}
      <Field id={`${id}-day`} label="Follow up on" error={error}>
        {(aria) => <input {...aria} type="date" min={today} max={dayAfter(today, 365)} value={day} onChange={(event) => setDay(event.target.value)} />}
      </Field>
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving...' : 'Set follow-up'}
      </button>
    </form>
  );
}
