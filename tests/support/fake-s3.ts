/**
 * A small S3 for the tests, in this process on 127.0.0.1 (path-style: /<bucket>/<key>), that
 * checks what real S3 checks of the requests our storage layer makes, so a test of the S3 code
 * path means something:
 * - POST object with a policy (what the browser sends): AWS4-HMAC-SHA256 signature of the policy
 *   under the access key's signing key for the credential's date and region, expiry, every
 *   condition and no field without one (functions/_shared/storage/post-policy.ts has S3's rules);
 * - every other request signed with SigV4, in headers or in a presigned query (with X-Amz-Expires),
 *   recomputed here from the canonical request, written independently of the SDK;
 * - GET with a byte range (Content-Range gives the size; an empty object answers 416), the
 *   response-* overrides of a presigned GET, HEAD, PUT, DELETE and DeleteObjects.
 * Errors come back as S3's XML. Nothing here reaches the network.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { checkPolicy, decodePolicy, isRefusal, xmlDocument, type PostRefusal } from '../../functions/_shared/storage/post-policy';

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** One request the fake answered: enough for a test to see what the client sent. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const strictEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4's signing key for a day, region and service. */
export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** `20260101T120000Z` as a time. */
const amzTime = (value: string) => Date.parse(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

class S3Failure extends Error {
  constructor(readonly refusal: PostRefusal) {
    super(refusal.message);
  }
}
const fail = (status: number, code: string, message: string): never => {
  throw new S3Failure({ status, code, message });
};

/** Starts the fake. Resolves to its endpoint, settings, objects and the requests it saw. */
export async function startFakeS3(options: FakeS3Options = {}) {
  const bucket = options.bucket ?? 'institute-documents-test';
  const region = options.region ?? 'ap-south-1';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TESTKEY001';
  const secretAccessKey = options.secretAccessKey ?? randomUUID().replaceAll('-', '');
  const objects = new Map<string, StoredObject>();
  const seen: SeenRequest[] = [];
  // The fake's clock, which a test may move forward to see policies and links expire.
  let shift = 0;
  const now = () => Date.now() + shift;

  /** Checks a credential scope `AKID/date/region/s3/aws4_request`; returns the date. */
  function checkCredential(credential: string, amzDate: string): string {
    const [id, date, scopeRegion, service, terminal] = credential.split('/');
    if (id !== accessKeyId) fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (scopeRegion !== region || service !== 's3' || terminal !== 'aws4_request')
      fail(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`);
    if (!amzDate.startsWith(date ?? '-')) fail(403, 'SignatureDoesNotMatch', 'The credential date does not match the request date.');
    return date!;
  }

  /** Verifies a SigV4 signature in the Authorization header or in a presigned query. */
  function checkSignature(req: IncomingMessage, url: URL, body: Buffer): void {
    const authorization = req.headers.authorization;
    const query = url.searchParams;
    let credential: string;
    let signedHeaders: string[];
    let signature: string;
    let amzDate: string;
    let payloadHash: string;
    if (authorization) {
      const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
      if (!match) return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
      [, credential, , signature] = match as unknown as [string, string, string, string];
      signedHeaders = match[2]!.split(';');
      amzDate = String(req.headers['x-amz-date'] ?? '');
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!payloadHash) fail(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
        fail(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
      if (Math.abs(amzTime(amzDate) - now()) > 15 * 60_000)
        fail(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    } else if (query.get('X-Amz-Signature')) {
      if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
        fail(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
      credential = query.get('X-Amz-Credential') ?? '';
      signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
      signature = query.get('X-Amz-Signature') ?? '';
      amzDate = query.get('X-Amz-Date') ?? '';
      payloadHash = 'UNSIGNED-PAYLOAD';
      const expires = Number(query.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > 604_800)
        fail(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds.');
      if (amzTime(amzDate) + expires * 1000 < now()) fail(403, 'AccessDenied', 'Request has expired');
    } else {
      return fail(403, 'AccessDenied', 'Access Denied');
    }
    const date = checkCredential(credential, amzDate);
    if (!signedHeaders.includes('host')) fail(403, 'AccessDenied', 'Host must be a signed header.');

    const canonicalQuery = [...query.entries()]
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [strictEncode(name), strictEncode(value)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = req.headers[name];
        return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), payloadHash].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/s3/aws4_request`, sha256(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', signingKey(secretAccessKey, date, region))
      .update(stringToSign)
      .digest('hex');
    if (expected !== signature) {
      fail(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
  }

  /** S3's POST object: the policy's SigV4 signature, then the policy itself. */
  async function postObject(req: IncomingMessage, url: URL, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': String(req.headers['content-type'] ?? '') } }).formData();
    } catch {
      return fail(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    const fields = new Map<string, string>([['bucket', bucket]]);
    let file: Blob | null = null;
    for (const [name, value] of form) {
      if (name.toLowerCase() === 'file') {
        file = typeof value === 'string' ? new Blob([value]) : value;
        break;
      }
      if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    }
    if (!file) return fail(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const policy = fields.get('policy');
    if (!policy) return fail(403, 'AccessDenied', 'Access Denied');
    if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') fail(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported.');
    const amzDate = fields.get('x-amz-date') ?? '';
    const date = checkCredential(fields.get('x-amz-credential') ?? '', amzDate);
    const expected = createHmac('sha256', signingKey(secretAccessKey, date, region))
      .update(policy)
      .digest('hex');
    if (fields.get('x-amz-signature') !== expected) {
      fail(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
    const document = decodePolicy(policy);
    if (isRefusal(document)) throw new S3Failure(document);
    const bytes = Buffer.from(await file.arrayBuffer());
    const refused = checkPolicy(document, fields, bytes.length, new Date(now()));
    if (refused) throw new S3Failure(refused);
    const key = fields.get('key');
    if (!key) return fail(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
    objects.set(key, { body: bytes, contentType: fields.get('content-type') ?? 'binary/octet-stream' });
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const location = `${url.origin}/${bucket}/${key.split('/').map(strictEncode).join('/')}`;
    const status = fields.get('success_action_status');
    const headers = { ETag: etag, Location: location };
    if (status === '201')
      return {
        status: 201,
        headers: { ...headers, 'Content-Type': 'application/xml' },
        body: xmlDocument('PostResponse', { Location: location, Bucket: bucket, Key: key, ETag: etag }),
      };
    return { status: status === '200' ? 200 : 204, headers, body: '' };
  }

  /** GET or HEAD of an object, with a byte range and a presigned GET's response-* overrides. */
  function getObject(req: IncomingMessage, url: URL, key: string) {
    const object = objects.get(key);
    if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
    const q = url.searchParams;
    const headers: Record<string, string> = {
      'Content-Type': q.get('response-content-type') ?? object.contentType,
      ETag: `"${createHash('md5').update(object.body).digest('hex')}"`,
      'Accept-Ranges': 'bytes',
    };
    if (q.get('response-content-disposition')) headers['Content-Disposition'] = q.get('response-content-disposition')!;
    if (q.get('response-cache-control')) headers['Cache-Control'] = q.get('response-cache-control')!;
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (!range) return { status: 200, headers: { ...headers, 'Content-Length': String(object.body.length) }, body: object.body };
    const first = Number(range[1]);
    if (first >= object.body.length) return fail(416, 'InvalidRange', 'The requested range is not satisfiable');
    const last = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
    const part = object.body.subarray(first, last + 1);
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${first}-${last}/${object.body.length}`, 'Content-Length': String(part.length) },
      body: part,
    };
  }

  async function answer(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: string | Buffer }> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const [, first, ...rest] = url.pathname.split('/');
    if (first !== bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    if (req.method === 'POST' && !key && !url.searchParams.has('delete')) return postObject(req, url, body);
    checkSignature(req, url, body);
    if (req.method === 'POST' && !key && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
      );
      for (const k of keys) objects.delete(k);
      return {
        status: 200,
        headers: { 'Content-Type': 'application/xml' },
        body: '<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>',
      };
    }
    if (!key) return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    if (req.method === 'GET' || req.method === 'HEAD') return getObject(req, url, key);
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      return { status: 200, headers: { ETag: `"${createHash('md5').update(body).digest('hex')}"` }, body: '' };
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return { status: 204, headers: {}, body: '' };
    }
    return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let result: { status: number; headers: Record<string, string>; body: string | Buffer };
    try {
      result = await answer(req, Buffer.concat(chunks));
    } catch (error) {
      if (!(error instanceof S3Failure)) throw error;
      const { status, code, message, extra } = error.refusal;
      result = {
        status,
        headers: { 'Content-Type': 'application/xml' },
        body: xmlDocument('Error', { Code: code, Message: message, ...extra, RequestId: randomUUID() }),
      };
    }
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, status: result.status });
    res.writeHead(result.status, { 'x-amz-request-id': randomUUID(), ...result.headers });
    res.end(req.method === 'HEAD' ? undefined : result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    seen,
    /** Moves the fake's clock `ms` forward (0 puts it back). */
    travel(ms: number) {
      shift = ms;
    },
    /** The S3_* settings that point the functions at this fake. */
    env: { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_ENDPOINT: endpoint },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
