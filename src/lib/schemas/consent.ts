/**
 * The consent wording shown beside the Apply form's checkbox and its version, both from
 * content/site.json. The version is stored with each application (India's DPDP Act asks for
 * proof of what was agreed to, and when).
 */
import site from '../../../content/site.json';

export const CONSENT_TEXT: string = site.applyConsent.text;
export const CONSENT_VERSION: string = site.applyConsent.version;
