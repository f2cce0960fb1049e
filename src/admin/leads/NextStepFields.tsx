/**
 * The next step of a lead: the status it moves to (only those the pipeline allows from where it
 * is) and what that status needs — a follow-up day, the visit day, why it was lost, or the
 * student record admitting it creates; for an application, the documents to be uploaded again
 * and a note to the applicant, the outside portal's reference, or why it was rejected.
 */
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/islands/form-field';
import type { ReviewDocument } from '../../lib/schemas/application-review';
import { LOST_REASONS, NEXT_STATUSES, STATUS_LABELS, type LeadAction, type LeadStatus } from '../../lib/schemas/lead';
import type { LeadFormValues } from './lead-form';
import AdmitBatchField from './AdmitBatchField';
import { dayAfter } from './waited';

interface Props {
  form: UseFormReturn<LeadFormValues, unknown, LeadAction>;
  /** The lead's status now. */
  current: LeadStatus;
  /** Unique prefix for the inputs' ids. */
  id: string;
  /** Today in India (YYYY-MM-DD): the earliest day offered. */
  today: string;
  /** The statuses offered (default: all the pipeline allows). */
  only?: readonly LeadStatus[];
  /** Heading of the group. */
  legend?: string;
  /** An application's documents, to choose those to fix (without them that step is not offered). */
  documents?: Pick<ReviewDocument, 'slot' | 'label' | 'state'>[] | undefined;
  /** The words of the empty choice when a step may be left out (an application's call keeps its status). */
  keep?: string | undefined;
}

/** An empty date input is a day left out. */
const day = { setValueAs: (v: string) => v || undefined };

export default function NextStepFields({ form, current, id, today, only, legend = 'Next step', documents, keep }: Props) {
  const { register, watch, formState } = form;
  const errors = formState.errors.next;
  const status = watch('next.status');
  const choices = NEXT_STATUSES[current].filter((s) => (!only || only.includes(s)) && (s !== 'documents-to-fix' || documents?.length));
  const dates = { min: today, max: dayAfter(today, 365) };

  return (
    <fieldset className="lead-step">
      <legend>{legend}</legend>
      {choices.length > 1 || keep ? (
        <Field id={`${id}-status`} label="Status" error={errors?.status?.message}>
          {(aria) => (
            <select {...register('next.status')} {...aria}>
              <option value="">{keep ?? 'Choose…'}</option>
              {choices.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <p className="lead-step__only">Status: {choices[0] ? STATUS_LABELS[choices[0]] : STATUS_LABELS[current]}</p>
      )}

      {status === 'contacted' && (
        <Field id={`${id}-follow-up`} label="Next follow-up" error={errors?.followUp?.message}>
          {(aria) => <input {...register('next.followUp', day)} {...aria} type="date" {...dates} />}
        </Field>
      )}
      {status === 'interested' && (
        <>
          <Field id={`${id}-visit`} label="Day of the visit" error={errors?.visitOn?.message}>
            {(aria) => <input {...register('next.visitOn', day)} {...aria} type="date" {...dates} />}
          </Field>
          <Field id={`${id}-follow-up`} label="Next follow-up (optional)" hint="Left empty: the day of the visit." error={errors?.followUp?.message}>
            {(aria) => <input {...register('next.followUp', day)} {...aria} type="date" {...dates} />}
          </Field>
        </>
      )}
      {status === 'lost' && (
        <>
          <Field id={`${id}-reason`} label="Why was it lost?" error={errors?.lostReason?.message}>
            {(aria) => (
              <select {...register('next.lostReason')} {...aria}>
                <option value="">Choose…</option>
                {Object.entries(LOST_REASONS).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-lost-note`} label="More about the reason (needed for Other reason)" error={errors?.lostNote?.message}>
            {(aria) => <textarea {...register('next.lostNote')} {...aria} rows={2} maxLength={500} />}
          </Field>
        </>
      )}
      {status === 'admitted' && (
        <div className="lead-step__student">
          <p className="form-hint">Admitting creates the student record from these details.</p>
          <Field id={`${id}-s-name`} label="Student's name" error={errors?.student?.name?.message}>
            {(aria) => <input {...register('next.student.name')} {...aria} type="text" autoComplete="off" />}
          </Field>
          <Field id={`${id}-s-email`} label="Student's e-mail" error={errors?.student?.email?.message}>
            {(aria) => <input {...register('next.student.email')} {...aria} type="email" autoComplete="off" />}
          </Field>
          <Field id={`${id}-s-phone`} label="Student's mobile number (optional)" error={errors?.student?.phone?.message}>
            {(aria) => <input {...register('next.student.phone')} {...aria} type="tel" inputMode="tel" autoComplete="off" />}
          </Field>
          <Field id={`${id}-s-course`} label="Course joined" error={errors?.student?.course?.message}>
            {(aria) => <input {...register('next.student.course')} {...aria} type="text" autoComplete="off" />}
          </Field>
          <AdmitBatchField form={form} id={id} course={watch('next.student.course') ?? ''} error={errors?.batchId?.message} />
        </div>
      )}
      {status === 'documents-to-fix' && documents && (
        <>
          <fieldset className="lead-choices" aria-describedby={errors?.slots ? `${id}-slots-error` : undefined}>
            <legend>Documents to upload again</legend>
            {documents.map((doc) => (
              <label key={doc.slot} className="lead-choice">
                <input {...register('next.slots')} type="checkbox" value={doc.slot} aria-invalid={errors?.slots ? true : undefined} />
                <span>
                  {doc.label}
                  {doc.state === 'missing' && <span className="lead-choice__minor"> (not sent)</span>}
                </span>
              </label>
            ))}
            {errors?.slots && (
              <p className="form-error" id={`${id}-slots-error`}>
                {errors.slots.message ?? errors.slots.root?.message}
              </p>
            )}
          </fieldset>
          <Field id={`${id}-fix-note`} label="What needs to change (optional, e-mailed to the applicant)" error={errors?.note?.message}>
            {(aria) => <textarea {...register('next.note')} {...aria} rows={3} maxLength={500} />}
          </Field>
          <p className="form-hint">The applicant is e-mailed a link to upload just these documents again.</p>
        </>
      )}
      {status === 'forwarded' && (
        <Field
          id={`${id}-portal`}
          label="The portal's reference"
          hint="The number the outside portal gave this application."
          error={errors?.portalReference?.message}
        >
          {(aria) => <input {...register('next.portalReference')} {...aria} type="text" autoComplete="off" maxLength={60} />}
        </Field>
      )}
      {status === 'rejected' && (
        <Field
          id={`${id}-reject`}
          label="Why is it rejected?"
          hint="Kept with the application; the applicant is asked to call."
          error={errors?.reason?.message}
        >
          {(aria) => <textarea {...register('next.reason')} {...aria} rows={2} maxLength={500} />}
        </Field>
      )}
    </fieldset>
  );
}
