/**
 * A kiosk (e-Mitra) application sent as the browser sends it, for the staff specs that review one:
 * each required document uploaded and checked, then the form.
 */
import type { APIRequestContext } from '@playwright/test';
import { EMITRA_FORM } from '../../src/lib/schemas/application-forms';
import { answersOf } from '../support/form-answers';
import { pdfBytes } from '../support/pdf';
import { photoBytes } from '../support/photo';
import { clientAddress, expect } from './admin-fixtures';

/** A word no other test uses. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A mobile number no other test uses. */
export const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Who applied, and the reference they were given. */
export interface Applicant {
  name: string;
  email: string;
  reference: string;
}

/** A kiosk application as the browser sends it: each required document uploaded, then the form. */
export async function sendApplication(api: APIRequestContext): Promise<Applicant> {
  const headers = { 'x-forwarded-for': clientAddress() };
  const draft = crypto.randomUUID();
  const photo = await photoBytes({ width: 480, height: 600 });
  const scan = pdfBytes();
  const documents: Record<string, string> = {};
  for (const doc of EMITRA_FORM.documents.filter((d) => d.required)) {
    const file = doc.imagesOnly
      ? { name: `${doc.slot}.jpg`, mimeType: 'image/jpeg', buffer: photo }
      : { name: `${doc.slot}.pdf`, mimeType: 'application/pdf', buffer: scan };
    const asked = await api.post('/api/uploads', {
      data: { form: 'emitra', draft, slot: doc.slot, name: file.name, type: file.mimeType, size: file.buffer.length },
      headers,
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const policy = (await asked.json()) as { uploadId: string; url: string; fields: Record<string, string> };
    const stored = await api.post(policy.url, { multipart: { ...policy.fields, file }, headers });
    expect(stored.status(), await stored.text()).toBe(201);
    const checked = await api.post('/api/uploads/check', { data: { uploadId: policy.uploadId, draft }, headers });
    expect(checked.status(), await checked.text()).toBe(200);
    documents[doc.slot] = policy.uploadId;
  }
  const name = `Kiosk Applicant ${unique().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const email = `kiosk-${unique()}@example.in`;
  const phone = uniquePhone();
  const form = { ...answersOf('emitra'), name, accountHolder: name, email, contactNumber: phone };
  const sent = await api.post(EMITRA_FORM.endpoint, {
    data: { ...form, documents, draft, consent: true },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { name, email, reference: ((await sent.json()) as { reference: string }).reference };
}
