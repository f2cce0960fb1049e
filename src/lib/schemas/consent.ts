/**
 * The consent wording shown beside the Apply form's checkbox and its version, both from
 * content/site.json. The version is stored with each application (India's DPDP Act asks for
 * proof of what was agreed to, and when).
 */
// A named import, so an island carries this one field and not the whole of site.json.
import { applyConsent } from '../../../content/site.json';
import type { Locale } from '../../i18n/locales';

/** The consent wording in English (the wording any client without a language agrees to). */
export const CONSENT_TEXT: string = applyConsent.text.en;
export const CONSENT_VERSION: string = applyConsent.version;

/** The consent wording in `locale`: a Hindi page shows the Hindi beside its checkbox. */
export const consentText = (locale: Locale): string => applyConsent.text[locale];
