/**
 * Storing a lead (an application or a contact message) with its reference, its idempotency key
 * and the institute's notification in the outbox: one statement, so one round trip and one
 * implicit transaction — a lead never exists without its notification, nor the other way round.
 * The notification is sent after the answer (outbox.ts); the visitor never waits for the mail.
 */
import { createHash } from 'node:crypto';
import { query } from './db';
import { HttpError } from './http';
import { LEASE, type LeadSummary } from './outbox';

export interface Lead {
  kind: 'application' | 'contact';
  source: string;
  name: string;
  email?: string | undefined;
  phone: string;
  department?: string | undefined;
  course?: string | undefined;
  subject?: string | undefined;
  message?: string | undefined;
  consentVersion?: string | undefined;
}

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
  // The reference counter only moves when the key is new; two twins racing past that check both
  // move it, and the second lead gives way to the first (on conflict): a rare gap in the numbers.
  const [row] = await query<{ id: string; reference: string; outbox_id: string }>(
    `with ref as (
       insert into reference_counters (prefix, year, last)
       select $1, extract(year from now() at time zone 'utc')::int, 1
        where $2::uuid is null or not exists (select 1 from leads where idempotency_key = $2::uuid)
       on conflict (prefix, year) do update set last = reference_counters.last + 1
       returning prefix, year, last
     ), lead as (
       insert into leads (reference, kind, source, name, email, phone, department, course, subject, message,
                          consent_version, consent_at, idempotency_key, request_hash)
       select prefix || '-' || year || '-' || lpad(last::text, 5, '0'), $4, $5, $6, $7, $8, $9, $10, $11, $12,
              $13, case when $13::text is null then null else now() end, $2::uuid, $3
         from ref
       on conflict (idempotency_key) do nothing
       returning id, reference
     ), mail as (
       insert into mail_outbox (kind, lead_id, attempts, locked_until)
       select 'lead', id, 1, now() + $14::interval from lead
       returning id
     )
     select lead.id::text, lead.reference, mail.id::text as outbox_id from lead, mail`,
    [
      prefix,
      key,
      hash,
      lead.kind,
      lead.source,
      lead.name,
      lead.email ?? null,
      lead.phone,
      lead.department ?? null,
      lead.course ?? null,
      lead.subject ?? null,
      lead.message ?? null,
      lead.consentVersion ?? null,
      LEASE,
    ],
  );
  if (row) return { reference: row.reference, replayed: false, notification: { outboxId: row.outbox_id, lead: { ...lead, reference: row.reference } } };

  // Only a repeated key gets here: answer as the first time, or refuse a different body.
  const [previous] = await query<{ reference: string; request_hash: string }>(
    'select reference, request_hash from leads where idempotency_key = $1',
    [key],
  );
  if (!previous || previous.request_hash !== hash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
  }
  return { reference: previous.reference, replayed: true };
}
