/**
 * What the pages that upload documents (the four application forms and /fixDocuments) add to
 * the site's CSP at build time: the browser posts each file straight to the S3 bucket, so their
 * `connect-src` must name the bucket's origin — that one origin, and only on those pages.
 * Locally (no bucket) uploads go to the site's own /api/uploads/local, which 'self' covers.
 *
 * In a page: `const bucket = uploadsConnectSrc(); if (bucket) Astro.csp?.insertDirective(bucket);`
 * (Astro adds the source to the configured `connect-src 'self'`).
 */

/** The build's S3 settings (Netlify: give S3_BUCKET and S3_REGION the Builds scope too). */
interface BucketSettings {
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
}

/**
 * The origin the browser posts documents to, as the SDK's presigned POST names it: the
 * virtual-hosted bucket (`https://<bucket>.s3.<region>.amazonaws.com`), the regional endpoint for
 * a bucket with dots in its name (path-style, as TLS needs), or S3_ENDPOINT's origin. Null without
 * a bucket and region.
 */
export function bucketOrigin({ S3_BUCKET, S3_REGION, S3_ENDPOINT }: BucketSettings): string | null {
  if (!S3_BUCKET || !S3_REGION) return null;
  if (S3_ENDPOINT) return new URL(S3_ENDPOINT).origin;
  return S3_BUCKET.includes('.') ? `https://s3.${S3_REGION}.amazonaws.com` : `https://${S3_BUCKET}.s3.${S3_REGION}.amazonaws.com`;
}

/** The `connect-src` source the upload pages add (null: nothing to add). */
export function uploadsConnectSrc(settings: BucketSettings = process.env): string | null {
  const origin = bucketOrigin(settings);
  return origin ? `connect-src ${origin}` : null;
}
