/**
 * Consent records (table consents, migration 028; decision 053): what a person, or a child's
 * parent or guardian, agreed to, how, when and to which notice version and language. Every form's
 * submission writes its own (an adult: given by themselves on the form); a withdrawn consent stops
 * what it covered (`mayMessage` for the e-mails to a person).
 */
import type { Queryable } from '../platform/db';
import { NOTICE_VERSION, type NoticeForm } from '../../../src/lib/privacy-notice';
import type { GuardianConsentView, GuardianDocument, GuardianRelation } from '../../../src/lib/schemas/guardian-consent';
import type { Locale } from '../../../src/i18n/locales';

/** What a consent covers: handling the enquiry/application/account, messages about it, offers. */
export const CONSENT_PURPOSES = ['service', 'updates', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The guardian a consent was given by, as the child's form named them. */
export interface ConsentGuardian {
  name: string;
  relation: GuardianRelation;
  email: string;
  phone?: string | null | undefined;
}

/** Consents to write for one record. */
export interface NewConsents {
  purposes: readonly ConsentPurpose[];
  /** Absent: given by the person themselves. */
  guardian?: ConsentGuardian | undefined;
  method: 'form' | 'email-code' | 'office';
  whatsapp?: boolean | undefined;
  staff?: { id: string; name: string } | undefined;
  document?: GuardianDocument | undefined;
  noticeForm: NoticeForm;
  language: Locale;
  leadId?: string | null | undefined;
  userId?: string | null | undefined;
  studentId?: string | null | undefined;
}

/** Writes one consent row per purpose (the lead's person linked too); returns their ids, in `purposes`' order. */
export async function writeConsents(db: Queryable, c: NewConsents): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into consents (person_id, lead_id, user_id, student_id, given_by, purpose, guardian_name, guardian_relation, guardian_email,
                           guardian_phone, whatsapp, method, staff_id, staff_name, document, notice_form, notice_version, language)
     select (select person_id from leads where id = $1::bigint), $1::bigint, $2::uuid, $3::bigint, $4, p.purpose, $5, $6, $7, $8, $9, $10, $11::uuid, $12, $13, $14, $15, $16
       from unnest($17::text[]) with ordinality as p(purpose, n)
      order by p.n
     returning id::text`,
    [
      c.leadId ?? null,
      c.userId ?? null,
      c.studentId ?? null,
      c.guardian ? 'guardian' : 'self',
      c.guardian?.name ?? null,
      c.guardian?.relation ?? null,
      c.guardian?.email ?? null,
      c.guardian?.phone ?? null,
      c.whatsapp ?? false,
      c.method,
      c.staff?.id ?? null,
      c.staff?.name ?? null,
      c.document ?? null,
      c.noticeForm,
      NOTICE_VERSION,
      c.language,
      [...c.purposes],
    ],
  );
  return rows.map((r) => r.id);
}

/** What an adult agrees to on a form: the form's purpose and messages about it; Apply's checkbox is also to be contacted about courses. */
export const selfPurposes = (form: NoticeForm): ConsentPurpose[] => (form === 'apply' ? ['service', 'updates', 'marketing'] : ['service', 'updates']);

/** What a guardian agrees to for a child: never offers (s.9(3)). */
export const GUARDIAN_PURPOSES: readonly ConsentPurpose[] = ['service', 'updates'];

/**
 * Whether mail about themselves (a receipt, a fee notice, a refund, a certificate, an
 * application's status) may go to `email`: not when a consent to updates given for a record with
 * that address (a lead, an account, a student record, or the guardian's own) has been withdrawn.
 */
export async function mayMessage(db: Queryable, email: string | null | undefined): Promise<boolean> {
  if (!email) return false;
  const { rows } = await db.query<{ withdrawn: boolean }>(
    `select exists (
       select 1 from consents c
         left join leads l on l.id = c.lead_id
         left join users u on u.id = c.user_id
         left join students s on s.id = c.student_id
        where c.purpose = 'updates' and c.withdrawn_at is not null
          and lower($1) in (lower(l.email), lower(u.email), lower(s.email), lower(c.guardian_email))
     ) as withdrawn`,
    [email],
  );
  return !rows[0]!.withdrawn;
}

/** Whether staff may message the person of `email` on WhatsApp (the same rule as e-mail updates). */
export const mayWhatsApp = mayMessage;

/** What staff's answers about a student record say of its consents: a minor's guardian consent, and whether updates were withdrawn. */
export async function studentConsent(db: Queryable, studentId: string): Promise<{ guardianConsent: GuardianConsentView | null; updatesWithdrawn: boolean }> {
  const { rows } = await db.query<{ consent_id: string | null; email: string | null }>(
    'select guardian_consent_id::text as consent_id, email from students where id = $1',
    [studentId],
  );
  const row = rows[0];
  return {
    guardianConsent: await guardianConsentView(db, row?.consent_id),
    updatesWithdrawn: row?.email ? !(await mayMessage(db, row.email)) : false,
  };
}

/**
 * A minor's record's guardian consent as staff see it (GuardianConsentViewSchema): its 'service'
 * row (withdrawn if that or 'updates' was withdrawn), or null when `consentId` is null.
 */
export async function guardianConsentView(db: Queryable, consentId: string | null | undefined): Promise<GuardianConsentView | null> {
  if (!consentId) return null;
  const { rows } = await db.query<{
    guardian_name: string;
    guardian_relation: GuardianRelation;
    method: 'email-code' | 'office';
    given_at: Date;
    notice_version: string;
    language: Locale;
    staff_name: string | null;
    document: GuardianDocument | null;
    whatsapp: boolean;
    withdrawn: boolean;
  }>(
    `select c.guardian_name, c.guardian_relation, c.method, c.given_at, c.notice_version, c.language, c.staff_name, c.document, c.whatsapp,
            exists (select 1 from consents w where w.given_by = 'guardian' and w.withdrawn_at is not null
                     and w.given_at = c.given_at and w.guardian_email = c.guardian_email) as withdrawn
       from consents c where c.id = $1 and c.given_by = 'guardian'`,
    [consentId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.withdrawn ? 'withdrawn' : 'given',
    guardianName: row.guardian_name,
    relation: row.guardian_relation,
    how: row.method,
    at: new Date(row.given_at).toISOString(),
    noticeVersion: row.notice_version,
    language: row.language,
    staffName: row.staff_name,
    document: row.document,
    whatsapp: row.whatsapp,
  };
}
