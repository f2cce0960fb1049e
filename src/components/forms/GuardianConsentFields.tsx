/**
 * The guardian's consent itself (GuardianConsentSchema): the code e-mailed to them, "I am this
 * person's parent or lawful guardian, and 18 or older", "I agree…" and, only where a mobile was
 * given, WhatsApp updates. Posted to POST /api/guardian-consent, which answers with the held
 * form's own answer (201). Shared by the form's waiting step (the guardian on the same phone) and
 * the guardian's page.
 */
import { useId, type ReactNode } from 'react';
import type { z } from 'zod';
import { latinDigits } from '../../lib/digits';
import { GuardianConsentSchema } from '../../lib/schemas/guardian-consent';
import type { ApiResult } from '../../lib/api';
import { consent_adult_label, consent_agree_label, consent_code_label, consent_give, consent_please_wait, consent_whatsapp_label } from '../../i18n/messages';
import { ONE_TIME_CODE_INPUT } from './code-input';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { useSubmitForm } from './use-submit-form';

type ConsentInput = z.input<typeof GuardianConsentSchema>;

/** The held form's answer once consent was given (its own 201 answer). */
export type ConsentedAnswer = ApiResult<{ reference?: string; activationToken?: string }>['data'];

interface Props {
  /** The hold's id. */
  holdId: string;
  /** Whether the child gave the guardian's mobile (only then is WhatsApp offered). */
  hasPhone: boolean;
  /** Called with the form's own answer once consent is recorded. */
  onConsented: (data: ConsentedAnswer) => void;
  /** Shown between the code and the boxes (the notice's link on the guardian's page). */
  notice?: ReactNode;
}

/** The code and the boxes of the guardian's consent (see the module's comment). */
export function GuardianConsentFields({ holdId, hasPhone, onConsented, notice }: Props) {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<
    ConsentInput,
    z.output<typeof GuardianConsentSchema>,
    { reference?: string; activationToken?: string }
  >({
    schema: GuardianConsentSchema,
    defaultValues: { id: holdId, code: '', adult: false as unknown as true, agree: false as unknown as true, whatsapp: false },
    endpoint: '/api/guardian-consent',
    resetOnSuccess: false,
    onSuccess: (data) => onConsented(data),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <form className="guardian-consent" noValidate onSubmit={onSubmit}>
      <input type="hidden" {...register('id')} />
      <Field
        as="input"
        id={`${id}-code`}
        label={consent_code_label()}
        error={errors.code?.message}
        inputProps={{ ...register('code', { setValueAs: (typed: unknown) => latinDigits(String(typed ?? '').trim()) }), ...ONE_TIME_CODE_INPUT }}
      />
      {notice}
      <Field as="checkbox" id={`${id}-adult`} label={consent_adult_label()} required error={errors.adult?.message} inputProps={register('adult')} />
      <Field as="checkbox" id={`${id}-agree`} label={consent_agree_label()} required error={errors.agree?.message} inputProps={register('agree')} />
      {hasPhone && <Field as="checkbox" id={`${id}-whatsapp`} label={consent_whatsapp_label()} inputProps={register('whatsapp')} />}
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {busy ? consent_please_wait() : consent_give()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
