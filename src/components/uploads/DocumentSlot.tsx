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
import {
  upload_checking,
  upload_choose,
  upload_done,
  upload_making_smaller,
  upload_optional,
  upload_preview,
  upload_progress,
  upload_remove,
  upload_replace,
  upload_retry,
  upload_say_check_waiting,
  upload_say_checking,
  upload_say_done,
  upload_say_preparing,
  upload_say_turn,
  upload_say_uploading,
  upload_say_waiting,
  upload_waiting_check,
  upload_waiting_send,
} from '../../i18n/messages';

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
function announcement(label: string, state: SlotState): string {
  switch (state.step) {
    case 'preparing':
      return upload_say_preparing({ label });
    case 'uploading':
      if (state.waiting) return upload_say_waiting({ label });
      return state.place ? upload_say_turn({ label }) : upload_say_uploading({ label });
    case 'checking':
      return state.waiting ? upload_say_check_waiting({ label }) : upload_say_checking({ label });
    case 'done':
      return upload_say_done({ label, name: state.name });
    case 'failed':
    case 'refused':
      return `${label}: ${state.message}`;
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
  // A form's own document has its name in the page's language; a fix link's comes from the server.
  const label = doc.says?.() ?? doc.label;

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
        {label}
        {doc.required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="doc-slot__optional"> {upload_optional()}</span>
        )}
      </p>
      <p className="form-hint" id={hintId}>
        {acceptedHint(doc)}
      </p>
      {preview && hasFile && <img className="doc-slot__preview" src={preview} alt={upload_preview({ label: label.toLowerCase() })} />}
      {state.step === 'preparing' && <p className="doc-slot__state">{upload_making_smaller({ name: state.name })}</p>}
      {state.step === 'uploading' && state.waiting && <p className="doc-slot__state">{upload_waiting_send({ name: state.name })}</p>}
      {state.step === 'uploading' && !state.waiting && state.place !== undefined && <p className="doc-slot__state">{inLineMessage(state.name, state.place)}</p>}
      {state.step === 'uploading' && !state.waiting && state.place === undefined && (
        <div className="doc-slot__progress">
          <label htmlFor={progressId}>{upload_progress({ name: state.name, percent: state.percent })}</label>
          <progress id={progressId} max={100} value={state.percent}>
            {state.percent}%
          </progress>
        </div>
      )}
      {state.step === 'checking' && (
        <p className="doc-slot__state">{state.waiting ? upload_waiting_check({ name: state.name }) : upload_checking({ name: state.name })}</p>
      )}
      {state.step === 'done' && <p className="doc-slot__state doc-slot__state--done">{upload_done({ name: state.name, size: formatBytes(state.size) })}</p>}
      <p className="sr-only" aria-live="polite">
        {announcement(label, state)}
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
          {hasFile ? upload_replace() : upload_choose()}
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
            {upload_retry()}
            <span className="sr-only"> {label}</span>
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
            {upload_remove()}
            <span className="sr-only"> {label}</span>
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
