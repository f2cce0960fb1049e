/**
 * An under-18's submission held until a parent or guardian consents (DPDP Act 2023 s.9(1), Rules
 * 2025 r.10; decision 053). Nothing of it reaches staff: the request is sealed in
 * held_submissions (AES-256-GCM, bound to the hold's id), a 6-digit code goes to the guardian's
 * e-mail through the outbox (kind 'guardian'), and the form answers 202 (HeldAnswerSchema). The
 * code works as long as the hold (HOLD_HOURS), for CODE_TRIES wrong tries, then a new one is
 * needed. The guardian consents on /guardian-consent (release.ts) or at the office; housekeeping
 * deletes a hold nobody consented to, with its uploads (`deleteExpiredHolds`).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import notice from '../../../content/privacy-notice.json';
import { HOLD_HOURS, type Guardian, type GuardianRelation, type HeldAnswer } from '../../../src/lib/schemas/guardian-consent';
import { noticeTitle, type NoticeForm } from '../../../src/lib/privacy-notice';
import { formatIndiaMoment } from '../../../src/lib/india-time';
import type { Locale } from '../../../src/i18n/locales';
import { authKeys } from '../auth/auth-keys';
import { codeMatches, hashCode, newCode } from '../auth/otp';
import { transaction, type Queryable } from '../platform/db';
import { HttpError, json } from '../platform/http';
import { pageIn } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';
import { seal, unseal } from '../platform/sealed';
import {
  guardian_held,
  guardian_mail_code,
  guardian_mail_expires,
  guardian_mail_grievance,
  guardian_mail_intro,
  guardian_mail_link,
  guardian_mail_nothing_kept,
  guardian_mail_office,
  guardian_mail_refuse,
  guardian_mail_subject,
  server_idempotency_key_reused,
} from '../../../src/i18n/messages';

/** The forms whose submissions may be held (their endpoints). */
export type HeldForm = 'apply' | 'contact' | 'emitra' | 'csc' | 'iibf' | 'nielit' | 'register' | 'data-request';

/** Wrong codes allowed before a new code is needed. */
export const CODE_TRIES = 5;
/** The guardian's page. */
export const GUARDIAN_PAGE = '/guardian-consent';

/** What is sealed: the request and what storing it needs later. */
export interface HeldRequest {
  /** The checked body as the form's function would store it (a registration: name, e-mail, password hash). */
  body: Record<string, unknown>;
  /** Where the site is (links in the mails the storing queues). */
  origin: string;
  language: Locale;
  /** The request's Idempotency-Key and body hash, which the stored record keeps. */
  key: string | null;
  hash: string;
}

/** A hold as stored (the sealed parts still sealed). */
export interface HoldRow {
  id: string;
  number: string;
  form: HeldForm;
  sealed: string;
  child_name_sealed: string;
  guardian_name: string;
  guardian_relation: GuardianRelation;
  guardian_email: string;
  guardian_phone: string | null;
  language: Locale;
  code_hash: string;
  code_attempts: number;
  code_sent_at: Date;
  expires_at: Date;
  released_at: Date | null;
  lead_id: string | null;
  user_id: string | null;
  consent_id: string | null;
  request_hash: string;
}

const COLUMNS = `id::text, number, form, sealed, child_name_sealed, guardian_name, guardian_relation, guardian_email, guardian_phone, language,
  code_hash, code_attempts, code_sent_at, expires_at, released_at, lead_id::text, user_id::text, consent_id::text, request_hash`;

