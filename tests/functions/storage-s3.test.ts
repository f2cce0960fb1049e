/**
 * The S3 code path, against a fake S3 in this process that checks signatures, expiry and policy
 * conditions as S3 does (tests/support/fake-s3.ts): the functions make their policies with the
 * real SDK, the fake refuses an expired or tampered one, takes a good upload, the check keeps
 * the bytes it read under a key of its own (what is posted with the policy later never reaches
 * staff), and the storage layer reads whole files, links them for staff and deletes them. The
 * functions run in this process with S3_* pointed at the fake (scripts/in-process.mjs).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s3DocumentStorage } from '../../functions/_shared/storage/storage-s3';
import { MAX_DOCUMENT_BYTES } from '../../src/lib/schemas/uploads';
import { closeInProcess, openInProcess, type InProcess } from '../support/in-process';
import { startFakeS3, type FakeS3 } from '../support/fake-s3';
import { photoBytes } from '../support/photo';
import { staffCookie } from '../support/staff-session';

let s3: FakeS3;
let fx: InProcess;
let client: pg.Client;
let cookie: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  ({ fx, client } = await openInProcess({ functions: ['uploads', 'uploads-check', 'uploads-local', 'uploads-local-link', 'admin-document'], env: s3.env }));
  cookie = await staffCookie(client);
});

afterAll(async () => {
  await closeInProcess({ fx, client });
  await s3?.close();
});

afterEach(() => s3.travel(0));

const storage = () =>
  s3DocumentStorage({ bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, endpoint: s3.endpoint });

const PDF = Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><h1>Not a PDF</h1></body></html>');

const call = async (name: string, route: string, body: unknown) => {
  const { response } = await fx.call(
    name,
    new Request(`http://127.0.0.1:8888${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  return response;
};

interface Policy {
  uploadId: string;
  key: string;
  url: string;
  fields: Record<string, string>;
}

async function policyFor(file: { draft: string; slot: string; name: string; type: string; size: number }): Promise<Policy> {
  const res = await call('uploads', '/api/uploads', { form: 'emitra', ...file });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Posts the file as the browser's uploader does: the fields (some changed), then `file` last. */
function upload(policy: Pick<Policy, 'url' | 'fields'>, bytes: Buffer<ArrayBuffer>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...policy.fields, ...fields })) form.set(name, value);
  form.set('file', new Blob([bytes]));
  return fetch(policy.url, { method: 'POST', body: form });
}

async function s3Error(res: Response) {
  const xml = await res.text();
  return { status: res.status, code: /<Code>([^<]*)</.exec(xml)?.[1], message: /<Message>([^<]*)</.exec(xml)?.[1]?.replaceAll('&#34;', '"') };
}

/** The policy document inside the fields. */
const policyDocument = (fields: Record<string, string>) => JSON.parse(Buffer.from(fields['Policy']!, 'base64').toString('utf8'));

