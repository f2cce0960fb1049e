/**
 * English and Hindi: every page has its Hindi twin under src/pages/hi/ (a thin file rendering the
 * English page, its language taken from the address) and every twin an English page; addresses
 * map both ways; a Hindi page's links lead to Hindi pages; the interface's messages are complete
 * in both languages.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY, englishPages, twinSource } from '../../scripts/hindi-twins.mjs';
import { checkMessages } from '../../scripts/messages-check.mjs';
import { hindiHref, toHindiLinks } from '../../src/i18n/hindi-links';
import { localeOf, localeOfPath, pathIn } from '../../src/i18n/locales';

const pages = path.resolve(import.meta.dirname, '../../src/pages');

describe('Hindi twins', () => {
  it('every English page has its Hindi twin, and nothing under /hi/ lacks an English page', () => {
    const english = englishPages().filter((page: string) => !ENGLISH_ONLY.includes(page));
    expect(english.length).toBeGreaterThan(35);
    const missing = english.filter((page: string) => !existsSync(path.join(pages, 'hi', page)));
    expect(missing, 'pages without a Hindi twin: run `node scripts/hindi-twins.mjs`').toEqual([]);
    const twins = englishPages(path.join(pages, 'hi'));
    expect(twins.filter((twin: string) => !english.includes(twin))).toEqual([]);
    // Staff pages stay English only.
    for (const page of ENGLISH_ONLY) expect(existsSync(path.join(pages, 'hi', page)), page).toBe(false);
  });

  it('each twin only renders its English page (its words come from the page, in the page’s language)', () => {
    for (const page of englishPages(path.join(pages, 'hi'))) {
      expect(readFileSync(path.join(pages, 'hi', page), 'utf8'), `src/pages/hi/${page}`).toBe(twinSource(page));
    }
  });
});

describe('addresses in each language', () => {
  it('maps a path to its twin and back, the home page included', () => {
    expect(pathIn('/about', 'hi')).toBe('/hi/about');
    expect(pathIn('/hi/about', 'en')).toBe('/about');
    expect(pathIn('/', 'hi')).toBe('/hi');
    expect(pathIn('/hi', 'en')).toBe('/');
    expect(pathIn('/hi/', 'en')).toBe('/');
    expect(pathIn('/hi/certificate/PCI-2026-ABCD', 'hi')).toBe('/hi/certificate/PCI-2026-ABCD');
    // A page whose name merely starts with "hi" is English.
    expect(localeOfPath('/history')).toBe('en');
    expect(pathIn('/history', 'hi')).toBe('/hi/history');
    expect(localeOfPath('/hi')).toBe('hi');
  });

  it('reads a language from a tag or a header, English for anything else', () => {
    expect(localeOf('hi-IN')).toBe('hi');
    expect(localeOf('HI')).toBe('hi');
    expect(localeOf('en-IN')).toBe('en');
    expect(localeOf('fr')).toBe('en');
    expect(localeOf(undefined)).toBe('en');
    expect(localeOf('')).toBe('en');
  });

  it('leads a Hindi page’s links to Hindi pages, and leaves files, the API, staff pages and language links alone', () => {
    expect(hindiHref('/')).toBe('/hi');
    expect(hindiHref('/about')).toBe('/hi/about');
    expect(hindiHref('/coursePage?tab=rs-cit#list')).toBe('/hi/coursePage?tab=rs-cit#list');
    expect(hindiHref('/#contact')).toBe('/hi#contact');
    expect(hindiHref('/hi/about')).toBe('/hi/about');
    expect(hindiHref('/forms/emitra-form.pdf')).toBe('/forms/emitra-form.pdf');
    expect(hindiHref('/logo.svg')).toBe('/logo.svg');
    expect(hindiHref('/api/visitor')).toBe('/api/visitor');
    expect(hindiHref('/adminLogin')).toBe('/adminLogin');
    expect(hindiHref('//example.com/x')).toBe('//example.com/x');
    const html =
      '<a href="/about" class="x">About</a><a class="s" href="/about" hreflang="en-IN">English</a><a href="https://example.com/">x</a><link rel="canonical" href="/about">';
    expect(toHindiLinks(html)).toBe(
      '<a href="/hi/about" class="x">About</a><a class="s" href="/about" hreflang="en-IN">English</a><a href="https://example.com/">x</a><link rel="canonical" href="/about">',
    );
  });
});

describe('the interface’s messages', () => {
  it('are complete in English and Hindi, with the same placeholders, each area listed for the compiler', () => {
    expect(checkMessages()).toEqual([]);
  });

  it('name the file and the message that is missing in a language or differs in its placeholders', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'messages-'));
    mkdirSync(path.join(dir, 'quizzes'));
    writeFileSync(path.join(dir, 'quizzes', 'en.json'), JSON.stringify({ greet: 'Hello {name}', bye: 'Bye', empty: 'x' }));
    writeFileSync(path.join(dir, 'quizzes', 'hi.json'), JSON.stringify({ greet: 'नमस्ते', empty: ' ', extra: 'अतिरिक्त' }));
    expect(checkMessages(dir)).toEqual(
      expect.arrayContaining([
        'content/messages/quizzes/en.json, "greet": its placeholders {name} differ from hi.json\'s',
        'content/messages/quizzes/en.json, "bye": missing in hi.json',
        'content/messages/quizzes/hi.json, "empty": must be a non-empty text',
        'content/messages/quizzes/hi.json, "extra": missing in en.json',
        'content/messages/quizzes: not listed in src/i18n/project.inlang/settings.json (pathPattern)',
      ]),
    );
  });
});
