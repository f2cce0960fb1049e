/**
 * Storing a lead (an application or a contact message) with its reference, its idempotency key
 * and the institute's notification in the outbox: one statement, so one round trip and one
 * implicit transaction — a lead never exists without its notification, nor the other way round.
 * The notification is sent after the answer (outbox.ts); the visitor never waits for the mail.
 *
 * The same statement files the lead under its person: the person of the earliest lead with the
 * same mobile number or e-mail address, else a new one. Two first enquiries of one person racing
 * each other can make two people; staff merge those in the inbox.
 */
import { createHash } from 'node:crypto';
import { channelOf, type Attribution } from '../../src/lib/schemas/attribution';
import { query } from './db';
import { HttpError } from './http';
import { LEASE, type LeadSummary } from './outbox';

export interface Lead {
  kind: 'application' | 'contact';
  /** The form it came from: 'apply-form', 'home' or 'contact-page'. */
  form: string;
  name: string;
  email?: string | undefined;
  phone: string;
  department?: string | undefined;
  course?: string | undefined;
  subject?: string | undefined;
  message?: string | undefined;
  consentVersion?: string | undefined;
  /** Where the visit came from, as the form sent it. */
  attribution?: Attribution | undefined;
}

/** The 10 digits of an Indian mobile number (+91XXXXXXXXXX as the schemas store it). */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);
/** An e-mail address as people are matched on it. */
export const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

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
  const a = lead.attribution;
  // The reference counter only moves when the key is new; two twins racing past that check both
  // move it, and the second lead gives way to the first (on conflict): a rare gap in the numbers.
  const [row] = await query<{ id: string; reference: string; outbox_id: string }>(
    `with ref as (
       insert into reference_counters (prefix, year, last)
       select $1, extract(year from now() at time zone 'utc')::int, 1
        where $2::uuid is null or not exists (select 1 from leads where idempotency_key = $2::uuid)
       on conflict (prefix, year) do update set last = reference_counters.last + 1
       returning prefix, year, last
     ), known as (
       select person_id from leads
        where phone_norm = $15 or ($16::text is not null and email_norm = $16)
        order by id limit 1
     ), person as (
       insert into people (created_at)
       select now() from ref where not exists (select 1 from known)
       returning id
     ), lead as (
       insert into leads (reference, kind, form, name, email, phone, department, course, subject, message,
                          consent_version, consent_at, idempotency_key, request_hash,
                          phone_norm, email_norm, person_id, channel,
                          utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page)
       select prefix || '-' || year || '-' || lpad(last::text, 5, '0'), $4, $5, $6, $7, $8, $9, $10, $11, $12,
              $13, case when $13::text is null then null else now() end, $2::uuid, $3,
              $15, $16, coalesce((select person_id from known), (select id from person)), $17,
              $18, $19, $20, $21, $22, $23, $24
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
      lead.form,
      lead.name,
      lead.email ?? null,
      lead.phone,
      lead.department ?? null,
      lead.course ?? null,
      lead.subject ?? null,
      lead.message ?? null,
      lead.consentVersion ?? null,
      LEASE,
      phoneKey(lead.phone),
      emailKey(lead.email),
      channelOf(lead.attribution),
      a?.utmSource ?? null,
      a?.utmMedium ?? null,
      a?.utmCampaign ?? null,
      a?.utmTerm ?? null,
      a?.utmContent ?? null,
      a?.referrer ?? null,
      a?.landingPage ?? null,
    ],
  );
  if (row) return { reference: row.reference, replayed: false, notification: { outboxId: row.outbox_id, lead: { ...leadSummaryOf(lead), reference: row.reference } } };

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

/** What the notification tells about `lead` (not where the visit came from). */
function leadSummaryOf({ attribution: _, ...lead }: Lead): Omit<LeadSummary, 'reference'> {
  return lead;
}
