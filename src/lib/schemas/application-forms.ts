/**
 * The four application forms of the specification (section 3): kiosk/e-Mitra registration, CSC,
 * IIBF and NIELIT admission. Each definition gives its sections of fields, its documents, where it
 * is (page and endpoint) and the schema that checks it — the same schema in the browser and in
 * the function. The messages are the specification's (section 8), word for word in English, and
 * in Hindi on a Hindi page or for a Hindi request: every text is a compiled message, read in the
 * language of the moment (`says`), with its English kept beside it for staff and the records.
 */
import { z } from './zod';
import { AttributionSchema } from './attribution';
import { AgeFields, checkGuardian } from './guardian-consent';
import {
  aadhaar,
  accountNumber,
  birthDate,
  choice,
  email,
  english,
  exactDigits,
  ifsc,
  mobile,
  pan,
  personName,
  text,
  upperText,
  voterId,
  type FieldDef,
  type Words,
} from './application-fields';
import { DraftIdSchema, UploadIdSchema, uploadRequired, type ApplicationForm, type DocumentDef } from './uploads';
import {
  appform_aadhaar,
  appform_account_holder,
  appform_account_number,
  appform_applicant_name,
  appform_bank_account,
  appform_bank_name,
  appform_caste_category,
  appform_contact_exact,
  appform_contact_invalid,
  appform_contact_number,
  appform_correspondent_bank,
  appform_correspondent_ifsc,
  appform_course,
  appform_current_address,
  appform_dob,
  appform_doc_aadhaar,
  appform_doc_aadhaar_copy,
  appform_doc_affidavit,
  appform_doc_apaar,
  appform_doc_applicant_photo,
  appform_doc_caste,
  appform_doc_iibf,
  appform_doc_marksheet,
  appform_doc_other,
  appform_doc_pan,
  appform_doc_pan_copy,
  appform_doc_passbook,
  appform_doc_photo,
  appform_doc_police_other,
  appform_doc_police_pali,
  appform_doc_qualification,
  appform_doc_rent,
  appform_doc_rscit,
  appform_doc_signature,
  appform_doc_tec,
  appform_doc_tenth,
  appform_doc_thumb,
  appform_doc_voter_id,
  appform_email,
  appform_father_name,
  appform_hint_ifsc,
  appform_hint_pan,
  appform_ifsc,
  appform_jan_aadhaar,
  appform_jan_aadhaar_invalid,
  appform_kiosk_address,
  appform_kiosk_name,
  appform_ko_code,
  appform_location,
  appform_mobile,
  appform_mobile_exact,
  appform_mobile_valid,
  appform_mother_name,
  appform_municipality,
  appform_name,
  appform_nielit_failed,
  appform_nielit_submitted,
  appform_nominee_dob,
  appform_nominee_name,
  appform_nominee_relation,
  appform_od_account,
  appform_pan,
  appform_permanent_address,
  appform_pincode,
  appform_pincode_invalid,
  appform_police_station,
  appform_registration_failed,
  appform_registration_ok,
  appform_section_applicant,
  appform_section_bank,
  appform_section_centre,
  appform_section_correspondent,
  appform_section_documents,
  appform_section_identity,
  appform_section_nominee,
  appform_section_owner,
  appform_section_student,
  appform_section_uploads,
  appform_sso_id,
  appform_submit_failed,
  appform_submitted,
  appform_tec_number,
  appform_tehsil,
  appform_title_csc,
  appform_title_emitra,
  appform_title_iibf,
  appform_title_nielit,
  appform_voter_id_number,
  appform_ward,
  appform_consent_required,
  appform_general,
  appform_rural,
  appform_urban,
} from '../../i18n/messages';

/** A section of a form: a heading (English, and in the page's language) and its fields. */
export interface FormSection {
  title: string;
  says: Words;
  fields: FieldDef[];
}