describe('uploads to S3 (a fake that checks what S3 checks)', () => {
  it('makes a POST policy S3 enforces: exact key and type, 1 byte to 5 MB, 15 minutes, no checksum fields', async () => {
    const draft = randomUUID();
    const policy = await policyFor({ draft, slot: 'marksheet', name: 'marksheet.pdf', type: 'application/pdf', size: PDF.length });
    expect(policy.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(policy.fields).toMatchObject({
      key: policy.key,
      'Content-Type': 'application/pdf',
      success_action_status: '201',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(Object.keys(policy.fields).filter((name) => /checksum/i.test(name))).toEqual([]);
    const document = policyDocument(policy.fields);
    expect(document.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_DOCUMENT_BYTES],
        ['eq', '$Content-Type', 'application/pdf'],
        ['eq', '$key', policy.key],
        { success_action_status: '201' },
      ]),
    );
    const minutes = (Date.parse(document.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('stores a good upload; the check reads it whole with one GET, keeps it under a key of its own and deletes the posted object', async () => {
    const draft = randomUUID();
    const policy = await policyFor({ draft, slot: 'marksheet', name: 'marksheet.pdf', type: 'application/pdf', size: PDF.length });
    const res = await upload(policy, PDF);
    expect(res.status).toBe(201);
    expect(await res.text()).toContain(`<Key>${policy.key}</Key>`);
    expect(s3.objects.get(policy.key)).toMatchObject({ contentType: 'application/pdf' });

    const checked = await call('uploads-check', '/api/uploads/check', { uploadId: policy.uploadId, draft });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ uploadId: policy.uploadId, type: 'application/pdf', size: PDF.length });
    const read = s3.seen.filter((r) => r.method === 'GET' && r.url.includes(policy.uploadId));
    expect(read).toEqual([expect.objectContaining({ status: 206, headers: expect.objectContaining({ range: `bytes=0-${MAX_DOCUMENT_BYTES}` }) })]);
    const { rows } = await client.query('select key, posted_key from uploads where id = $1', [policy.uploadId]);
    expect(rows[0].posted_key).toBe(policy.key);
    expect(rows[0].key).toMatch(new RegExp(`^applications/emitra/${draft}/checked/marksheet-${policy.uploadId}-[0-9a-f]{8}\\.pdf$`));
    expect(s3.objects.get(rows[0].key)).toEqual({ body: PDF, contentType: 'application/pdf' });
    expect(s3.objects.has(policy.key)).toBe(false);
  });

  it('an HTML page posted with the same policy after the check never reaches staff: they get the checked PDF, as marksheet.pdf', async () => {
    const draft = randomUUID();
    const policy = await policyFor({ draft, slot: 'marksheet', name: 'marksheet.html', type: 'application/pdf', size: PDF.length });
    expect((await upload(policy, PDF)).status).toBe(201);
    expect((await call('uploads-check', '/api/uploads/check', { uploadId: policy.uploadId, draft })).status).toBe(200);
    // S3 takes the post: the policy still works.
    expect((await upload(policy, HTML)).status).toBe(201);
    expect(s3.objects.get(policy.key)?.body).toEqual(HTML);

    // Attached to an application, as the submit attaches it.
    const { rows: lead } = await client.query<{ id: string }>(
      `with person as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id, status)
       select $1, 'emitra', 'emitra', 'Test Applicant', '+919876543210', '9876543210', id, 'submitted' from person returning id::text`,
      [`EM-TEST-${Date.now()}`],
    );
    await client.query('update uploads set lead_id = $1, attached_at = now() where id = $2', [lead[0]!.id, policy.uploadId]);
    const { response } = await fx.call('admin-document', new Request(`http://127.0.0.1:8888/api/admin/documents/${policy.uploadId}`, { headers: { cookie } }), {
      params: { uploadId: policy.uploadId },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const link = await response.json();
    expect(link).toMatchObject({ type: 'application/pdf', name: 'marksheet.pdf' });
    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="marksheet.pdf"; filename*=UTF-8''marksheet.pdf`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  });

  it('refuses an expired policy', async () => {
    const policy = await policyFor({ draft: randomUUID(), slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    s3.travel(16 * 60_000);
    expect(await s3Error(await upload(policy, PDF))).toEqual({ status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' });
    expect(s3.objects.has(policy.key)).toBe(false);
  });

  it('refuses a tampered policy, a tampered signature, another key, another type, too large and empty', async () => {
    const policy = await policyFor({ draft: randomUUID(), slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    const document = policyDocument(policy.fields);
    const widened = {
      ...document,
      conditions: document.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c)),
    };
    const tampered = Buffer.from(JSON.stringify(widened)).toString('base64');
    const signatureRefused = {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
    expect(await s3Error(await upload(policy, PDF, { Policy: tampered }))).toEqual(signatureRefused);
    const signature = policy.fields['X-Amz-Signature']!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(await s3Error(await upload(policy, PDF, { 'X-Amz-Signature': flipped }))).toEqual(signatureRefused);

    const otherKey = policy.key.replace('marksheet-', 'affidavit-');
    expect(await s3Error(await upload(policy, PDF, { key: otherKey }))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${policy.key}"]`,
    });
    expect(await s3Error(await upload(policy, PDF, { 'Content-Type': 'text/html' }))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "application/pdf"]',
    });
    expect(await s3Error(await upload(policy, Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x25)))).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await s3Error(await upload(policy, Buffer.alloc(0)))).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(await s3Error(await upload(policy, PDF, { 'x-amz-meta-note': 'extra' }))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-note',
    });
    expect(s3.objects.has(policy.key)).toBe(false);
    expect(s3.objects.has(otherKey)).toBe(false);
  });

  it('deletes an HTML page named .pdf after its check, from the bucket too', async () => {
    const draft = randomUUID();
    const policy = await policyFor({ draft, slot: 'affidavit', name: 'affidavit.pdf', type: 'application/pdf', size: HTML.length });
    expect((await upload(policy, HTML)).status).toBe(201);
    const res = await call('uploads-check', '/api/uploads/check', { uploadId: policy.uploadId, draft });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ affidavit: 'This file is not a real PDF: its contents are an HTML page. Please choose the PDF again.' });
    expect(s3.objects.has(policy.key)).toBe(false);
    const { rows } = await client.query('select delete_reason from uploads where id = $1', [policy.uploadId]);
    expect(rows[0].delete_reason).toBe('refused');
  });

  it('leaves the local upload endpoints unanswered when a bucket is set', async () => {
    const { response } = await fx.call('uploads-local', new Request('http://127.0.0.1:8888/api/uploads/local', { method: 'POST', body: new FormData() }));
    expect(response.status).toBe(404);
    const link = await fx.call('uploads-local-link', new Request('http://127.0.0.1:8888/api/uploads/local/applications/x.pdf?expires=1'));
    expect(link.response.status).toBe(404);
  });
});

