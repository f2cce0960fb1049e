/**
 * What an application form says once it was sent: the specification's texts word for word
 * (section 8) — the kiosk's 'Registration Successful' / 'Registration Failed', CSC's and IIBF's
 * 'Application submitted successfully!' / 'Failed to submit application.', NIELIT's 'Form
 * submitted successfully! Check your email.' / 'Failed to submit: {server message}' / 'Error
 * submitting the form. Try again.' — with the reference, or what went wrong, beneath.
 */
import type { ApiResult } from '../../lib/api';
import type { FormDefinition } from '../../lib/schemas/application-forms';
import { appform_network_failure, appform_no_connection, appform_try_again } from '../../i18n/messages';

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

/** NIELIT's text when the request never reached the server (English). */
export const NETWORK_FAILURE = /* @__PURE__ */ appform_network_failure({}, { locale: 'en' });

/** The outcome of a stored application. */
export function successOf(def: FormDefinition, data: Stored): Outcome {
  return { kind: 'success', title: def.says.success(), reference: data.reference };
}

/** The outcome of a send that failed. */
export function failureOf(def: FormDefinition, result: ApiResult<Stored>): Outcome {
  const server = result.data.message;
  if (def.form === 'nielit') {
    if (result.status === 0) return { kind: 'failure', title: appform_network_failure() };
    return { kind: 'failure', title: def.says.failure({ message: server || appform_try_again() }) };
  }
  return { kind: 'failure', title: def.says.failure({ message: '' }), detail: result.status === 0 ? appform_no_connection() : server };
}
