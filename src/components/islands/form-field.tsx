/**
 * The wiring every account form repeats, written once: a labelled field whose hint and error are
 * tied to its input (aria-describedby, aria-invalid), the server's per-field errors put on the
 * fields, and the form's overall failure shown both in the form and as a toast (a toast alone
 * would vanish, and sits beneath an open modal dialog).
 */
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast/headless';

/** What the input inside a Field must carry. */
export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The input's id, unique on the page (built from useId()). */
  id: string;
  /** The visible label. */
  label: string;
  /** A line of help under the input, read out with it. */
  hint?: ReactNode;
  /** The field's error, if any. */
  error?: string | undefined;
  /** Renders the input, spreading the attributes it is given. */
  children: (aria: FieldAria) => ReactNode;
}

/** A labelled field: label, input, hint and error, in the site's `form-field` layout. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Puts the server's per-field errors (the `errors` of a 400 answer) on the form's own fields. */
export function showFieldErrors<T extends FieldValues>(errors: Record<string, string> | undefined, names: readonly Path<T>[], setError: UseFormSetError<T>) {
  for (const [name, message] of Object.entries(errors ?? {})) {
    if ((names as readonly string[]).includes(name)) setError(name as Path<T>, { message });
  }
}

/** Said when the server gave no message (the network failed, say). */
export const FALLBACK_FAILURE = 'Something went wrong. Please try again.';

/**
 * The form's overall failure: `fail(message)` shows it in the form's alert line and as an error
 * toast, `clear()` empties the line before the next attempt. Render `<FormAlert>` with `failure`.
 */
export function useFailure() {
  const [failure, setFailure] = useState('');
  const fail = (message: string | undefined) => {
    const text = message || FALLBACK_FAILURE;
    setFailure(text);
    toast.error(text);
  };
  return { failure, fail, clear: () => setFailure('') };
}

/** The form's alert line: always present, so a message put into it is announced. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className="form-error form-status" role="alert">
      {children}
    </p>
  );
}