describe('the S3 storage layer', () => {
  it('reads a whole object with one GET, only the size of one over the limit, null for no object, an empty one as empty', async () => {
    const photo = await photoBytes({ width: 400, height: 300, format: 'png' });
    const key = `applications/csc/${randomUUID()}/photo-${randomUUID()}.png`;
    await storage().put(key, photo, 'image/png');
    expect(await storage().read(key, MAX_DOCUMENT_BYTES)).toEqual({ size: photo.length, bytes: new Uint8Array(photo) });
    expect(await storage().read(key, photo.length - 1)).toEqual({ size: photo.length, bytes: null });
    const reads = s3.seen.filter((r) => r.method === 'GET' && r.url.includes(key.split('/').at(-1)!));
    expect(reads.map((r) => r.headers['range'])).toEqual([`bytes=0-${MAX_DOCUMENT_BYTES}`, `bytes=0-${photo.length - 1}`]);
    expect(await storage().read(`${key}.missing`, MAX_DOCUMENT_BYTES)).toBeNull();
    const empty = `applications/csc/${randomUUID()}/empty.pdf`;
    await storage().put(empty, new Uint8Array(), 'application/pdf');
    expect(await storage().read(empty, MAX_DOCUMENT_BYTES)).toEqual({ size: 0, bytes: new Uint8Array() });
  });

  it('signs a link that answers an attachment nobody caches, expires, and refuses a changed link', async () => {
    const key = `applications/iibf/${randomUUID()}/panCard-${randomUUID()}.pdf`;
    await storage().put(key, PDF, 'application/pdf');
    const link = await storage().signedLink({ key, fileName: 'पैन कार्ड "scan".pdf', contentType: 'application/pdf', seconds: 60 });
    expect(link).not.toMatch(/checksum/i);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___ _____ _scan_.pdf"; filename*=UTF-8''${encodeURIComponent('पैन कार्ड "scan".pdf')}`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);

    const changed = new URL(link);
    changed.searchParams.set('response-content-type', 'text/html');
    expect(await s3Error(await fetch(changed))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    s3.travel(61_000);
    expect(await s3Error(await fetch(link))).toEqual({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
  });

  it('deletes objects, a missing one being no error', async () => {
    const keys = [0, 1].map((n) => `applications/nielit/${randomUUID()}/photo-${n}.jpg`);
    for (const key of keys) await storage().put(key, PDF, 'image/jpeg');
    await storage().delete([...keys, 'applications/nielit/none.jpg']);
    expect(keys.map((key) => s3.objects.has(key))).toEqual([false, false]);
    const deletes = s3.seen.filter((r) => r.method === 'POST' && r.url.includes('delete'));
    expect(deletes.at(-1)!.status).toBe(200);
  });

  it('is refused by the fake when the secret is wrong (signatures are really checked)', async () => {
    const wrong = s3DocumentStorage({
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      endpoint: s3.endpoint,
    });
    await expect(wrong.read('applications/any.pdf', MAX_DOCUMENT_BYTES)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrong.put('applications/any.pdf', PDF, 'application/pdf')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const policy = await wrong.presignPost({
      key: 'applications/any.pdf',
      contentType: 'application/pdf',
      maxBytes: 100,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await s3Error(await upload(policy, PDF))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});
