/**
 * Storing a lead (an application or a contact message) with its reference, its idempotency key
 * and the institute's notification in the outbox: one statement, so one round trip and one
 * implicit transaction — a lead never exists without its notification, nor the other way round.
 * The notification is sent after the answer (outbox.ts); the visitor never waits for the mail.
 *
 * The same statement files the lead under its person (lead-insert.ts: the person of the earliest
 * lead with the same mobile number or e-mail address, else a new one).
 */
import { createHash } from 'node:crypto';
import { query } from '../platform/db';
import { HttpError } from '../platform/http';
import { LEAD_PARAMS, leadInsert, type NewLead } from './lead-insert';
import { LEASE, type LeadSummary } from '../platform/outbox';
import { server_idempotency_key_reused } from '../../../src/i18n/messages';

/** An application (Apply dialog) or contact message: a new lead without the insert's own choices. */
export type Lead = Omit<NewLead, 'prefix' | 'kind' | 'status'> & { kind: 'application' | 'contact' };

export { emailKey, phoneKey } from './lead-insert';

export interface Stored {
  /** The lead's reference, e.g. AP-2026-00042. */
  reference: string;
  /** True when this request repeated an earlier one with the same Idempotency-Key. */
  replayed: boolean;
  /** For a new lead: its notification's outbox row and content, to send after the answer. */
  notification?: { outboxId: string; lead: LeadSummary };
}

/**
 * Stores `lead` once per idempotency `key` (a UUID, or null). `payload` is the request body: the
 * same key with a different body is refused (422), the same key and body gets the first lead's
 * reference again.
 */
export async function storeLead(lead: Lead, key: string | null, payload: unknown): Promise<Stored> {
  const hash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  const prefix = lead.kind === 'application' ? 'AP' : 'CT';
  const { ctes, params } = leadInsert({ ...lead, prefix }, key, hash);
  const [row] = await query<{ id: string; reference: string; outbox_id: string }>(
    `with ${ctes}, mail as (
       insert into mail_outbox (kind, lead_id, attempts, locked_until)
       select 'lead', id, 1, now() + $${LEAD_PARAMS + 1}::interval from lead
       returning id
     )
     select lead.id::text, lead.reference, mail.id::text as outbox_id from lead, mail`,
    [...params, LEASE],
  );
  if (row)
    return {
      reference: row.reference,
      replayed: false,
      notification: { outboxId: row.outbox_id, lead: { ...leadSummaryOf(lead), id: row.id, reference: row.reference, receivedAt: new Date() } },
    };

  // Only a repeated key gets here: answer as the first time, or refuse a different body.
  const [previous] = await query<{ reference: string; request_hash: string }>('select reference, request_hash from leads where idempotency_key = $1', [key]);
  if (!previous || previous.request_hash !== hash) {
    throw new HttpError(422, server_idempotency_key_reused());
  }
  return { reference: previous.reference, replayed: true };
}

/** What the notification tells about `lead` (not where the visit came from). */
function leadSummaryOf({ attribution: _, ...lead }: Lead): Omit<LeadSummary, 'reference'> {
  return lead;
}
