/**
 * Documents of the application forms, over HTTP: a policy per file (POST /api/uploads), the
 * upload to the local folder's stand-in for S3, which enforces that policy as S3 does
 * (POST /api/uploads/local), the check of the stored bytes (POST /api/uploads/check), and the
 * signed links staff open documents with (GET /api/uploads/local/…). Every bad input of each.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveAuthKeys } from '../../functions/_shared/auth/keys';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { HEIC_MESSAGE, MAX_DOCUMENT_BYTES, tooLargeMessage, wrongTypeMessage } from '../../src/lib/schemas/uploads';
import { photoBytes } from '../support/photo';
import { rateLimitsOn } from '../support/rate-limits';
import type { Target } from './global-setup';
import { db, newClientIp, post, targets } from './helpers';
import { applyLead } from './lead-fixtures';

/** A minimal, well-formed PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** An HTML page, as someone might rename it to .pdf. */
const HTML = Buffer.from('<!DOCTYPE html><html><head><title>Not a PDF</title></head><body><script>alert(1)</script></body></html>');

const SIGNATURE_REFUSED = {
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

interface Policy {
  uploadId: string;
  key: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

interface FileFacts {
  form?: string;
  draft?: string;
  fix?: string;
  slot: string;
  name: string;
  type: string;
  size: number;
}

/** Asks `target` for a policy for one file (of a fill of the kiosk form unless told otherwise). */
function askPolicy(target: Target, file: FileFacts | Record<string, unknown>, ip = newClientIp()) {
  const body = 'fix' in file ? file : { form: 'emitra', draft: randomUUID(), ...file };
  return post(target, '/api/uploads', body, {}, ip);
}

/** A policy that must be granted. */
async function policyFor(target: Target, file: FileFacts): Promise<Policy> {
  const res = await askPolicy(target, file);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Posts `bytes` with the policy's fields (changed by `fields`; null leaves one out) to the policy's URL, as the browser's uploader does. */
function upload(
  policy: Pick<Policy, 'url' | 'fields'>,
  bytes: Buffer<ArrayBuffer>,
  fields: Record<string, string | null> = {},
  after: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...policy.fields, ...fields })) if (value !== null) form.set(name, value);
  form.set('file', new Blob([bytes]));
  for (const [name, value] of Object.entries(after)) form.append(name, value);
  return targets[0]!.fetch(policy.url, { method: 'POST', body: form });
}

/** S3's error code and message in an XML answer. */
async function s3Error(res: Response): Promise<{ code: string; message: string }> {
  const xml = await res.text();
  return { code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? '', message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1]?.replaceAll('&#34;', '"') ?? '' };
}

const check = (target: Target, body: unknown) => post(target, '/api/uploads/check', body);

/** The row of an upload. */
const rowOf = async (target: Target, id: string) =>
  (
    await db<{
      checked_at: Date | null;
      detected_type: string | null;
      size: number | null;
      deleted_at: Date | null;
      delete_reason: string | null;
      key: string;
      file_name: string;
      draft: string;
    }>(target, 'select checked_at, detected_type, size, deleted_at, delete_reason, key, file_name, draft::text from uploads where id = $1', [id])
  )[0];

/** Where the test server keeps a local object (tests/api/global-setup.ts puts its outbox beside its uploads). */
const fileOf = (target: Target, key: string) => path.join(path.dirname(target.outbox), 'uploads', key);

/** The key the server signs local policies and links with (keys.ts, from the server's AUTH_SECRET). */
const localKey = (target: Target) => deriveAuthKeys(target.authSecret).localDocuments;
const localSign = (target: Target, ...parts: string[]) => createHmac('sha256', localKey(target)).update(parts.join('\n')).digest('hex');

/** The policy's fields with its document replaced by `change(document)`, signed again with the server's key. */
function resigned(target: Target, policy: Policy, change: (document: { expiration: string; conditions: unknown[] }) => object): Record<string, string> {
  const document = JSON.parse(Buffer.from(policy.fields['policy']!, 'base64').toString('utf8'));
  const encoded = Buffer.from(JSON.stringify(change(document))).toString('base64');
  return { ...policy.fields, policy: encoded, 'x-amz-signature': localSign(target, 'upload-policy', encoded) };
}

