/**
 * The four application forms of the specification (section 3): kiosk/e-Mitra registration, CSC,
 * IIBF and NIELIT admission. Each definition gives its sections of fields, its documents, where it
 * is (page and endpoint) and the schema that checks it — the same schema in the browser and in
 * the function. The messages are the specification's (section 8), word for word.
 */
import { z } from './zod';
import { AttributionSchema } from './attribution';
import {
  aadhaar,
  accountNumber,
  birthDate,
  choice,
  email,
  exactDigits,
  ifsc,
  mobile,
  pan,
  personName,
  text,
  upperText,
  voterId,
  type FieldDef,
} from './application-fields';
import { DraftIdSchema, UploadIdSchema, uploadRequired, type ApplicationForm, type DocumentDef } from './uploads';

/** A section of a form: a heading and its fields. */
export interface FormSection {
  title: string;
  fields: FieldDef[];
}

/** A form's identity, sections and documents. */
export interface FormDefinition {
  form: ApplicationForm;
  /** The page's heading. */
  title: string;
  /** Its page (the specification's route). */
  path: string;
  /** Where its Back button leads, for the form the specification gives one (the kiosk form). */
  back?: string | undefined;
  /** Where it is submitted (the specification's endpoint). */
  endpoint: string;
  /** The first letters of its references (EM-2026-00001). */
  referencePrefix: string;
  sections: FormSection[];
  /** The heading of the documents section. */
  documentsTitle: string;
  documents: DocumentDef[];
  /** The field names giving the lead's name, e-mail and mobile number. */
  person: { name: string; email: string; mobile: string };
  /** Texts shown on success and failure (section 8). */
  messages: { success: string; failure: string };
}

const LOCATIONS = { Urban: 'Urban', Rural: 'Rural' } as const;
/** NIELIT's caste categories. */
export const CASTE_CATEGORIES = { GENERAL: 'General', OBC: 'OBC', SC: 'SC', ST: 'ST', EWS: 'EWS' } as const;
/** NIELIT's courses (their details are on /nielit, from content/nielit.json). */
export const NIELIT_COURSES = { OLEVEL: 'O Level', CCC: 'CCC', 'CCC+': 'CCC+', ACC: 'ACC', BCC: 'BCC', ECC: 'ECC' } as const;

const f = (def: Omit<FieldDef, 'input'> & { input?: FieldDef['input'] }): FieldDef => ({ input: 'text', ...def });

