/**
 * A form's privacy notice inside an island (content/privacy-notice.json, the same items
 * PrivacyNotice.astro shows on the pages): one sentence, then a <details> with what is kept and
 * why, withdrawal, rights, the under-18 rule, complaints and the version. The Apply dialog loads it
 * as a chunk of its own when it first opens, so the pages do not carry the notices' words; a page
 * that learns the form only at run time (the guardian's page) may load it the same way.
 */
import { localeOf, pathIn } from '../../i18n/locales';
import { NOTICE_LINKS, noticeIn, type NoticeForm, type NoticePart } from '../../lib/privacy-notice';
import { DEFAULT_RETENTION_DAYS } from '../../lib/retention-days';

interface Props {
  /** The form whose notice it is (the Apply form's unless given). */
  form?: NoticeForm | undefined;
  /** Days an application's documents are kept after it closes (RETENTION_DAYS; only the application forms' notices say it). */
  days?: number | undefined;
  /** Shown open (the guardian's page, where reading it is the point), not behind its summary. */
  open?: boolean | undefined;
}

export default function ApplyNotice({ form = 'apply', days = DEFAULT_RETENTION_DAYS, open = false }: Props) {
  const locale = localeOf(document.documentElement.lang);
  const notice = noticeIn(form, locale, days);
  const stop = locale === 'hi' ? '।' : '.';
  const links = (parts: NoticePart[]) =>
    parts.map((p, i) =>
      'text' in p ? (
        p.text
      ) : p.link === 'board' ? (
        <a key={i} href={notice.board.url} rel="external">
          {notice.board.name}
        </a>
      ) : (
        <a key={i} href={pathIn(NOTICE_LINKS[p.link], locale)}>
          {notice.labels[p.link]}
        </a>
      ),
    );
  return (
    // The page's small print (.form-note); the styles are set here so that no page carries them for the dialog.
    <section className="form-note privacy-notice" aria-label={`${notice.labels.heading}: ${notice.title}`} data-notice-version={notice.version}>
      <p>
        {notice.summary}
        {stop}
      </p>
      <details open={open}>
        <summary style={{ cursor: 'pointer', fontWeight: 600, color: 'var(--c-primary)', padding: '0.5rem 0' }}>{notice.labels.open}</summary>
        <ul>
          {notice.items.map((item) => (
            <li key={item.what}>
              <strong>{item.what}</strong>: {item.why}
              {stop}
            </li>
          ))}
        </ul>
        <p>
          {notice.kept}
          {stop}
        </p>
        <p>
          <strong>{notice.labels.consent}:</strong> {links(notice.withdraw)}
          {stop}
        </p>
        <p>
          <strong>{notice.labels.rights}:</strong> {links(notice.rights)}
          {stop}
        </p>
        <p>
          <strong>{notice.labels.children}:</strong> {notice.children}
          {stop}
        </p>
        <p>
          <strong>{notice.labels.complaints}:</strong> {links(notice.complain)}
          {stop} {notice.grievance.name}: <a href={`mailto:${notice.grievance.email}`}>{notice.grievance.email}</a>,{' '}
          <a href={`tel:${notice.grievance.phone.replace(/\s/g, '')}`}>{notice.grievance.phone}</a>.
        </p>
        <p>
          {notice.labels.version} · <a href={`${pathIn('/privacy', locale)}#privacy-notice-${form}`}>{notice.labels.policy}</a>
        </p>
      </details>
    </section>
  );
}
