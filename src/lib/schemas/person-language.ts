/**
 * The language a person's messages and e-mails are written in, as staff choose it (a lead's or a
 * student's record, migration 017): only 'en' or 'hi'. The same check in the admin app and the
 * functions.
 */
import { LOCALES } from '../../i18n/locales';
import { z } from './zod';

/** The message for anything else. */
export const PERSON_LANGUAGE_MESSAGE = 'Please choose the language for messages and e-mails: English or Hindi.';

/** 'en' (English) or 'hi' (Hindi). */
export const PersonLanguageSchema = z.enum(LOCALES, { message: PERSON_LANGUAGE_MESSAGE });
