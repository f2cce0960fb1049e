/**
 * Mail that must not be lost (table mail_outbox): to the institute, the staff's daily
 * follow-ups (kind 'staff', to its own recipient, see follow-ups.ts) and mail to an applicant
 * (kind 'applicant': confirmation, documents to fix; see application-mail.ts). A row is written in the same
 * statement as what it tells about (leads.ts), already leased to the request that wrote it, which
 * sends it after the answer (`afterAnswer`). A send that failed, or a request that died before
 * sending, leaves the row for the scheduled housekeeping (`deliverDue`), which retries with a
 * growing delay and marks the row failed after MAX_ATTEMPTS, where staff can see it.
 * The lease (`locked_until`) keeps two senders off one row, so a message goes out once.
 */
import { leadPath } from '../../../src/admin/routes';
import { formatIndiaMoment } from '../../../src/lib/india-time';
import { departmentLabel, formLabel } from '../../../src/lib/labels';
import { APPLICATION_FORM_LABELS } from '../../../src/lib/schemas/application-status';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import { query } from './db';
import { env } from './env';
import { instituteAddress, sendMail, type Mail } from './mail';
import { formatMobile } from '../../../src/lib/mobile';

/** Attempts before a message is marked failed (about ten hours of retries). */
export const MAX_ATTEMPTS = 8;
/** How long a sender holds a row before another may take it. */
export const LEASE = '5 minutes';
/** First retry delay in seconds; it doubles with every attempt, up to MAX_DELAY. */
const FIRST_DELAY = 5 * 60;
const MAX_DELAY = 6 * 60 * 60;

/** What the institute is told about a lead. */
export interface LeadSummary {
  /** The lead's id: the mail links to its page in the admin. */
  id?: string | null | undefined;
  reference: string;
  /** When it came in (shown in India time). */
  receivedAt?: Date | string | null | undefined;
  /** 'application', 'contact' or an application form's kind (emitra, csc, iibf, nielit). */
  kind: string;
  /** The form it came from. */
  form: string;
  name: string;
  phone: string;
  email?: string | null | undefined;
  department?: string | null | undefined;
  course?: string | null | undefined;
  subject?: string | null | undefined;
  message?: string | null | undefined;
}

/** The site's configured address (Netlify's `URL`), which mail links start with; null when unset. */
export function configuredOrigin(): string | null {
  const { URL: site } = env();
  return site ? new URL(site).origin : null;
}

/** The address links in mail to staff start with: the configured one, else the request's own. */
export const originFor = (req: Request): string => configuredOrigin() ?? new URL(req.url).origin;

/**
 * The notification of a lead, to the institute's own inbox (so it may carry what the visitor
 * wrote), in words (the form's and department's names, the time in India), with a link to the
 * lead in the admin at `origin` (the site's address).
 */
export function leadMail(lead: LeadSummary, origin: string | null = configuredOrigin()): Mail {
  const lines = [
    `Reference: ${lead.reference}`,
    lead.receivedAt && `Received: ${formatIndiaMoment(lead.receivedAt)} (India time)`,
    `From: ${formLabel(lead.form)}`,
    `Name: ${lead.name}`,
    `Phone: ${formatMobile(lead.phone)}`,
    lead.email && `E-mail: ${lead.email}`,
    lead.department && `Department: ${departmentLabel(lead.department)}`,
    lead.course && `Course: ${lead.course}`,
    lead.subject && `Subject: ${lead.subject}`,
    lead.message && `Message:\n${lead.message}`,
  ].filter(Boolean);
  const form = APPLICATION_FORM_LABELS[lead.kind as ApplicationForm] as string | undefined;
  // An application form's lead: its details and documents are in the inbox, never in a mail.
  if (form) lines.push(`Form: ${form}`, 'The details and documents are in the leads inbox (ID numbers masked).');
  if (origin && lead.id) lines.push('', `Open it in the admin: ${origin}${leadPath(lead.id)}`);
  const what = form ? `New ${form}` : lead.kind === 'application' ? 'New application' : 'New message';
  return { to: instituteAddress(), subject: `${what} ${lead.reference}: ${lead.name}`, text: lines.join('\n'), replyTo: lead.email ?? undefined };
}

