/**
 * Values sealed at rest with AES-256-GCM: `v1.<iv>.<ciphertext+tag>` (base64url). The key is
 * the caller's (a purpose of its own each), and `context` binds a value to its place (a staff
 * member's id, say), so a sealed value copied into another row does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** Seals `plain` with `key` (32 bytes), bound to `context`. */
export function seal(plain: string, key: Uint8Array, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a value `seal` made with the same key and context; throws if it was altered or moved. */
export function unseal(sealed: string, key: Uint8Array, context: string): string {
  const [version, iv, body] = sealed.split('.');
  if (version !== VERSION || !iv || !body) throw new Error('Not a sealed value.');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}