/** A form's identity, sections and documents. */
export interface FormDefinition {
  form: ApplicationForm;
  /** The page's heading, in English. */
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
  /** The heading of the documents section, in English. */
  documentsTitle: string;
  documents: DocumentDef[];
  /** The field names giving the lead's name, e-mail and mobile number. */
  person: { name: string; email: string; mobile: string };
  /** Texts shown on success and failure (section 8), in English. */
  messages: { success: string; failure: string };
  /** The same texts in the page's language: the title, the documents' heading, success and failure. */
  says: { title: Words; documentsTitle: Words; success: Words; failure: (inputs: { message: string }) => string };
}

/** A definition as written below: its texts as messages. */
type FormSpec = Omit<FormDefinition, 'title' | 'documentsTitle' | 'messages' | 'says'> & {
  title: Words;
  documentsTitle: Words;
  messages: { success: Words; failure: (inputs: { message: string }, options?: { locale?: 'en' | 'hi' }) => string };
};

/** A form's definition, its English texts beside the messages. */
const defineForm = ({ title, documentsTitle, messages, ...rest }: FormSpec): FormDefinition => ({
  ...rest,
  title: english(title),
  documentsTitle: english(documentsTitle),
  // '{message}' stays in the English text: the page puts the server's words there.
  messages: { success: english(messages.success), failure: messages.failure({ message: '{message}' }, { locale: 'en' }) },
  says: { title, documentsTitle, success: messages.success, failure: messages.failure },
});

/** A section: its heading and fields. */
const section = (title: Words, fields: FieldDef[]): FormSection => ({ title: english(title), says: title, fields });

/** A document: its slot, its name, whether it is required and whether only a photo will do. */
const doc = (slot: string, label: Words, required: boolean, imagesOnly?: true): DocumentDef => ({
  slot,
  label: english(label),
  says: label,
  required,
  ...(imagesOnly ? { imagesOnly } : {}),
});

const LOCATIONS = { Urban: 'Urban', Rural: 'Rural' } as const;
/** NIELIT's caste categories. */
export const CASTE_CATEGORIES = { GENERAL: 'General', OBC: 'OBC', SC: 'SC', ST: 'ST', EWS: 'EWS' } as const;
/** NIELIT's courses (their details are on /nielit, from content/nielit.json). */
export const NIELIT_COURSES = { OLEVEL: 'O Level', CCC: 'CCC', 'CCC+': 'CCC+', ACC: 'ACC', BCC: 'BCC', ECC: 'ECC' } as const;

/** A field as written below: its label (and hint) as messages. */
type FieldSpec = Omit<FieldDef, 'input' | 'label' | 'says'> & { input?: FieldDef['input']; label: Words };

const f = ({ label, ...def }: FieldSpec): FieldDef => ({ input: 'text', ...def, label: english(label), says: label });

