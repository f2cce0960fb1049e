/**
 * /data-request: a request about one's data from someone without an account (DPDP Act 2023
 * ss.11–14; POST /api/data-request, checked with the same fields, DataRequestFieldsSchema, and the age question). The age question
 * comes first, the one every form asks (AgeQuestion: "Are you under 18?" and, for an under-18,
 * their parent's or guardian's details); an under-18's request waits for the guardian's consent
 * like any form's (a 202 HeldAnswer: the waiting step, HeldStep, and the request's own answer once
 * the guardian consents). Then what they ask for (a copy, a correction, erasure, withdrawing a
 * consent), their name, mobile, optional e-mail, a reference they hold, and the details. The
 * answer shows the request's reference and the day it will be answered by (India's, in the page's
 * language). Every refusal keeps what was typed.
 * Hydrated on first use (`client:interact`).
 */
import { useId, useState } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  forms_honeypot,
  forms_sending,
  mydata_hint_details,
  mydata_hint_reference,
  mydata_ask_copy,
  mydata_ask_correction,
  mydata_ask_erasure,
  mydata_kind_legend,
  mydata_ask_withdraw,
  mydata_label_details,
  mydata_label_email,
  mydata_label_name,
  mydata_label_phone,
  mydata_label_reference,
  mydata_page_send,
  mydata_sent,
  mydata_sent_keep,
  mydata_reference_line,
} from '../../i18n/messages';
import { formatIndiaDay } from '../../lib/india-time';
import { DataRequestFieldsSchema, RIGHTS_KINDS, type RightsKind, type RightsRequestView } from '../../lib/schemas/data-rights';
import { AgeQuestion } from '../forms/AgeQuestion';
import { heldOf, withAgeFields, withAgeQuestion, type Held } from '../forms/age-question';
import { Field } from '../forms/Field';
import { LazyHeldStep } from '../forms/LazyHeldStep';
import { FormAlert, FormStatus } from '../forms/FormAlert';
import { pageLocale } from '../forms/page-locale';
import { useSubmitForm } from '../forms/use-submit-form';

const KIND_WORDS: Record<RightsKind, () => string> = {
  copy: mydata_ask_copy,
  correction: mydata_ask_correction,
  erasure: mydata_ask_erasure,
  withdraw: mydata_ask_withdraw,
};

/** An empty optional box is no answer at all (the schema would read '' as a wrong e-mail). */
const blankAsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The request's schema with the shared age question (the guardian sent only for an under-18). */
const schema = withAgeQuestion(DataRequestFieldsSchema);

/** The request's own fields, as the server names them in a refusal (the age question's added). */
const FIELDS = withAgeFields(['kind', 'name', 'phone', 'email', 'reference', 'details', 'website']);

/** What the endpoint answers (201): its words (the day it will answer by) and the request's reference. */
interface Answer {
  message?: string;
  reference?: string;
  request?: RightsRequestView;
  answerBy?: string;
}

export default function DataRequestForm() {
  const id = useId();
  const [done, setDone] = useState<{ lines: string[] } | null>(null);
  // An under-18's request, waiting for their guardian's consent.
  const [held, setHeld] = useState<Held | null>(null);
  /** The request stored: its reference and the day it will be answered by, in the page's language. */
  const answered = (data: Answer) => {
    const reference = data.request?.reference ?? data.reference;
    const answerBy = data.request?.answerBy ?? data.answerBy;
    if (reference && answerBy) setDone({ lines: [mydata_sent({ reference, day: formatIndiaDay(answerBy, pageLocale()) }), mydata_sent_keep()] });
    // The server's words say when it will answer; the reference is said beside them.
    else if (reference) setDone({ lines: [data.message ?? '', mydata_reference_line({ reference }), mydata_sent_keep()].filter(Boolean) });
    else setDone({ lines: [data.message ?? ''] });
  };
  const { form, onSubmit, statusText, failure, busy } = useSubmitForm<FieldValues, FieldValues, Answer & { held?: unknown }>({
    schema: schema as never,
    endpoint: '/api/data-request',
    fields: FIELDS,
    messages: { sending: forms_sending(), success: '' },
    // Kept until stored: a held request may go back to the form to change the guardian's details.
    resetOnSuccess: false,
    onSuccess: (data, values, result) => {
      const waiting = heldOf(result, values);
      if (waiting) setHeld(waiting);
      else answered(data);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const error = (name: string) => {
    const [head, tail] = name.split('.');
    const found = tail ? (errors[head!] as Record<string, { message?: string }> | undefined)?.[tail] : errors[name];
    return found?.message as string | undefined;
  };
  const age = useWatch({ control: form.control, name: 'age' });

  if (done) {
    return (
      <div className="data-request__done" role="status">
        {done.lines.map((line) => (
          <p key={line} className="data-request__answer">
            {line}
          </p>
        ))}
      </div>
    );
  }

  if (held)
    return (
      <div className="data-request-form">
        <LazyHeldStep held={held} onChange={() => setHeld(null)} onConsented={(data) => answered(data as Answer)} />
      </div>
    );

  const radio = (name: string, value: string, label: string) => (
    <div className="form-check" key={value}>
      <input {...register(name)} id={`${id}-${name}-${value}`} type="radio" value={value} />
      <label htmlFor={`${id}-${name}-${value}`}>{label}</label>
    </div>
  );
  const group = (name: string, legend: string, children: React.ReactNode) => (
    <fieldset className="form-section data-request__choice" aria-describedby={error(name) ? `${id}-${name}-error` : undefined}>
      <legend>
        {legend}
        <span className="form-required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {children}
      {error(name) && (
        <p className="form-error" id={`${id}-${name}-error`}>
          {error(name)}
        </p>
      )}
    </fieldset>
  );

  return (
    <form className="data-request-form" method="post" action="/api/data-request" noValidate onSubmit={onSubmit}>
      <AgeQuestion id={id} register={register} errors={errors} age={age} />
      {group(
        'kind',
        mydata_kind_legend(),
        RIGHTS_KINDS.map((kind) => radio('kind', kind, KIND_WORDS[kind]())),
      )}
      <Field
        as="input"
        id={`${id}-name`}
        label={mydata_label_name()}
        error={error('name')}
        required
        inputProps={{ ...register('name'), type: 'text', autoComplete: 'name' }}
      />
      <Field
        as="input"
        id={`${id}-phone`}
        label={mydata_label_phone()}
        error={error('phone')}
        required
        inputProps={{ ...register('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel' }}
      />
      <Field
        as="input"
        id={`${id}-email`}
        label={mydata_label_email()}
        error={error('email')}
        inputProps={{ ...register('email', { setValueAs: blankAsNone }), type: 'email', autoComplete: 'email' }}
      />
      <Field
        as="input"
        id={`${id}-reference`}
        label={mydata_label_reference()}
        hint={mydata_hint_reference()}
        error={error('reference')}
        inputProps={{ ...register('reference', { setValueAs: blankAsNone }), type: 'text', autoComplete: 'off', maxLength: 40 }}
      />
      <Field
        as="textarea"
        id={`${id}-details`}
        label={mydata_label_details()}
        hint={mydata_hint_details()}
        error={error('details')}
        required
        inputProps={{ ...register('details'), rows: 5, maxLength: 2000 }}
      />
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{forms_honeypot()}</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {mydata_page_send()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <FormStatus>{failure ? '' : statusText}</FormStatus>
    </form>
  );
}
