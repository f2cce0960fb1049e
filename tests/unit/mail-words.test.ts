/**
 * The words of the e-mails to applicants and students (content/messages/email): every document a
 * form asks for and every form has its name in both languages, so a request to upload documents
 * again never shows a Hindi reader an English name; a day is written in the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES, documentName } from '../../functions/_shared/applications/fix-request-mail';
import { formName } from '../../functions/_shared/applications/application-mail';
import { dayInWords } from '../../functions/_shared/platform/language';
import { FORMS } from '../../src/lib/schemas/application-forms';
import { APPLICATION_FORM_LABELS } from '../../src/lib/schemas/application-status';
import { APPLICATION_FORMS } from '../../src/lib/schemas/uploads';

describe('the names in the applicants’ mail', () => {
  it.each(APPLICATION_FORMS)('name every document of the %s form in English as the form does, and in Hindi', (form) => {
    for (const { label } of FORMS[form].documents) {
      expect(DOCUMENT_NAMES[label], `${form}: ${label}`).toBeDefined();
      expect(documentName(label, 'en')).toBe(label);
      expect(documentName(label, 'hi'), label).toMatch(/[\u0900-\u097F]/);
    }
  });

  it.each(APPLICATION_FORMS)('name the %s form as the forms do in English, and in Hindi', (form) => {
    expect(formName(form, 'en')).toBe(APPLICATION_FORM_LABELS[form]);
    expect(formName(form, 'hi')).toMatch(/[\u0900-\u097F]/);
  });
});

describe('a day in a mail', () => {
  it('is India’s day, in English as before and in Hindi words with Latin digits', () => {
    // 20:00 UTC on 27 November is already 28 November in India.
    expect(dayInWords('2026-11-27T20:00:00Z', 'en')).toBe('28 Nov 2026');
    expect(dayInWords('2026-11-27T20:00:00Z', 'hi')).toBe('28 नवंबर 2026');
  });
});
