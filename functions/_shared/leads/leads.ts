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
import { NOTICE_VERSION, type NoticeForm } from '../../../src/lib/privacy-notice';
import type { ConsentPurpose } from '../consent/consents';
import { server_idempotency_key_reused } from '../../../src/i18n/messages';

/** An application (Apply dialog) or contact message: a new lead without the insert's own choices. */
export type Lead = Omit<NewLead, 'prefix' | 'kind' | 'status'> & { kind: 'application' | 'contact' };

export { emailKey, phoneKey } from './lead-insert';

/** An adult's consent given on the form, stored with the lead. */
export interface SelfConsent {
  noticeForm: NoticeForm;
  purposes: readonly ConsentPurpose[];
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
export async function storeLead(lead: Lead, key: string | null, payload: unknown, selfConsent?: SelfConsent): Promise<Stored> {
  const hash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  const prefix = lead.kind === 'application' ? 'AP' : 'CT';
  const { ctes, params } = leadInsert({ ...lead, prefix }, key, hash);
  const p = (n: number) => `$${LEAD_PARAMS + n}`;
  // An adult's own consent rows, in the same statement (one round trip): given on the form, to its notice.
  const consent = selfConsent
    ? `, consent as (
       insert into consents (person_id, lead_id, given_by, purpose, method, notice_form, notice_version, language)
       select lead_person.person_id, lead.id, 'self', purpose, 'form', ${p(2)}, ${p(3)}, ${p(4)}
         from lead, (select coalesce((select person_id from known), (select id from person)) as person_id) as lead_person, unnest(${p(5)}::text[]) as purpose
     )`
    : '';
  const [row] = await query<{ id: string; reference: string; outbox_id: string }>(
    `with ${ctes}, mail as (
       insert into mail_outbox (kind, lead_id, attempts, locked_until)
       select 'lead', id, 1, now() + ${p(1)}::interval from lead
       returning id
     )${consent}
     select lead.id::text, lead.reference, mail.id::text as outbox_id from lead, mail`,
    [...params, LEASE, ...(selfConsent ? [selfConsent.noticeForm, NOTICE_VERSION, lead.language ?? 'en', [...selfConsent.purposes]] : [])],
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
