/**
 * Recording a call, WhatsApp message or e-mail: what came of it, an optional note, and the next
 * step (a status and, unless closed, a follow-up day), sent as POST /api/admin/leads/{id}
 * `{action: 'contact', …}` with the version it was based on. The next step follows the outcome
 * until staff choose one themselves; an application keeps its status unless staff choose a step. A 400 puts the server's messages beside the fields; a 409
 * shows the lead as it is now; either way what was typed stays.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Field, FormAlert } from '../../components/islands/form-field';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  indiaToday,
  isApplicationKind,
  STATUS_LABELS,
  type ContactChannel,
  type ContactOutcome,
  type LeadAction,
  type LeadDetail,
  type LeadRow,
} from '../../lib/schemas/lead';
import { ApiError, messageOf } from '../api';
import ConflictNotice, { type Conflict } from './ConflictNotice';
import { afterLeadChange, conflictOf, sendLeadAction } from './lead-api';
import { applicationContactResolver, leadActionResolver, STEP_FIELDS, stepDefaults, suggestedStep, type LeadFormValues } from './lead-form';
import NextStepFields from './NextStepFields';
import { dayAfter } from './waited';

/** The outcomes that fit a channel: a call is answered or not; a message is sent. */
const OUTCOMES: Record<ContactChannel, ContactOutcome[]> = {
  call: ['reached', 'no-answer', 'busy', 'switched-off', 'wrong-number'],
  whatsapp: ['sent', 'reached', 'wrong-number'],
  email: ['sent', 'reached'],
};

interface Props {
  lead: LeadRow | LeadDetail;
  /** The channel, when the form follows a tap on Call, WhatsApp or E-mail; else staff choose. */
  channel?: ContactChannel;
  /** The WhatsApp template used. */
  template?: string | undefined;
  /** After the outcome was recorded, with the lead as it is now. */
  onDone?: (lead: LeadDetail) => void;
  /** A Cancel button, in a dialog. */
  onCancel?: () => void;
}

export default function ContactForm({ lead, channel, template, onDone, onCancel }: Props) {
  const id = useId();
  const client = useQueryClient();
  const today = indiaToday();
  const [version, setVersion] = useState(lead.version);
  const [status, setStatus] = useState(lead.status);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    setVersion(lead.version);
    setStatus(lead.status);
  }, [lead.version, lead.status]);

  const firstOutcome: ContactOutcome | '' = channel && channel !== 'call' ? 'sent' : '';
  const first = suggestedStep(firstOutcome, lead.status);
  const application = isApplicationKind(lead.kind);
  const form = useForm<LeadFormValues, unknown, LeadAction>({
    resolver: application ? applicationContactResolver : leadActionResolver,
    defaultValues: {
      action: 'contact',
      version: lead.version,
      channel: channel ?? '',
      outcome: firstOutcome,
      ...(template && { template }),
      note: '',
      next: { ...stepDefaults(lead, first.status, today, first.days), lostReason: first.lostReason ?? '' },
    },
  });
  const { register, handleSubmit, watch, setValue, getFieldState, setError, formState } = form;
  const chosenChannel = (watch('channel') || channel) as ContactChannel | '';
  const outcome = watch('outcome') as ContactOutcome | '';

  // The next step follows the outcome until staff pick one themselves.
  useEffect(() => {
    if (getFieldState('next.status').isDirty) return;
    const step = suggestedStep(outcome, status);
    setValue('next.status', step.status);
    if (!getFieldState('next.followUp').isDirty) setValue('next.followUp', dayAfter(today, step.days));
    if (step.lostReason && !getFieldState('next.lostReason').isDirty) setValue('next.lostReason', step.lostReason);
  }, [outcome, status, today, getFieldState, setValue]);

  const onSubmit = async (values: LeadAction) => {
    setFailure('');
    try {
      const answer = await sendLeadAction(lead._id, { ...values, version } as LeadAction);
      toast.success(answer.message);
      setConflict(null);
      await afterLeadChange(client, answer.item);
      onDone?.(answer.item);
    } catch (error) {
      const refused = conflictOf(error);
      if (refused) {
        setConflict(refused);
        if (refused.current) {
          setVersion(refused.current.version);
          setStatus(refused.current.status);
        }
        await afterLeadChange(client, refused.current);
        return;
      }
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.data.errors ?? {})) {
          if ((STEP_FIELDS as readonly string[]).includes(name)) setError(name as (typeof STEP_FIELDS)[number], { message });
        }
      }
      const message = messageOf(error, 'The outcome could not be recorded. Please try again.');
      setFailure(message);
      toast.error(message);
    }
  };

  return (
    <form className="lead-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {conflict && <ConflictNotice conflict={conflict} />}
      {!channel && (
        <Field id={`${id}-channel`} label="How did you reach out?" error={formState.errors.channel?.message}>
          {(aria) => (
            <select {...register('channel')} {...aria}>
              <option value="">Choose…</option>
              {Object.entries(CONTACT_CHANNELS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <fieldset
        className="lead-choices"
        aria-invalid={formState.errors.outcome ? true : undefined}
        aria-describedby={formState.errors.outcome ? `${id}-outcome-error` : undefined}
      >
        <legend>Outcome</legend>
        {(chosenChannel ? OUTCOMES[chosenChannel] : (Object.keys(CONTACT_OUTCOMES) as ContactOutcome[])).map((key) => (
          <label key={key} className="lead-choice">
            <input {...register('outcome')} type="radio" value={key} />
            {CONTACT_OUTCOMES[key]}
          </label>
        ))}
        {formState.errors.outcome && (
          <p className="form-error" id={`${id}-outcome-error`}>
            {formState.errors.outcome.message}
          </p>
        )}
      </fieldset>
      <Field id={`${id}-note`} label="Note (optional)" error={formState.errors.note?.message}>
        {(aria) => <textarea {...register('note')} {...aria} rows={2} maxLength={2000} />}
      </Field>
      <NextStepFields
        form={form}
        current={status}
        id={id}
        today={today}
        keep={application ? `Keep it ${STATUS_LABELS[status]}` : undefined}
        documents={'application' in lead ? lead.application?.documents : undefined}
      />
      <FormAlert>{failure}</FormAlert>
      <div className="btn-row">
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save outcome'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
