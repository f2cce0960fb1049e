/**
 * The status link in an applicant's confirmation: the status page with the reference and a key
 * only the institute can make (an HMAC of the reference), so the applicant sees where their
 * application stands without typing the mobile number, and however many wrong numbers strangers
 * typed for the reference (decision 030). The key shows the status and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authKeys } from '../auth/auth-keys';

/** The key of `reference`'s status link (32 base64url characters, 192 bits). */
export const statusLinkKey = (reference: string) =>
  createHmac('sha256', authKeys().statusLink).update(reference.toUpperCase()).digest('base64url').slice(0, 32);

/** Whether `key` is the status link key of `reference` (compared in constant time). */
export function statusLinkMatches(reference: string, key: string): boolean {
  const expected = Buffer.from(statusLinkKey(reference));
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The status page's address for `reference` with its key (after `#`: never sent to a server or a referrer). */
export const statusLinkPath = (page: string, reference: string) => `${page}#reference=${encodeURIComponent(reference)}&key=${statusLinkKey(reference)}`;