/** The hold's number's letters: no 0, O, 1 or I (read aloud at the office). */
const NUMBER_LETTERS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const letters = (n: number) => Array.from({ length: n }, () => NUMBER_LETTERS[randomInt(0, NUMBER_LETTERS.length)]).join('');
/** A new hold number, H-XXXX-XX. */
export const newHoldNumber = () => `H-${letters(4)}-${letters(2)}`;
/** A number as typed at the office (any case, with or without dashes) as stored. */
export function normalHoldNumber(typed: string): string {
  const plain = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  // Six letters or digits after the H (which may be left out; the body itself may begin with an H).
  const body = plain.length === 7 && plain.startsWith('H') ? plain.slice(1) : plain;
  return `H-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** An e-mail address masked for a screen: "r•••@gmail.com". */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*@/, '$1•••@');

/** The form's name in `locale`, from the notice. */
export const formWords = (form: HeldForm, locale: Locale) => noticeTitle(form as NoticeForm, locale);

/** Seals `plain` for hold `id`. */
const sealFor = (id: string, plain: string) => seal(plain, authKeys().heldSubmission, `held-submission:${id}`);
/** Opens what `sealFor` sealed for hold `id`. */
const unsealFor = (id: string, sealed: string) => unseal(sealed, authKeys().heldSubmission, `held-submission:${id}`);

/** The request a hold keeps. */
export const heldRequestOf = (hold: HoldRow): HeldRequest => JSON.parse(unsealFor(hold.id, hold.sealed)) as HeldRequest;
/** The child's name a hold keeps. */
export const childNameOf = (hold: HoldRow): string => unsealFor(hold.id, hold.child_name_sealed);

/** The hold `id` (or number), locked for the caller's transaction when `lock`. */
export async function findHold(db: Queryable, by: { id: string } | { number: string }, lock = false): Promise<HoldRow | null> {
  const where = 'id' in by ? 'id = $1::uuid' : 'number = $1';
  const { rows } = await db.query<HoldRow>(`select ${COLUMNS} from held_submissions where ${where}${lock ? ' for update' : ''}`, [
    'id' in by ? by.id : by.number,
  ]);
  return rows[0] ?? null;
}

/** The guardian's code mail, in the form's language: fixed words, nothing the child typed but the form's name. */
export function guardianMail(hold: Pick<HoldRow, 'id' | 'number' | 'form' | 'guardian_email' | 'language' | 'expires_at'>, code: string, origin: string): Mail {
  const locale = hold.language;
  const form = formWords(hold.form, locale);
  const g = notice.grievance;
  return {
    to: hold.guardian_email,
    subject: guardian_mail_subject({ institute: site.name, form }, { locale }),
    text: [
      guardian_mail_intro({ form, institute: site.name }, { locale }),
      guardian_mail_nothing_kept({}, { locale }),
      '',
      guardian_mail_code({ code }, { locale }),
      '',
      guardian_mail_link({ link: `${origin}${pageIn(GUARDIAN_PAGE, locale)}?id=${hold.id}` }, { locale }),
      guardian_mail_office({ number: hold.number }, { locale }),
      guardian_mail_expires({ until: formatIndiaMoment(hold.expires_at, locale) }, { locale }),
      guardian_mail_refuse({}, { locale }),
      '',
      guardian_mail_grievance({ name: g.name[locale], email: g.email, phone: g.phone }, { locale }),
      '',
      site.name,
    ].join('\n'),
  };
}

/** The form's 202 for a hold, in `locale`. */
export function heldAnswer(hold: Pick<HoldRow, 'id' | 'number' | 'guardian_email' | 'expires_at'>, childName: string, locale: Locale): HeldAnswer {
  const guardianEmail = maskEmail(hold.guardian_email);
  const expiresAt = new Date(hold.expires_at).toISOString();
  return {
    message: guardian_held({ name: childName, email: guardianEmail, until: formatIndiaMoment(expiresAt, locale), number: hold.number }, { locale }),
    held: { id: hold.id, number: hold.number, guardianEmail, expiresAt },
  };
}

/** Queues a new code mail for `hold` inside the caller's transaction (leased to this request). */
export async function queueGuardianMail(
  client: Queryable,
  hold: Parameters<typeof guardianMail>[0],
  code: string,
  origin: string,
): Promise<{ outboxId: string; mail: Mail }> {
  const mail = guardianMail(hold, code, origin);
  const { rows } = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, held_id, recipient, subject, body, attempts, locked_until) values ('guardian', $1, $2, $3, $4, 1, now() + $5::interval) returning id::text`,
    [hold.id, mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: rows[0]!.id, mail };
}

