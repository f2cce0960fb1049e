/**
 * One document of a form: its name and what it accepts, the file chooser (a button-like label of
 * a real file input, so it works with the keyboard and opens the camera or the gallery on a
 * phone), the photo's preview, the upload's progress bar, Retry after a failure, Remove, and the
 * error tied to the input. Changes of state are announced politely (not every percent).
 */
import { useEffect, useRef, type ChangeEvent } from 'react';
import type { DocumentDef } from '../../lib/schemas/uploads';
import { fieldErrorId } from '../forms/Field';
import { acceptedHint, acceptedTypes, formatBytes, inLineMessage, type SlotState } from './slot-state';

interface Props {
  /** The input's id (the error summary links to it). */
  id: string;
  doc: DocumentDef;
  state: SlotState;
  /** Object URL of the chosen photo (images-only slots). */
  preview?: string | undefined;
  /** The form's error for this document (required, still uploading, or the server's). */
  error?: string | undefined;
  onChoose: (file: File) => void;
  onRetry: () => void;
  onRemove: () => void;
}

/** What is announced when a slot's step changes. */
function announcement(doc: DocumentDef, state: SlotState): string {
  switch (state.step) {
    case 'preparing':
      return `${doc.label}: making the photo smaller.`;
    case 'uploading':
      if (state.waiting) return `${doc.label}: waiting for the connection.`;
      return state.place ? `${doc.label}: waiting its turn.` : `${doc.label}: uploading.`;
    case 'checking':
      return state.waiting ? `${doc.label}: waiting for the connection to check the file.` : `${doc.label}: checking the file.`;
    case 'done':
      return `${doc.label}: ${state.name} uploaded.`;
    case 'failed':
    case 'refused':
      return `${doc.label}: ${state.message}`;
    default:
      return '';
  }
}

/** One document's chooser, progress and state (see the module's comment). */
export function DocumentSlot({ id, doc, state, preview, error, onChoose, onRetry, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const progressId = `${id}-progress`;
  const message = state.step === 'failed' || state.step === 'refused' ? state.message : error;
  const hasFile = state.step !== 'empty' && state.step !== 'refused';
  const refocus = useRef(false);

  // Retry and Remove disappear once pressed: the focus goes back to the chooser, not the page top.
  useEffect(() => {
    if (refocus.current) input.current?.focus();
    refocus.current = false;
  }, [state.step]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) onChoose(file);
  };

  return (
    <div className={`doc-slot doc-slot--${state.step}${message ? ' doc-slot--invalid' : ''}`} role="group" aria-labelledby={nameId}>
      <p className="doc-slot__name" id={nameId}>
        {doc.label}
        {doc.required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="doc-slot__optional"> (optional)</span>
        )}
      </p>
      <p className="form-hint" id={hintId}>
        {acceptedHint(doc)}
      </p>
      {preview && hasFile && <img className="doc-slot__preview" src={preview} alt={`Preview of the ${doc.label.toLowerCase()}`} />}
      {state.step === 'preparing' && <p className="doc-slot__state">Making {state.name} smaller…</p>}
      {state.step === 'uploading' && state.waiting && (
        <p className="doc-slot__state">Waiting for the connection: {state.name} will be sent when you are back online.</p>
      )}
      {state.step === 'uploading' && !state.waiting && state.place !== undefined && <p className="doc-slot__state">{inLineMessage(state.name, state.place)}</p>}
      {state.step === 'uploading' && !state.waiting && state.place === undefined && (
        <div className="doc-slot__progress">
          <label htmlFor={progressId}>{`Uploading ${state.name}: ${state.percent}%`}</label>
          <progress id={progressId} max={100} value={state.percent}>
            {state.percent}%
          </progress>
        </div>
      )}
      {state.step === 'checking' && (
        <p className="doc-slot__state">
          {state.waiting ? `Waiting for the connection: ${state.name} will be checked when you are back online.` : `Checking ${state.name}…`}
        </p>
      )}
      {state.step === 'done' && (
        <p className="doc-slot__state doc-slot__state--done">
          Uploaded: {state.name} ({formatBytes(state.size)})
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement(doc, state)}
      </p>
      <div className="doc-slot__actions">
        <input
          ref={input}
          id={id}
          className="doc-slot__input"
          type="file"
          accept={acceptedTypes(doc).join(',')}
          aria-labelledby={nameId}
          aria-describedby={[hintId, message ? fieldErrorId(id) : ''].filter(Boolean).join(' ')}
          aria-invalid={message ? true : undefined}
          aria-required={doc.required || undefined}
          onChange={change}
        />
        <label htmlFor={id} className="btn btn--outline btn--sm doc-slot__pick">
          {hasFile ? 'Replace' : 'Choose file'}
        </label>
        {state.step === 'failed' && (
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => {
              refocus.current = true;
              onRetry();
            }}
          >
            Retry<span className="sr-only"> {doc.label}</span>
          </button>
        )}
        {hasFile && (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => {
              refocus.current = true;
              onRemove();
            }}
          >
            Remove<span className="sr-only"> {doc.label}</span>
          </button>
        )}
      </div>
      {message && (
        <p className="form-error" id={fieldErrorId(id)}>
          {message}
        </p>
      )}
    </div>
  );
}
