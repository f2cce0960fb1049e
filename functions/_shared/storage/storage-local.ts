/**
 * Documents kept in a local folder (no S3_BUCKET): the same contract as the bucket, served by
 * /api/uploads/local. A policy is S3's shape — base64 JSON `{expiration, conditions}` and the form
 * fields beside it — signed with HMAC-SHA256 under a key derived from AUTH_SECRET, and the endpoint
 * checks it as S3 would (post-policy.ts), so the local server and the tests meet the real rules.
 * Links for staff are signed the same way and expire.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { authKeys } from '../auth/auth-keys';
import { ConfigurationError, env } from '../platform/env';
import type { DocumentStorage, PolicyTerms, PostPolicy, SignedLinkTerms, StoredObject } from './storage';

/** Where the local stand-in of the bucket takes uploads. */
export const LOCAL_UPLOAD_PATH = '/api/uploads/local';
/** The `x-amz-algorithm` field of a local policy. */
export const LOCAL_ALGORITHM = 'HMAC-SHA256';
/**
 * The folder of the documents: UPLOAD_DIR, which the local server sets (scripts/database.mjs).
 * Never a folder named here: a bundler that follows file references would copy that folder, with
 * every applicant's documents in it, into the function bundles.
 */
export function uploadDir(): string {
  const { UPLOAD_DIR } = env();
  if (!UPLOAD_DIR) {
    throw new ConfigurationError(
      'UPLOAD_DIR is not set: without S3_BUCKET, documents are kept in the folder UPLOAD_DIR names, which `npm start` sets. Set UPLOAD_DIR, or S3_BUCKET and its key.',
    );
  }
  return path.resolve(UPLOAD_DIR);
}

/** The file of `key`, refusing any key that would leave the folder. */
export function fileOf(key: string): string {
  const root = uploadDir();
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep) || key.includes('\0')) throw new Error(`Object key outside the upload folder: ${key}`);
  return file;
}

/** HMAC of `parts` (joined by line breaks) for `purpose`, so a policy's signature never passes for a link's. */
export function localSignature(purpose: 'upload-policy' | 'document-link', ...parts: string[]): string {
  return createHmac('sha256', authKeys().localDocuments)
    .update([purpose, ...parts].join('\n'))
    .digest('hex');
}

/** Compares two hex signatures in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The object key a local link path names (`/api/uploads/local/<key>`), or null. */
export function keyOfLinkPath(pathname: string): string | null {
  if (!pathname.startsWith(`${LOCAL_UPLOAD_PATH}/`)) return null;
  try {
    return pathname
      .slice(LOCAL_UPLOAD_PATH.length + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
}

/** The terms a link carries, signed over all of them. */
const linkParts = (key: string, expires: string, type: string, name: string) => [key, expires, type, name];

/** The local folder as a DocumentStorage. */
export function localDocumentStorage(): DocumentStorage {
  return {
    name: 'local',

    async presignPost({ key, contentType, maxBytes, expiresAt }: PolicyTerms): Promise<PostPolicy> {
      const conditions = [
        ['eq', '$key', key],
        ['eq', '$Content-Type', contentType],
        ['content-length-range', 1, maxBytes],
        { success_action_status: '201' },
        { 'x-amz-algorithm': LOCAL_ALGORITHM },
      ];
      const policy = Buffer.from(JSON.stringify({ expiration: expiresAt.toISOString(), conditions })).toString('base64');
      return {
        url: LOCAL_UPLOAD_PATH,
        fields: {
          key,
          'Content-Type': contentType,
          success_action_status: '201',
          'x-amz-algorithm': LOCAL_ALGORITHM,
          policy,
          'x-amz-signature': localSignature('upload-policy', policy),
        },
      };
    },

    async read(key: string, maxBytes: number): Promise<StoredObject | null> {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // Read through the one open file: a post replacing the object renames a new file into
      // place, which this read never sees half of.
      try {
        const { size } = await handle.stat();
        if (size > maxBytes) return { size, bytes: null };
        const bytes = new Uint8Array(await handle.readFile());
        return { size: bytes.length, bytes };
      } finally {
        await handle.close();
      }
    },

    async put(key: string, body: Uint8Array): Promise<void> {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const draft = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(draft, body, { mode: 0o600 });
      await rename(draft, file);
    },

    async delete(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },

    async signedLink({ key, fileName, contentType, seconds }: SignedLinkTerms): Promise<string> {
      const expires = String(Math.floor(Date.now() / 1000) + seconds);
      const signature = localSignature('document-link', ...linkParts(key, expires, contentType, fileName));
      const query = new URLSearchParams({ expires, type: contentType, name: fileName, signature });
      return `${LOCAL_UPLOAD_PATH}/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
  };
}

/** Whether a local link's terms are signed and still valid at `now`. */
export function linkValid(key: string, query: URLSearchParams, now = Date.now()): { type: string; name: string } | null {
  const expires = query.get('expires') ?? '';
  const type = query.get('type') ?? '';
  const name = query.get('name') ?? '';
  const signature = query.get('signature') ?? '';
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return null;
  if (!sameSignature(signature, localSignature('document-link', ...linkParts(key, expires, type, name)))) return null;
  return { type, name };
}
