/**
 * Every call the site's pages make to the API names the page's language (LANGUAGE_HEADER), and the
 * server reads it back as that language; without a page (the mobile app, curl) nothing is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson, languageHeaders, postJson } from '../../src/lib/api';
import { LANGUAGE_HEADER, localeOf } from '../../src/i18n/locales';

/** The headers of the one request `send` made. */
async function headersOf(send: () => Promise<unknown>): Promise<Headers> {
  const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  await send();
  const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
  return new Headers(init.headers);
}

afterEach(() => vi.unstubAllGlobals());

describe('the language of the API calls', () => {
  it('sends the page’s language with a POST and a GET, and the server reads it back', async () => {
    for (const [lang, locale] of [
      ['hi-IN', 'hi'],
      ['en-IN', 'en'],
    ] as const) {
      vi.stubGlobal('document', { documentElement: { lang } });
      const posted = await headersOf(() => postJson('/api/apply', {}, { headers: { token: 't' } }));
      expect(posted.get(LANGUAGE_HEADER)).toBe(lang);
      expect(localeOf(posted.get(LANGUAGE_HEADER))).toBe(locale);
      expect(posted.get('content-type')).toBe('application/json');
      vi.stubGlobal('document', { documentElement: { lang } });
      const got = await headersOf(() => getJson('/api/user/me'));
      expect(localeOf(got.get(LANGUAGE_HEADER))).toBe(locale);
    }
  });

  it('sends nothing where there is no page', () => {
    expect(languageHeaders()).toEqual({});
  });
});
