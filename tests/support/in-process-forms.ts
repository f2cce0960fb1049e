/**
 * Uploading an application form's documents in this process (scripts/in-process.mjs) as the
 * browser does (the fields' answers: ./form-answers.ts): each required document with its own
 * policy (POST /api/uploads), posted to the local storage (POST /api/uploads/local) and checked
 * (POST /api/uploads/check). The functions 'uploads', 'uploads-local' and 'uploads-check' must be
 * among those started.
 */
import { expect } from 'vitest';
import { FORMS } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { BASE, jsonPost, type Caller } from './in-process';
import { pdfBytes } from './pdf';
import { photoBytes } from './photo';

/** The file sent for `slot` of `form`: a real JPEG for a photo or signature, else a real PDF. */
export async function fileFor(form: ApplicationForm, slot: string): Promise<{ name: string; type: string; bytes: Buffer }> {
  const doc = FORMS[form].documents.find((d) => d.slot === slot)!;
  return doc.imagesOnly
    ? { name: `${slot}.jpg`, type: 'image/jpeg', bytes: await photoBytes() }
    : { name: `${slot}.pdf`, type: 'application/pdf', bytes: pdfBytes() };
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
