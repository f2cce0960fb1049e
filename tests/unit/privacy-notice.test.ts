/**
 * The notices as the forms, the Apply dialog and the privacy page read them
 * (src/lib/privacy-notice.ts over content/privacy-notice.json): every form of a held submission
 * has one, in both languages, with the retention days filled in and the links cut out as links.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_FORMS, NOTICE_VERSION, noticeIn, noticeTitle, plainOf } from '../../src/lib/privacy-notice';
import { NOTICE_FORM_KEYS } from '../../src/schemas/content/privacy-notice';
import { RIGHTS_ANSWER_DAYS } from '../../src/lib/schemas/data-rights';

describe('the privacy notices', () => {
  it('cover exactly the forms that take a person’s own data, under one version', () => {
    expect([...NOTICE_FORMS].sort()).toEqual([...NOTICE_FORM_KEYS].sort());
    expect(NOTICE_VERSION).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    expect(noticeTitle('apply', 'hi')).toBe('कोर्स के लिए आवेदन');
  });

  it('fill an application form’s retention days and the days to answer, in both languages', () => {
    const en = noticeIn('emitra', 'en', 123);
    expect(en.kept).toContain('123 days after your application is approved or rejected');
    expect(plainOf(en.rights, en)).toContain(`within ${RIGHTS_ANSWER_DAYS} days`);
    const hi = noticeIn('emitra', 'hi', 123);
    expect(hi.kept).toContain('123 दिन बाद');
    expect(hi.labels.version).toBe(`सूचना का संस्करण ${NOTICE_VERSION}`);
    for (const notice of [en, hi]) expect(JSON.stringify(notice)).not.toMatch(/\{(days|answerDays|version)\}/);
  });

  it('cut the withdrawal, rights and complaint texts at their links', () => {
    for (const form of NOTICE_FORMS) {
      for (const locale of ['en', 'hi'] as const) {
        const notice = noticeIn(form, locale, 180);
        const links = (parts: typeof notice.withdraw) => parts.flatMap((p) => ('link' in p ? [p.link] : []));
        expect(links(notice.withdraw), `${form} ${locale}`).toEqual(expect.arrayContaining(['account', 'request']));
        expect(links(notice.complain), `${form} ${locale}`).toEqual(['board']);
        expect(notice.items.length).toBeGreaterThan(0);
        expect(plainOf(notice.complain, notice)).toContain(notice.board.name);
      }
    }
  });

  it('ask every form about age, and name the guardian where a child may send it', () => {
    for (const form of NOTICE_FORMS) {
      const what = noticeIn(form, 'en', 180)
        .items.map((i) => i.what)
        .join(' | ');
      // The kiosk and NIELIT forms read the age from the date of birth.
      expect(what, form).toMatch(/under 18|date of birth/);
    }
  });
});