export const EMITRA_FORM: FormDefinition = {
  form: 'emitra',
  title: 'Kiosk (e-Mitra) Registration Form',
  path: '/EmitraForm',
  back: '/emitra',
  endpoint: '/api/emitra',
  referencePrefix: 'EM',
  sections: [
    {
      title: 'Owner details',
      fields: [
        f({ name: 'name', label: 'Name', autoComplete: 'name', schema: personName('Name') }),
        f({ name: 'fatherName', label: "Father's name", schema: personName("Father's name") }),
        f({ name: 'dob', label: 'Date of birth', input: 'date', autoComplete: 'bday', schema: birthDate('Date of birth') }),
        f({ name: 'permanentAddress', label: 'Permanent address', input: 'textarea', autoComplete: 'street-address', schema: text('Permanent address', 300) }),
        f({ name: 'currentAddress', label: 'Current address', input: 'textarea', schema: text('Current address', 300) }),
        f({ name: 'aadharNo', label: 'Aadhaar number', input: 'digits', maxLength: 12, sealed: true, schema: aadhaar('Aadhaar number') }),
        f({ name: 'email', label: 'Email', input: 'email', autoComplete: 'email', schema: email('Email') }),
        f({ name: 'panNo', label: 'PAN number', upper: true, maxLength: 10, sealed: true, hint: 'Like ABCDE1234F', schema: pan('PAN number') }),
        f({
          name: 'janAadharNo',
          label: 'Jan Aadhaar number',
          input: 'digits',
          maxLength: 10,
          sealed: true,
          schema: exactDigits('Jan Aadhaar number', 10, 'Invalid Jan Aadhaar Number. Must be 10 digits.'),
        }),
        f({
          name: 'contactNumber',
          label: 'Contact number',
          input: 'digits',
          maxLength: 10,
          autoComplete: 'tel-national',
          schema: mobile('Contact number', 'Invalid Contact Number. Must be 10 digits.'),
        }),
      ],
    },
    {
      title: 'Centre details',
      fields: [
        f({ name: 'location', label: 'Location', input: 'select', options: LOCATIONS, schema: choice('Location', LOCATIONS) }),
        f({ name: 'kioskName', label: 'Kiosk name', schema: text('Kiosk name') }),
        f({ name: 'ssoId', label: 'SSO ID', upper: true, maxLength: 40, schema: upperText('SSO ID', 40) }),
        f({ name: 'policeStation', label: 'Police station', schema: text('Police station') }),
        f({ name: 'kioskAddress', label: 'Kiosk address', input: 'textarea', schema: text('Kiosk address', 300) }),
        f({ name: 'tehsil', label: 'Tehsil', schema: text('Tehsil') }),
        f({ name: 'municipality', label: 'Municipality / Panchayat samiti', schema: text('Municipality / Panchayat samiti') }),
        f({ name: 'wardOrVillage', label: 'Ward or village', schema: text('Ward or village') }),
        f({
          name: 'pincode',
          label: 'Pincode',
          input: 'digits',
          maxLength: 6,
          autoComplete: 'postal-code',
          schema: exactDigits('Pincode', 6, 'Invalid Pincode. Must be 6 digits.'),
        }),
      ],
    },
    {
      title: 'Bank details',
      fields: [
        f({
          name: 'bankAccountNumber',
          label: 'Bank account number',
          input: 'digits',
          maxLength: 20,
          sealed: true,
          schema: accountNumber('Bank account number'),
        }),
        f({ name: 'ifsc', label: 'IFSC code', upper: true, maxLength: 11, hint: 'Like SBIN0001234', schema: ifsc('IFSC code') }),
        f({ name: 'bankName', label: 'Bank name', schema: text('Bank name') }),
        f({ name: 'accountHolder', label: 'Account holder name', schema: text('Account holder name', 100) }),
      ],
    },
    {
      title: 'Bank correspondent details',
      fields: [
        f({ name: 'correspondentBank', label: 'Correspondent bank', schema: text('Correspondent bank') }),
        f({ name: 'correspondentIfsc', label: 'Correspondent IFSC code', upper: true, maxLength: 11, schema: ifsc('Correspondent IFSC code') }),
        f({ name: 'odAccount', label: 'OD account number', input: 'digits', maxLength: 20, sealed: true, schema: accountNumber('OD account number') }),
        f({ name: 'koCode', label: 'KO code', upper: true, maxLength: 30, schema: upperText('KO code', 30) }),
      ],
    },
  ],
  documentsTitle: 'Document uploads',
  documents: [
    { slot: 'policeVerificationPali', label: 'Police verification (Pali)', required: true },
    { slot: 'applicantPhoto', label: 'Applicant photo', required: true, imagesOnly: true },
    { slot: 'marksheet', label: 'Marksheet', required: true },
    { slot: 'aadharCopy', label: 'Aadhaar card copy', required: true },
    { slot: 'panCardCopy', label: 'PAN card copy', required: true },
    { slot: 'rscit', label: 'RS-CIT certificate', required: true },
    { slot: 'affidavit', label: 'Affidavit', required: true },
    { slot: 'rentAgreement', label: 'Rent agreement', required: false },
    { slot: 'policeVerificationOther', label: 'Police verification (other)', required: false },
    { slot: 'otherDocuments', label: 'Other documents', required: false },
  ],
  person: { name: 'name', email: 'email', mobile: 'contactNumber' },
  messages: { success: 'Registration Successful', failure: 'Registration Failed' },
};

