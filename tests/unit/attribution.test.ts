/**
 * Where a visit came from: what the first page keeps (src/lib/keep-visit.ts, run here against stand-ins
 * for the browser's location, referrer and sessionStorage), how the server's schema bounds what a
 * form sends, and the source a lead is counted under.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttributionSchema, channelOf } from '../../src/lib/schemas/attribution';
import { keepVisit } from '../../src/lib/keep-visit';
import { visitAttribution } from '../../src/lib/visit-attribution';

/** A page of the site at `address`, reached from `referrer`, sharing `storage` with the tab's other pages. */
function openPage(address: string, referrer: string, storage: Map<string, string>) {
  const url = new URL(address);
  vi.stubGlobal('location', { pathname: url.pathname, search: url.search, host: url.host });
  vi.stubGlobal('document', { referrer });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visit kept for the forms', () => {
  it('keeps the first page, its UTM parameters and the other site, and later pages change nothing', () => {
    const tab = new Map<string, string>();
    openPage(
      'https://www.pragatiinstitute.in/about?utm_source=facebook&utm_medium=cpc&utm_campaign=admissions&utm_term=rscit&utm_content=reel&fbclid=XYZ',
      'https://m.facebook.com/',
      tab,
    );
    keepVisit();
    const first = {
      landingPage: '/about',
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'admissions',
      utmTerm: 'rscit',
      utmContent: 'reel',
      referrer: 'm.facebook.com',
    };
    expect(visitAttribution()).toEqual(first);
    expect(AttributionSchema.parse(visitAttribution())).toEqual(first);

    openPage('https://www.pragatiinstitute.in/coursePage?utm_source=other', 'https://www.pragatiinstitute.in/about', tab);
    keepVisit();
    expect(visitAttribution()).toEqual(first);
  });

  it('keeps no referrer for a link from the site itself, and no query string in the page', () => {
    const tab = new Map<string, string>();
    openPage('https://www.pragatiinstitute.in/coursePage?batch=evening', 'https://www.pragatiinstitute.in/', tab);
    keepVisit();
    expect(visitAttribution()).toEqual({ landingPage: '/coursePage' });
    expect(channelOf(AttributionSchema.parse(visitAttribution()))).toBe('direct');
  });

  it('gives nothing when there is no visit, or when storage is switched off', () => {
    openPage('https://www.pragatiinstitute.in/', '', new Map());
    expect(visitAttribution()).toBeUndefined();
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => keepVisit()).not.toThrow();
    expect(visitAttribution()).toBeUndefined();
  });
});

describe('AttributionSchema', () => {
  it('trims, bounds and cleans each part; an empty part is none', () => {
    expect(
      AttributionSchema.parse({
        utmSource: '  Facebook\u0000 ',
        utmMedium: '',
        utmCampaign: 'c'.repeat(400),
        referrer: 'WWW.Google.CO.IN',
        landingPage: '/about',
      }),
    ).toEqual({ utmSource: 'Facebook', utmCampaign: 'c'.repeat(150), referrer: 'www.google.co.in', landingPage: '/about' });
  });

  it('drops a referrer that is not a bare host and a landing page that is not a path, never failing', () => {
    const parsed = AttributionSchema.parse({ referrer: 'https://www.google.com/search?q=my+phone', landingPage: 'https://example.com/', utmSource: 7 });
    expect(parsed).toEqual({});
    for (const junk of ['utm_source=facebook', 42, null, [1], { utmSource: { deep: true } }]) {
      expect(() => AttributionSchema.parse(junk), JSON.stringify(junk)).not.toThrow();
    }
    expect(AttributionSchema.parse('utm_source=facebook')).toBeUndefined();
    expect(AttributionSchema.parse(undefined)).toBeUndefined();
  });
});

describe('channelOf', () => {
  it('takes the UTM source first, lower-cased', () => {
    expect(channelOf({ utmSource: 'Facebook', referrer: 'www.google.com' })).toBe('facebook');
  });

  it('names the sites people know, whatever their country domain or subdomain', () => {
    const cases: [string, string][] = [
      ['www.google.co.in', 'google'],
      ['www.google.com', 'google'],
      ['m.facebook.com', 'facebook'],
      ['l.instagram.com', 'instagram'],
      ['www.youtube.com', 'youtube'],
      ['youtu.be', 'youtube'],
      ['t.co', 'x'],
      ['www.bing.com', 'bing'],
      ['web.whatsapp.com', 'whatsapp'],
      ['in.linkedin.com', 'linkedin'],
    ];
    for (const [referrer, source] of cases) expect(channelOf({ referrer }), referrer).toBe(source);
  });

  it('names another site by its host without www. and port, and nothing known as direct', () => {
    expect(channelOf({ referrer: 'www.sojatnews.in:8080' })).toBe('sojatnews.in');
    expect(channelOf({ referrer: 'notgoogle.com' })).toBe('notgoogle.com');
    expect(channelOf({ landingPage: '/' })).toBe('direct');
    expect(channelOf(undefined)).toBe('direct');
  });
});
