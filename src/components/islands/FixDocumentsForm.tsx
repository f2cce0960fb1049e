/**
 * /fixDocuments#<token>: the page of the link mailed to an applicant whose documents staff asked
 * to be uploaded again. It reads what is asked (POST /api/applications/fix/open with the token:
 * the reference, the form, staff's note and the documents), uploads just those files the same way the forms do (straight
 * to storage, progress, Retry, the check of their bytes), then sends them (POST
 * /api/applications/fix). The token stays in the address's fragment, which no server sees, and
 * is taken out of the address once the documents are sent.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { postJson } from '../../lib/api';
import type { FixRequest } from '../../lib/schemas/application-fix';
import { uploadRequired, type DocumentDef } from '../../lib/schemas/uploads';
import { ErrorSummary, revealSummary, type SummaryItem } from '../application-form/ErrorSummary';
import { FormAlert, FormStatus } from '../forms/FormAlert';
import { DocumentSlot } from '../uploads/DocumentSlot';
import { isBusy, stillUploading, uploadFailed } from '../uploads/slot-state';
import { useDocuments } from '../uploads/use-documents';
import { pageTag } from '../forms/page-locale';
import { richText } from '../forms/rich-text';
import {
  docfix_failed,
  docfix_follow,
  docfix_intro,
  docfix_legend,
  docfix_loading,
  docfix_no_token,
  docfix_offline,
  docfix_open_failed,
  docfix_send,
  docfix_sent,
  forms_sending,
} from '../../i18n/messages';

interface Props {
  /** The public status page, in the page's language. */
  statusHref: string;
}

/** "24 November 2026" ("24 नवंबर 2026" in Hindi). */
const day = (iso: string) => new Date(iso).toLocaleDateString(pageTag(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The fix-documents page's form (see the module's comment). */
export default function FixDocumentsForm({ statusHref }: Props) {
  const id = useId();
  const [token, setToken] = useState('');
  const [asked, setAsked] = useState<FixRequest | null>(null);
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summaryTurn, setSummaryTurn] = useState(0);
  const summary = useRef<HTMLDivElement>(null);

  const docs: DocumentDef[] = useMemo(() => (asked?.documents ?? []).map((d) => ({ ...d, required: true })), [asked]);
  const documents = useDocuments(docs, () => ({ fix: token }));

  useEffect(() => {
    const found = decodeURIComponent(location.hash.slice(1));
    if (!found) {
      // The address has no token: the link was cut when it was copied.
      setProblem(docfix_no_token());
      return;
    }
    setToken(found);
    void postJson<FixRequest>('/api/applications/fix/open', { token: found }).then(({ ok, data }) => {
      if (ok) setAsked(data);
      else setProblem(data.message ?? docfix_open_failed());
    });
  }, []);

  useEffect(() => {
    if (summaryTurn) revealSummary(summary.current);
  }, [summaryTurn]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const found: Record<string, string> = {};
    for (const doc of docs) {
      const state = documents.states[doc.slot] ?? { step: 'empty' };
      if (isBusy(state)) found[doc.slot] = stillUploading(doc.label);
      else if (state.step === 'failed') found[doc.slot] = uploadFailed(doc.label);
      else if (state.step !== 'done') found[doc.slot] = uploadRequired(doc.label);
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setSummaryTurn((n) => n + 1);
      return;
    }
    const values = Object.fromEntries(docs.map((doc) => [doc.slot, (documents.states[doc.slot] as { uploadId: string }).uploadId]));
    setSending(true);
    const { ok, data } = await postJson<{ message: string }>('/api/applications/fix', { token, documents: values });
    setSending(false);
    if (ok) {
      setDone(data.message ?? docfix_sent());
      history.replaceState(null, '', location.pathname);
      return;
    }
    const fieldErrors = Object.fromEntries(Object.entries(data.errors ?? {}).map(([key, message]) => [key.replace(/^documents\./, ''), message]));
    for (const slot of Object.keys(fieldErrors)) if (docs.some((d) => d.slot === slot)) documents.remove(slot);
    setErrors(fieldErrors);
    setFailure(data.message || docfix_failed());
    if (Object.keys(fieldErrors).length) setSummaryTurn((n) => n + 1);
  };

  if (problem) return <FormAlert>{problem}</FormAlert>;
  if (!asked) return <FormStatus>{docfix_loading()}</FormStatus>;
  if (done) {
    return (
      <div className="form-outcome form-outcome--success" role="status">
        <p className="form-outcome__title">{done}</p>
        <p>{richText(docfix_follow({ reference: asked.reference }), { href: statusHref })}</p>
      </div>
    );
  }

  const items: SummaryItem[] = docs
    .map((doc) => {
      const state = documents.states[doc.slot];
      const message = state && (state.step === 'failed' || state.step === 'refused') ? state.message : errors[doc.slot];
      return { id: `${id}-doc-${doc.slot}`, message: message ?? '' };
    })
    .filter((item) => item.message);

  return (
    <form className="application-form" noValidate onSubmit={submit}>
      <p>{richText(docfix_intro({ reference: asked.reference, form: asked.formLabel, day: day(asked.expiresAt) }))}</p>
      {asked.note && (
        <blockquote className="form-draft">
          <p>{asked.note}</p>
        </blockquote>
      )}
      {summaryTurn > 0 && <ErrorSummary ref={summary} items={items} headingId={`${id}-summary`} />}
      <fieldset className="form-section">
        <legend>{docfix_legend()}</legend>
        {docs.map((doc) => (
          <DocumentSlot
            key={doc.slot}
            id={`${id}-doc-${doc.slot}`}
            doc={doc}
            state={documents.states[doc.slot] ?? { step: 'empty' }}
            preview={documents.previews[doc.slot]}
            error={errors[doc.slot]}
            onChoose={(file) => {
              setErrors(({ [doc.slot]: _gone, ...rest }) => rest);
              documents.choose(doc.slot, file);
            }}
            onRetry={() => documents.retry(doc.slot)}
            onRemove={() => documents.remove(doc.slot)}
          />
        ))}
      </fieldset>
      <p className="form-offline" role="status">
        {documents.offline ? docfix_offline() : ''}
      </p>
      <button type="submit" className="btn btn--accent" disabled={sending}>
        {sending ? forms_sending() : docfix_send()}
      </button>
      <FormStatus>{sending ? forms_sending() : ''}</FormStatus>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
