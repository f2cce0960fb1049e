/** src/lib/upload-csp.ts: the upload pages' connect-src names exactly the origin the browser posts documents to. */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it } from 'vitest';
import { bucketOrigin, uploadsConnectSrc } from '../../src/lib/upload-csp';

/** The origin of the URL the SDK's presigned POST gives the browser. */
async function postOrigin(bucket: string, region: string, endpoint?: string) {
  const client = new S3Client({
    region,
    credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example' },
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  return new URL((await createPresignedPost(client, { Bucket: bucket, Key: 'applications/x.pdf', Expires: 60 })).url).origin;
}

describe('the upload pages’ connect-src', () => {
  it('adds nothing without a bucket (uploads go to the site itself)', () => {
    expect(uploadsConnectSrc({})).toBeNull();
    expect(uploadsConnectSrc({ S3_BUCKET: 'institute-documents' })).toBeNull();
  });

  it.each([
    ['institute-documents', 'ap-south-1', undefined],
    ['documents.institute.in', 'ap-south-1', undefined],
    ['institute-documents', 'ap-south-1', 'http://127.0.0.1:9000'],
  ])('names the origin the SDK posts to for %s in %s (endpoint %s)', async (bucket, region, endpoint) => {
    const origin = bucketOrigin({ S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint });
    expect(origin).toBe(await postOrigin(bucket, region, endpoint));
    expect(uploadsConnectSrc({ S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint })).toBe(`connect-src ${origin}`);
  });
});
