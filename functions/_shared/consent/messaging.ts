/**
 * Whom staff may message about a person (src/lib/schemas/messaging.ts; decision 053), read in the
 * same select as the lists that show them: a minor only through the guardian who agreed to
 * WhatsApp and gave a mobile; nobody who withdrew their consent to updates (the rule `mayMessage`
 * keeps for e-mail: a withdrawn 'updates' consent given for a record with that address).
 */
import type { Messaging } from '../../../src/lib/schemas/messaging';

/** SQL: whether a consent to updates given for a record with e-mail `email` (an SQL expression) was withdrawn. */
export const updatesWithdrawnSql = (email: string) => `exists (
  select 1 from consents w
    left join leads wl on wl.id = w.lead_id
    left join users wu on wu.id = w.user_id
    left join students ws on ws.id = w.student_id
   where w.purpose = 'updates' and w.withdrawn_at is not null
     and lower(${email}) in (lower(wl.email), lower(wu.email), lower(ws.email), lower(w.guardian_email)))`;

/**
 * The select list of what `messagingOf` reads, for a record with SQL expressions `minor` (its
 * boolean), `consentId` (its guardian_consent_id) and `email`.
 */
export const messagingColumns = (minor: string, consentId: string, email: string) => `${minor} as msg_minor,
  (select g.whatsapp from consents g where g.id = ${consentId}) as msg_whatsapp,
  (select g.guardian_phone from consents g where g.id = ${consentId}) as msg_guardian_phone,
  (select g.guardian_name from consents g where g.id = ${consentId}) as msg_guardian_name,
  ${updatesWithdrawnSql(email)} as msg_withdrawn`;

/** A row's columns of `messagingColumns`. */
export interface MessagingRecord {
  msg_minor: boolean | null;
  msg_whatsapp: boolean | null;
  msg_guardian_phone: string | null;
  msg_guardian_name: string | null;
  msg_withdrawn: boolean | null;
}

/** The `messaging` of a row (undefined: the person's own number, as usual). */
export function messagingOf(row: MessagingRecord): Messaging | undefined {
  if (row.msg_withdrawn) return { to: 'nobody', why: 'withdrawn' };
  if (!row.msg_minor) return undefined;
  if (row.msg_whatsapp && row.msg_guardian_phone) return { to: 'guardian', phone: row.msg_guardian_phone, guardian: row.msg_guardian_name ?? '' };
  return { to: 'nobody', why: 'guardian-no-whatsapp' };
}

/** `row` without the columns of `messagingColumns`, and its `messaging` when there is one. */
export function withMessaging<T extends MessagingRecord>(row: T): Omit<T, keyof MessagingRecord> & { messaging?: Messaging } {
  const { msg_minor, msg_whatsapp, msg_guardian_phone, msg_guardian_name, msg_withdrawn, ...rest } = row;
  const messaging = messagingOf({ msg_minor, msg_whatsapp, msg_guardian_phone, msg_guardian_name, msg_withdrawn });
  return messaging ? { ...rest, messaging } : rest;
}
