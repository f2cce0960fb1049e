/**
 * The itemised privacy notices (DPDP Rules 2025 r.3) of content/privacy-notice.json: one per form,
 * in English and Hindi under one version. Every consent record names the version and the
 * language the person read (decision 053).
 */
import notice from '../../content/privacy-notice.json';
import type { Locale } from '../i18n/locales';

/** The notice's version, stored with every consent. */
export const NOTICE_VERSION: string = notice.version;

/** The forms that have a notice. */
export type NoticeForm = keyof typeof notice.forms;
export const NOTICE_FORMS = Object.keys(notice.forms) as NoticeForm[];

/** A form's notice title in `locale`. */
export const noticeTitle = (form: NoticeForm, locale: Locale): string => notice.forms[form].title[locale];
