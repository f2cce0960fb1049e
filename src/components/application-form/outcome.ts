/**
 * What an application form says once it was sent: the specification's texts word for word
 * (section 8) — the kiosk's 'Registration Successful' / 'Registration Failed', CSC's and IIBF's
 * 'Application submitted successfully!' / 'Failed to submit application.', NIELIT's 'Form
 * submitted successfully! Check your email.' / 'Failed to submit: {server message}' / 'Error
 * submitting the form. Try again.' — with the reference, or what went wrong, beneath.
 */
import type { ApiResult } from '../../lib/api';
import type { FormDefinition } from '../../lib/schemas/application-forms';

/** The answer of a form's endpoint to a stored application. */
export interface Stored {
  message?: string;
  /** The application's reference, e.g. EM-2026-00042. */
  reference?: string;
}

/** The line under the form after a send. */
export interface Outcome {
  kind: 'success' | 'failure';
  /** The specification's text. */
  title: string;
  /** What went wrong, when the server or the network said more. */
  detail?: string | undefined;
  /** The reference of the stored application. */
  reference?: string | undefined;
}

/** NIELIT's text when the request never reached the server. */
export const NETWORK_FAILURE = 'Error submitting the form. Try again.';
/** The other forms' line under their failure text when the request never reached the server. */
const NO_CONNECTION = 'The form could not reach us. Please check your connection and try again: what you typed is kept.';

/** The outcome of a stored application. */
export function successOf(def: FormDefinition, data: Stored): Outcome {
  return { kind: 'success', title: def.messages.success, reference: data.reference };
}

/** The outcome of a send that failed. */
export function failureOf(def: FormDefinition, result: ApiResult<Stored>): Outcome {
  const server = result.data.message;
  if (def.form === 'nielit') {
    if (result.status === 0) return { kind: 'failure', title: NETWORK_FAILURE };
    return { kind: 'failure', title: def.messages.failure.replace('{message}', () => server || 'please try again.') };
  }
  return { kind: 'failure', title: def.messages.failure, detail: result.status === 0 ? NO_CONNECTION : server };
}
