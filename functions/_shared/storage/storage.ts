/**
 * Where application documents are kept: a private S3 bucket (S3_BUCKET set), or locally a
 * git-ignored folder (UPLOAD_DIR) behind /api/uploads/local, which enforces the same upload policy
 * as S3 (signature, expiry, key, type, size) so that every rule is tested for real. Both sides
 * offer the same operations; nothing else in the functions knows which one is in use.
 */

/** What an upload policy allows. */
export interface PolicyTerms {
  /** The exact object key. */
  key: string;
  /** The exact Content-Type the form must send. */
  contentType: string;
  /** The largest body in bytes (the smallest is 1). */
  maxBytes: number;
  /** When the policy expires. */
  expiresAt: Date;
}

/** The form a browser posts: the action URL and the fields before the file (S3's POST object). */
export interface PostPolicy {
  url: string;
  fields: Record<string, string>;
}

/** A stored object read whole, at one moment: its size, and its bytes unless it is too large. */
export interface StoredObject {
  size: number;
  /** Every byte of the object; null when it is larger than the reader asked for. */
  bytes: Uint8Array | null;
}

/** A link for staff to fetch a document once, soon. */
export interface SignedLinkTerms {
  key: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** The Content-Type to answer with (the type found by the bytes). */
  contentType: string;
  /** Seconds the link works. */
  seconds: number;
}

export interface DocumentStorage {
  /** 'S3' or 'local' (shown in logs and the README's start-up lines only). */
  readonly name: string;
  /** A POST policy for one upload: the browser posts `fields` then the file to `url`. */
  presignPost(terms: PolicyTerms): Promise<PostPolicy>;
  /**
   * The whole object as it is now (one version of it, never parts of two), or null when there is
   * no such object; beyond `maxBytes` only its size is read.
   */
  read(key: string, maxBytes: number): Promise<StoredObject | null>;
  /** Stores bytes the server wrote itself: a checked document's kept copy. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Deletes objects; a key with no object is not an error. */
  delete(keys: string[]): Promise<void>;
  /**
   * A short-lived link that answers the object as an attachment with `Cache-Control: private,
   * no-store`, so neither a CDN nor the browser's cache keeps a copy.
   */
  signedLink(terms: SignedLinkTerms): Promise<string>;
}

/** Every object an uploads row may have in storage, once each: its document (`key`) and the key its policy named. */
export function objectKeys(rows: { key: string; posted_key?: string | null }[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.posted_key ? [row.key, row.posted_key] : [row.key])))];
}
