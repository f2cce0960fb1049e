/**
 * /data-request: a request about one's data from someone without an account (DPDP Act 2023
 * ss.11–14; POST /api/data-request, checked with the same DataRequestSchema). The age question
 * comes first ("Are you under 18?", the contract's `age`); an under-18 also gives a parent's or
 * guardian's name, relation, e-mail and (optional) mobile (`guardian`), and the server says what
 * becomes of it (a refusal's words are shown: a guardian makes the request for a child). Then what they ask for (a copy, a
 * correction, erasure, withdrawing a consent), their name, mobile, optional e-mail, a reference
 * they hold, and the details. The answer shows the request's reference and the day it will be
 * answered by (India's, in the page's language). Every refusal keeps what was typed.
 * Hydrated on first use (`client:interact`).
 */
import { useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  forms_honeypot,
  forms_sending,
  guardian_label_email,
  guardian_label_name,
  guardian_label_phone,
  mydata_age_adult,
  mydata_age_legend,
  mydata_age_minor,
  mydata_guardian_legend,
  mydata_guardian_note,
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
  mydata_relation_father,
  mydata_relation_guardian,
  mydata_relation_label,
  mydata_relation_mother,
  mydata_page_send,
  mydata_sent,
  mydata_sent_keep,
  mydata_reference_line,
} from '../../i18n/messages';
import { formatIndiaDay } from '../../lib/india-time';
import { DataRequestSchema, RIGHTS_KINDS, type RightsKind, type RightsRequestView } from '../../lib/schemas/data-rights';
import { GUARDIAN_RELATIONS, type GuardianRelation } from '../../lib/schemas/guardian-consent';
import { Field } from '../forms/Field';
import { FormAlert, FormStatus } from '../forms/FormAlert';
import { pageLocale } from '../forms/page-locale';
import { useSubmitForm } from '../forms/use-submit-form';

const KIND_WORDS: Record<RightsKind, () => string> = {
  copy: mydata_ask_copy,
  correction: mydata_ask_correction,
  erasure: mydata_ask_erasure,
  withdraw: mydata_ask_withdraw,
};
const RELATION_WORDS: Record<GuardianRelation, () => string> = {
  mother: mydata_relation_mother,
  father: mydata_relation_father,
  guardian: mydata_relation_guardian,
};

/** An empty optional box is no answer at all (the schema would read '' as a wrong e-mail). */
const blankAsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

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
  const { form, onSubmit, statusText, failure, busy } = useSubmitForm<FieldValues, FieldValues, Answer>({
    schema: DataRequestSchema,
    endpoint: '/api/data-request',
    fields: ['age', 'kind', 'name', 'phone', 'email', 'reference', 'details', 'guardian.name', 'guardian.relation', 'guardian.email', 'guardian.phone'],
    messages: { sending: forms_sending(), success: '' },
    onSuccess: (data) => {
      const reference = data.request?.reference ?? data.reference;
      const answerBy = data.request?.answerBy ?? data.answerBy;
      if (reference && answerBy) setDone({ lines: [mydata_sent({ reference, day: formatIndiaDay(answerBy, pageLocale()) }), mydata_sent_keep()] });
      // The server's words say when it will answer; the reference is said beside them.
      else if (reference) setDone({ lines: [data.message ?? '', mydata_reference_line({ reference }), mydata_sent_keep()].filter(Boolean) });
      else setDone({ lines: [data.message ?? ''] });
    },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const error = (name: string) => {
    const [head, tail] = name.split('.');
    const found = tail ? (errors[head!] as Record<string, { message?: string }> | undefined)?.[tail] : errors[name];
    return found?.message as string | undefined;
  };
  const minor = watch('age') === 'minor';

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
      {group('age', mydata_age_legend(), [radio('age', 'adult', mydata_age_adult()), radio('age', 'minor', mydata_age_minor())])}
      {minor && (
        <fieldset className="form-section">
          <legend>{mydata_guardian_legend()}</legend>
          <p className="form-hint">{mydata_guardian_note()}</p>
          <Field
            as="input"
            id={`${id}-g-name`}
            label={guardian_label_name()}
            error={error('guardian.name')}
            required
            inputProps={{ ...register('guardian.name', { shouldUnregister: true }), type: 'text', autoComplete: 'off' }}
          />
          <Field
            as="select"
            id={`${id}-g-relation`}
            label={mydata_relation_label()}
            error={error('guardian.relation')}
            required
            inputProps={{ ...register('guardian.relation', { shouldUnregister: true, setValueAs: blankAsNone }) }}
          >
            <option value="">—</option>
            {GUARDIAN_RELATIONS.map((r) => (
              <option key={r} value={r}>
                {RELATION_WORDS[r]()}
              </option>
            ))}
          </Field>
          <Field
            as="input"
            id={`${id}-g-email`}
            label={guardian_label_email()}
            error={error('guardian.email')}
            required
            inputProps={{ ...register('guardian.email', { shouldUnregister: true }), type: 'email', autoComplete: 'off' }}
          />
          <Field
            as="input"
            id={`${id}-g-phone`}
            label={guardian_label_phone()}
            error={error('guardian.phone')}
            inputProps={{
              ...register('guardian.phone', { shouldUnregister: true, setValueAs: blankAsNone }),
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'off',
            }}
          />
        </fieldset>
      )}
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
