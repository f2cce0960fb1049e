/**
 * The four application forms (kiosk/e-Mitra, CSC, IIBF, NIELIT) as one island, drawn from their
 * definitions: each section's fields, the documents (each uploaded straight to storage as soon as
 * it is chosen, with its progress, Retry and the server's check of its bytes), the consent to the
 * notice above the form, and Submit — 'Sending...', then the specification's success text with
 * the reference (fields and files cleared) or its failure text (everything kept). The same zod
 * schema checks the fill here and in the form's function; a send that did not go lists what to
 * correct at the top, each item linked to its field, and moves the focus there.
 *
 * What is typed and uploaded is kept on the device as it is typed (src/lib/form-draft.ts) and
 * restored on return, with a line saying so and a button to clear the form.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useWatch, type FieldError, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { clearDraft, draftSaver, loadDraft, newDraft, type DraftDocument } from '../../lib/form-draft';
import { APPLICATION_SCHEMAS, FORMS, fieldsOf, type ApplicationPayload } from '../../lib/schemas/application-forms';
import type { ApplicationForm as FormKind } from '../../lib/schemas/uploads';
import { visitAttribution } from '../../lib/visit-attribution';
import { DefinedField, tidy } from '../application-form/DefinedField';
import { DraftNotice, type Restored } from '../application-form/DraftNotice';
import { ErrorSummary, revealSummary, type SummaryItem } from '../application-form/ErrorSummary';
import { OutcomeText } from '../application-form/OutcomeText';
import { failureOf, successOf, type Outcome, type Stored } from '../application-form/outcome';
import { AgeQuestion } from '../forms/AgeQuestion';
import { AGE_FIELD_PATHS, heldOf, type Held, withAgeFields, withAgeQuestion } from '../forms/age-question';
import { Field } from '../forms/Field';
import { LazyHeldStep } from '../forms/LazyHeldStep';
import { fieldPathsOf } from '../forms/server-errors';
import { useSubmitForm } from '../forms/use-submit-form';
import { DocumentSlot } from '../uploads/DocumentSlot';
import { isBusy, stillUploading, uploadFailed, type SlotState } from '../uploads/slot-state';
import { useDocuments } from '../uploads/use-documents';
import {
  appform_back,
  appform_documents_note,
  appform_offline,
  appform_required_note,
  appform_submit,
  forms_honeypot,
  forms_sending,
} from '../../i18n/messages';

interface Props {
  /** Which form. */
  form: FormKind;
  /** The consent sentence beside the checkbox (content/forms.json). */
  consentText: string;
  /** Where Back leads (the kiosk form has a Back button), in the page's language. */
  backHref?: string | undefined;
  /** The public status page, named in the success text, in the page's language. */
  statusHref: string;
}

const messageOf = (error: unknown) => (error as FieldError | undefined)?.message;