/** A link to a local document, as storage-local.ts signs one for staff. */
function localLink(target: Target, key: string, terms: { name: string; type: string; expires: number }) {
  const expires = String(terms.expires);
  const signature = localSign(target, 'document-link', key, expires, terms.type, terms.name);
  const query = new URLSearchParams({ expires, type: terms.type, name: terms.name, signature });
  return new URL(`/api/uploads/local/${key.split('/').map(encodeURIComponent).join('/')}?${query}`, target.url);
}

/** An application of the kiosk form whose documents `slots` staff asked to be fixed: the link's token and the application's draft. */
async function fixRequested(target: Target, slots: string[], expiresInDays = 14) {
  const lead = await applyLead(target);
  const draft = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await db(target, `update leads set kind = 'emitra', status = 'documents-to-fix' where id = $1`, [lead.id]);
  await db(
    target,
    `insert into applications (lead_id, form, draft, fields, consent_version, consent_at, fix_slots, fix_note, fix_token_hash, fix_requested_at, fix_expires_at)
     values ($1, 'emitra', $2, '{}', 'test', now(), $3, 'Please scan it again.', $4, now(), now() + make_interval(days => $5))`,
    [lead.id, draft, slots, createHash('sha256').update(token).digest('hex'), expiresInDays],
  );
  return { token, draft, leadId: lead.id };
}

