/**
 * The application forms' consent wording and its version, from content/forms.json. The version
 * and the time are stored with each application (India's DPDP Act asks for proof of what was
 * agreed to, and when).
 */
import forms from '../../../content/forms.json';

export const APPLICATION_CONSENT_TEXT: string = forms.applicationConsent.text;
export const APPLICATION_CONSENT_VERSION: string = forms.applicationConsent.version;
