/**
 * The functions' environment, read once and checked. Locally (no DATABASE_URL, no SendGrid key)
 * the embedded database and the mail outbox are used; on Netlify's production context a missing
 * production setting is an error, never a silent fallback that would lose data.
 */
import { z } from 'zod';

const schema = z.object({
  /** Postgres connection string (Neon in production). */
  DATABASE_URL: z.string().min(1).optional(),
  /** Local only: host:port of the WebSocket proxy that reaches a local Postgres. */
  DB_WS_PROXY: z.string().optional(),
  /** SendGrid API key; without it mail goes to the outbox folder. */
  SENDGRID_API_KEY: z.string().min(1).optional(),
  /** Sender address of every message. */
  MAIL_FROM: z.email().optional(),
  /** Where lead notifications go (the institute's inbox). */
  INSTITUTE_EMAIL: z.email().optional(),
  /** Local mail outbox folder. */
  OUTBOX_DIR: z.string().optional(),
  /**
   * The one secret behind every account token and one-time code (signing, encryption and code
   * keys are derived from it). Locally `npm start` makes one and keeps it in .data/auth-secret.
   */
  AUTH_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  ),
  /** Netlify's deploy context: production, deploy-preview, branch-deploy, dev. */
  CONTEXT: z.string().optional(),
});

export type Env = z.infer<typeof schema> & { production: boolean };

let cached: Env | undefined;

/** Parses process.env once; throws a readable error when production lacks a setting. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const production = parsed.data.CONTEXT === 'production';
  if (production) {
    const missing = (['DATABASE_URL', 'SENDGRID_API_KEY', 'MAIL_FROM', 'INSTITUTE_EMAIL', 'AUTH_SECRET'] as const).filter(
      (name) => !parsed.data[name],
    );
    if (missing.length) {
      throw new Error(
        `Refusing to run in production without ${missing.join(', ')}: set them in Netlify's environment variables ` +
          '(the embedded database, the mail outbox and the generated AUTH_SECRET are for local use only).',
      );
    }
  }
  cached = { ...parsed.data, production };
  return cached;
}