describe.each(targets)('upload policies (POST /api/uploads) on $name', (target) => {
  it('grants a policy for an exact key of the server’s making, with its row written first', async () => {
    const draft = randomUUID();
    const policy = await policyFor(target, { draft, slot: 'marksheet', name: '../../मार्कशीट 2024.pdf', type: 'application/pdf', size: PDF.length });
    expect(policy.key).toBe(`applications/emitra/${draft}/marksheet-${policy.uploadId}.pdf`);
    expect(new URL(policy.url).pathname).toBe('/api/uploads/local');
    expect(policy.fields).toMatchObject({ key: policy.key, 'Content-Type': 'application/pdf', success_action_status: '201' });
    const minutes = (Date.parse(policy.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // The row exists before a byte is sent; the device's name is kept for staff, never in the key.
    expect(await rowOf(target, policy.uploadId)).toMatchObject({ key: policy.key, file_name: '.._.._मार्कशीट 2024.pdf', checked_at: null, draft });
  });

  it('refuses every bad request with a message on its field, and stores nothing', async () => {
    const draft = randomUUID();
    const good = { form: 'emitra', draft, slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: 1000 };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...good, form: 'unknown' }, { form: 'Unknown form.' }],
      [{ ...good, draft: 'not-a-uuid' }, { draft: 'The form has no valid draft id. Please reload the page.' }],
      [{ ...good, slot: 'panCard' }, { slot: 'Unknown document.' }],
      [{ ...good, type: 'text/html' }, { type: wrongTypeMessage(false) }],
      [{ ...good, slot: 'applicantPhoto', type: 'application/pdf' }, { type: wrongTypeMessage(true) }],
      [{ ...good, slot: 'applicantPhoto', type: 'image/heic' }, { type: HEIC_MESSAGE }],
      [{ ...good, size: 0 }, { size: 'This file is empty. Please choose another.' }],
      [{ ...good, size: MAX_DOCUMENT_BYTES + 1 }, { size: tooLargeMessage(MAX_DOCUMENT_BYTES + 1) }],
      [{ ...good, name: '   ' }, { name: 'The file has no name.' }],
      [{ ...good, name: 'x'.repeat(201) }, { name: 'Please rename the file to 200 characters or fewer.' }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(target, '/api/uploads', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors, JSON.stringify(body)).toEqual(errors);
    }
    const [{ n }] = (await db<{ n: number }>(target, 'select count(*)::int as n from uploads where draft = $1', [draft])) as [{ n: number }];
    expect(n).toBe(0);

    expect((await post(target, '/api/uploads', '{"form":')).status).toBe(400);
    expect((await post(target, '/api/uploads', JSON.stringify(good), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(target, '/api/uploads', good, { origin: 'https://elsewhere.example' })).status).toBe(403);
    const get = await target.fetch('/api/uploads');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a policy for a form already sent', async () => {
    const { draft } = await fixRequested(target, ['marksheet']);
    const res = await askPolicy(target, { draft, slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: 10 });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('This form was already sent. Please reload the page to fill in a new one.');
  });

  it('grants a fix link policies for the documents asked for only, under its application’s fill', async () => {
    const { token, draft } = await fixRequested(target, ['marksheet', 'applicantPhoto']);
    const policy = await policyFor(target, { fix: token, slot: 'marksheet', name: 'scan.pdf', type: 'application/pdf', size: PDF.length });
    expect(policy.key).toMatch(new RegExp(`^applications/emitra/${draft}/marksheet-`));
    const other = await askPolicy(target, { fix: token, slot: 'affidavit', name: 'a.pdf', type: 'application/pdf', size: 10 });
    expect(other.status).toBe(400);
    expect((await other.json()).errors).toEqual({ slot: 'Unknown document.' });

    expect((await upload(policy, PDF)).status).toBe(201);
    const checked = await check(target, { uploadId: policy.uploadId, fix: token });
    expect(await checked.json()).toEqual({ uploadId: policy.uploadId, type: 'application/pdf', size: PDF.length });

    const malformed = await askPolicy(target, { fix: 'short', slot: 'marksheet', name: 'a.pdf', type: 'application/pdf', size: 10 });
    expect((await malformed.json()).errors).toEqual({ fix: 'This link is not valid.' });
    const unknown = await askPolicy(target, {
      fix: randomBytes(32).toString('base64url'),
      slot: 'marksheet',
      name: 'a.pdf',
      type: 'application/pdf',
      size: 10,
    });
    expect(unknown.status).toBe(410);
    expect((await unknown.json()).message).toBe('This link has expired or was already used. Please call us, and we will send a new one.');
    const expired = await fixRequested(target, ['marksheet'], -1);
    expect((await askPolicy(target, { fix: expired.token, slot: 'marksheet', name: 'a.pdf', type: 'application/pdf', size: 10 })).status).toBe(410);
  });

  it('limits the policies of one fill of a form', async () => {
    const draft = randomUUID();
    // The fill has had all its policies of the day (uploads:draft); the next is refused.
    await rateLimitsOn((text, params) => db(target, text, params)).setHits('uploads:draft', draft, LIMITS['uploads:draft'].max);
    const refused = await askPolicy(target, { draft, slot: 'otherDocuments', name: 'o.pdf', type: 'application/pdf', size: 10 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(80_000);
    expect((await refused.json()).message).toBe('Too many requests. Please wait a little and try again.');
    const [{ n }] = (await db<{ n: number }>(target, 'select count(*)::int as n from uploads where draft = $1', [draft])) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe.each(targets)('the local stand-in for S3 (POST /api/uploads/local) on $name', (target) => {
  it('takes the file as S3 would and answers its PostResponse', async () => {
    const policy = await policyFor(target, { slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    const res = await upload(policy, PDF);
    expect(res.status).toBe(201);
    // (The local server's compression marks it weak.)
    expect(res.headers.get('etag')?.replace(/^W\//, '')).toBe(`"${createHash('md5').update(PDF).digest('hex')}"`);
    const xml = await res.text();
    expect(xml).toContain(`<Key>${policy.key}</Key>`);
    expect(xml).toContain(`<Location>${new URL(`/api/uploads/local/${policy.key}`, target.url).href}</Location>`);
    expect(existsSync(fileOf(target, policy.key))).toBe(true);
  });

  it('refuses an expired policy, a tampered one and a tampered signature, and stores nothing', async () => {
    const policy = await policyFor(target, { slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    const expired = resigned(target, policy, (d) => ({ ...d, expiration: new Date(Date.now() - 1000).toISOString() }));
    expect(await s3Error(await upload({ url: policy.url, fields: expired }, PDF))).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });

    const document = JSON.parse(Buffer.from(policy.fields['policy']!, 'base64').toString('utf8'));
    const widened = Buffer.from(JSON.stringify({ ...document, expiration: new Date(Date.now() + 86_400_000).toISOString() })).toString('base64');
    const tampered = await upload(policy, PDF, { policy: widened });
    expect(tampered.status).toBe(403);
    expect(await s3Error(tampered)).toEqual(SIGNATURE_REFUSED);

    const signature = policy.fields['x-amz-signature']!;
    const flipped = await upload(policy, PDF, { 'x-amz-signature': signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(flipped.status).toBe(403);
    expect(await s3Error(flipped)).toEqual(SIGNATURE_REFUSED);
    expect(await s3Error(await upload(policy, PDF, { policy: null, 'x-amz-signature': null }))).toEqual({ code: 'AccessDenied', message: 'Access Denied' });
    expect(existsSync(fileOf(target, policy.key))).toBe(false);
  });

  it('refuses another key, another Content-Type, a field without a condition, too large and empty', async () => {
    const policy = await policyFor(target, { slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    const otherKey = policy.key.replace('/marksheet-', '/affidavit-');
    const key = await upload(policy, PDF, { key: otherKey });
    expect(key.status).toBe(403);
    expect(await s3Error(key)).toEqual({
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${policy.key}"]`,
    });
    expect(await s3Error(await upload(policy, PDF, { 'Content-Type': 'text/html' }))).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "application/pdf"]',
    });
    expect(await s3Error(await upload(policy, PDF, { acl: 'public-read' }))).toEqual({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: acl',
    });

    const large = await upload(policy, Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x25));
    expect(large.status).toBe(400);
    expect((await s3Error(large)).code).toBe('EntityTooLarge');
    // A policy for at most 100 bytes (signed as the server signs) refuses 101.
    const small = resigned(target, policy, (d) => ({
      ...d,
      conditions: d.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 100] : c)),
    }));
    expect(await s3Error(await upload({ url: policy.url, fields: small }, Buffer.alloc(101, 0x25)))).toEqual({
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    });
    const empty = await upload(policy, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(await s3Error(empty)).toEqual({ code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' });
    expect(existsSync(fileOf(target, policy.key))).toBe(false);
    expect(existsSync(fileOf(target, otherKey))).toBe(false);
  });

  it('ignores fields after the file, as S3 does, and refuses a form without a file or not multipart', async () => {
    const policy = await policyFor(target, { slot: 'rscit', name: 'r.pdf', type: 'application/pdf', size: PDF.length });
    const res = await upload(policy, PDF, {}, { key: 'applications/elsewhere.pdf', acl: 'public-read' });
    expect(res.status).toBe(201);
    expect(existsSync(fileOf(target, policy.key))).toBe(true);

    const noFile = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) noFile.set(name, value);
    const missing = await target.fetch(policy.url, { method: 'POST', body: noFile });
    expect(missing.status).toBe(400);
    expect(await s3Error(missing)).toEqual({ code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' });
    const json = await post(target, '/api/uploads/local', policy.fields);
    expect(json.status).toBe(400);
    expect((await s3Error(json)).code).toBe('MalformedPOSTRequest');
    const crossSite = await target.fetch(policy.url, { method: 'POST', body: noFile, headers: { origin: 'https://elsewhere.example' } });
    expect(crossSite.status).toBe(403);
    expect((await target.fetch(policy.url)).status).toBe(405);
  });
});

describe.each(targets)('the check of an upload (POST /api/uploads/check) on $name', (target) => {
  it('passes a real PDF and records what it is', async () => {
    const draft = randomUUID();
    const policy = await policyFor(target, { draft, slot: 'marksheet', name: 'marksheet.pdf', type: 'application/pdf', size: PDF.length });
    expect((await upload(policy, PDF)).status).toBe(201);
    const checked = await check(target, { uploadId: policy.uploadId, draft });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ uploadId: policy.uploadId, type: 'application/pdf', size: PDF.length });
    const row = (await rowOf(target, policy.uploadId))!;
    expect(row).toMatchObject({ detected_type: 'application/pdf', size: PDF.length, deleted_at: null });
    expect(row.checked_at).not.toBeNull();
  });

  it('takes a JPEG photo in an images-only slot', async () => {
    const draft = randomUUID();
    const photo = await photoBytes();
    const policy = await policyFor(target, { draft, slot: 'applicantPhoto', name: 'IMG_0001.jpg', type: 'image/jpeg', size: photo.length });
    expect(policy.key).toMatch(/\/applicantPhoto-[0-9a-f-]+\.jpg$/);
    expect((await upload(policy, photo)).status).toBe(201);
    const answer = await (await check(target, { uploadId: policy.uploadId, draft })).json();
    expect(answer).toEqual({ uploadId: policy.uploadId, type: 'image/jpeg', size: expect.any(Number) });
    // Kept re-encoded under a key of its own; the object the policy wrote is gone.
    const row = (await rowOf(target, policy.uploadId))!;
    expect(row).toMatchObject({ detected_type: 'image/jpeg', size: answer.size });
    expect(row.key).toMatch(new RegExp(`^applications/emitra/${draft}/checked/applicantPhoto-${policy.uploadId}-[0-9a-f]{8}\\.jpg$`));
    expect(existsSync(fileOf(target, row.key))).toBe(true);
    expect(existsSync(fileOf(target, policy.key))).toBe(false);
  });

  it('passes a PDF renamed .jpg as a PDF where PDFs are allowed, and refuses it (deleted) in a photo slot', async () => {
    const draft = randomUUID();
    const scan = await policyFor(target, { draft, slot: 'panCardCopy', name: 'pan.jpg', type: 'image/jpeg', size: PDF.length });
    expect((await upload(scan, PDF)).status).toBe(201);
    expect(await (await check(target, { uploadId: scan.uploadId, draft })).json()).toEqual({
      uploadId: scan.uploadId,
      type: 'application/pdf',
      size: PDF.length,
    });

    const photo = await policyFor(target, { draft, slot: 'applicantPhoto', name: 'photo.jpg', type: 'image/jpeg', size: PDF.length });
    expect((await upload(photo, PDF)).status).toBe(201);
    const res = await check(target, { uploadId: photo.uploadId, draft });
    expect(res.status).toBe(422);
    const message = 'This file is a PDF. Please choose a photo in JPEG, PNG or WebP format.';
    expect(await res.json()).toMatchObject({ message, errors: { applicantPhoto: message } });
    expect(existsSync(fileOf(target, photo.key))).toBe(false);
    expect(await rowOf(target, photo.uploadId)).toMatchObject({ delete_reason: 'refused' });
  });

  it('refuses an HTML page named .pdf by its bytes, deletes it and logs the deletion', async () => {
    const draft = randomUUID();
    const policy = await policyFor(target, { draft, slot: 'affidavit', name: 'affidavit.pdf', type: 'application/pdf', size: HTML.length });
    expect((await upload(policy, HTML)).status).toBe(201);
    expect(existsSync(fileOf(target, policy.key))).toBe(true);
    const res = await check(target, { uploadId: policy.uploadId, draft });
    expect(res.status).toBe(422);
    const message = 'This file is not a real PDF: its contents are an HTML page. Please choose the PDF again.';
    expect(await res.json()).toMatchObject({ message, errors: { affidavit: message } });
    expect(existsSync(fileOf(target, policy.key))).toBe(false);
    expect(await rowOf(target, policy.uploadId)).toMatchObject({ delete_reason: 'refused' });
    const logs = await db<{ detail: { keys: string[]; why: string } }>(
      target,
      `select detail from deletion_log where reason = 'refused' and detail->'keys' ? $1`,
      [policy.key],
    );
    expect(logs.map((l) => l.detail)).toEqual([expect.objectContaining({ keys: [policy.key], why: message })]);
    // Asked again: the file is gone, and says so.
    expect((await (await check(target, { uploadId: policy.uploadId, draft })).json()).message).toBe('This file was removed. Please choose the file again.');
  });

  it('refuses plain text named .jpg and a file never uploaded, naming the document', async () => {
    const draft = randomUUID();
    const text = Buffer.from('just some notes\nnot a photo\n');
    const policy = await policyFor(target, { draft, slot: 'applicantPhoto', name: 'photo.jpg', type: 'image/jpeg', size: text.length });
    expect((await upload(policy, text)).status).toBe(201);
    expect((await (await check(target, { uploadId: policy.uploadId, draft })).json()).errors).toEqual({
      applicantPhoto: 'This file is not a real JPEG photo: its contents are plain text. Please choose the photo again.',
    });
    const never = await policyFor(target, { draft, slot: 'rentAgreement', name: 'rent.pdf', type: 'application/pdf', size: 10 });
    const res = await check(target, { uploadId: never.uploadId, draft });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ rentAgreement: 'The upload of Rent agreement did not finish. Please choose the file again.' });
    expect(await rowOf(target, never.uploadId)).toMatchObject({ deleted_at: null });
  });

  it('refuses an upload of another fill without touching it, an unknown id, and bad requests', async () => {
    const draft = randomUUID();
    const policy = await policyFor(target, { draft, slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    expect((await upload(policy, PDF)).status).toBe(201);
    const other = await check(target, { uploadId: policy.uploadId, draft: randomUUID() });
    expect(other.status).toBe(422);
    expect((await other.json()).errors).toEqual({ marksheet: 'This file was uploaded for another form. Please choose the file again.' });
    expect(existsSync(fileOf(target, policy.key))).toBe(true);
    expect(await rowOf(target, policy.uploadId)).toMatchObject({ deleted_at: null, checked_at: null });

    const unknown = await check(target, { uploadId: randomUUID(), draft });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('This file was not found. Please choose the file again.');
    expect((await (await check(target, { uploadId: 'nope', draft })).json()).errors).toEqual({ uploadId: 'Please choose the file again.' });
    expect((await (await check(target, { uploadId: policy.uploadId })).json()).errors).toEqual({
      draft: 'The form has no valid draft id. Please reload the page.',
    });
    const { token } = await fixRequested(target, ['affidavit']);
    // A fix link opens only its own application's documents, only those asked for.
    expect((await check(target, { uploadId: policy.uploadId, fix: token })).status).toBe(422);
    expect((await check(target, { uploadId: policy.uploadId, draft, fix: token })).status).toBe(400);
    expect((await post(target, '/api/uploads/check', 'not json')).status).toBe(400);
  });
});

describe.each(targets)('signed links to local documents (GET /api/uploads/local/…) on $name', (target) => {
  it('answers the document as an attachment nobody caches, until it expires, and refuses a changed link', async () => {
    const policy = await policyFor(target, { slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    expect((await upload(policy, PDF)).status).toBe(201);
    const terms = { name: 'मार्कशीट.pdf', type: 'application/pdf', expires: Math.floor(Date.now() / 1000) + 60 };
    const res = await target.fetch(localLink(target, policy.key, terms));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${'_'.repeat('मार्कशीट'.length)}.pdf"; filename*=UTF-8''${encodeURIComponent('मार्कशीट.pdf')}`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);

    const changed = localLink(target, policy.key, terms);
    changed.searchParams.set('type', 'text/html');
    const expired = localLink(target, policy.key, { ...terms, expires: Math.floor(Date.now() / 1000) - 1 });
    const otherKey = new URL(localLink(target, policy.key, terms).href.replace('/marksheet-', '/affidavit-'));
    for (const link of [changed, expired, otherKey, new URL('/api/uploads/local/applications/x.pdf', target.url)]) {
      const refused = await target.fetch(link);
      expect(refused.status, link.href).toBe(403);
      expect((await s3Error(refused)).code).toBe('AccessDenied');
    }
    const gone = localLink(target, policy.key.replace('.pdf', '-gone.pdf'), terms);
    expect((await target.fetch(gone)).status).toBe(404);
  });
});