export const EMITRA_FORM: FormDefinition = defineForm({
  form: 'emitra',
  title: appform_title_emitra,
  path: '/EmitraForm',
  back: '/emitra',
  endpoint: '/api/emitra',
  referencePrefix: 'EM',
  sections: [
    section(appform_section_owner, [
      f({ name: 'name', label: appform_name, autoComplete: 'name', schema: personName(appform_name) }),
      f({ name: 'fatherName', label: appform_father_name, schema: personName(appform_father_name) }),
      f({ name: 'dob', label: appform_dob, input: 'date', autoComplete: 'bday', schema: birthDate(appform_dob) }),
      f({
        name: 'permanentAddress',
        label: appform_permanent_address,
        input: 'textarea',
        autoComplete: 'street-address',
        schema: text(appform_permanent_address, 300),
      }),
      f({ name: 'currentAddress', label: appform_current_address, input: 'textarea', schema: text(appform_current_address, 300) }),
      f({ name: 'aadharNo', label: appform_aadhaar, input: 'digits', maxLength: 12, sealed: true, schema: aadhaar(appform_aadhaar) }),
      f({ name: 'email', label: appform_email, input: 'email', autoComplete: 'email', schema: email(appform_email) }),
      f({ name: 'panNo', label: appform_pan, upper: true, maxLength: 10, sealed: true, hint: appform_hint_pan, schema: pan(appform_pan) }),
      f({
        name: 'janAadharNo',
        label: appform_jan_aadhaar,
        input: 'digits',
        maxLength: 10,
        sealed: true,
        schema: exactDigits(appform_jan_aadhaar, 10, appform_jan_aadhaar_invalid),
      }),
      f({
        name: 'contactNumber',
        label: appform_contact_number,
        input: 'digits',
        maxLength: 10,
        autoComplete: 'tel-national',
        schema: mobile(appform_contact_number, appform_contact_invalid),
      }),
    ]),
    section(appform_section_centre, [
      f({
        name: 'location',
        label: appform_location,
        input: 'select',
        options: LOCATIONS,
        optionWords: { Urban: appform_urban, Rural: appform_rural },
        schema: choice(appform_location, LOCATIONS),
      }),
      f({ name: 'kioskName', label: appform_kiosk_name, schema: text(appform_kiosk_name) }),
      f({ name: 'ssoId', label: appform_sso_id, upper: true, maxLength: 40, schema: upperText(appform_sso_id, 40) }),
      f({ name: 'policeStation', label: appform_police_station, schema: text(appform_police_station) }),
      f({ name: 'kioskAddress', label: appform_kiosk_address, input: 'textarea', schema: text(appform_kiosk_address, 300) }),
      f({ name: 'tehsil', label: appform_tehsil, schema: text(appform_tehsil) }),
      f({ name: 'municipality', label: appform_municipality, schema: text(appform_municipality) }),
      f({ name: 'wardOrVillage', label: appform_ward, schema: text(appform_ward) }),
      f({
        name: 'pincode',
        label: appform_pincode,
        input: 'digits',
        maxLength: 6,
        autoComplete: 'postal-code',
        schema: exactDigits(appform_pincode, 6, appform_pincode_invalid),
      }),
    ]),
    section(appform_section_bank, [
      f({
        name: 'bankAccountNumber',
        label: appform_bank_account,
        input: 'digits',
        maxLength: 20,
        sealed: true,
        schema: accountNumber(appform_bank_account),
      }),
      f({ name: 'ifsc', label: appform_ifsc, upper: true, maxLength: 11, hint: appform_hint_ifsc, schema: ifsc(appform_ifsc) }),
      f({ name: 'bankName', label: appform_bank_name, schema: text(appform_bank_name) }),
      f({ name: 'accountHolder', label: appform_account_holder, schema: text(appform_account_holder, 100) }),
    ]),
    section(appform_section_correspondent, [
      f({ name: 'correspondentBank', label: appform_correspondent_bank, schema: text(appform_correspondent_bank) }),
      f({ name: 'correspondentIfsc', label: appform_correspondent_ifsc, upper: true, maxLength: 11, schema: ifsc(appform_correspondent_ifsc) }),
      f({ name: 'odAccount', label: appform_od_account, input: 'digits', maxLength: 20, sealed: true, schema: accountNumber(appform_od_account) }),
      f({ name: 'koCode', label: appform_ko_code, upper: true, maxLength: 30, schema: upperText(appform_ko_code, 30) }),
    ]),
  ],
  documentsTitle: appform_section_uploads,
  documents: [
    doc('policeVerificationPali', appform_doc_police_pali, true),
    doc('applicantPhoto', appform_doc_applicant_photo, true, true),
    doc('marksheet', appform_doc_marksheet, true),
    doc('aadharCopy', appform_doc_aadhaar_copy, true),
    doc('panCardCopy', appform_doc_pan_copy, true),
    doc('rscit', appform_doc_rscit, true),
    doc('affidavit', appform_doc_affidavit, true),
    doc('rentAgreement', appform_doc_rent, false),
    doc('policeVerificationOther', appform_doc_police_other, false),
    doc('otherDocuments', appform_doc_other, false),
  ],
  person: { name: 'name', email: 'email', mobile: 'contactNumber' },
  messages: { success: appform_registration_ok, failure: appform_registration_failed },
});

