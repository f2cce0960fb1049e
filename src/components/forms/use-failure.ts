/**
 * A form's overall failure, shown both in the form and as a toast: a toast alone would vanish,
 * and sits beneath an open modal dialog.
 */
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { forms_fallback_failure } from '../../i18n/messages';

/** Said when the server gave no message (the network failed, say), in English. */
export const FALLBACK_FAILURE = /* @__PURE__ */ forms_fallback_failure({}, { locale: 'en' });
/** The same, in the page's language. */
export const fallbackFailure = () => forms_fallback_failure();

/**
 * `fail(message)` shows the failure in the form's alert line and as an error toast, `clear()`
 * empties the line before the next attempt. Render `<FormAlert>` with `failure`.
 */
export function useFailure() {
  const [failure, setFailure] = useState('');
  const fail = (message: string | undefined) => {
    const text = message || fallbackFailure();
    setFailure(text);
    toast.error(text);
  };
  return { failure, fail, clear: () => setFailure('') };
}