/** What a form hands over to hold. */
export interface ToHold {
  form: HeldForm;
  request: HeldRequest;
  childName: string;
  guardian: Guardian;
  /** An application form's fill: its uploads stay while the hold lives. */
  draft?: string | undefined;
}

/** The result of holding: the 202 answer and the mail to send after it (none for a replay). */
export interface Held {
  response: Response;
  replayed: boolean;
  queued?: { outboxId: string; mail: Mail } | undefined;
}

/**
 * Holds a minor's submission once per Idempotency-Key (the same key and body answer the same
 * hold; another body is refused) or per application fill (`draft`): sealed, with a code for the
 * guardian queued in the same transaction. Answers 202 in the request's language.
 */
export async function holdSubmission(h: ToHold): Promise<Held> {
  const locale = h.request.language;
  return transaction(async (client) => {
    const earlier = await earlierHold(client, h);
    if (earlier) return { response: json(heldAnswer(earlier, childNameOf(earlier), locale), 202, { 'Idempotent-Replayed': 'true' }), replayed: true };
    const id = randomUUID();
    const code = newCode();
    const g = h.guardian;
    const { rows } = await client.query<HoldRow>(
      `insert into held_submissions (id, number, form, sealed, child_name_sealed, guardian_name, guardian_relation, guardian_email, guardian_phone,
                                     language, idempotency_key, request_hash, draft, code_hash, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() + make_interval(hours => $15))
       on conflict do nothing
       returning ${COLUMNS}`,
      [
        id,
        newHoldNumber(),
        h.form,
        sealFor(id, JSON.stringify(h.request)),
        sealFor(id, h.childName),
        g.name,
        g.relation,
        g.email,
        g.phone ?? null,
        locale,
        h.request.key,
        h.request.hash,
        h.draft ?? null,
        hashCode(id, code),
        HOLD_HOURS,
      ],
    );
    const hold = rows[0];
    // A twin got there first (same key, same fill, or — rarely — the same number): answer as it, or ask again.
    if (!hold) {
      const twin = await earlierHold(client, h);
      if (twin) return { response: json(heldAnswer(twin, childNameOf(twin), locale), 202, { 'Idempotent-Replayed': 'true' }), replayed: true };
      throw new HttpError(503, 'Please send the form again.');
    }
    const queued = await queueGuardianMail(client, hold, code, h.request.origin);
    return { response: json(heldAnswer(hold, h.childName, locale), 202), replayed: false, queued };
  });
}

/** A hold this request repeats: by its key (422 when the body differs) or by its fill. */
async function earlierHold(client: PoolClient, h: ToHold): Promise<HoldRow | null> {
  const { rows } = await client.query<HoldRow & { same_key: boolean }>(
    `select ${COLUMNS}, idempotency_key = $1::uuid as same_key from held_submissions
      where ($1::uuid is not null and idempotency_key = $1::uuid) or ($2::uuid is not null and draft = $2::uuid)`,
    [h.request.key, h.draft ?? null],
  );
  const earlier = rows.find((r) => r.same_key) ?? rows[0];
  if (!earlier) return null;
  if (earlier.same_key && earlier.request_hash !== h.request.hash) throw new HttpError(422, server_idempotency_key_reused());
  return earlier;
}

/** Whether `code` is the hold's current code. */
export const codeIsRight = (hold: HoldRow, code: string) => codeMatches(hold.id, code, hold.code_hash);

/** A new code for `hold` (attempts start again), queued to the guardian inside the caller's transaction. */
export async function newCodeFor(client: PoolClient, hold: HoldRow, origin: string): Promise<{ outboxId: string; mail: Mail }> {
  const code = newCode();
  await client.query('update held_submissions set code_hash = $2, code_attempts = 0, code_sent_at = now() where id = $1', [hold.id, hashCode(hold.id, code)]);
  return queueGuardianMail(client, hold, code, origin);
}

/** Whether a hold is past its time (and so deleted, or about to be, by housekeeping). */
export const holdExpired = (hold: Pick<HoldRow, 'expires_at'>) => new Date(hold.expires_at).getTime() <= Date.now();
