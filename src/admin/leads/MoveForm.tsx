/**
 * 'Change status' and 'Admit' on a lead's page: POST `{action: 'move', version, next}`, the next
 * step asking for what its status needs (NextStepSchema, through LeadActionSchema: the server's
 * messages). Admitting answers with the new student's id, linked from the page; an application's
 * documents are offered to choose those to be uploaded again.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/islands/form-field';
import { indiaToday, type LeadAction, type LeadDetail, type LeadStatus } from '../../lib/schemas/lead';
import ConflictNotice from './ConflictNotice';
import { leadActionResolver, STEP_FIELDS, stepDefaults, type LeadFormValues } from './lead-form';
import NextStepFields from './NextStepFields';
import { useLeadAction } from './use-lead-action';

interface Props {
  lead: LeadDetail;
  /** Only these statuses (Admit offers just 'admitted'). */
  only?: readonly LeadStatus[];
  /** The submit button's words. */
  action: string;
}

/** An application's documents, for the documents-to-fix step. */
const documentsOf = (lead: LeadDetail) => lead.application?.documents;

export default function MoveForm({ lead, only, action }: Props) {
  const id = useId();
  const today = indiaToday();
  const { send, conflict, failure } = useLeadAction(lead._id);
  const single = only?.length === 1 ? only[0]! : '';
  const form = useForm<LeadFormValues, unknown, LeadAction>({
    resolver: leadActionResolver,
    defaultValues: { action: 'move', version: lead.version, next: stepDefaults(lead, single, today) },
  });
  const { handleSubmit, setError, reset, formState } = form;

  const onSubmit = async (values: LeadAction) => {
    const result = await send({ ...values, version: lead.version } as LeadAction, 'The status could not be changed. Please try again.');
    if (result.ok) {
      reset({ action: 'move', version: result.item.version, next: stepDefaults(result.item, single, today) });
      return;
    }
    for (const [name, message] of Object.entries(result.errors)) {
      if ((STEP_FIELDS as readonly string[]).includes(name)) setError(name as (typeof STEP_FIELDS)[number], { message });
    }
  };

  return (
    <form className="lead-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {conflict && <ConflictNotice conflict={conflict} />}
      <NextStepFields
        form={form}
        current={lead.status}
        id={id}
        today={today}
        {...(only && { only })}
        legend={single === 'admitted' ? 'The student record' : 'New status'}
        documents={documentsOf(lead)}
      />
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving...' : action}
      </button>
    </form>
  );
}
