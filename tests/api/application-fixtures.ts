/**
 * Helpers of the application tests: a valid fill of each form (its own e-mail and mobile number),
 * real small files (a JPEG from ../support/photo.ts, a minimal PDF), and uploading a document the
 * way the browser does (a policy from POST /api/uploads, the file posted to the storage with its
 * fields, then POST /api/uploads/check).
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import { FORMS } from '../../src/lib/schemas/application-forms';
import { verhoeffValid } from '../../src/lib/schemas/application-fields';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { pdfBytes } from '../support/pdf';
import { photoBytes } from '../support/photo';
import type { Target } from './global-setup';
import { db, newClientIp, post, uniqueEmail, uniquePhone } from './helpers';

/** A 12-digit Aadhaar number with a valid check digit. */
export function validAadhaar(): string {
  const body = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  for (let d = 0; d < 10; d += 1) if (verhoeffValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('no check digit');
}

/** A 10-character PAN. */
export const validPan = () => `ABCDE${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}F`;

/** A valid fill of `form`'s fields (not its documents), with its own e-mail and mobile number. */
export function fieldsFor(form: ApplicationForm): Record<string, string> {
  // An adult's form: "Are you under 18?" answered no (decision 053).
  return { age: 'adult', ...fieldsOfForm(form) };
}

/** The form's own fields of a valid fill. */
function fieldsOfForm(form: ApplicationForm): Record<string, string> {
  const email = uniqueEmail(form);
  const mobile = uniquePhone();
  switch (form) {
    case 'emitra':
      return {
        name: 'Ramesh Kumar',
        fatherName: 'Suresh Kumar',
        dob: '1990-05-12',
        permanentAddress: 'Ward 4, Station Road, Sojat City',
        currentAddress: 'Ward 4, Station Road, Sojat City',
        aadharNo: validAadhaar(),
        email,
        panNo: validPan(),
        janAadharNo: String(Math.floor(Math.random() * 1e10)).padStart(10, '1'),
        contactNumber: mobile,
        location: 'Urban',
        kioskName: 'Ramesh e-Mitra',
        ssoId: 'ramesh.kumar90',
        policeStation: 'Sojat City',
        kioskAddress: 'Shop 3, Bus Stand, Sojat City',
        tehsil: 'Sojat',
        municipality: 'Sojat City Municipality',
        wardOrVillage: 'Ward 4',
        pincode: '306104',
        bankAccountNumber: `3${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
        ifsc: 'sbin0001234',
        bankName: 'State Bank of India',
        accountHolder: 'Ramesh Kumar',
        correspondentBank: 'Bank of Baroda',
        correspondentIfsc: 'BARB0SOJATX',
        odAccount: `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        koCode: 'ko1234',
      };
    case 'csc':
      return {
        name: 'Sunita Devi',
        email,
        contact: mobile,
        motherName: 'Kamla Devi',
        fatherName: 'Mohan Lal',
        accountNumber: `5${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
        ifscCode: 'BARB0SOJATX',
        bankName: 'Bank of Baroda',
        voterIdNumber: `RJX${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        tecNumber: 'TEC2026001',
        nomineeName: 'Mohan Lal',
        nomineeDob: '1965-01-01',
        nomineeRelation: 'Father',
      };
    case 'iibf':
      return { applicantName: 'Pooja Sharma', email, mobile, motherName: 'Geeta Sharma', fatherName: 'Raj Sharma' };
    case 'nielit':
      return {
        name: 'Arjun Singh',
        fatherName: 'Vikram Singh',
        mobile,
        email: email.toUpperCase(),
        dob: '2005-08-20',
        casteCategory: 'OBC',
        neilitCourse: 'CCC',
      };
  }
}

/** The mobile number field of `form`. */
export const mobileOf = (form: ApplicationForm, fields: Record<string, unknown>) => fields[FORMS[form].person.mobile] as string;
/** The e-mail field of `form` (as stored: lower case). */
export const emailOf = (form: ApplicationForm, fields: Record<string, unknown>) => (fields[FORMS[form].person.email] as string).toLowerCase();

/** A small real JPEG photo. */
export const aJpeg = (): Promise<Buffer> => photoBytes();

/** A minimal valid PDF. */
export const aPdf = (): Buffer => pdfBytes('Scan');

/** An HTML page, to be named .pdf. */
export const anHtmlPage = () => Buffer.from('<!doctype html><html><head><title>Not a PDF</title></head><body><p>Hello</p></body></html>\n');

/** A file to upload. */
export interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The file a test sends for `slot`: a JPEG for photos and signatures, else a PDF. */
export async function fileFor(form: ApplicationForm, slot: string): Promise<TestFile> {
  const doc = FORMS[form].documents.find((d) => d.slot === slot)!;
  return doc.imagesOnly
    ? { name: `${slot}.jpg`, type: 'image/jpeg', bytes: await aJpeg() }
    : { name: `${slot}.pdf`, type: 'application/pdf', bytes: pdfBytes() };
}

/** What POST /api/uploads answered. */
export interface Policy {
  uploadId: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** Asks for a policy for `file` in `slot` of a fill (`{form, draft}`) or a fix link (`{fix}`). */
export async function policyFor(
  target: Target,
  owner: { form: ApplicationForm; draft: string } | { fix: string },
  slot: string,
  file: TestFile,
  ip = newClientIp(),
): Promise<Policy> {
  const res = await post(target, '/api/uploads', { ...owner, slot, name: file.name, type: file.type, size: file.bytes.length }, {}, ip);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Policy;
}

/** Posts `file` to the storage as the policy says (fields first, the file last). */
export async function sendToStorage(target: Target, policy: Policy, file: TestFile): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return target.fetch(policy.url, { method: 'POST', body: form });
}

/**
 * Uploads `file` for `slot` as the browser does; `check: false` leaves the bytes unread (the
 * submit reads them then). Returns the upload id.
 */
export async function upload(
  target: Target,
  owner: { form: ApplicationForm; draft: string } | { fix: string },
  slot: string,
  file: TestFile,
  { check = true, ip = newClientIp() }: { check?: boolean; ip?: string } = {},
): Promise<string> {
  const policy = await policyFor(target, owner, slot, file, ip);
  const stored = await sendToStorage(target, policy, file);
  expect(stored.status, await stored.clone().text()).toBe(201);
  if (check) {
    const body = 'fix' in owner ? { uploadId: policy.uploadId, fix: owner.fix } : { uploadId: policy.uploadId, draft: owner.draft };
    const res = await post(target, '/api/uploads/check', body, {}, ip);
    expect(res.status, await res.clone().text()).toBe(200);
  }
  return policy.uploadId;
}

/** Uploads a file for every required document of `form` (the first `unchecked` left unchecked); slot → upload id. */
export async function uploadRequired(target: Target, form: ApplicationForm, draft: string, { unchecked = 0 } = {}): Promise<Record<string, string>> {
  const ip = newClientIp();
  const required = FORMS[form].documents.filter((d) => d.required);
  const ids = await Promise.all(
    required.map(
      async (doc, i) => [doc.slot, await upload(target, { form, draft }, doc.slot, await fileFor(form, doc.slot), { check: i >= unchecked, ip })] as const,
    ),
  );
  return Object.fromEntries(ids);
}

/** A form's JSON payload: its fields, documents, draft and consent. */
export interface Payload {
  [field: string]: unknown;
  documents: Record<string, string>;
  draft: string;
  consent: boolean;
}

/** A complete JSON payload of `form`: fields, required documents uploaded, consent. */
export async function completePayload(target: Target, form: ApplicationForm, options: { unchecked?: number } = {}): Promise<Payload> {
  const draft = randomUUID();
  const fields = fieldsFor(form);
  const documents = await uploadRequired(target, form, draft, options);
  return { ...fields, documents, draft, consent: true };
}

/** Submits `payload` to `form`'s endpoint. */
export const submit = (target: Target, form: ApplicationForm, payload: unknown, headers: Record<string, string> = {}, ip = newClientIp()) =>
  post(target, FORMS[form].endpoint, payload, headers, ip);

/** The local storage folder of the test servers (beside their outbox folders). */
export const uploadDirOf = (target: Target) => path.join(path.dirname(target.outbox), 'uploads');

/** Whether the object `key` is in the local storage. */
export async function objectExists(target: Target, key: string): Promise<boolean> {
  const { stat } = await import('node:fs/promises');
  return stat(path.join(uploadDirOf(target), key)).then(
    () => true,
    () => false,
  );
}

/** The uploads rows of a fill of a form. */
export const uploadsOfDraft = (target: Target, draft: string) =>
  db<{
    id: string;
    slot: string;
    key: string;
    lead_id: string | null;
    deleted_at: Date | null;
    delete_reason: string | null;
    replaced_at: Date | null;
    checked_at: Date | null;
  }>(
    target,
    'select id::text, slot, key, lead_id::text, deleted_at, delete_reason, replaced_at, checked_at from uploads where draft = $1 order by created_at, slot',
    [draft],
  );

/** The sha256 of a fix token, as stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** An application inserted directly (no documents), with its own person: its lead id, reference and mobile number. */
export async function insertApplication(
  target: Target,
  form: ApplicationForm,
  status = 'submitted',
): Promise<{ id: string; reference: string; mobile: string; draft: string }> {
  const mobile = uniquePhone();
  const draft = randomUUID();
  const prefix = FORMS[form].referencePrefix;
  const reference = `${prefix}-2026-9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [row] = await db<{ id: string }>(
    target,
    `with p as (insert into people default values returning id),
          l as (insert into leads (reference, kind, form, status, name, phone, phone_norm, email, person_id)
                select $1, $2, $3, $4, 'Inserted Applicant', $5, $6, $7, p.id from p returning id)
     insert into applications (lead_id, form, draft, fields, consent_version, consent_at)
     select id, $2, $8, '{}', 'test', now() from l returning lead_id::text as id`,
    [reference, form, FORMS[form].path, status, `+91${mobile}`, mobile, uniqueEmail('inserted'), draft],
  );
  return { id: row!.id, reference, mobile, draft };
}