export const CSC_FORM: FormDefinition = {
  form: 'csc',
  title: 'CSC Application Form',
  path: '/CSCForm',
  endpoint: '/api/CSC',
  referencePrefix: 'CS',
  sections: [
    {
      title: 'Applicant details',
      fields: [
        f({ name: 'name', label: 'Name', upper: true, autoComplete: 'name', schema: personName('Name', { upper: true }) }),
        f({ name: 'email', label: 'Email', input: 'email', autoComplete: 'email', schema: email('Email') }),
        f({
          name: 'contact',
          label: 'Contact number',
          input: 'digits',
          maxLength: 20,
          autoComplete: 'tel-national',
          schema: mobile('Contact number', 'Contact number must be exactly 10 digits.'),
        }),
        f({ name: 'motherName', label: "Mother's name", upper: true, schema: personName("Mother's name", { upper: true }) }),
        f({ name: 'fatherName', label: "Father's name", upper: true, schema: personName("Father's name", { upper: true }) }),
      ],
    },
    {
      title: 'Bank details',
      fields: [
        f({ name: 'accountNumber', label: 'Account number', input: 'digits', maxLength: 20, sealed: true, schema: accountNumber('Account number') }),
        f({ name: 'ifscCode', label: 'IFSC code', upper: true, maxLength: 11, hint: 'Like SBIN0001234', schema: ifsc('IFSC code') }),
        f({ name: 'bankName', label: 'Bank name', upper: true, schema: upperText('Bank name') }),
      ],
    },
    {
      title: 'Identity and certificate',
      fields: [
        f({ name: 'voterIdNumber', label: 'Voter ID number', upper: true, maxLength: 20, sealed: true, schema: voterId('Voter ID number') }),
        f({ name: 'tecNumber', label: 'TEC certificate number', upper: true, maxLength: 40, schema: upperText('TEC certificate number', 40) }),
      ],
    },
    {
      title: 'Nominee',
      fields: [
        f({ name: 'nomineeName', label: "Nominee's name", upper: true, schema: personName("Nominee's name", { upper: true }) }),
        f({ name: 'nomineeDob', label: "Nominee's date of birth", input: 'date', schema: birthDate("Nominee's date of birth") }),
        f({ name: 'nomineeRelation', label: 'Relation with nominee', upper: true, schema: upperText('Relation with nominee', 40) }),
      ],
    },
  ],
  documentsTitle: 'Documents',
  documents: [
    { slot: 'bankPassbook', label: 'Bank passbook', required: true },
    { slot: 'photo', label: 'Photo', required: true, imagesOnly: true },
    { slot: 'voterId', label: 'Voter ID', required: true },
    { slot: 'marksheet', label: 'Marksheet', required: true },
    { slot: 'adharCard', label: 'Aadhaar card', required: true },
    { slot: 'panCard', label: 'PAN card', required: true },
    { slot: 'tecCertificate', label: 'TEC certificate', required: true },
    { slot: 'iibfCertificate', label: 'IIBF certificate', required: false },
  ],
  person: { name: 'name', email: 'email', mobile: 'contact' },
  messages: { success: 'Application submitted successfully!', failure: 'Failed to submit application.' },
};

export const IIBF_FORM: FormDefinition = {
  form: 'iibf',
  title: 'IIBF Application Form',
  path: '/IIBFForm',
  endpoint: '/api/IIBF',
  referencePrefix: 'IB',
  sections: [
    {
      title: 'Applicant details',
      fields: [
        f({ name: 'applicantName', label: "Applicant's name", upper: true, autoComplete: 'name', schema: personName("Applicant's name", { upper: true }) }),
        f({ name: 'email', label: 'Email', input: 'email', autoComplete: 'email', schema: email('Email') }),
        f({
          name: 'mobile',
          label: 'Mobile number',
          input: 'digits',
          maxLength: 10,
          autoComplete: 'tel-national',
          schema: mobile('Mobile number', 'Mobile number must be exactly 10 digits.'),
        }),
        f({ name: 'motherName', label: "Mother's name", upper: true, schema: personName("Mother's name", { upper: true }) }),
        f({ name: 'fatherName', label: "Father's name", upper: true, schema: personName("Father's name", { upper: true }) }),
      ],
    },
  ],
  documentsTitle: 'Documents',
  documents: [
    { slot: 'aadhaarCard', label: 'Aadhaar card', required: true },
    { slot: 'panCard', label: 'PAN card', required: true },
    { slot: 'photo', label: 'Photo', required: true, imagesOnly: true },
    { slot: 'signature', label: 'Signature', required: true, imagesOnly: true },
    { slot: 'qualificationDoc', label: 'Qualification document', required: true },
    { slot: 'casteCertificate', label: 'Caste certificate', required: true },
  ],
  person: { name: 'applicantName', email: 'email', mobile: 'mobile' },
  messages: { success: 'Application submitted successfully!', failure: 'Failed to submit application.' },
};

