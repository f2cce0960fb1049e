/**
 * Documents in the private S3 bucket. The browser posts each file straight to the bucket with a
 * presigned POST whose policy S3 itself enforces (exact key, exact Content-Type, 1 byte to the
 * limit, minutes of life); the functions read a whole file with one GET (ranged to the limit, so a
 * larger object is not downloaded) and write the checked copy, and staff open that copy through a
 * presigned GET that answers it as an attachment nobody may cache.
 */
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import type { DocumentStorage, PolicyTerms, PostPolicy, SignedLinkTerms, StoredObject } from './storage';

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/** Where the bucket is and the key that may use it (env.ts: S3_*). */
export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible endpoint (path-style), e.g. a test stand-in; AWS when unset. */
  endpoint?: string | undefined;
}

/** The client: credentials given explicitly (AWS_* names are reserved on Netlify, so the SDK's own lookup would find nothing). */
export function s3Client({ region, accessKeyId, secretAccessKey, endpoint }: S3Settings): S3Client {
  return new S3Client({
    region,
    credentials: { accessKeyId, secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums to every request it signs; a presigned POST or GET
    // with one would make the browser's upload or download fail. Only where S3 demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
}

/** True when S3 answered that there is no such object. */
const notFound = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
/** True when S3 could not serve the range: the object is empty. */
const emptyObject = (error: unknown) => error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);

/** The whole object's size from `Content-Range: bytes 0-5242880/12345`, else the body's length. */
function totalSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total ? Number(total) : (contentLength ?? 0);
}

/** The bucket as a DocumentStorage. */
export function s3DocumentStorage(settings: S3Settings, client = s3Client(settings)): DocumentStorage {
  const Bucket = settings.bucket;
  return {
    name: 'S3',

    async presignPost({ key, contentType, maxBytes, expiresAt }: PolicyTerms): Promise<PostPolicy> {
      const seconds = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType], ['eq', '$key', key], { success_action_status: '201' }],
        Fields: { 'Content-Type': contentType, success_action_status: '201' },
        Expires: seconds,
      });
      return { url, fields };
    },

    async read(key: string, maxBytes: number): Promise<StoredObject | null> {
      try {
        // One GET answers one version of the object; the range stops a larger one at the limit.
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${maxBytes}` }));
        const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
        const size = totalSize(answer.ContentRange, answer.ContentLength);
        return { size, bytes: size > maxBytes ? null : bytes };
      } catch (error) {
        if (notFound(error)) return null;
        if (emptyObject(error)) return { size: 0, bytes: new Uint8Array() };
        throw error;
      }
    },

    async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async delete(keys: string[]): Promise<void> {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        // A missing key is no error to S3; anything it lists here was not deleted.
        if (answer.Errors?.length) {
          const [first] = answer.Errors;
          throw new Error(`S3 did not delete ${answer.Errors.length} object(s), e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`);
        }
      }
    },

    async signedLink({ key, fileName, contentType, seconds }: SignedLinkTerms): Promise<string> {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseCacheControl: 'private, no-store',
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
  };
}