/** One application form (see the module's comment). */
export default function ApplicationForm({ form: kind, consentText, backHref, statusHref }: Props) {
  const def = FORMS[kind];
  const id = useId();
  const fields = useMemo(() => fieldsOf(def), [def]);
  const sealed = useMemo(() => fields.filter((f) => f.sealed).map((f) => f.name), [fields]);
  const saver = useMemo(() => draftSaver(kind, sealed), [kind, sealed]);
  // The fill's id: read from the kept fill once mounted (the server-rendered form has none).
  const draftId = useRef('');
  const ready = useRef(false);
  const summary = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [restored, setRestored] = useState<Restored | null>(null);
  const [showSummary, setShowSummary] = useState(false);
  const [summaryTurn, setSummaryTurn] = useState(0);
  // An under-18's application, waiting for their guardian's consent.
  const [held, setHeld] = useState<Held | null>(null);
  // The age question first (the server also checks the answer against the date of birth).
  const schema = useMemo(() => withAgeQuestion(APPLICATION_SCHEMAS[kind] as unknown as z.ZodType<ApplicationPayload, FieldValues>), [kind]);
  const serverFields = useMemo(() => withAgeFields(fieldPathsOf(APPLICATION_SCHEMAS[kind])), [kind]);

  const documents = useDocuments(def.documents, () => ({ form: kind, draft: draftId.current }));
  const states = useRef(documents.states);
  states.current = documents.states;

  const emptyValues = (draft: string) => ({
    age: '',
    ...Object.fromEntries(fields.map((f) => [f.name, ''])),
    documents: Object.fromEntries(def.documents.map((d) => [d.slot, ''])),
    draft,
    consent: false,
    website: '',
  });

  const { form, onSubmit, busy, state } = useSubmitForm<FieldValues, ApplicationPayload, Stored>({
    schema: schema as unknown as z.ZodType<ApplicationPayload, FieldValues>,
    endpoint: def.endpoint,
    fields: serverFields,
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    body: (values) => ({ ...values, attribution: visitAttribution() }),
    messages: { sending: forms_sending() },
    toasts: { failure: false },
    resetOnSuccess: false,
    onSuccess: (data, values, result) => {
      const waiting = heldOf(result, values);
      if (waiting) return setHeld(waiting);
      startAfresh();
      setOutcome(successOf(def, data));
    },
    onFailure: (result) => {
      setOutcome(failureOf(def, result));
      // A document the server could not take (deleted, not checked, another fill's) is chosen again.
      for (const [key, message] of Object.entries(result.data.errors ?? {})) {
        const slot = key.replace(/^documents\./, '');
        if (!def.documents.some((d) => d.slot === slot)) continue;
        documents.remove(slot);
        if (!key.startsWith('documents.')) form.setError(`documents.${slot}`, { type: 'server', message });
      }
      if (result.data.errors) showErrors();
    },
  });
  const { errors } = form.formState;
  const age = useWatch({ control: form.control, name: 'age' });

  /** Shows the summary of what to correct and moves the focus to it. */
  const showErrors = () => {
    setShowSummary(true);
    setSummaryTurn((n) => n + 1);
  };

  /** Keeps the fill on the device a moment after the last change. */
  const save = () => {
    if (!ready.current) return;
    const values = form.getValues();
    const kept: Record<string, DraftDocument> = {};
    for (const [slot, slotState] of Object.entries(states.current)) {
      if (slotState.step === 'done')
        kept[slot] = { uploadId: slotState.uploadId, name: slotState.name, size: slotState.size, type: slotState.type, uploadedAt: slotState.uploadedAt };
    }
    saver.schedule({
      draft: draftId.current,
      // The age answer too (the guardian's details are not kept on the device).
      fields: { age: String(values['age'] ?? ''), ...Object.fromEntries(fields.map((f) => [f.name, String(values[f.name] ?? '')])) },
      documents: kept,
      savedAt: 0,
    });
  };

  /** A new, empty fill: after a success, or when the applicant clears the form. */
  const startAfresh = () => {
    saver.cancel();
    clearDraft(kind);
    draftId.current = newDraft().draft;
    form.reset(emptyValues(draftId.current));
    documents.clearAll();
    setRestored(null);
    setShowSummary(false);
  };

  const clearForm = () => {
    startAfresh();
    setOutcome(null);
    document.getElementById(`${id}-${fields[0]!.name}`)?.focus();
  };

  // Once mounted: the kept fill comes back (or a new one starts, keeping anything typed before
  // the form woke up), and every change is kept from then on.
  useEffect(() => {
    const kept = loadDraft(kind, sealed);
    draftId.current = kept.fill.draft;
    if (kept.restored) {
      form.reset({ ...emptyValues(kept.fill.draft), ...kept.fill.fields });
      documents.restore(kept.fill.documents);
      const labelOf = (name: string) => fields.find((f) => f.name === name)?.says() ?? name;
      setRestored({ savedAt: kept.fill.savedAt, documents: Object.keys(kept.fill.documents).length, idsMissing: kept.idsMissing.map(labelOf) });
    } else {
      form.setValue('draft', kept.fill.draft);
      form.setValue('documents', emptyValues(kept.fill.draft).documents);
      // Typed before the form woke up: upper-cased and trimmed to digits now, as if typed since.
      for (const field of fields) {
        const control = document.getElementById(`${id}-${field.name}`);
        if (!(control instanceof HTMLInputElement)) continue;
        const tidied = tidy(field, control.value);
        if (tidied !== control.value) form.setValue(field.name, tidied);
      }
    }
    ready.current = true;
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: save });
    const flush = () => saver.flush();
    const onHide = () => document.visibilityState === 'hidden' && saver.flush();
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      unsubscribe();
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      saver.flush();
    };
    // Once, on mount: the form, the saver and the documents live as long as the island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each document's upload id is its value in the form; a document that arrived clears its error.
  useEffect(() => {
    if (!ready.current) return;
    for (const doc of def.documents) {
      const slotState = documents.states[doc.slot]!;
      const value = slotState.step === 'done' ? slotState.uploadId : '';
      if (form.getValues(`documents.${doc.slot}`) !== value) form.setValue(`documents.${doc.slot}`, value);
      if (slotState.step === 'done' && form.getFieldState(`documents.${doc.slot}`).error) form.clearErrors(`documents.${doc.slot}`);
    }
    save();
    // `save` and `form` are stable in what they read (refs and react-hook-form's control).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documents.states]);

  useEffect(() => {
    if (!summaryTurn) return;
    // After react-hook-form's own focus on the first wrong field, which it also makes in a timeout.
    const timer = setTimeout(() => revealSummary(summary.current));
    return () => clearTimeout(timer);
  }, [summaryTurn]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    // A file still on its way, or failed, holds the form back: said on its slot, not as "missing".
    const held = def.documents.filter((doc) => isBusy(documents.states[doc.slot]!) || documents.states[doc.slot]!.step === 'failed');
    if (held.length) {
      await form.trigger();
      for (const doc of held) {
        form.setError(`documents.${doc.slot}`, {
          type: 'upload',
          message: isBusy(documents.states[doc.slot]!) ? stillUploading(doc.says?.() ?? doc.label) : uploadFailed(doc.says?.() ?? doc.label),
        });
      }
      showErrors();
      return;
    }
    await onSubmit(event);
    // Read from the form's live state: `form.formState` here is this render's copy, which misses
    // the errors the send just found once the form has re-rendered since it woke.
    const names = [...AGE_FIELD_PATHS, ...fields.map((f) => f.name), ...def.documents.map((doc) => `documents.${doc.slot}`), 'consent'];
    if (names.some((name) => form.getFieldState(name).error)) showErrors();
  };

  const slotMessage = (slot: string, slotState: SlotState) =>
    slotState.step === 'failed' || slotState.step === 'refused'
      ? slotState.message
      : messageOf((errors['documents'] as Record<string, FieldError> | undefined)?.[slot]);
  const fieldItems = fields.filter((f) => errors[f.name]).map((f) => ({ label: f.says(), id: `${id}-${f.name}`, message: messageOf(errors[f.name]) ?? '' }));
  // Two fields with the same message (the owner's and the correspondent's IFSC) are told apart by name.
  const repeated = (message: string) => fieldItems.filter((item) => item.message === message).length > 1;
  const guardianErrors = (errors['guardian'] ?? {}) as Record<string, FieldError | undefined>;
  const ageItems: SummaryItem[] = [
    ...(errors['age'] ? [{ id: `${id}-age-adult`, message: messageOf(errors['age']) ?? '' }] : []),
    ...(['name', 'relation', 'email', 'phone'] as const)
      .filter((name) => guardianErrors[name])
      .map((name) => ({ id: `${id}-guardian-${name}`, message: messageOf(guardianErrors[name]) ?? '' })),
  ];
  const items: SummaryItem[] = [
    ...ageItems,
    ...fieldItems.map(({ label, id: itemId, message }) => ({ id: itemId, message: repeated(message) ? `${label}: ${message}` : message })),
    ...def.documents
      .map((doc) => ({ id: `${id}-doc-${doc.slot}`, message: slotMessage(doc.slot, documents.states[doc.slot]!) ?? '' }))
      .filter((item) => item.message),
    ...(errors['consent'] ? [{ id: `${id}-consent`, message: messageOf(errors['consent']) ?? '' }] : []),
  ];
  // The kiosk form says its outcome as an alert (the specification's alert); the others as status text.
  const alertOutcome = outcome && (outcome.kind === 'failure' || kind === 'emitra') ? outcome : null;
  const statusOutcome = outcome && !alertOutcome ? outcome : null;

  if (held)
    return (
      <div className="application-form">
        <LazyHeldStep
          held={held}
          onChange={() => setHeld(null)}
          onConsented={(data) => {
            setHeld(null);
            startAfresh();
            setOutcome(successOf(def, data));
          }}
        />
      </div>
    );

  return (
    <form className="application-form" noValidate onSubmit={submit}>
      {restored && <DraftNotice restored={restored} onClear={clearForm} />}
      {showSummary && <ErrorSummary ref={summary} items={items} headingId={`${id}-summary`} />}
      <p className="form-note">{appform_required_note()}</p>
      <AgeQuestion id={id} register={form.register} errors={errors} age={age} />
      {def.sections.map((section) => (
        <fieldset key={section.title} className="form-section">
          <legend>{section.says()}</legend>
          {section.fields.map((field) => (
            <DefinedField
              key={field.name}
              id={`${id}-${field.name}`}
              field={field}
              registration={form.register(field.name)}
              error={messageOf(errors[field.name])}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="form-section">
        <legend>{def.says.documentsTitle()}</legend>
        <p className="form-note">{appform_documents_note()}</p>
        {def.documents.map((doc) => (
          <DocumentSlot
            key={doc.slot}
            id={`${id}-doc-${doc.slot}`}
            doc={doc}
            state={documents.states[doc.slot]!}
            preview={documents.previews[doc.slot]}
            error={messageOf((errors['documents'] as Record<string, FieldError> | undefined)?.[doc.slot])}
            onChoose={(file) => {
              form.clearErrors(`documents.${doc.slot}`);
              documents.choose(doc.slot, file);
            }}
            onRetry={() => documents.retry(doc.slot)}
            onRemove={() => documents.remove(doc.slot)}
          />
        ))}
      </fieldset>
      <Field as="checkbox" id={`${id}-consent`} label={consentText} required error={messageOf(errors['consent'])} inputProps={form.register('consent')} />
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{forms_honeypot()}</label>
        <input {...form.register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="form-offline" role="status">
        {documents.offline ? appform_offline() : ''}
      </p>
      <div className="btn-row application-form__buttons">
        {backHref && (
          <a className="btn btn--outline" href={backHref}>
            {appform_back()}
          </a>
        )}
        <button type="submit" className="btn btn--accent" disabled={busy}>
          {busy ? forms_sending() : appform_submit()}
        </button>
      </div>
      <div className="form-status" role="status">
        {state === 'sending' ? forms_sending() : statusOutcome && <OutcomeText outcome={statusOutcome} statusHref={statusHref} />}
      </div>
      <div className="form-status" role="alert">
        {alertOutcome && <OutcomeText outcome={alertOutcome} statusHref={statusHref} />}
      </div>
    </form>
  );
}