export const CSC_FORM: FormDefinition = defineForm({
  form: 'csc',
  title: appform_title_csc,
  path: '/CSCForm',
  endpoint: '/api/CSC',
  referencePrefix: 'CS',
  sections: [
    section(appform_section_applicant, [
      f({ name: 'name', label: appform_name, upper: true, autoComplete: 'name', schema: personName(appform_name, { upper: true }) }),
      f({ name: 'email', label: appform_email, input: 'email', autoComplete: 'email', schema: email(appform_email) }),
      f({
        name: 'contact',
        label: appform_contact_number,
        input: 'digits',
        maxLength: 20,
        autoComplete: 'tel-national',
        schema: mobile(appform_contact_number, appform_contact_exact),
      }),
      f({ name: 'motherName', label: appform_mother_name, upper: true, schema: personName(appform_mother_name, { upper: true }) }),
      f({ name: 'fatherName', label: appform_father_name, upper: true, schema: personName(appform_father_name, { upper: true }) }),
    ]),
    section(appform_section_bank, [
      f({ name: 'accountNumber', label: appform_account_number, input: 'digits', maxLength: 20, sealed: true, schema: accountNumber(appform_account_number) }),
      f({ name: 'ifscCode', label: appform_ifsc, upper: true, maxLength: 11, hint: appform_hint_ifsc, schema: ifsc(appform_ifsc) }),
      f({ name: 'bankName', label: appform_bank_name, upper: true, schema: upperText(appform_bank_name) }),
    ]),
    section(appform_section_identity, [
      f({ name: 'voterIdNumber', label: appform_voter_id_number, upper: true, maxLength: 20, sealed: true, schema: voterId(appform_voter_id_number) }),
      f({ name: 'tecNumber', label: appform_tec_number, upper: true, maxLength: 40, schema: upperText(appform_tec_number, 40) }),
    ]),
    section(appform_section_nominee, [
      f({ name: 'nomineeName', label: appform_nominee_name, upper: true, schema: personName(appform_nominee_name, { upper: true }) }),
      f({ name: 'nomineeDob', label: appform_nominee_dob, input: 'date', schema: birthDate(appform_nominee_dob) }),
      f({ name: 'nomineeRelation', label: appform_nominee_relation, upper: true, schema: upperText(appform_nominee_relation, 40) }),
    ]),
  ],
  documentsTitle: appform_section_documents,
  documents: [
    doc('bankPassbook', appform_doc_passbook, true),
    doc('photo', appform_doc_photo, true, true),
    doc('voterId', appform_doc_voter_id, true),
    doc('marksheet', appform_doc_marksheet, true),
    doc('adharCard', appform_doc_aadhaar, true),
    doc('panCard', appform_doc_pan, true),
    doc('tecCertificate', appform_doc_tec, true),
    doc('iibfCertificate', appform_doc_iibf, false),
  ],
  person: { name: 'name', email: 'email', mobile: 'contact' },
  messages: { success: appform_submitted, failure: appform_submit_failed },
});

export const IIBF_FORM: FormDefinition = defineForm({
  form: 'iibf',
  title: appform_title_iibf,
  path: '/IIBFForm',
  endpoint: '/api/IIBF',
  referencePrefix: 'IB',
  sections: [
    section(appform_section_applicant, [
      f({
        name: 'applicantName',
        label: appform_applicant_name,
        upper: true,
        autoComplete: 'name',
        schema: personName(appform_applicant_name, { upper: true }),
      }),
      f({ name: 'email', label: appform_email, input: 'email', autoComplete: 'email', schema: email(appform_email) }),
      f({
        name: 'mobile',
        label: appform_mobile,
        input: 'digits',
        maxLength: 10,
        autoComplete: 'tel-national',
        schema: mobile(appform_mobile, appform_mobile_exact),
      }),
      f({ name: 'motherName', label: appform_mother_name, upper: true, schema: personName(appform_mother_name, { upper: true }) }),
      f({ name: 'fatherName', label: appform_father_name, upper: true, schema: personName(appform_father_name, { upper: true }) }),
    ]),
  ],
  documentsTitle: appform_section_documents,
  documents: [
    doc('aadhaarCard', appform_doc_aadhaar, true),
    doc('panCard', appform_doc_pan, true),
    doc('photo', appform_doc_photo, true, true),
    doc('signature', appform_doc_signature, true, true),
    doc('qualificationDoc', appform_doc_qualification, true),
    doc('casteCertificate', appform_doc_caste, true),
  ],
  person: { name: 'applicantName', email: 'email', mobile: 'mobile' },
  messages: { success: appform_submitted, failure: appform_submit_failed },
});

