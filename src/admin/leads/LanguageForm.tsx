/**
 * 'Language for messages and e-mails' on a lead's page: POST `{action: 'language', version,
 * language}` — the language the person's e-mails and WhatsApp messages about this enquiry are in.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Field, FormAlert } from '../../components/islands/form-field';
import { LANGUAGE_NAME, LOCALES } from '../../i18n/locales';
import { languageOf, type PersonLanguage } from '../../lib/person-language';
import { LeadActionSchema, type LeadDetail } from '../../lib/schemas/lead';
import ConflictNotice from './ConflictNotice';
import { useLeadAction } from './use-lead-action';

export default function LanguageForm({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const { send, conflict, failure } = useLeadAction(lead._id);
  const [language, setLanguage] = useState<PersonLanguage>(languageOf(lead));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const body = { action: 'language' as const, version: lead.version, language };
    const checked = LeadActionSchema.safeParse(body);
    setError(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (!checked.success) return;
    setBusy(true);
    const result = await send(body, 'The language could not be changed. Please try again.');
    setBusy(false);
    if (!result.ok) setError(result.errors['language'] ?? '');
  };

  return (
    <form className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictNotice conflict={conflict} />}
      <Field
        id={`${id}-language`}
        label="Language for messages and e-mails"
        hint="E-mails about this enquiry and its WhatsApp messages are written in it."
        error={error}
      >
        {(aria) => (
          <select {...aria} value={language} onChange={(event) => setLanguage(event.target.value as PersonLanguage)}>
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {LANGUAGE_NAME[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving...' : 'Save the language'}
      </button>
    </form>
  );
}