export const NIELIT_FORM: FormDefinition = {
  form: 'nielit',
  title: 'NIELIT Admission Form',
  path: '/NeilitForm',
  endpoint: '/api/submit',
  referencePrefix: 'NL',
  sections: [
    {
      title: 'Student details',
      fields: [
        f({ name: 'name', label: 'Name', upper: true, autoComplete: 'name', schema: personName('Name', { upper: true }) }),
        f({ name: 'fatherName', label: "Father's name", upper: true, schema: personName("Father's name", { upper: true }) }),
        f({
          name: 'mobile',
          label: 'Mobile number',
          input: 'digits',
          maxLength: 10,
          autoComplete: 'tel-national',
          schema: mobile('Mobile number', 'Please enter a valid 10-digit mobile number.'),
        }),
        f({ name: 'email', label: 'Email', input: 'email', upper: true, autoComplete: 'email', schema: email('Email') }),
        f({ name: 'dob', label: 'Date of birth', input: 'date', autoComplete: 'bday', schema: birthDate('Date of birth') }),
        f({ name: 'casteCategory', label: 'Caste category', input: 'select', options: CASTE_CATEGORIES, schema: choice('Caste category', CASTE_CATEGORIES) }),
        f({ name: 'neilitCourse', label: 'Course', input: 'select', options: NIELIT_COURSES, schema: choice('Course', NIELIT_COURSES) }),
      ],
    },
  ],
  documentsTitle: 'Documents',
  documents: [
    { slot: 'photo', label: 'Photo', required: true, imagesOnly: true },
    { slot: 'signature', label: 'Signature', required: true, imagesOnly: true },
    { slot: 'aadhar', label: 'Aadhaar card', required: true },
    { slot: 'tenthMarksheet', label: '10th marksheet', required: true },
    { slot: 'Leftthumbimpression', label: 'Left thumb impression', required: true },
    { slot: 'apaarID', label: 'APAAR ID', required: true },
  ],
  person: { name: 'name', email: 'email', mobile: 'mobile' },
  messages: { success: 'Form submitted successfully! Check your email.', failure: 'Failed to submit: {message}' },
};

/** Every form, by kind. */
export const FORMS: Record<ApplicationForm, FormDefinition> = { emitra: EMITRA_FORM, csc: CSC_FORM, iibf: IIBF_FORM, nielit: NIELIT_FORM };

/** Every field of a form, in order. */
export const fieldsOf = (def: FormDefinition): FieldDef[] => def.sections.flatMap((s) => s.fields);

/** The message for a missing consent. */
export const CONSENT_MESSAGE = 'Please tick the box to agree, so that we can process your application.';

/**
 * The payload of a form's endpoint (JSON): its fields, `documents` (slot → upload id, from
 * POST /api/uploads), `draft` (the fill's id), `consent`, the honeypot and where the visit came
 * from. A required document left out gets 'Please upload required file: {name}' on its slot
 * (`documents.<slot>`); an optional one may be left out.
 */
export function applicationSchema(def: FormDefinition) {
  const fields = Object.fromEntries(fieldsOf(def).map((field) => [field.name, field.schema]));
  const documents = Object.fromEntries(
    def.documents.map((doc) => {
      const id = z
        .string({ message: uploadRequired(doc.label) })
        .min(1, uploadRequired(doc.label))
        .pipe(UploadIdSchema);
      return [doc.slot, doc.required ? id : z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional())];
    }),
  );
  return z.object({
    ...fields,
    /** The documents: slot → upload id. */
    documents: z.object(documents, { message: uploadRequired(def.documents[0]!.label) }),
    /** The fill of the form (its uploads carry it). */
    draft: DraftIdSchema,
    /** Agreement to the notice of what is collected and why; must be given. */
    consent: z.literal(true, { message: CONSENT_MESSAGE }),
    /** Hidden anti-spam field. */
    website: z.string().max(200).optional(),
    /** Where the visit came from; never a reason to refuse the form. */
    attribution: AttributionSchema,
  });
}

/** A form's checked payload. */
export type ApplicationPayload = z.output<ReturnType<typeof applicationSchema>>;

/** The schemas, built once per form. */
export const APPLICATION_SCHEMAS = {
  emitra: applicationSchema(EMITRA_FORM),
  csc: applicationSchema(CSC_FORM),
  iibf: applicationSchema(IIBF_FORM),
  nielit: applicationSchema(NIELIT_FORM),
} as const;
