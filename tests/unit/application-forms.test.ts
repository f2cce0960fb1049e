/**
 * The four application forms' schemas: the specification's rules and messages (sections 5 and 8)
 * on the same schema the browser and the functions use.
 */
import { describe, expect, it } from 'vitest';
import { APPLICATION_SCHEMAS, CSC_FORM, EMITRA_FORM, FORMS, IIBF_FORM, NIELIT_FORM, fieldsOf } from '../../src/lib/schemas/application-forms';
import { verhoeffValid } from '../../src/lib/schemas/application-fields';
import { NAME_CHARACTERS_MESSAGE } from '../../src/lib/schemas/fields';

const uuid = () => crypto.randomUUID();
/** A valid Aadhaar number (passes the Verhoeff check). */
const AADHAAR = '234123412346';

const emitraFields = {
  name: 'Ramesh Kumar',
  fatherName: 'Suresh Kumar',
  dob: '1990-05-14',
  permanentAddress: 'Ward 4, Main Road, Pali',
  currentAddress: 'Ward 4, Main Road, Pali',
  aadharNo: '2341 2341 2346',
  email: 'Ramesh@Example.in',
  panNo: 'abcde1234f',
  janAadharNo: '1234567890',
  contactNumber: '9876543210',
  location: 'Rural',
  kioskName: 'Ramesh e-Mitra',
  ssoId: 'ramesh.k',
  policeStation: 'Kotwali',
  kioskAddress: 'Shop 2, Bus Stand',
  tehsil: 'Pali',
  municipality: 'Pali',
  wardOrVillage: 'Ward 4',
  pincode: '306401',
  bankAccountNumber: '12345678901',
  ifsc: 'sbin0001234',
  bankName: 'State Bank of India',
  accountHolder: 'Ramesh Kumar',
  correspondentBank: 'Bank of Baroda',
  correspondentIfsc: 'BARB0PALIXX',
  odAccount: '998877665544',
  koCode: 'ko123',
};
const emitraDocs = Object.fromEntries(EMITRA_FORM.documents.filter((d) => d.required).map((d) => [d.slot, uuid()]));
const emitra = () => ({ ...emitraFields, documents: { ...emitraDocs }, draft: uuid(), consent: true, age: 'adult' });