export const NIELIT_FORM: FormDefinition = defineForm({
  form: 'nielit',
  title: appform_title_nielit,
  path: '/NeilitForm',
  endpoint: '/api/submit',
  referencePrefix: 'NL',
  sections: [
    section(appform_section_student, [
      f({ name: 'name', label: appform_name, upper: true, autoComplete: 'name', schema: personName(appform_name, { upper: true }) }),
      f({ name: 'fatherName', label: appform_father_name, upper: true, schema: personName(appform_father_name, { upper: true }) }),
      f({
        name: 'mobile',
        label: appform_mobile,
        input: 'digits',
        maxLength: 10,
        autoComplete: 'tel-national',
        schema: mobile(appform_mobile, appform_mobile_valid),
      }),
      f({ name: 'email', label: appform_email, input: 'email', upper: true, autoComplete: 'email', schema: email(appform_email) }),
      f({ name: 'dob', label: appform_dob, input: 'date', autoComplete: 'bday', schema: birthDate(appform_dob) }),
      f({
        name: 'casteCategory',
        label: appform_caste_category,
        input: 'select',
        options: CASTE_CATEGORIES,
        optionWords: { GENERAL: appform_general },
        schema: choice(appform_caste_category, CASTE_CATEGORIES),
      }),
      f({ name: 'neilitCourse', label: appform_course, input: 'select', options: NIELIT_COURSES, schema: choice(appform_course, NIELIT_COURSES) }),
    ]),
  ],
  documentsTitle: appform_section_documents,
  documents: [
    doc('photo', appform_doc_photo, true, true),
    doc('signature', appform_doc_signature, true, true),
    doc('aadhar', appform_doc_aadhaar, true),
    doc('tenthMarksheet', appform_doc_tenth, true),
    doc('Leftthumbimpression', appform_doc_thumb, true),
    doc('apaarID', appform_doc_apaar, true),
  ],
  person: { name: 'name', email: 'email', mobile: 'mobile' },
  messages: { success: appform_nielit_submitted, failure: appform_nielit_failed },
});

/** Every form, by kind. */
export const FORMS: Record<ApplicationForm, FormDefinition> = { emitra: EMITRA_FORM, csc: CSC_FORM, iibf: IIBF_FORM, nielit: NIELIT_FORM };

/** Every field of a form, in order. */
export const fieldsOf = (def: FormDefinition): FieldDef[] => def.sections.flatMap((s) => s.fields);

/** The message for a missing consent. */
export const CONSENT_MESSAGE = /* @__PURE__ */ english(appform_consent_required);

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
      const required = () => uploadRequired(doc.says?.() ?? doc.label);
      const id = z.string({ error: required }).min(1, { error: required }).pipe(UploadIdSchema);
      return [doc.slot, doc.required ? id : z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional())];
    }),
  );
  const dobField = fieldsOf(def).some((field) => field.name === 'dob') ? 'dob' : null;
  return z
    .object({
      /** "Are you under 18?" and, if so, a parent's or guardian's details; a date of birth under 18 must say so. */
      ...AgeFields,
      ...fields,
      /** The documents: slot → upload id. */
      documents: z.object(documents, { error: () => uploadRequired(def.documents[0]!.says?.() ?? def.documents[0]!.label) }),
      /** The fill of the form (its uploads carry it). */
      draft: DraftIdSchema,
      /** Agreement to the notice of what is collected and why; must be given. */
      consent: z.literal(true, { error: () => appform_consent_required() }),
      /** Hidden anti-spam field. */
      website: z.string().max(200).optional(),
      /** Where the visit came from; never a reason to refuse the form. */
      attribution: AttributionSchema,
    })
    .superRefine(
      checkGuardian((v) => {
        const values = v as unknown as Record<string, string | undefined>;
        return { age: v.age, guardian: v.guardian, email: values[def.person.email], dob: dobField ? values[dobField] : undefined };
      }),
    );
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
