/**
 * Documents of the application forms, over HTTP: a policy per file (POST /api/uploads), the
 * upload to the local folder's stand-in for S3, which enforces that policy as S3 does
 * (POST /api/uploads/local), the check of the stored bytes (POST /api/uploads/check), and the
 * signed links staff open documents with (GET /api/uploads/local/…).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Target } from './global-setup';
import { db, newClientIp, post, targets } from './helpers';

/** A minimal, well-formed PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** An HTML page, as someone might rename it to .pdf. */
const HTML = Buffer.from('<!DOCTYPE html><html><head><title>Not a PDF</title></head><body><script>alert(1)</script></body></html>');
/** A small real JPEG photo. */
const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 80 }).toBuffer();

interface Policy {
  uploadId: string;
  key: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

/** Asks `target` for a policy for one file of a fill of `form`. */
async function askPolicy(target: Target, file: { form?: string; draft?: string; slot: string; name: string; type: string; size: number }, ip = newClientIp()) {
  return post(target, '/api/uploads', { form: 'emitra', draft: file.draft ?? randomUUID(), ...file }, {}, ip);
}

/** A policy that must be granted. */
async function policyFor(target: Target, file: Parameters<typeof askPolicy>[1]): Promise<Policy> {
  const res = await askPolicy(target, file);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Posts `bytes` with the policy's fields (changed by `fields`) to the policy's URL, as the browser's uploader does. */
function upload(policy: Pick<Policy, 'url' | 'fields'>, bytes: Buffer<ArrayBuffer>, fields: Record<string, string | null> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...policy.fields, ...fields })) if (value !== null) form.set(name, value);
  form.set('file', new Blob([bytes]));
  return fetch(policy.url, { method: 'POST', body: form });
}

/** S3's error code and message in an XML answer. */
async function s3Error(res: Response): Promise<{ code: string; message: string }> {
  const xml = await res.text();
  return { code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? '', message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1]?.replaceAll('&#34;', '"') ?? '' };
}

const check = (target: Target, body: Record<string, unknown>) => post(target, '/api/uploads/check', body);

/** The row of an upload. */
const rowOf = async (target: Target, id: string) =>
  (await db<{ checked_at: Date | null; detected_type: string | null; size: number | null; deleted_at: Date | null; delete_reason: string | null; key: string; file_name: string }>(
    target,
    'select checked_at, detected_type, size, deleted_at, delete_reason, key, file_name from uploads where id = $1',
    [id],
  ))[0];

/** Where the test server keeps a local object (tests/api/global-setup.ts gives each an outbox beside its uploads). */
const fileOf = (target: Target, key: string) => path.join(path.dirname(target.outbox), 'uploads', key);

describe.each(targets)('document uploads on $name', (target) => {
  it('grants a policy, takes the file as S3 would, and passes its check', async () => {
    const draft = randomUUID();
    const pdf = PDF;
    const policy = await policyFor(target, { draft, slot: 'marksheet', name: 'मार्कशीट 2024.pdf', type: 'application/pdf', size: pdf.length });
    expect(policy.key).toBe(`applications/emitra/${draft}/marksheet-${policy.uploadId}.pdf`);
    expect(new URL(policy.url).pathname).toBe('/api/uploads/local');
    expect(policy.fields).toMatchObject({ key: policy.key, 'Content-Type': 'application/pdf', success_action_status: '201' });
    expect(Date.parse(policy.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    // The row exists before a byte is sent.
    expect(await rowOf(target, policy.uploadId)).toMatchObject({ key: policy.key, file_name: 'मार्कशीट 2024.pdf', checked_at: null });

    const stored = await upload(policy, pdf);
    expect(stored.status).toBe(201);
    const xml = await stored.text();
    expect(xml).toContain(`<Key>${policy.key}</Key>`);
    expect(xml).toMatch(/<Location>http:\/\/[^<]+\/api\/uploads\/local\/applications\/emitra\//);

    const checked = await check(target, { uploadId: policy.uploadId, draft });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ uploadId: policy.uploadId, type: 'application/pdf', size: pdf.length });
    expect(await rowOf(target, policy.uploadId)).toMatchObject({ detected_type: 'application/pdf', size: pdf.length, deleted_at: null });
    expect((await rowOf(target, policy.uploadId))!.checked_at).not.toBeNull();
  });

  it('refuses an HTML page named .pdf by its bytes, and deletes it', async () => {
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
    const [log] = await db<{ detail: { keys: string[] } }>(target, `select detail from deletion_log where reason = 'refused' and detail->'keys' ? $1`, [policy.key]);
    expect(log!.detail.keys).toEqual([policy.key]);
  });

  it('takes a JPEG photo in an images-only slot', async () => {
    const draft = randomUUID();
    const photo = await jpeg();
    const policy = await policyFor(target, { draft, slot: 'applicantPhoto', name: 'IMG_0001.jpg', type: 'image/jpeg', size: photo.length });
    expect(policy.key).toMatch(/applicantPhoto-[0-9a-f-]+\.jpg$/);
    expect((await upload(policy, photo)).status).toBe(201);
    const res = await check(target, { uploadId: policy.uploadId, draft });
    expect(await res.json()).toEqual({ uploadId: policy.uploadId, type: 'image/jpeg', size: photo.length });
  });

  it('refuses a tampered signature as S3 does, and stores nothing', async () => {
    const policy = await policyFor(target, { slot: 'marksheet', name: 'm.pdf', type: 'application/pdf', size: PDF.length });
    const signature = policy.fields['x-amz-signature']!;
    const res = await upload(policy, PDF, { 'x-amz-signature': signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(res.status).toBe(403);
    expect(await s3Error(res)).toEqual({
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    });
    expect(existsSync(fileOf(target, policy.key))).toBe(false);
  });
});
