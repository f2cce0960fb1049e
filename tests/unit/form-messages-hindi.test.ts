/**
 * The public forms' schemas speak the language of the page or request that uses them: the same
 * schema gives the specification's English word for word outside any language (an English page,
 * the mobile app, curl) and Hindi inside `inLocale('hi')` (a Hindi page's request, a Hindi page
 * being built). Also the forms' own words: titles, sections, labels, documents, statuses.
 */
import { describe, expect, it } from 'vitest';
import { inLocale } from '../../src/i18n/server-locale';
import { APPLICATION_SCHEMAS, CONSENT_MESSAGE, EMITRA_FORM, NIELIT_FORM, fieldsOf } from '../../src/lib/schemas/application-forms';
import { ApplySchema, departmentName, departments } from '../../src/lib/schemas/apply';
import { FixDocumentsSchema, FixOpenSchema, fixReceivedMessage } from '../../src/lib/schemas/application-fix';
import {
  APPLICATION_FORM_LABELS,
  APPLICATION_STATUSES,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUS_MEANINGS,
  StatusLinkQuerySchema,
  StatusQuerySchema,
} from '../../src/lib/schemas/application-status';
import { applicationFormLabel, applicationStatusLabel, applicationStatusMeaning } from '../../src/lib/schemas/application-status-words';
import { APPLICATION_FORMS, MAX_DOCUMENT_BYTES, UploadRequestSchema, heicMessage, tooLargeMessage, wrongTypeMessage } from '../../src/lib/schemas/uploads';
import { APPLICATION_CONSENT_VERSION, applicationConsentText, applicationConsentVersion } from '../../src/lib/schemas/application-consent';
import type { z } from 'zod';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Each path's first message (the one a form shows under the field), from a failed parse. */
const errorsOf = (schema: z.ZodType, payload: unknown): Record<string, string> => {
  const result = schema.safeParse(payload);
  if (result.success) throw new Error('expected the payload to be refused');
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

/** The same parse in English (outside any language) and in Hindi. */
const both = (schema: z.ZodType, payload: unknown) => ({ en: errorsOf(schema, payload), hi: inLocale('hi', () => errorsOf(schema, payload)) });

/** Every Hindi message is Hindi (Devanagari), and none is its English copied. */
function expectHindi(en: Record<string, string>, hi: Record<string, string>) {
  expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  for (const [path, message] of Object.entries(hi)) {
    expect(message, path).toMatch(DEVANAGARI);
    expect(message, path).not.toBe(en[path]);
  }
}

const uuid = () => crypto.randomUUID();

describe('the Apply form', () => {
  const payload = {
    age: 'adult',
    name: 'Asha Meena',
    email: 'asha@example.in',
    phone: '9876543210',
    department: 'dl',
    course: 'MBA',
    consent: false,
    website: '',
  };

  it('says the specification’s English outside any language, and Hindi in a Hindi request', () => {
    const { en, hi } = both(ApplySchema, payload);
    expect(en).toEqual({ consent: 'Please tick the box to allow us to contact you.' });
    expect(hi).toEqual({ consent: 'हमें आपसे संपर्क करने की अनुमति देने के लिए कृपया बॉक्स पर टिक करें।' });
    const missing = both(ApplySchema, { ...payload, department: 'nowhere', course: '', consent: true });
    expect(missing.en).toEqual({ department: 'Please choose a department from the list.', course: 'Please choose a course.' });
    expectHindi(missing.en, missing.hi);
    const wrongCourse = both(ApplySchema, { ...payload, consent: true });
    expect(wrongCourse.en).toEqual({ course: 'Please choose a course of the chosen department.' });
    expect(wrongCourse.hi).toEqual({ course: 'कृपया चुने गए विभाग का ही कोई कोर्स चुनें।' });
  });

  it('names the departments in Hindi on a Hindi page, and in English for the server and staff', () => {
    const literacy = departments.find((d) => d.key === 'dl')!;
    expect(literacy.label).toBe('Digital Literacy');
    expect(departmentName(literacy, 'en')).toBe('Digital Literacy');
    expect(departmentName(literacy, 'hi')).toBe('डिजिटल साक्षरता');
    // A category staff typed has one name, shown as typed.
    expect(departmentName({ key: 'Yoga', label: 'Yoga', courses: [] }, 'hi')).toBe('Yoga');
  });
});

describe('the application forms', () => {
  const emitra = () => ({
    ...Object.fromEntries(fieldsOf(EMITRA_FORM).map((f) => [f.name, '  '])),
    documents: {},
    draft: uuid(),
    consent: false,
  });

  it('say "Please fill in the field: {field}" with the English label, and its Hindi with the Hindi label', () => {
    const { en, hi } = both(APPLICATION_SCHEMAS.emitra, emitra());
    for (const field of fieldsOf(EMITRA_FORM)) {
      expect(en[field.name]).toBe(`Please fill in the field: ${field.label}`);
      expect(hi[field.name]).toBe(`कृपया यह जानकारी भरें: ${inLocale('hi', field.says)}`);
    }
    expect(hi['fatherName']).toBe('कृपया यह जानकारी भरें: पिता का नाम');
    expect(en['documents.policeVerificationPali']).toBe('Please upload required file: Police verification (Pali)');
    expect(hi['documents.policeVerificationPali']).toBe('कृपया ज़रूरी फ़ाइल अपलोड करें: पुलिस वेरिफ़िकेशन (पाली)');
    expect(en['consent']).toBe(CONSENT_MESSAGE);
    expectHindi(en, hi);
  });

  it('give every rule’s message in Hindi: ID numbers, dates, names, e-mail, choices, lengths', () => {
    const filled = {
      ...emitra(),
      name: 'R2D2',
      fatherName: 'Suresh Kumar',
      dob: '2999-01-01',
      permanentAddress: 'x'.repeat(301),
      currentAddress: 'Pali',
      aadharNo: '123412341234',
      email: 'not-an-address',
      panNo: 'ABCD1234F',
      janAadharNo: '12345',
      contactNumber: '98765',
      location: 'Moon',
      ifsc: 'SBIN1234567',
      pincode: '30640',
      bankAccountNumber: '12',
      correspondentIfsc: 'BARB0PALIXX',
      odAccount: '998877665544',
    };
    const { en, hi } = both(APPLICATION_SCHEMAS.emitra, filled);
    expect(en).toMatchObject({
      name: "Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.",
      dob: 'Please enter a real date of birth, in the past.',
      permanentAddress: 'Please shorten Permanent address to 300 characters.',
      aadharNo: 'An Aadhaar number never starts with 0 or 1. Please check the 12 digits on the card.',
      email: 'Please enter a valid e-mail address, like name@example.com.',
      panNo: 'Invalid PAN Number. Format: AAAAA9999A',
      janAadharNo: 'Invalid Jan Aadhaar Number. Must be 10 digits.',
      contactNumber: 'Invalid Contact Number. Must be 10 digits.',
      location: 'Please fill in the field: Location',
      ifsc: 'Invalid IFSC Code. Format: ABCD0EFGHIJ',
      pincode: 'Invalid Pincode. Must be 6 digits.',
      bankAccountNumber: 'Invalid Account Number. Must be 6 to 20 digits.',
    });
    expect(hi).toMatchObject({
      dob: 'कृपया सही जन्म तिथि भरें, जो आज से पहले की हो।',
      permanentAddress: 'कृपया स्थायी पता को 300 अक्षरों तक छोटा करें।',
      panNo: 'PAN नंबर सही नहीं है। सही रूप: AAAAA9999A',
      location: 'कृपया यह जानकारी भरें: क्षेत्र',
    });
    expectHindi(en, hi);
    const nielit = both(APPLICATION_SCHEMAS.nielit, {
      ...Object.fromEntries(fieldsOf(NIELIT_FORM).map((f) => [f.name, 'x'])),
      mobile: '12',
      dob: '14/05/1990',
    });
    expect(nielit.en['mobile']).toBe('Please enter a valid 10-digit mobile number.');
    expect(nielit.en['dob']).toBe('Please enter the date of birth as a date.');
    expect(nielit.hi['mobile']).toBe('कृपया 10 अंकों का सही मोबाइल नंबर लिखें।');
    expectHindi(nielit.en, nielit.hi);
  });

  it('keep their English words for staff and read their Hindi words in Hindi', () => {
    expect(EMITRA_FORM.title).toBe('Kiosk (e-Mitra) Registration Form');
    expect(EMITRA_FORM.sections[0]!.title).toBe('Owner details');
    expect(NIELIT_FORM.messages.failure).toBe('Failed to submit: {message}');
    expect(inLocale('hi', EMITRA_FORM.says.title)).toBe('कियोस्क (ई-मित्र) रजिस्ट्रेशन फ़ॉर्म');
    expect(inLocale('hi', () => NIELIT_FORM.says.failure({ message: 'सर्वर व्यस्त है' }))).toBe('जमा नहीं हो सका: सर्वर व्यस्त है');
    expect(EMITRA_FORM.says.title()).toBe(EMITRA_FORM.title);
    for (const def of [EMITRA_FORM, NIELIT_FORM]) {
      inLocale('hi', () => {
        for (const section of def.sections) expect(section.says()).toMatch(DEVANAGARI);
        for (const field of fieldsOf(def)) expect(field.says(), field.name).not.toBe(field.label === 'SSO ID' ? '' : field.label);
        for (const doc of def.documents) expect(doc.says?.(), doc.slot).toMatch(/[\u0900-\u097F]|APAAR ID/);
      });
    }
  });
});

describe('the uploads', () => {
  const request = { form: 'iibf', draft: uuid(), slot: 'photo', name: 'photo.jpg', type: 'image/jpeg', size: 0 };

  it('refuse a file in the language of the request', () => {
    const { en, hi } = both(UploadRequestSchema, { ...request, size: MAX_DOCUMENT_BYTES + 1 });
    expect(en).toEqual({ size: tooLargeMessage(MAX_DOCUMENT_BYTES + 1) });
    expect(en['size']).toBe('This file is 5.0 MB; the largest we accept is 5 MB. Please choose a smaller file or a lower-resolution scan.');
    expect(hi['size']).toBe('यह फ़ाइल 5.0 MB की है; हम ज़्यादा से ज़्यादा 5 MB की फ़ाइल लेते हैं। कृपया छोटी फ़ाइल या कम रेज़ोल्यूशन वाला स्कैन चुनें।');
    const empty = both(UploadRequestSchema, request);
    expect(empty.en).toMatchObject({ size: 'This file is empty. Please choose another.' });
    expect(empty.hi).toMatchObject({ size: 'यह फ़ाइल खाली है। कृपया कोई दूसरी फ़ाइल चुनें।' });
    expect(wrongTypeMessage(true)).toBe('Please choose a photo in JPEG, PNG or WebP format.');
    expect(inLocale('hi', () => wrongTypeMessage(true))).toBe('कृपया JPEG, PNG या WebP फ़ॉर्मेट में फ़ोटो चुनें।');
    expect(inLocale('hi', heicMessage)).toMatch(DEVANAGARI);
  });
});

describe('the status and fix pages', () => {
  it('ask for the reference and mobile number in the language of the request', () => {
    const { en, hi } = both(StatusQuerySchema, { reference: 'AB-1', mobile: '12' });
    expect(en).toEqual({
      reference: 'Please enter the reference as it is in your e-mail, like EM-2026-00042.',
      mobile: 'Please enter the 10-digit mobile number you gave in the form.',
    });
    expectHindi(en, hi);
    const link = both(StatusLinkQuerySchema, { reference: 'EM-2026-00042', key: 'short' });
    expect(link.en).toEqual({ key: 'This status link is not complete. Please open it from the e-mail again.' });
    expectHindi(link.en, link.hi);
  });

  it('name statuses, meanings and forms in the language of the request', () => {
    expect(applicationStatusLabel('forwarded')).toBe('Forwarded');
    expect(inLocale('hi', () => applicationStatusLabel('forwarded'))).toBe('आगे भेजा गया');
    expect(applicationStatusMeaning('approved')).toBe('Your application has been approved. We will contact you about the next steps.');
    expect(inLocale('hi', () => applicationStatusMeaning('approved'))).toMatch(DEVANAGARI);
    expect(inLocale('hi', () => applicationFormLabel('emitra'))).toBe('कियोस्क (ई-मित्र) रजिस्ट्रेशन');
    // The English records staff read are the messages' English, word for word.
    for (const status of APPLICATION_STATUSES) {
      expect(applicationStatusLabel(status, 'en')).toBe(APPLICATION_STATUS_LABELS[status]);
      expect(applicationStatusMeaning(status, 'en')).toBe(APPLICATION_STATUS_MEANINGS[status]);
      expect(inLocale('hi', () => applicationStatusMeaning(status))).toMatch(DEVANAGARI);
    }
    for (const form of APPLICATION_FORMS) expect(applicationFormLabel(form, 'en')).toBe(APPLICATION_FORM_LABELS[form]);
  });

  it('refuse a fix link and its documents in the language of the request', () => {
    const token = both(FixOpenSchema, { token: 'short' });
    expect(token.en).toEqual({ token: 'This link is not valid.' });
    expect(token.hi).toEqual({ token: 'यह लिंक मान्य नहीं है।' });
    const docs = both(FixDocumentsSchema, { token: 'a'.repeat(30), documents: { marksheet: 'nope' } });
    expect(docs.en).toEqual({ 'documents.marksheet': 'Please choose the file again.' });
    const none = both(FixDocumentsSchema, { token: 'a'.repeat(30) });
    expect(none.en).toEqual({ documents: 'Please upload the documents asked for.' });
    expectHindi(none.en, none.hi);
    expectHindi(docs.en, docs.hi);
    expect(fixReceivedMessage()).toBe('Thank you. We have received your documents and will check them soon.');
    expect(inLocale('hi', fixReceivedMessage)).toMatch(DEVANAGARI);
  });
});

describe('the application forms’ consent', () => {
  it('records which wording was read: the version as it is for the English, with .hi for the Hindi', () => {
    expect(applicationConsentVersion()).toBe(APPLICATION_CONSENT_VERSION);
    expect(inLocale('hi', () => applicationConsentVersion())).toBe(`${APPLICATION_CONSENT_VERSION}.hi`);
    expect(applicationConsentText('hi')).toMatch(DEVANAGARI);
    expect(applicationConsentText('en')).toMatch(/^I have read what is collected and why\./);
  });
});

describe('the contact forms', () => {
  it('name their fields in Hindi inside a Hindi request, and keep the English words outside', async () => {
    const { ContactPageSchema, HomeContactSchema } = await import('../../src/lib/schemas/contact');
    const page = { age: 'adult', name: 'Asha Meena', email: 'asha@example.in', phone: '9876543210', subject: 'x', message: 'hi', website: '' };
    const { en, hi } = both(ContactPageSchema, page);
    expect(en).toEqual({ subject: 'Please write at least 2 characters for a subject.', message: 'Please write at least 5 characters for your message.' });
    expect(hi).toEqual({ subject: 'विषय: कृपया कम से कम 2 अक्षर लिखें।', message: 'अपना संदेश: कृपया कम से कम 5 अक्षर लिखें।' });
    const home = both(HomeContactSchema, { age: 'adult', source: 'home', name: 'Asha Meena', phone: '9876543210', website: '' });
    expect(home.en).toEqual({ message: 'Please enter the subject you are interested in.' });
    expect(home.hi).toEqual({ message: 'कृपया अपनी रुचि का विषय लिखें।' });
    const short = both(HomeContactSchema, { age: 'adult', source: 'home', name: 'Asha Meena', phone: '9876543210', message: 'x', website: '' });
    expect(short.hi).toEqual({ message: 'अपनी रुचि का विषय: कृपया कम से कम 2 अक्षर लिखें।' });
  });
});

describe('a check without words of its own', () => {
  it('keeps zod’s English outside any language and says it in Hindi in a Hindi request', async () => {
    const { ContactPageSchema } = await import('../../src/lib/schemas/contact');
    const { en, hi } = both(ContactPageSchema, 'not an object');
    expect(en['']).toMatch(/^Invalid input/);
    expect(hi).toEqual({ '': 'कृपया यह जानकारी जाँचें: यह सही रूप में नहीं है।' });
  });
});