/**
 * Sends the leased outbox row `id` and records the outcome in one statement (also on its lead).
 * Never throws: a failure stays in the row for the next attempt.
 */
export async function deliver(id: string, mail: Mail): Promise<boolean> {
  try {
    await sendMail(mail);
  } catch (error) {
    const reason = String(error instanceof Error ? error.message : error).slice(0, 500);
    console.error(`outbox ${id}: sending failed: ${reason}`);
    const [row] = await query<{ failed: boolean }>(
      `with failed as (
         update mail_outbox set locked_until = null, last_error = $2,
           next_attempt_at = now() + make_interval(secs => least($3 * power(2, greatest(attempts - 1, 0)), $4)),
           failed_at = case when attempts >= $5 then now() end
          where id = $1 returning case when kind = 'lead' then lead_id end as lead_id, failed_at is not null as failed
       ), lead as (update leads set notify_error = $2 where id = (select lead_id from failed))
       select failed from failed`,
      [id, reason, FIRST_DELAY, MAX_DELAY, MAX_ATTEMPTS],
    );
    if (row?.failed) console.error(`outbox ${id}: gave up after ${MAX_ATTEMPTS} attempts; it is listed as failed for staff.`);
    return false;
  }
  await query(
    `with sent as (update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = $1 returning case when kind = 'lead' then lead_id end as lead_id)
     update leads set notified_at = now(), notify_error = null where id = (select lead_id from sent)`,
    [id],
  );
  return true;
}

interface DueRow extends Partial<LeadSummary> {
  id: string;
  outbox_kind: 'lead' | 'alert' | 'staff' | 'applicant' | 'student';
  alert_subject: string | null;
  alert_body: string | null;
  /** Kinds 'staff', 'applicant' and 'student': the member of staff's, the applicant's or the student's address. */
  recipient: string | null;
  lead_id: string | null;
  received_at: Date | null;
}

/**
 * Takes up to `max` rows that are due (never sent, not failed, lease free), leases them, and
 * sends each. Returns how many went out and how many failed this time.
 */
export async function deliverDue(max = 25, origin: string | null = configuredOrigin()): Promise<{ sent: number; failed: number }> {
  const rows = await query<DueRow>(
    `with due as (
       select id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at limit $1 for update skip locked
     ), claimed as (
       update mail_outbox o set attempts = o.attempts + 1, locked_until = now() + $2::interval
         from due where o.id = due.id
       returning o.id, o.kind, o.lead_id, o.subject, o.body, o.recipient
     )
     select c.id::text, c.kind as outbox_kind, c.subject as alert_subject, c.body as alert_body, c.recipient,
            l.id::text as lead_id, l.created_at as received_at,
            l.reference, l.kind, l.form, l.name, l.phone, l.email, l.department, l.course, l.subject, l.message
       from claimed c left join leads l on l.id = c.lead_id
      order by c.id`,
    [max, LEASE],
  );
  let sent = 0;
  for (const row of rows) {
    // A lead's notification is rendered now; an alert, a staff mail and an applicant's mail were
    // stored rendered (staff and applicants with their own recipient).
    const mail =
      row.outbox_kind === 'lead'
        ? leadMail({ ...(row as LeadSummary), id: row.lead_id, receivedAt: row.received_at }, origin)
        : { to: row.recipient ?? instituteAddress(), subject: row.alert_subject!, text: row.alert_body! };
    if (await deliver(row.id, mail)) sent += 1;
  }
  return { sent, failed: rows.length - sent };
}

/**
 * Tells the institute `notice`, once for `key` (e.g. a limit and its window): the first caller
 * writes the row and sends it; every later caller with the same key does nothing.
 */
export async function noticeOnce(key: string, notice: { subject: string; body: string }): Promise<void> {
  const [row] = await query<{ id: string }>(
    `with claimed as (insert into notices_sent (key) values ($1) on conflict do nothing returning key)
     insert into mail_outbox (kind, subject, body, attempts, locked_until)
     select 'alert', $2, $3, 1, now() + $4::interval from claimed
     returning id::text`,
    [key, notice.subject, notice.body, LEASE],
  );
  if (row) await deliver(row.id, { to: instituteAddress(), subject: notice.subject, text: notice.body });
}
