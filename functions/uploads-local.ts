/**
 * POST /api/uploads/local — the local folder's stand-in for S3's POST object, used only without
 * S3_BUCKET (404 otherwise). It takes what the browser's uploader posts to a bucket
 * (multipart/form-data: the policy's fields, then `file`) and enforces the policy as S3 does:
 * signature, expiry, every condition (key, Content-Type, the real file's size), no field without a
 * condition. It answers as S3 does, in XML: 201 PostResponse with Location and Key, or S3's error
 * (403 AccessDenied / SignatureDoesNotMatch, 400 EntityTooLarge / EntityTooSmall / …), which
 * the uploader reads.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { MAX_DOCUMENT_BYTES } from '../src/lib/schemas/uploads';
import { usesLocalStorage } from './_shared/storage/document-storage';
import { HttpError, allowMethods, endpoint, readBody } from './_shared/platform/http';
import { checkPolicy, decodePolicy, isRefusal, refusalResponse, xmlDocument, type PostRefusal } from './_shared/storage/post-policy';
import { LOCAL_UPLOAD_PATH, localDocumentStorage, localSignature, sameSignature } from './_shared/storage/storage-local';

/** Room for the policy's fields and the form's boundaries around the largest file. */
const FORM_OVERHEAD = 64 * 1024;

const malformed: PostRefusal = { status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' };

/** The form's fields before `file` (S3 ignores any after it), names in lower case, and the file. */
async function readForm(req: Request): Promise<{ fields: Map<string, string>; file: File | null } | PostRefusal> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return malformed;
  const body = await readBody(req, MAX_DOCUMENT_BYTES + FORM_OVERHEAD);
  if (!body) {
    return {
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
      extra: { MaxSizeAllowed: MAX_DOCUMENT_BYTES },
    };
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return malformed;
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form) {
    const lower = name.toLowerCase();
    if (lower === 'file') return { fields, file: typeof value === 'string' ? new File([value], 'file') : value };
    if (typeof value !== 'string') return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' };
    if (!fields.has(lower)) fields.set(lower, value);
  }
  return { fields, file: null };
}

export default endpoint(
  async (req) => {
    if (!usesLocalStorage()) throw new HttpError(404, 'Not found.');
    allowMethods(req, 'POST');
    const requestId = randomUUID();
    const refuse = (refusal: PostRefusal) => refusalResponse(refusal, requestId);

    const form = await readForm(req);
    if (isRefusal(form)) return refuse(form);
    const { fields, file } = form;
    if (!file) return refuse({ status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' });
    const policy = fields.get('policy');
    const signature = fields.get('x-amz-signature');
    // Without a policy the post is anonymous, and the bucket is private.
    if (!policy || !signature) return refuse({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    if (!sameSignature(signature, localSignature('upload-policy', policy))) {
      return refuse({
        status: 403,
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      });
    }
    const document = decodePolicy(policy);
    if (isRefusal(document)) return refuse(document);
    const refused = checkPolicy(document, fields, file.size);
    if (refused) return refuse(refused);
    const key = fields.get('key');
    if (!key) return refuse({ status: 400, code: 'InvalidArgument', message: "Bucket POST must contain a field named 'key'." });

    const bytes = new Uint8Array(await file.arrayBuffer());
    await localDocumentStorage().put(key, bytes, fields.get('content-type') ?? 'application/octet-stream');
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const location = new URL(`${LOCAL_UPLOAD_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`, req.url).href;
    const headers = { ETag: etag, Location: location, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    const status = fields.get('success_action_status');
    if (status === '201') {
      const xml = xmlDocument('PostResponse', { Location: location, Bucket: 'local', Key: key, ETag: etag });
      return new Response(xml, { status: 201, headers: { ...headers, 'Content-Type': 'application/xml' } });
    }
    return new Response(null, { status: status === '200' ? 200 : 204, headers });
  },
  { multipart: true },
);

export const config: Config = { path: '/api/uploads/local' };
