/**
 * The functions' environment, read once and checked. Fails closed: a function refuses to run
 * without its production settings unless the local server (`npm start`, which provides the
 * embedded database, the mail outbox and a generated secret) says it is local with LOCAL_MODE=1.
 * Netlify's build variables (CONTEXT) are not visible to functions at run time, so the check does
 * not depend on them; a production deploy (`context.deploy.context`) is never local.
 */
import { z } from 'zod';
import { MAKE_A_SECRET, secretWeakness } from './secret-strength';

/** An optional setting; an empty value counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const schema = z.object({
  /** Postgres connection string (Neon in production). */
  DATABASE_URL: optional(z.string()),
  /** Local only: host:port of the WebSocket proxy that reaches a local Postgres. */
  DB_WS_PROXY: optional(z.string()),
  /** SendGrid API key; without it (locally) mail goes to the outbox folder. */
  SENDGRID_API_KEY: optional(z.string()),
  /** Sender address of every message. */
  MAIL_FROM: optional(z.email('must be an e-mail address')),
  /** Where lead notifications and notices go (the institute's inbox). */
  INSTITUTE_EMAIL: optional(z.email('must be an e-mail address')),
  /** Local mail outbox folder (set by `npm start`); used only without SENDGRID_API_KEY. */
  OUTBOX_DIR: optional(z.string()),
  /**
   * The one secret behind every account token, one-time code and hashed key (signing, encryption
   * and HMAC keys are derived from it): at least 256 bits of randomness.
   */
  AUTH_SECRET: optional(
    z.string().superRefine((value, ctx) => {
      const weakness = secretWeakness(value);
      if (weakness) ctx.addIssue({ code: 'custom', message: `must carry at least 256 bits of randomness, but ${weakness}: ${MAKE_A_SECRET}` });
    }),
  ),
  /**
   * Private S3 bucket of the application documents, its region and an access key that may put,
   * get and delete objects in it (named S3_*: AWS_* names are reserved on Netlify). Without a
   * bucket (locally) documents go to UPLOAD_DIR through /api/uploads/local, which enforces the
   * same upload policy.
   */
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  S3_REGION: optional(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region, like ap-south-1')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  /** An S3-compatible endpoint other than AWS (path-style), e.g. for a test stand-in. */
  S3_ENDPOINT: optional(z.url()),
  /** Local document folder (git-ignored, set by `npm start`); used only without S3_BUCKET. */
  UPLOAD_DIR: optional(z.string()),
  /**
   * Keys that seal ID numbers (Aadhaar, PAN, …) at rest, kept apart from the database's
   * credentials: `id:base64key` pairs separated by commas, the first sealing new values, the
   * others still opening what they sealed (rotation: put a new key first, run
   * `npm run ids:reseal`, then drop the old one). Each key is 32 random bytes in base64.
   * Locally, when unset, one is derived from AUTH_SECRET.
   */
  ID_NUMBER_KEYS: optional(
    z
      .string()
      .regex(/^[a-z0-9-]{1,20}:[A-Za-z0-9+/]{43}=(,[a-z0-9-]{1,20}:[A-Za-z0-9+/]{43}=)*$/, 'must be id:base64key pairs (32-byte keys) separated by commas'),
  ),
  /** Days after an application is approved or rejected before its documents and ID numbers are deleted (default 180). */
  RETENTION_DAYS: optional(z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1 day').max(3650, 'must be at most 3650 days')),
  /** Set to 1 by `npm start` only: the embedded database, the outbox folder and a made-up sender are allowed. */
  LOCAL_MODE: optional(z.literal('1', 'must be 1 or unset')),
  /** The site's main address (set by Netlify; functions see it at run time). */
  URL: optional(z.url()),
  /** This deploy's own address and its branch/preview address (set by Netlify). */
  DEPLOY_URL: optional(z.url()),
  DEPLOY_PRIME_URL: optional(z.url()),
});

export type Env = z.infer<typeof schema> & { local: boolean };

/** What a function needs outside local mode. */
export const REQUIRED_OUTSIDE_LOCAL = [
  'DATABASE_URL',
  'SENDGRID_API_KEY',
  'MAIL_FROM',
  'INSTITUTE_EMAIL',
  'AUTH_SECRET',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'ID_NUMBER_KEYS',
] as const;

/** The environment is incomplete or wrong: the function must not run (answered 503, logged). */
export class ConfigurationError extends Error {}

let cached: Env | undefined;

/**
 * Parses process.env once. Throws a ConfigurationError naming every problem: a malformed value,
 * a production setting missing outside local mode, or local mode on a production deploy.
 * `deployContext` is the Functions v2 `context.deploy.context` when the caller has it.
 */
export function env(deployContext?: string): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new ConfigurationError(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
    const local = parsed.data.LOCAL_MODE === '1';
    if (!local) {
      const missing = REQUIRED_OUTSIDE_LOCAL.filter((name) => !parsed.data[name]);
      if (missing.length) {
        throw new ConfigurationError(
          `Refusing to run without ${missing.join(', ')}: set them in Netlify's environment variables (scope: Functions). ` +
            'The embedded database, the mail outbox, the local document folder and the generated AUTH_SECRET exist only under `npm start`, which sets LOCAL_MODE=1.',
        );
      }
    }
    cached = { ...parsed.data, local };
  }
  if (cached.local && deployContext === 'production') {
    throw new ConfigurationError("LOCAL_MODE is set on a production deploy: remove it from Netlify's environment variables.");
  }
  return cached;
}
