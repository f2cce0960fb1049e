/**
 * How a new lead is written, shared by the enquiry forms (leads.ts, one statement with its
 * notification) and the application forms (applications.ts, inside their transaction):
 * - its reference `<prefix>-<year>-<nnnnn>` from reference_counters, which only moves when the
 *   Idempotency-Key is new (two twins racing past that check both move it, and the second lead
 *   gives way to the first: a rare gap in the numbers);
 * - its person: the person of the earliest lead with the same mobile number or e-mail address,
 *   else a new one (two first enquiries of one person racing each other can make two people;
 *   staff merge those in the inbox);
 * - what it takes from its person (lead-insert-person.ts): a known person's status, follow-up
 *   and counsellor; for a new person, the next counsellor in turn when automatic assignment is on;
 * - its idempotency key and request hash, where the visit came from (channel, UTM), its consent;
 * - the language of the page it was sent from (migration 017), which mail to the person is written in.
 */
import { channelOf, type Attribution } from '../../../src/lib/schemas/attribution';
import { AUTO_ASSIGNED_CTE, PERSON_COLUMNS, PERSON_CTES } from './lead-insert-person';
import { nameKey } from '../../../src/lib/transliterate';
import type { Locale } from '../../../src/i18n/locales';

/** A lead to write. */
export interface NewLead {
  /** The first letters of its reference (AP, CT, EM, …). */
  prefix: string;
  /** 'application', 'contact' or an application form's kind. */
  kind: string;
  /** The form it came from: 'apply-form', 'home', 'contact-page', or an application form's page. */
  form: string;
  /** Its first status (the column's default, 'new', when left out). */
  status?: string | undefined;
  name: string;
  email?: string | undefined;
  /** +91 and ten digits. */
  phone: string;
  department?: string | undefined;
  course?: string | undefined;
  subject?: string | undefined;
  message?: string | undefined;
  /** The version of the consent given; consent_at is the statement's time. */
  consentVersion?: string | undefined;
  /** Where the visit came from, as the form sent it. */
  attribution?: Attribution | undefined;
  /** The language of the page it was sent from (English when the client named none). */
  language?: Locale | undefined;
  /**
   * An under-18's lead, kept with a guardian's consent (migration 028): no follow-up day from
   * its person (no marketing follow-ups of a child, DPDP Act s.9(3)); its callers give no attribution.
   */
  minor?: boolean | undefined;
  /** The guardian's consent that let a minor's lead be kept. */
  guardianConsentId?: string | undefined;
}

/** The 10 digits of an Indian mobile number (+91XXXXXXXXXX as the schemas store it). */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);
/** An e-mail address as people are matched on it. */
export const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** How many parameters leadInsert's statement part uses: a caller's own start at $(LEAD_PARAMS + 1). */
export const LEAD_PARAMS = 28;

/**
 * The common table expressions `ref`, `known`, `held`, `holder`, `turn`, `person`, `lead` (which returns the new lead's
 * `id` and `reference`, or nothing when `key` was already used) and `auto_assigned`, and their parameters $1…$28.
 * The caller adds its own expressions and final select.
 */
export function leadInsert(lead: NewLead, key: string | null, hash: string): { ctes: string; params: unknown[] } {
  const a = lead.attribution;
  const ctes = `ref as (
       insert into reference_counters (prefix, year, last)
       select $1, extract(year from now() at time zone 'utc')::int, 1
        where $2::uuid is null or not exists (select 1 from leads where idempotency_key = $2::uuid)
       on conflict (prefix, year) do update set last = reference_counters.last + 1
       returning prefix, year, last
     ), known as (
       select person_id from leads
        where phone_norm = $14 or ($15::text is not null and email_norm = $15)
        order by id limit 1
     ), ${PERSON_CTES}, person as (
       insert into people (created_at)
       select now() from ref where not exists (select 1 from known)
       returning id
     ), lead as (
       insert into leads (reference, kind, form, status, name, email, phone, department, course, subject, message,
                          consent_version, consent_at, idempotency_key, request_hash,
                          phone_norm, email_norm, person_id, channel, ${PERSON_COLUMNS.names},
                          utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page, name_latin, language,
                          minor, guardian_consent_id)
       select prefix || '-' || year || '-' || lpad(last::text, 5, '0'), $4, $5, ${PERSON_COLUMNS.status('$24::text')}, $6, $7, $8, $9, $10, $11, $12,
              $13, case when $13::text is null then null else now() end, $2::uuid, $3,
              $14, $15, coalesce((select person_id from known), (select id from person)), $16, ${PERSON_COLUMNS.values('$27::boolean')},
              $17, $18, $19, $20, $21, $22, $23, $25, $26, $27::boolean, $28::bigint
         from ref
       on conflict (idempotency_key) do nothing
       returning id, reference
     ), ${AUTO_ASSIGNED_CTE}`;
  const params = [
    lead.prefix,
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
    phoneKey(lead.phone),
    emailKey(lead.email),
    channelOf(a),
    a?.utmSource ?? null,
    a?.utmMedium ?? null,
    a?.utmCampaign ?? null,
    a?.utmTerm ?? null,
    a?.utmContent ?? null,
    a?.referrer ?? null,
    a?.landingPage ?? null,
    lead.status ?? null,
    // The name's Latin key (migration 012), so a search in either script finds it.
    nameKey(lead.name),
    lead.language ?? 'en',
    lead.minor ?? false,
    lead.guardianConsentId ?? null,
  ];
  return { ctes, params };
}
