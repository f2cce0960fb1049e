/**
 * The storage of application documents this instance uses: the S3 bucket when S3_BUCKET is set
 * (always outside local mode: env.ts requires it), else the local folder behind
 * /api/uploads/local. Callers never know which (storage.ts gives the operations).
 */
import { ConfigurationError, env } from '../platform/env';
import { s3DocumentStorage } from './storage-s3';
import { localDocumentStorage } from './storage-local';
import type { DocumentStorage } from './storage';

let storage: DocumentStorage | undefined;

/** The document storage, made once per instance. */
export function documentStorage(): DocumentStorage {
  if (storage) return storage;
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT } = env();
  if (!S3_BUCKET) return (storage = localDocumentStorage());
  if (!S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    // Outside local mode env() has refused already; locally a half-set bucket is a mistake too.
    throw new ConfigurationError('S3_BUCKET is set without S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all four, or none for the local folder.');
  }
  storage = s3DocumentStorage({
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    endpoint: S3_ENDPOINT,
  });
  return storage;
}

/** True when documents go to the local folder (the local upload endpoint answers only then). */
export const usesLocalStorage = () => !env().S3_BUCKET;