const errorsOf = (form: keyof typeof APPLICATION_SCHEMAS, payload: unknown) => {
  const result = APPLICATION_SCHEMAS[form].safeParse(payload);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the kiosk (e-Mitra) form', () => {
  it('accepts a complete form and stores upper-cased PAN, IFSC and SSO ID, lower-cased e-mail and Aadhaar without spaces', () => {
    const parsed = APPLICATION_SCHEMAS.emitra.parse(emitra()) as Record<string, unknown>;
    expect(parsed.panNo).toBe('ABCDE1234F');
    expect(parsed.ifsc).toBe('SBIN0001234');
    expect(parsed.ssoId).toBe('RAMESH.K');
    expect(parsed.koCode).toBe('KO123');
    expect(parsed.email).toBe('ramesh@example.in');
    expect(parsed.aadharNo).toBe(AADHAAR);
  });

  it('says "Please fill in the field: {field}" for every blank field, the correspondent ones included', () => {
    const blank = Object.fromEntries(Object.keys(emitraFields).map((k) => [k, '  ']));
    const errors = errorsOf('emitra', { ...emitra(), ...blank });
    for (const field of fieldsOf(EMITRA_FORM)) expect(errors[field.name], field.name).toBe(`Please fill in the field: ${field.label}`);
  });

  it('gives the specification’s messages for a bad PAN, Jan Aadhaar, contact number, IFSC and pincode', () => {
    const errors = errorsOf('emitra', { ...emitra(), panNo: 'ABCD1234F', janAadharNo: '12345', contactNumber: '98765', ifsc: 'SBIN1234567', pincode: '30640' });
    expect(errors).toMatchObject({
      panNo: 'Invalid PAN Number. Format: AAAAA9999A',
      janAadharNo: 'Invalid Jan Aadhaar Number. Must be 10 digits.',
      contactNumber: 'Invalid Contact Number. Must be 10 digits.',
      ifsc: 'Invalid IFSC Code. Format: ABCD0EFGHIJ',
      pincode: 'Invalid Pincode. Must be 6 digits.',
    });
  });

  it('asks for each of the seven required files by name, and lets the three optional ones be left out', () => {
    const errors = errorsOf('emitra', { ...emitra(), documents: {} });
    const required = EMITRA_FORM.documents.filter((d) => d.required);
    expect(required).toHaveLength(7);
    for (const doc of required) expect(errors[`documents.${doc.slot}`]).toBe(`Please upload required file: ${doc.label}`);
    for (const doc of EMITRA_FORM.documents.filter((d) => !d.required)) expect(errors[`documents.${doc.slot}`]).toBeUndefined();
  });

  it('refuses a mistyped Aadhaar number by its check digit, and Urban/Rural only', () => {
    expect(verhoeffValid(AADHAAR)).toBe(true);
    expect(errorsOf('emitra', { ...emitra(), aadharNo: '234123412345' }).aadharNo).toMatch(/not valid/);
    // Letters where the digits go are told, not a failure of the check digit's arithmetic.
    for (const aadharNo of ['2341 2341 234x', 'abcd efgh ijkl'])
      expect(errorsOf('emitra', { ...emitra(), aadharNo }).aadharNo, aadharNo).toBe('Invalid Aadhaar Number. Must be 12 digits.');
    // Twelve digits that no Aadhaar number can be say why, not "Must be 12 digits".
    for (const aadharNo of ['123412341234', '0341 2341 2346'])
      expect(errorsOf('emitra', { ...emitra(), aadharNo }).aadharNo, aadharNo).toBe(
        'An Aadhaar number never starts with 0 or 1. Please check the 12 digits on the card.',
      );
    expect(errorsOf('emitra', { ...emitra(), aadharNo: '2341\u00002341' }).aadharNo).toMatch(/^Please remove the hidden control characters/);
    expect(errorsOf('emitra', { ...emitra(), location: 'Suburban' }).location).toBe('Please fill in the field: Location');
  });

  it('needs the consent ticked', () => {
    expect(errorsOf('emitra', { ...emitra(), consent: false }).consent).toMatch(/tick the box/);
  });
});

describe('the CSC, IIBF and NIELIT forms', () => {
  it('CSC: the contact number must be exactly 10 digits; names are upper-cased; the IIBF certificate is optional', () => {
    const payload = {
      name: 'sunita devi',
      email: 'sunita@example.in',
      contact: '98765432101',
      motherName: 'kamla',
      fatherName: 'mohan',
      accountNumber: '123456789012',
      ifscCode: 'pUnB0123400',
      bankName: 'punjab national bank',
      voterIdNumber: 'abc1234567',
      tecNumber: 'tec-778',
      nomineeName: 'ravi',
      nomineeDob: '2001-02-03',
      nomineeRelation: 'son',
      documents: Object.fromEntries(CSC_FORM.documents.filter((d) => d.required).map((d) => [d.slot, uuid()])),
      draft: uuid(),
      consent: true,
      age: 'adult',
    };
    expect(errorsOf('csc', payload).contact).toBe('Contact number must be exactly 10 digits.');
    const parsed = APPLICATION_SCHEMAS.csc.parse({ ...payload, contact: '9876543210' }) as Record<string, unknown>;
    expect([parsed.name, parsed.motherName, parsed.bankName, parsed.voterIdNumber, parsed.nomineeRelation]).toEqual([
      'SUNITA DEVI',
      'KAMLA',
      'PUNJAB NATIONAL BANK',
      'ABC1234567',
      'SON',
    ]);
  });

  it('IIBF: every file is required and the mobile message is the specification’s', () => {
    const errors = errorsOf('iibf', {
      applicantName: 'a',
      email: 'a@b.in',
      mobile: '12345',
      motherName: 'm',
      fatherName: 'f',
      documents: {},
      draft: uuid(),
      consent: true,
      age: 'adult',
    });
    expect(errors.mobile).toBe('Mobile number must be exactly 10 digits.');
    for (const doc of IIBF_FORM.documents) expect(errors[`documents.${doc.slot}`]).toBe(`Please upload required file: ${doc.label}`);
  });

  it('NIELIT: its own mobile message, caste and course from the lists, e-mail stored lower-case', () => {
    const base = {
      name: 'anil',
      fatherName: 'sunil',
      mobile: '98765',
      email: 'ANIL@EXAMPLE.IN',
      dob: '2005-01-01',
      casteCategory: 'OBC',
      neilitCourse: 'CCC+',
      documents: Object.fromEntries(NIELIT_FORM.documents.map((d) => [d.slot, uuid()])),
      draft: uuid(),
      consent: true,
      age: 'adult',
    };
    expect(errorsOf('nielit', base).mobile).toBe('Please enter a valid 10-digit mobile number.');
    expect(errorsOf('nielit', { ...base, mobile: '9876543210', neilitCourse: 'MBA' }).neilitCourse).toBe('Please fill in the field: Course');
    expect((APPLICATION_SCHEMAS.nielit.parse({ ...base, mobile: '9876543210' }) as Record<string, unknown>).email).toBe('anil@example.in');
  });

  it('every form has distinct field names, distinct slots, and a person to file the lead under', () => {
    for (const def of Object.values(FORMS)) {
      const names = fieldsOf(def).map((f) => f.name);
      expect(new Set(names).size, def.form).toBe(names.length);
      expect(new Set(def.documents.map((d) => d.slot)).size, def.form).toBe(def.documents.length);
      for (const key of ['name', 'email', 'mobile'] as const) expect(names, `${def.form} ${key}`).toContain(def.person[key]);
    }
  });
});

