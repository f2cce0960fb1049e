/**
 * Asking an applicant to upload some documents again (the step 'documents-to-fix'), inside the
 * transaction that moved the lead: a new link token (only its hash is stored, fix-token.ts) with
 * the slots, the note and the expiry on the applications row, and the e-mail with the link in the
 * outbox as kind 'applicant', leased to this request, which sends it once the answer has gone
 * (`deliver`); housekeeping retries it if that fails. A new request replaces an older link.
 */
import { mayMessage } from '../consent/consents';
import type { PoolClient } from '@neondatabase/serverless';
import { FORMS } from '../../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import { fieldErrors } from '../platform/http';
import { FIX_LINK_DAYS, FIX_PAGE, newFixToken } from './fix-token';
import { fixRequestMail } from './fix-request-mail';
import { pageIn, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** A mail written to the outbox, to be sent after the answer. */
export interface QueuedMail {
  outboxId: string;
  mail: Mail;
}

/** `slots` in the form's own order (as the applicant saw them); a 400 for any that is not a document of the form. */
export function checkFixSlots(form: ApplicationForm, slots: string[]): string[] {
  const known = FORMS[form].documents.map((d) => d.slot);
  if (slots.some((slot) => !known.includes(slot))) throw fieldErrors({ 'next.slots': 'Please choose documents of this form.' });
  return known.filter((slot) => slots.includes(slot));
}

/**
 * Stores the request to fix `slots` of application `leadId` (its form `form`) with `note`, and
 * queues the mail with the link on `origin`. Returns the queued mail.
 */
export async function requestFix(
  client: PoolClient,
  leadId: string,
  form: ApplicationForm,
  slots: string[],
  note: string | null,
  origin: string,
): Promise<QueuedMail> {
  const { token, hash } = newFixToken();
  const { rows } = await client.query<{ reference: string; email: string | null; expiresAt: Date | string; language: Locale }>(
    `with asked as (
       update applications set fix_slots = $2::text[], fix_note = $3, fix_token_hash = $4, fix_requested_at = now(),
              fix_expires_at = now() + make_interval(days => $5)
        where lead_id = $1 returning lead_id, fix_expires_at
     )
     select l.reference, l.email, a.fix_expires_at as "expiresAt", l.language from asked a join leads l on l.id = a.lead_id`,
    [leadId, slots, note, hash, FIX_LINK_DAYS],
  );
  const lead = rows[0];
  if (!lead) throw fieldErrors({ 'next.status': 'This application has no stored form, so no documents can be asked for.' });
  if (!lead.email) throw fieldErrors({ 'next.status': 'This applicant gave no e-mail address: please call them instead.' });
  // Not to a person who withdrew their consent to updates (decision 053).
  if (!(await mayMessage(client, lead.email))) {
    throw fieldErrors({ 'next.status': 'This applicant withdrew their consent to e-mails: please call them instead.' });
  }

  const labels = new Map(FORMS[form].documents.map((d) => [d.slot, d.label]));
  const mail = fixRequestMail({
    to: lead.email,
    reference: lead.reference,
    form,
    documents: slots.map((slot) => labels.get(slot) ?? slot),
    note,
    link: `${origin}${pageIn(FIX_PAGE, lead.language)}#${token}`,
    expiresAt: new Date(lead.expiresAt).toISOString(),
    // In the language of the form's page, and the link opens the page in it.
    locale: lead.language,
  });
  const queued = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, lead_id, recipient, subject, body, attempts, locked_until)
     values ('applicant', $1, $2, $3, $4, 1, now() + $5::interval) returning id::text`,
    [leadId, mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: queued.rows[0]!.id, mail };
}
