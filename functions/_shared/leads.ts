/** Storing a lead and telling the institute about it. */
import type { PoolClient } from '@neondatabase/serverless';
import { query } from './db';
import { instituteAddress, sendMail } from './mail';
import { nextReference } from './reference';

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

/** Inserts the lead with a fresh reference (inside the caller's transaction). */
export async function insertLead(client: PoolClient, lead: Lead): Promise<{ id: string; reference: string }> {
  const reference = await nextReference(client, lead.kind === 'application' ? 'AP' : 'CT');
  const { rows } = await client.query<{ id: string }>(
    `insert into leads (reference, kind, source, name, email, phone, department, course, subject, message, consent_version, consent_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, case when $11::text is null then null else now() end)
     returning id::text`,
    [
      reference,
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
    ],
  );
  return { id: rows[0]!.id, reference };
}

/**
 * E-mails the institute a summary of a stored lead. A failure is recorded on the lead and
 * logged; it never undoes the lead or changes the visitor's answer.
 */
export async function notifyInstitute(id: string, reference: string, lead: Lead): Promise<void> {
  const lines = [
    `Reference: ${reference}`,
    `From: ${lead.source}`,
    `Name: ${lead.name}`,
    `Phone: ${lead.phone}`,
    lead.email && `E-mail: ${lead.email}`,
    lead.department && `Department: ${lead.department}`,
    lead.course && `Course: ${lead.course}`,
    lead.subject && `Subject: ${lead.subject}`,
    lead.message && `Message:\n${lead.message}`,
  ].filter(Boolean);
  const what = lead.kind === 'application' ? 'New application' : 'New message';
  try {
    await sendMail({ to: instituteAddress(), subject: `${what} ${reference}: ${lead.name}`, text: lines.join('\n'), replyTo: lead.email });
    await query('update leads set notified_at = now(), notify_error = null where id = $1', [id]);
  } catch (error) {
    console.error(`lead ${reference}: notification failed`, error);
    await query('update leads set notify_error = $2 where id = $1', [id, String(error).slice(0, 500)]).catch(() => {});
  }
}
