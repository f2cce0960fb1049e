/**
 * The question every form where a person gives their own data asks first: "Are you under 18?"
 * (two radio buttons), and for an under-18 their parent's or guardian's name, relation, e-mail and
 * (optional, for WhatsApp) mobile, with the line saying that nothing reaches the institute until
 * the guardian agrees and that the form is deleted if they do not. The fields are part of the
 * caller's react-hook-form form (`age`, `guardian.*`); the guardian's are not sent when the answer
 * is "18 or older" (AgeQuestionSchema), but kept should the answer change back.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { AGE_ANSWERS, GUARDIAN_RELATIONS, type GuardianRelation } from '../../lib/schemas/guardian-consent';
import {
  consent_age_adult,
  consent_age_minor,
  consent_age_question,
  consent_guardian_email_hint,
  consent_guardian_note,
  consent_guardian_phone_hint,
  consent_guardian_relation,
  consent_guardian_title,
  consent_relation_choose,
  consent_relation_father,
  consent_relation_guardian,
  consent_relation_mother,
  guardian_label_email,
  guardian_label_name,
  guardian_label_phone,
} from '../../i18n/messages';
import { Field, fieldErrorId } from './Field';
import { HOLD_DAYS } from './age-question';
import { preloadHeldStep } from './LazyHeldStep';

/** A relation in words, in the page's language. */
export const relationWords = (relation: GuardianRelation): string =>
  ({ mother: consent_relation_mother, father: consent_relation_father, guardian: consent_relation_guardian })[relation]();

interface Props<T extends FieldValues> {
  /** The ids' prefix (the form's useId()). */
  id: string;
  /** The caller form's register (its values hold `age` and `guardian`). */
  register: UseFormRegister<T>;
  /** The caller form's errors. */
  errors: FieldErrors<T>;
  /** The answer as it stands (the caller watches `age`). */
  age: unknown;
}

const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message;

/** "Are you under 18?" and, when yes, the guardian's fields (see the module's comment). */
export function AgeQuestion<T extends FieldValues>({ id, register, errors, age }: Props<T>) {
  const ageError = messageOf((errors as FieldErrors)['age']);
  const guardianErrors = ((errors as FieldErrors)['guardian'] ?? {}) as Record<string, unknown>;
  const guardianField = (name: string) => register(`guardian.${name}` as Path<T>);
  // An under-18's form will wait for the guardian: its waiting step is fetched while they type.
  useEffect(() => {
    if (age === 'minor') void preloadHeldStep();
  }, [age]);
  // A tap before the form woke up (it wakes on first use) left an answer checked in the page, which
  // the form's first render would clear: it is read before then and given back to the form, so an
  // under-18 sees the guardian's fields at once.
  const [tapped] = useState(() =>
    typeof document === 'undefined'
      ? null
      : (AGE_ANSWERS.find((answer) => (document.getElementById(`${id}-age-${answer}`) as HTMLInputElement | null)?.checked) ?? null),
  );
  const ageField = register('age' as Path<T>);
  const told = useRef(false);
  useEffect(() => {
    if (told.current || !tapped) return;
    told.current = true;
    const input = document.getElementById(`${id}-age-${tapped}`) as HTMLInputElement | null;
    if (!input || age === tapped) return;
    input.checked = true;
    void ageField.onChange({ target: input, type: 'change' });
  }, [age, ageField, id, tapped]);
  return (
    <>
      <fieldset
        className="form-field age-question"
        aria-describedby={ageError ? fieldErrorId(`${id}-age`) : undefined}
        aria-invalid={ageError ? true : undefined}
      >
        <legend>
          {consent_age_question()}
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {(['adult', 'minor'] as const).map((answer) => (
          <div className="form-check age-question__answer" key={answer}>
            <input {...ageField} type="radio" id={`${id}-age-${answer}`} value={answer} required />
            <label htmlFor={`${id}-age-${answer}`}>{answer === 'adult' ? consent_age_adult() : consent_age_minor()}</label>
          </div>
        ))}
        {ageError && (
          <p className="form-error" id={fieldErrorId(`${id}-age`)}>
            {ageError}
          </p>
        )}
      </fieldset>
      {age === 'minor' && (
        <fieldset className="age-question__guardian">
          <legend>{consent_guardian_title()}</legend>
          <p className="form-note">{consent_guardian_note({ days: HOLD_DAYS })}</p>
          <Field
            as="input"
            id={`${id}-guardian-name`}
            label={guardian_label_name()}
            required
            error={messageOf(guardianErrors['name'])}
            inputProps={{ ...guardianField('name'), type: 'text', autoComplete: 'off' }}
          />
          <Field
            as="select"
            id={`${id}-guardian-relation`}
            label={consent_guardian_relation()}
            required
            error={messageOf(guardianErrors['relation'])}
            inputProps={guardianField('relation')}
          >
            <option value="">{consent_relation_choose()}</option>
            {GUARDIAN_RELATIONS.map((relation) => (
              <option key={relation} value={relation}>
                {relationWords(relation)}
              </option>
            ))}
          </Field>
          <Field
            as="input"
            id={`${id}-guardian-email`}
            label={guardian_label_email()}
            hint={consent_guardian_email_hint()}
            required
            error={messageOf(guardianErrors['email'])}
            inputProps={{ ...guardianField('email'), type: 'email', autoComplete: 'off' }}
          />
          <Field
            as="input"
            id={`${id}-guardian-phone`}
            label={guardian_label_phone()}
            hint={consent_guardian_phone_hint()}
            error={messageOf(guardianErrors['phone'])}
            inputProps={{ ...guardianField('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'off', placeholder: '+91' }}
          />
        </fieldset>
      )}
    </>
  );
}
