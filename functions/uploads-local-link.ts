/**
 * GET /api/uploads/local/<key>?expires&type&name&signature — a document of the local folder
 * through a link storage-local.ts signed for staff (only without S3_BUCKET; 404 otherwise). As a
 * presigned S3 GET: refused with 403 once expired or when any part was changed; answered as an
 * attachment that no cache keeps and no browser sniffs.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { attachmentDisposition } from './_shared/storage/content-disposition';
import { usesLocalStorage } from './_shared/storage/document-storage';
import { HttpError, allowMethods, endpoint } from './_shared/platform/http';
import { refusalResponse } from './_shared/storage/post-policy';
import { fileOf, keyOfLinkPath, linkValid } from './_shared/storage/storage-local';

export default endpoint(async (req) => {
  if (!usesLocalStorage()) throw new HttpError(404, 'Not found.');
  allowMethods(req, 'GET', 'HEAD');
  const url = new URL(req.url);
  const key = keyOfLinkPath(url.pathname);
  const terms = key === null ? null : linkValid(key, url.searchParams);
  if (!key || !terms)
    return refusalResponse({ status: 403, code: 'AccessDenied', message: 'Request has expired or its signature does not match.' }, randomUUID());

  let body: Buffer<ArrayBuffer>;
  try {
    body = await readFile(fileOf(key));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return refusalResponse({ status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' }, randomUUID());
  }
  return new Response(req.method === 'HEAD' ? null : body, {
    headers: {
      'Content-Type': terms.type,
      'Content-Length': String(body.byteLength),
      'Content-Disposition': attachmentDisposition(terms.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Referrer-Policy': 'no-referrer',
    },
  });
});

export const config: Config = { path: '/api/uploads/local/*' };
