/**
 * Applications of one test, as staff meet them in the inbox: a kiosk (e-Mitra) form with realistic
 * answers and documents. `submitApplication` sends one as the browser does — each file uploaded
 * under its own policy (POST /api/uploads, the local stand-in of S3, POST /api/uploads/check),
 * then the form (POST /api/emitra). `insertApplication` writes the rows the submit endpoint writes
 * (lead, applications row, attached uploads) straight into the database, for states the public
 * endpoints cannot reach quickly (a purged application), with the ID numbers sealed as the
 * server seals them locally (the key derived from the test server's AUTH_SECRET).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { deriveAuthKeys } from '../../functions/_shared/auth/keys';
import { seal } from '../../functions/_shared/platform/sealed';
import { EMITRA_FORM, FORMS } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { answersOf } from '../support/form-answers';
import { photoBytes } from '../support/photo';
import type { Target } from './global-setup';
import { db, newClientIp, post, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { insertLead, storedLead, type TestLead } from './lead-fixtures';

/** A valid Aadhaar number (passes the Verhoeff check). */
export const AADHAAR = '234123412346';

/** The kiosk form's answers, as stored (checked and normalised), ID numbers included. */
export const emitraAnswers = (name: string, email: string, mobile: string) => ({
  ...answersOf('emitra'),
  name,
  aadharNo: AADHAAR,
  email,
  contactNumber: mobile,
  accountHolder: name,
});

/** An application as the tests know it. */
export interface TestApplication extends TestLead {
  form: ApplicationForm;
  draft: string;
  /** slot → upload id of each attached document. */
  documents: Record<string, string>;
}

const PREFIX: Record<ApplicationForm, string> = { emitra: 'EM', csc: 'CS', iibf: 'IB', nielit: 'NL' };

/**
 * A kiosk application inserted as the submit endpoint stores one: its lead (status 'submitted'),
 * its answers without the ID numbers, the masks of those, and the required documents attached
 * (rows only: no file is stored); `skip` leaves documents out, `purged` makes it one whose
 * retention period ended (documents and ID numbers deleted).
 */
export async function insertApplication(target: Target, options: { skip?: string[]; purged?: boolean } = {}): Promise<TestApplication> {
  const form: ApplicationForm = 'emitra';
  const def = FORMS[form];
  const phone = uniquePhone();
  const name = uniqueName('Kiosk');
  const email = uniqueEmail('kiosk');
  const answers = emitraAnswers(name, email, phone);
  const sealedNames = def.sections
    .flatMap((s) => s.fields)
    .filter((f) => f.sealed)
    .map((f) => f.name);
  const fields = Object.fromEntries(Object.entries(answers).filter(([k]) => !sealedNames.includes(k)));
  const masks = options.purged ? {} : Object.fromEntries(sealedNames.map((k) => [k, `•••• ${String(answers[k as keyof typeof answers]).slice(-4)}`]));
  const lead = await insertLead(target, {
    reference: `${PREFIX[form]}-2026-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    kind: form,
    form: def.path,
    status: 'submitted',
    name,
    phone: `+91${phone}`,
    phone_norm: phone,
    email,
    course: null,
  });
  const draft = randomUUID();
  const ids = Object.fromEntries(sealedNames.map((k) => [k, String(answers[k as keyof typeof answers])]));
  const sealed = seal(JSON.stringify(ids), deriveAuthKeys(target.authSecret).localIdNumbers, draft);
  await db(
    target,
    `insert into applications (lead_id, form, draft, fields, id_numbers, id_key, id_masks, consent_version, consent_at, purged_at, closed_at)
     values ($1, $2, $3, $4, $5, $6, $7, '2026-11', now(), $8, $8)`,
    [
      lead.id,
      form,
      draft,
      JSON.stringify(fields),
      options.purged ? null : sealed,
      options.purged ? null : 'local',
      JSON.stringify(masks),
      options.purged ? new Date() : null,
    ],
  );
  const documents: Record<string, string> = {};
  for (const doc of EMITRA_FORM.documents.filter((d) => d.required && !options.skip?.includes(d.slot))) {
    const id = randomUUID();
    const type = doc.imagesOnly ? 'image/jpeg' : 'application/pdf';
    const ext = doc.imagesOnly ? 'jpg' : 'pdf';
    await db(
      target,
      `insert into uploads (id, draft, form, slot, key, file_name, declared_type, max_bytes, expires_at, checked_at, detected_type, size, lead_id, attached_at, deleted_at, delete_reason)
       values ($1, $2, $3, $4, $5, $6, $7, 5242880, now() + interval '15 minutes', now(), $7, 48213, $8, now(), $9, $10)`,
      [
        id,
        draft,
        form,
        doc.slot,
        `applications/${form}/${draft}/${doc.slot}-${id}.${ext}`,
        `${doc.slot}.${ext}`,
        type,
        lead.id,
        options.purged ? new Date() : null,
        options.purged ? 'retention' : null,
      ],
    );
    documents[doc.slot] = id;
  }
  return { ...lead, form, draft, documents };
}

/** A minimal, well-formed PDF (a scanned document). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A small real JPEG photo. */
export const photo = () => photoBytes({ width: 320, height: 400 });

/** Uploads `bytes` as document `slot` of the fill `draft` of the kiosk form, as the browser does; its upload id. */
export async function uploadDocument(
  target: Target,
  draft: string,
  slot: string,
  file: { name: string; type: string; bytes: Buffer },
  ip = newClientIp(),
): Promise<string> {
  const asked = await post(target, '/api/uploads', { form: 'emitra', draft, slot, name: file.name, type: file.type, size: file.bytes.length }, {}, ip);
  expect(asked.status, await asked.clone().text()).toBe(201);
  const policy = (await asked.json()) as { uploadId: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }));
  const stored = await target.fetch(policy.url, { method: 'POST', body: form });
  expect(stored.status, await stored.clone().text()).toBe(201);
  const checked = await post(target, '/api/uploads/check', { uploadId: policy.uploadId, draft }, {}, ip);
  expect(checked.status, await checked.clone().text()).toBe(200);
  return policy.uploadId;
}

/** Every required document of the kiosk form uploaded for `draft` (the photo a JPEG, the rest PDFs): slot → upload id. */
export async function uploadRequiredDocuments(target: Target, draft: string, ip: string): Promise<Record<string, string>> {
  const jpeg = await photo();
  const documents: Record<string, string> = {};
  for (const doc of EMITRA_FORM.documents.filter((d) => d.required)) {
    const file = doc.imagesOnly
      ? { name: `${doc.slot}.jpg`, type: 'image/jpeg', bytes: jpeg }
      : { name: `${doc.slot}.pdf`, type: 'application/pdf', bytes: PDF };
    documents[doc.slot] = await uploadDocument(target, draft, doc.slot, file, ip);
  }
  return documents;
}

/**
 * A kiosk application sent through the real endpoints: every required document uploaded (the
 * photo a JPEG, the rest PDFs) and the form posted. Its lead as stored, with the upload ids.
 */
export async function submitApplication(target: Target): Promise<TestApplication> {
  const draft = randomUUID();
  const ip = newClientIp();
  const phone = uniquePhone();
  const name = uniqueName('Kiosk');
  const email = uniqueEmail('kiosk');
  const documents = await uploadRequiredDocuments(target, draft, ip);
  const res = await post(
    target,
    EMITRA_FORM.endpoint,
    { ...emitraAnswers(name, email, phone), documents, draft, consent: true },
    { 'idempotency-key': randomUUID() },
    ip,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const lead = await storedLead(target, (await res.json()).reference);
  return { ...lead, form: 'emitra', draft, documents };
}
