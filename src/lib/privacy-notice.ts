/**
 * The itemised privacy notices (DPDP Rules 2025 r.3) of content/privacy-notice.json: one per form,
 * in English and Hindi under one version. Every consent record names the version and the
 * language the person read (decision 053). The build checks the file
 * (src/schemas/content/privacy-notice.ts); this module reads it where Astro's content layer is not
 * there (functions, islands). Named imports, so a bundle that needs only the version or the titles
 * does not carry every notice's words.
 */
import { version, grievance, board, labels, common, forms } from '../../content/privacy-notice.json';
import type { Locale } from '../i18n/locales';

/** The notice's version, stored with every consent. */
export const NOTICE_VERSION: string = version;

/** The forms that have a notice. */
export type NoticeForm = keyof typeof forms;
export const NOTICE_FORMS = /* @__PURE__ */ Object.keys(forms) as NoticeForm[];

/** A form's notice title in `locale`. */
export const noticeTitle = (form: NoticeForm, locale: Locale): string => forms[form].title[locale];

/** One kind of data and what it is for, in one language. */
export interface NoticeItem {
  what: string;
  why: string;
}

/** A text of the notice cut at its link placeholders ({account}, {request}, {board}): text, or the key of a link. */
export type NoticePart = { text: string } | { link: 'account' | 'request' | 'board' };

/** A form's notice in one language, as the pages and the Apply dialog show it. */
export interface NoticeIn {
  version: string;
  title: string;
  summary: string;
  items: NoticeItem[];
  kept: string;
  withdraw: NoticePart[];
  rights: NoticePart[];
  children: string;
  complain: NoticePart[];
  labels: { [K in keyof typeof labels]: string };
  grievance: { name: string; email: string; phone: string; address: string; answerDays: number };
  board: { name: string; url: string };
}

/** Where each link of a notice leads (English paths: a Hindi page leads them to their /hi/ twins). */
export const NOTICE_LINKS = { account: '/account', request: '/data-request' } as const;

/** `text` with {days} and {answerDays} filled, cut at its link placeholders. */
function partsOf(text: string, values: Record<string, string | number>): NoticePart[] {
  const filled = text.replace(/\{(days|answerDays|version)\}/g, (_, name: string) => String(values[name]));
  return filled.split(/(\{(?:account|request|board)\})/).flatMap((piece): NoticePart[] => {
    const link = /^\{(account|request|board)\}$/.exec(piece)?.[1] as 'account' | 'request' | 'board' | undefined;
    if (link) return [{ link }];
    return piece ? [{ text: piece }] : [];
  });
}

/** Plain text of parts (links as their words). */
export const plainOf = (parts: NoticePart[], notice: Pick<NoticeIn, 'labels' | 'board'>): string =>
  parts.map((p) => ('text' in p ? p.text : p.link === 'board' ? notice.board.name : notice.labels[p.link])).join('');

/** A form's notice in `locale`; `days` is how long documents and ID numbers are kept after an application closes (RETENTION_DAYS). */
export function noticeIn(form: NoticeForm, locale: Locale, days: number): NoticeIn {
  const values = { days, answerDays: grievance.answerDays, version };
  const own = forms[form];
  const one = (words: { en: string; hi: string }) => words[locale];
  return {
    version,
    title: one(own.title),
    summary: one(own.summary),
    items: own.items.map((item) => ({ what: one(item.what), why: one(item.why) })),
    kept: partsOf(one(own.kept), values)
      .map((p) => ('text' in p ? p.text : ''))
      .join(''),
    withdraw: partsOf(one(common.withdraw), values),
    rights: partsOf(one(common.rights), values),
    children: one(common.children),
    complain: partsOf(one(common.complain), values),
    labels: Object.fromEntries(
      Object.entries(labels).map(([key, words]) => [
        key,
        partsOf(one(words), values)
          .map((p) => ('text' in p ? p.text : ''))
          .join(''),
      ]),
    ) as NoticeIn['labels'],
    grievance: { name: one(grievance.name), email: grievance.email, phone: grievance.phone, address: one(grievance.address), answerDays: grievance.answerDays },
    board: { name: one(board.name), url: board.url },
  };
}
