/**
 * The application forms' consent wording and its version, from content/forms.json. The version
 * and the time are stored with each application (India's DPDP Act asks for proof of what was
 * agreed to, and when). The wording is in English and Hindi under one version; what is stored
 * also says which of the two the applicant read: the version as it is for the English, with
 * '.hi' after it for the Hindi ('2026-11-app-2.hi').
 */
import forms from '../../../content/forms.json';
import '../../i18n/messages';
import { getLocale } from '../../paraglide/runtime.js';
import { localeOf, type Locale } from '../../i18n/locales';

/** The consent's wording in English. */
export const APPLICATION_CONSENT_TEXT: string = forms.applicationConsent.text.en;
/** The version of the wording, as stored for the English. */
export const APPLICATION_CONSENT_VERSION: string = forms.applicationConsent.version;

/** The consent's wording in `locale`. */
export const applicationConsentText = (locale: Locale): string => forms.applicationConsent.text[locale];

/**
 * The version to store for an application sent from a page in `locale` (by default the language
 * of the request being answered): the English's as it is, the Hindi's with '.hi'.
 */
export const applicationConsentVersion = (locale: Locale = localeOf(getLocale())): string =>
  locale === 'en' ? APPLICATION_CONSENT_VERSION : `${APPLICATION_CONSENT_VERSION}.${locale}`;
