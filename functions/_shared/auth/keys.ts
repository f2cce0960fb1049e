/**
 * The keys of the account tokens and one-time codes, each derived from the one AUTH_SECRET with
 * HKDF-SHA256 and a purpose of its own, so a key is never used for two jobs (a signing key can
 * never decrypt, an encryption key never signs). Pure: no environment, no I/O (the tests import
 * it to forge tokens with the test servers' secret).
 */
import { hkdfSync } from 'node:crypto';

/** The `iss` of every token this site issues, checked on every token it reads. */
export const ISSUER = 'pragati-institute-website';

/** `aud` of a signed-in student's token. Staff sign in with a session cookie instead (staff.ts). */
export const USER_AUDIENCE = 'user';
/** `aud` of the encrypted token that carries a registration waiting for its code. */
export const ACTIVATION_AUDIENCE = 'activation';
/** `aud` of the encrypted token that carries a password reset waiting for its code. */
export const RESET_AUDIENCE = 'password-reset';

/** Lifetime of a user token (JWS). */
export const USER_TOKEN_LIFETIME = '7d';
/** `aud` of the encrypted token in the link of a password-reset e-mail. */
export const RESET_LINK_AUDIENCE = 'password-reset-link';

/** Lifetime of an activation token (JWE); a resend issues a new one. */
export const ACTIVATION_TOKEN_LIFETIME = '30m';
/** Lifetime of a password-reset token (JWE). */
export const RESET_TOKEN_LIFETIME = '30m';

export interface AuthKeys {
  /** HS256 key of user tokens. */
  userToken: Uint8Array;
  /** A256GCM key (alg `dir`) of activation tokens. */
  activation: Uint8Array;
  /** HMAC-SHA256 key of stored one-time codes. */
  otp: Uint8Array;
  /** HMAC-SHA256 key of the e-mail addresses and phone numbers that limits count by. */
  limits: Uint8Array;
  /** AES-256-GCM key of applicants' ID numbers, locally only (ID_NUMBER_KEYS elsewhere; id-vault.ts). */
  localIdNumbers: Uint8Array;
  /** AES-256-GCM key that seals staff authenticator secrets at rest (sealed.ts). */
  totpSecret: Uint8Array;
  /** HMAC-SHA256 key of staff recovery codes. */
  recoveryCode: Uint8Array;
  /** HMAC-SHA256 key of the device cookies of browsers that signed in before (device.ts). */
  device: Uint8Array;
  /** HMAC-SHA256 key of the status links in applicants' confirmations (status-link.ts). */
  statusLink: Uint8Array;
  /** HMAC-SHA256 key of the local stand-in's upload policies and document links (storage-local.ts). */
  localDocuments: Uint8Array;
  /** AES-256-GCM key of an under-18's submission held until a guardian consents (consent/hold.ts). */
  heldSubmission: Uint8Array;
}

const SALT = 'pragati-institute-website/auth/v1';

function derive(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, SALT, purpose, 32));
}

/** Derives every key from `secret` (AUTH_SECRET). */
export function deriveAuthKeys(secret: string): AuthKeys {
  return {
    userToken: derive(secret, 'user-token/HS256'),
    activation: derive(secret, 'activation-token/dir+A256GCM'),
    otp: derive(secret, 'otp-code/HMAC-SHA256'),
    limits: derive(secret, 'limit-key/HMAC-SHA256'),
    localIdNumbers: derive(secret, 'local-id-numbers/A256GCM'),
    totpSecret: derive(secret, 'staff-totp-secret/A256GCM'),
    recoveryCode: derive(secret, 'staff-recovery-code/HMAC-SHA256'),
    localDocuments: derive(secret, 'local-document-storage/HMAC-SHA256'),
    device: derive(secret, 'device-cookie/HMAC-SHA256'),
    statusLink: derive(secret, 'status-link/HMAC-SHA256'),
    heldSubmission: derive(secret, 'held-submission/A256GCM'),
  };
}