describe('the names of people in the forms', () => {
  /** Every field that holds a person's name, by form (the bank's account holder may be a firm, M/S …, and is free text). */
  const NAMES: Record<keyof typeof FORMS, string[]> = {
    emitra: ['name', 'fatherName'],
    csc: ['name', 'motherName', 'fatherName', 'nomineeName'],
    iibf: ['applicantName', 'motherName', 'fatherName'],
    nielit: ['name', 'fatherName'],
  };
  const INJECTION = 'DEAR CUSTOMER, YOUR KYC EXPIRED. PAY RS 10 AT HTTPS://EVIL.EXAMPLE/KYC';
  const field = (form: keyof typeof FORMS, name: string) => fieldsOf(FORMS[form]).find((f) => f.name === name)!;

  it('refuse a message typed as a name (digits, `:`, `/`, `,`) with the accounts’ name message', () => {
    for (const [form, names] of Object.entries(NAMES) as [keyof typeof FORMS, string[]][]) {
      for (const name of names) {
        const result = field(form, name).schema.safeParse(INJECTION);
        expect(
          result.error?.issues.map((i) => i.message),
          `${form} ${name}`,
        ).toEqual([NAME_CHARACTERS_MESSAGE]);
        for (const bad of ['Ravi 2', 'Ravi: call 98290', 'www.evil.example/x', 'Ravi\u0000'])
          expect(field(form, name).schema.safeParse(bad).success, `${form} ${name} ${bad}`).toBe(false);
      }
    }
  });

  it('take names of any script, keep the forms’ upper-casing and the specification’s message for a blank one', () => {
    for (const [form, names] of Object.entries(NAMES) as [keyof typeof FORMS, string[]][]) {
      for (const name of names) {
        const def = field(form, name);
        expect(def.schema.parse("  sunita  d'souza-devi "), `${form} ${name}`).toBe(def.upper ? "SUNITA D'SOUZA-DEVI" : "sunita d'souza-devi");
        expect(def.schema.parse('सुनीता देवी'), `${form} ${name}`).toBe('सुनीता देवी');
        expect(def.schema.safeParse('  ').error?.issues[0]?.message, `${form} ${name}`).toBe(`Please fill in the field: ${def.label}`);
      }
    }
  });

  it('are the only free-text fields held to the name rule: addresses, bank and kiosk names stay free text', () => {
    expect(field('emitra', 'accountHolder').schema.parse('M/S Sharma e-Mitra 2')).toBe('M/S Sharma e-Mitra 2');
    expect(field('emitra', 'kioskAddress').schema.parse('Shop 2, Bus Stand, Sojat')).toBe('Shop 2, Bus Stand, Sojat');
    expect(field('emitra', 'kioskAddress').schema.safeParse('Shop 2\u0000').error?.issues[0]?.message).toBe(
      'Please remove the hidden control characters (such as NUL) from Kiosk address: they cannot be stored.',
    );
  });
});
