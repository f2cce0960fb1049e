/**
 * The WhatsApp chooser of a lead opens in the language the person used on the site: a lead from a
 * Hindi page gets the Hindi template (its placeholders filled, Hindi fallbacks for what is
 * missing), any other the English one, and staff can still choose the other.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import templatesFile from '../../content/whatsapp.json';
import { AppInfoContext, type AppInfo } from '../../src/admin/app-info';
import ContactDialog from '../../src/admin/leads/ContactDialog';
import type { LeadRow } from '../../src/lib/schemas/lead';
import { fillTemplate, languageOf, LANGUAGE_WORDS, PLACEHOLDERS, templateIn, whatsAppLink } from '../../src/lib/whatsapp';

const templates = templatesFile.templates;

const lead = (language?: 'hi'): LeadRow => ({
  _id: '7',
  reference: 'AP-2026-00042',
  kind: 'application',
  form: 'apply-form',
  source: 'direct',
  name: 'सुनीता मीणा',
  phone: '+919829012345',
  email: null,
  department: 'dl',
  course: 'RS-CIT (Basic)',
  subject: null,
  status: 'new',
  followUp: null,
  assignedTo: null,
  personId: '3',
  enquiries: 1,
  createdAt: '2026-11-28T06:00:00.000Z',
  touchedAt: null,
  version: 1,
  ...(language ? { language } : {}),
});

/** The WhatsApp chooser of `row` as it first renders. */
function chooser(row: LeadRow): string {
  const info = {
    me: {
      staff: { _id: '1', name: 'Asha Verma', email: 'asha@example.in', role: 'owner', roleLabel: 'Owner' },
      permissions: [],
      stage: 'signed-in',
      idleMinutes: 30,
      expiresAt: '2026-11-28T12:00:00Z',
    },
    siteName: 'Pragati Institute',
    announcementDefault: '',
    whatsappTemplates: templates,
  } satisfies AppInfo;
  return renderToStaticMarkup(
    createElement(AppInfoContext, { value: info }, createElement(ContactDialog, { request: { lead: row, channel: 'whatsapp' }, onClose: () => undefined })),
  );
}

/** The value of the checked language radio, and the wa.me link's text. */
function opened(html: string): { language: string | undefined; text: string } {
  const language = /<input type="radio" name="[^"]*-language" checked="" value="(\w+)"/.exec(html)?.[1];
  const href = /<a class="btn" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  return { language, text: new URL(href).searchParams.get('text') ?? '' };
}

const values = { name: 'सुनीता मीणा', institute: 'Pragati Institute', course: 'RS-CIT (Basic)', reference: 'AP-2026-00042', staff: 'Asha Verma' };

describe('the WhatsApp chooser of a lead', () => {
  it('opens in Hindi for a person who wrote from a Hindi page, the first template filled in Hindi', () => {
    const html = chooser(lead('hi'));
    const { language, text } = opened(html);
    expect(language).toBe('hi');
    expect(text).toBe(fillTemplate(templates[0]!.hi, values, 'hi'));
    expect(text).toMatch(/^नमस्ते सुनीता मीणा, Pragati Institute से Asha Verma की ओर से संदेश/);
    expect(html).toContain('Hindi (their language)');
    expect(html).toContain('lang="hi"');
  });

  it('opens in English for anyone else, as before, and offers Hindi', () => {
    const html = chooser(lead());
    const { language, text } = opened(html);
    expect(language).toBe('en');
    expect(text).toBe(fillTemplate(templates[0]!.text, values));
    expect(html).toContain('English (their language)');
    expect(html).toMatch(/value="hi"/);
  });
});

describe('the language of a person', () => {
  it('is Hindi only when their record says so, English otherwise; staff read it as a word', () => {
    expect(languageOf({ language: 'hi' })).toBe('hi');
    expect(languageOf({})).toBe('en');
    expect(LANGUAGE_WORDS[languageOf({ language: 'hi' })]).toBe('Hindi');
    expect(LANGUAGE_WORDS[languageOf({})]).toBe('English');
  });

  it('picks each template’s words in that language, every Hindi one in Devanagari and without a placeholder left over', () => {
    const all = Object.fromEntries(PLACEHOLDERS.map((name) => [name, `<${name}>`]));
    for (const template of templates) {
      expect(templateIn(template, 'en')).toBe(template.text);
      expect(templateIn(template, 'hi')).toBe(template.hi);
      expect(template.hi, template.key).toMatch(/[\u0900-\u097F]/);
      expect(fillTemplate(template.hi, all, 'hi'), template.key).not.toMatch(/\{\w*\}/);
      // Missing values fall back to Hindi words, not English ones.
      const bare = fillTemplate(template.hi, {}, 'hi');
      expect(bare, template.key).not.toMatch(/\{\w*\}|the course|our counsellor|the institute/);
    }
    expect(whatsAppLink('+919829012345', fillTemplate(templates[0]!.hi, {}, 'hi'))).toMatch(/^https:\/\/wa\.me\/919829012345\?text=/);
  });
});
