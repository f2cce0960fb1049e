/**
 * Filling an application form in this process (scripts/in-process.mjs) as the browser does: a
 * valid answer for every field, and each required document uploaded with its own policy
 * (POST /api/uploads), posted to the local storage (POST /api/uploads/local) and checked
 * (POST /api/uploads/check). The functions 'uploads', 'uploads-local' and 'uploads-check' must be
 * among those started.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import { FORMS } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { pdfBytes } from './pdf';

/** What the tests need of the in-process server. */
export interface Caller {
  call(name: string, request: Request, options?: { ip?: string; params?: Record<string, string> }): Promise<{ response: Response; settled: () => Promise<unknown> }>;
}

const BASE = 'http://127.0.0.1:8888';
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;
/** A new 10-digit mobile number. */
export const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A new e-mail address. */
export const newEmail = (label = 'applicant') => `${label}.${unique()}@example.in`;

/** A JSON POST to `route`. */
export const jsonPost = (route: string, body: unknown) =>
  new Request(new URL(route, BASE), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A valid answer for each field of `form` (a new mobile number and e-mail address each time). */
export function answersOf(form: ApplicationForm): Record<string, string> {
  switch (form) {
    case 'emitra':
      return {
        name: 'Ramesh Kumar', fatherName: 'Suresh Kumar', dob: '1990-05-14', permanentAddress: 'Ward 4, Main Road, Pali', currentAddress: 'Ward 4, Main Road, Pali',
        aadharNo: '234123412346', email: newEmail(), panNo: 'ABCDE1234F', janAadharNo: '1234567890', contactNumber: newMobile(), location: 'Rural', kioskName: 'Ramesh e-Mitra',
        ssoId: 'RAMESH.K', policeStation: 'Kotwali', kioskAddress: 'Shop 2, Bus Stand', tehsil: 'Pali', municipality: 'Pali', wardOrVillage: 'Ward 4', pincode: '306401',
        bankAccountNumber: '12345678901', ifsc: 'SBIN0001234', bankName: 'State Bank of India', accountHolder: 'Ramesh Kumar', correspondentBank: 'Bank of Baroda',
        correspondentIfsc: 'BARB0PALIXX', odAccount: '998877665544', koCode: 'KO123',
      };
    case 'csc':
      return {
        name: 'Sunita Devi', email: newEmail(), contact: newMobile(), motherName: 'Kamla Devi', fatherName: 'Mohan Lal', accountNumber: '123456789012', ifscCode: 'PUNB0123400',
        bankName: 'Punjab National Bank', voterIdNumber: 'ABC1234567', tecNumber: 'TEC-778', nomineeName: 'Mohan Lal', nomineeDob: '2001-02-03', nomineeRelation: 'Father',
      };
    case 'iibf':
      return { applicantName: 'Pooja Sharma', email: newEmail(), mobile: newMobile(), motherName: 'Geeta Sharma', fatherName: 'Raj Sharma' };
    case 'nielit':
      return { name: 'Arjun Singh', fatherName: 'Vikram Singh', mobile: newMobile(), email: newEmail(), dob: '2005-08-20', casteCategory: 'OBC', neilitCourse: 'CCC' };
  }
}

let photo: Buffer | undefined;
/** The file sent for `slot` of `form`: a real JPEG for a photo or signature, else a real PDF. */
export async function fileFor(form: ApplicationForm, slot: string): Promise<{ name: string; type: string; bytes: Buffer }> {
  photo ??= await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const doc = FORMS[form].documents.find((d) => d.slot === slot)!;
  return doc.imagesOnly ? { name: `${slot}.jpg`, type: 'image/jpeg', bytes: photo } : { name: `${slot}.pdf`, type: 'application/pdf', bytes: pdfBytes() };
}

/** A policy for uploading `slot` of a fill (`draft`) of `form`, as the browser asks for it, and the file it is for. */
export async function policyFor(fx: Caller, form: ApplicationForm, draft: string, slot: string) {
  const file = await fileFor(form, slot);
  const { response } = await fx.call('uploads', jsonPost('/api/uploads', { form, draft, slot, name: file.name, type: file.type, size: file.bytes.length }));
  expect(response.status).toBe(201);
  return { file, policy: (await response.json()) as { uploadId: string; url: string; fields: Record<string, string> } };
}

/** The multipart body posting `file` to storage with `fields` (the policy's fields first, the file last). */
export function storageForm(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}

/** The required documents of a fill (`draft`) of `form`, uploaded and checked: slot → upload id. */
export async function uploadDocuments(fx: Caller, form: ApplicationForm, draft: string): Promise<Record<string, string>> {
  const documents: Record<string, string> = {};
  for (const doc of FORMS[form].documents.filter((d) => d.required)) {
    const { file, policy } = await policyFor(fx, form, draft, doc.slot);
    const stored = await fx.call('uploads-local', new Request(new URL(policy.url, BASE), { method: 'POST', body: storageForm(policy.fields, file) }));
    expect(stored.response.status).toBeLessThan(300);
    const checked = await fx.call('uploads-check', jsonPost('/api/uploads/check', { uploadId: policy.uploadId, draft }));
    expect(checked.response.status).toBe(200);
    documents[doc.slot] = policy.uploadId;
  }
  return documents;
}
