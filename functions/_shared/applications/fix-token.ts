/**
 * The link mailed to an applicant whose documents staff asked to be fixed: a random token whose
 * SHA-256 alone is stored (applications.fix_token_hash), so a copy of the database opens no
 * application. The token names the application; it lets its bearer upload the slots asked for,
 * until it expires or the documents are sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import { query } from '../platform/db';
import { HttpError } from '../platform/http';
import { server_fix_link_invalid } from '../../../src/i18n/messages';

/** How long a link works. */
export const FIX_LINK_DAYS = 14;

/** The path of the page the link opens; the token goes in the fragment, which no server logs. */
export const FIX_PAGE = '/fixDocuments';

/** A new token and the hash to store. */
export function newFixToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: fixTokenHash(token) };
}

/** The stored form of a token. */
export const fixTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a valid token opens. */
export interface FixTarget {
  leadId: string;
  reference: string;
  form: ApplicationForm;
  draft: string;
  /** The documents asked for again. */
  slots: string[];
  /** Staff's note to the applicant. */
  note: string | null;
  expiresAt: string;
}

/** The answer for a token that opens nothing now. */
export const fixLinkInvalid = () => server_fix_link_invalid();

/**
 * The application a token opens, while it is still asked to be fixed and the link has not
 * expired; else a 410 that says so. `client` locks the row for an update in a transaction.
 */
export async function findFixTarget(token: string, client?: PoolClient): Promise<FixTarget> {
  const sql = `select a.lead_id::text as "leadId", l.reference, a.form, a.draft::text, a.fix_slots as slots, a.fix_note as note,
                      a.fix_expires_at as "expiresAt"
                 from applications a join leads l on l.id = a.lead_id
                where a.fix_token_hash = $1 and l.status = 'documents-to-fix' and a.fix_expires_at > now()
                ${client ? 'for update of a' : ''}`;
  const params = [fixTokenHash(token)];
  const rows = client ? (await client.query<FixTarget>(sql, params)).rows : await query<FixTarget>(sql, params);
  const [target] = rows;
  if (!target) throw new HttpError(410, fixLinkInvalid());
  return { ...target, expiresAt: new Date(target.expiresAt).toISOString() };
}
