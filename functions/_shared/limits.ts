/**
 * Every rate limit of the API, in one place, each with the reason for its number. They are kept
 * in Postgres (table rate_limits, fixed windows), so they hold across every serverless instance.
 *
 * The design: a generous limit per client address (a classroom or an admission camp shares the
 * institute's Wi-Fi, and mobile users share carrier NAT), a tight one per phone number or e-mail
 * address (one person rarely needs more), and a site-wide ceiling (a botnet of a thousand
 * addresses still cannot bury the inbox or get the mail account suspended). IPv6 clients are
 * counted by their /64 (client.ts). E-mail addresses and phone numbers are stored only as keyed
 * hashes.
 *
 * Two kinds: `counted` limits count every request and refuse beyond `max`; `failures` limits
 * count only failed attempts (a wrong password or code), and refuse once `max` have failed.
 */
import { createHmac } from 'node:crypto';
import type { Context } from '@netlify/functions';
import site from '../../content/site.json';
import { authKeys } from './auth-keys';
import { clientIp, limitKeyOf } from './client';
import { query } from './db';
import { recordEvent, type EventKind } from './events';
import { HttpError } from './http';
import { noticeOnce } from './outbox';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Limit {
  /** Requests (or failures) allowed in a window. */
  max: number;
  /** Length of the window, in seconds. */
  seconds: number;
  /** Whether every request counts, or only failed attempts (recorded with `countFailures`). */
  counts: 'counted' | 'failures';
  /** Why this number: one line for whoever changes it. */
  why: string;
  /** What the person is told (default: TOO_MANY). */
  message?: string;
  /** The security event of the first refusal in a window (default: rate-limited). */
  event?: EventKind;
  /** Tell the institute, once per window, that this limit was reached. */
  notice?: { subject: string; body: string };
}

export const TOO_MANY = 'Too many requests. Please wait a little and try again.';

export const LIMITS = {
  'apply:address': { max: 60, seconds: 10 * MINUTE, counts: 'counted', why: 'An admission camp sends thirty applications in ten minutes from the institute’s Wi-Fi; twice that is still no flood.' },
  'apply:phone': { max: 5, seconds: DAY, counts: 'counted', why: 'One student applies for a course or two a day; more under one number is someone else using it.' },
  'apply:email': { max: 5, seconds: DAY, counts: 'counted', why: 'As for the phone: one person, a few applications a day.' },
  'contact:address': { max: 30, seconds: 10 * MINUTE, counts: 'counted', why: 'A class asking questions from one Wi-Fi; a script posting faster is not a class.' },
  'contact:phone': { max: 5, seconds: HOUR, counts: 'counted', why: 'Five messages an hour from one number is already a lot for a person.' },
  'leads:site': { max: 300, seconds: HOUR, counts: 'counted', why: 'The busiest admission day brings a few dozen leads an hour; beyond this it is a botnet, and the inbox must stay usable.' },

  'application:address': { max: 40, seconds: HOUR, counts: 'counted', why: 'A kiosk camp fills a few dozen forms in an hour on one Wi-Fi; a script posting more is not a camp.' },
  'application:phone': { max: 5, seconds: DAY, counts: 'counted', why: 'One person sends one or two forms a day (kiosk and CSC, say); more under one number is someone else using it.' },
  'uploads:address': {
    max: 600,
    seconds: HOUR,
    counts: 'counted',
    why: 'Each form carries up to ten documents, each perhaps retried: forty forms an hour from one Wi-Fi is about 400 policies. Every policy is a row and maybe an object.',
  },
  'uploads:draft': { max: 60, seconds: DAY, counts: 'counted', why: 'One fill of a form has at most ten documents; six tries each is more than a bad connection needs.' },
  'uploads:site': {
    max: 5000,
    seconds: HOUR,
    counts: 'counted',
    why: 'A busy admission day uploads a few hundred documents an hour; far beyond it someone is filling the bucket.',
    notice: {
      subject: 'The website stopped accepting documents for an hour',
      body:
        'More than 5,000 document uploads were asked for in the last hour, far more than applicants ever need, so the website has stopped accepting new documents until the hour is over. ' +
        'Someone may be using the application forms to store files. Forms already sent are safe; if it happens often, tell the website’s maintainer.',
    },
  },
  'upload-checks:address': { max: 1200, seconds: HOUR, counts: 'counted', why: 'Each upload (uploads:address) is checked once when it arrives, perhaps retried on a bad connection: twice as many.' },
  'status:address': { max: 30, seconds: HOUR, counts: 'counted', why: 'An applicant checks a few times a day; a kiosk checking for its customers a few dozen. More is someone guessing references.' },
  'status:reference': { max: 10, seconds: HOUR, counts: 'counted', why: 'Ten tries at one reference an hour lets a person mistype their number; it stops anyone trying every mobile number.' },
  'fix-link:address': { max: 60, seconds: HOUR, counts: 'counted', why: 'Opening and sending a documents-to-fix link takes a few calls; sixty an hour from one network is someone guessing links.' },

  'login:address': { max: 60, seconds: 15 * MINUTE, counts: 'counted', why: 'A classroom logging in together behind one address.' },
  'login-failures:email-address': {
    max: 10,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Wrong passwords for one account from one network: stops a guesser there and leaves the student’s own logins from elsewhere alone.',
    message: 'Too many wrong passwords for this account. Please wait a few minutes, or reset your password.',
    event: 'login-locked',
  },
  'login-failures:email': {
    max: 100,
    seconds: DAY,
    counts: 'failures',
    why: 'Wrong passwords for one account from every network together: a spread-out guesser is stopped long before an uncommon password falls.',
    message: 'Too many wrong passwords for this account today. Please reset your password, or try again tomorrow.',
    event: 'login-locked',
  },

  'register:address': { max: 60, seconds: HOUR, counts: 'counted', why: 'A class of thirty registering together, each perhaps twice.' },
  'register:email': { max: 5, seconds: HOUR, counts: 'counted', why: 'Registering one address again and again only fills its inbox.' },
  'resend:address': { max: 30, seconds: HOUR, counts: 'counted', why: 'A class waiting for its codes, some asking again.' },
  'resend:email': { max: 5, seconds: HOUR, counts: 'counted', why: 'With a 60-second wait between codes, five an hour is plenty for a person.' },
  'forgot:address': { max: 30, seconds: HOUR, counts: 'counted', why: 'A class that forgot its passwords after the holidays.' },
  'forgot:email': { max: 5, seconds: HOUR, counts: 'counted', why: 'Reset codes to one inbox: a few an hour is plenty for a person.' },
  'code-mail:site': {
    max: 200,
    seconds: HOUR,
    counts: 'counted',
    why: 'Codes go to any address a stranger types; a ceiling keeps a flood from getting the institute’s mail account suspended (a busy hour sends a few dozen).',
    message: `We are sending too many e-mails right now. Please try again in an hour, or call us on ${site.phone}.`,
    event: 'mail-ceiling',
    notice: {
      subject: 'The website stopped sending codes for an hour',
      body:
        'More than 200 verification or reset e-mails were asked for in the last hour, far more than students ever need, so the website has stopped sending them until the hour is over. ' +
        'Someone may be using the registration form to send mail. Nothing needs doing; if it happens often, tell the website’s maintainer.',
    },
  },

  'verify:address': { max: 60, seconds: 15 * MINUTE, counts: 'counted', why: 'A class typing its codes together.' },
  'code-failures:email': {
    max: 15,
    seconds: DAY,
    counts: 'failures',
    why: 'Wrong codes for one address in a day: three codes’ worth of tries, so codes cannot be guessed by asking for new ones.',
    message: 'Too many wrong codes for this e-mail address today. Please try again tomorrow, or call us.',
    event: 'login-locked',
  },
  'reset:address': { max: 60, seconds: 15 * MINUTE, counts: 'counted', why: 'As for verification: a class at once.' },
  'change-password-failures:user': {
    max: 5,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Someone at an unattended, signed-in computer guessing the current password.',
    message: 'Too many wrong passwords. Please wait a few minutes and try again.',
    event: 'login-locked',
  },

  'staff-login:address': { max: 30, seconds: 15 * MINUTE, counts: 'counted', why: 'A handful of staff share the office network; thirty sign-ins in a quarter hour is already a script.' },
  'staff-login-failures:email-address': {
    max: 5,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Staff accounts open applicants’ documents: five wrong passwords from one network stops a guesser there, and the colleague signs in from elsewhere.',
    message: 'Too many wrong passwords for this account. Please wait 15 minutes and try again.',
    event: 'login-locked',
  },
  'staff-login-failures:email': {
    max: 20,
    seconds: DAY,
    counts: 'failures',
    why: 'Wrong passwords for one staff account from every network together; the second factor still stands behind it.',
    message: 'Too many wrong passwords for this account today. Please ask a colleague to check the account, or try again tomorrow.',
    event: 'login-locked',
  },
  'second-factor-failures:staff': {
    max: 5,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'A 6-digit code has a million values: five tries per quarter hour makes guessing one hopeless (about 500 a day).',
    message: 'Too many wrong codes. Please wait 15 minutes, then sign in again.',
    event: 'login-locked',
  },
  'reveal:staff': {
    max: 120,
    seconds: HOUR,
    counts: 'counted',
    why: 'Checking an application shows at most five ID numbers; twenty-four applications checked in an hour is a very busy morning. Far more is an account (or someone at its unlocked screen) copying Aadhaar and PAN numbers.',
    message: 'You have shown many ID numbers in the last hour, so showing more is paused for a while. The masked numbers stay on screen; please try again later.',
    notice: {
      subject: 'A staff account was stopped from showing more ID numbers',
      body:
        'One staff account asked to see more than 120 Aadhaar, PAN or bank account numbers in full within an hour, far more than checking applications needs, so it cannot show more until the hour is over. ' +
        'The audit log (Security in the admin panel) lists every number shown and by whom; if this was not expected, sign that account out and change its password.',
    },
  },
  'staff-invitation:address': { max: 20, seconds: HOUR, counts: 'counted', why: 'Invitations are accepted once each; more tries from one network are someone guessing links.' },

  'visitor:address': { max: 300, seconds: HOUR, counts: 'counted', why: 'A school lab shares one address; this only stops a script inflating the count.' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** One use of a limit: its name and whom it counts (from the helpers below). */
export type Use = readonly [LimitName, string];

/** The client's address as limits count it (IPv6 by its /64). */
export const byClient = (req: Request, context: Context | undefined) => limitKeyOf(clientIp(req, context));
/** An e-mail address, as a keyed hash (never stored as such). */
export const byEmail = (email: string) => keyed(`email:${email.trim().toLowerCase()}`);
/** A phone number, as a keyed hash. */
export const byPhone = (phone: string) => keyed(`phone:${phone}`);
/** The whole site. */
export const SITE = 'site';

function keyed(value: string): string {
  return createHmac('sha256', authKeys().limits).update(value).digest('base64url').slice(0, 22);
}

interface Row {
  key: string;
  hits: number;
  retry_after: number;
  counted: boolean;
}

// `#` appears in no limit's name and in no subject (addresses, hashes, ids), unlike `:`.
const keyOf = ([name, subject]: Use) => `${name}#${subject}`;
const nameOf = (key: string) => key.slice(0, key.indexOf('#')) as LimitName;
const limitOf = (key: string) => LIMITS[nameOf(key)] as Limit;

/**
 * Counts one request against every `counted` use and checks every `failures` use, in one
 * statement; throws 429 with Retry-After (the longest wait) when any is over. The first refusal
 * of a window is recorded as a security event after the answer.
 */
export async function enforce(uses: readonly Use[]): Promise<void> {
  const counted = uses.filter(([name]) => LIMITS[name].counts === 'counted').map(keyOf).sort();
  const checked = uses.filter(([name]) => LIMITS[name].counts === 'failures').map(keyOf).sort();
  const rows = await query<Row>(
    `with counted as (${UPSERT}), checked as (
       select r.key, r.hits, extract(epoch from (r.window_start + make_interval(secs => c.secs) - now()))::float8 as retry_after
         from unnest($3::text[], $4::int[]) as c(key, secs) join rate_limits r on r.key = c.key
        where r.window_start > now() - make_interval(secs => c.secs)
     )
     select key, hits, retry_after, true as counted from counted
     union all
     select key, hits, retry_after, false from checked`,
    [counted, counted.map((k) => limitOf(k).seconds), checked, checked.map((k) => limitOf(k).seconds)],
  );
  const over = rows.filter((row) => (row.counted ? row.hits > limitOf(row.key).max : row.hits >= limitOf(row.key).max));
  if (!over.length) return;
  const worst = over.reduce((a, b) => (b.retry_after > a.retry_after ? b : a));
  const limit = limitOf(worst.key);
  const retryAfter = Math.max(1, Math.ceil(worst.retry_after));
  // Only the first refusal of a window is worth a line in the log (and a notice).
  const first = over.find((row) => row.counted && row.hits === limitOf(row.key).max + 1);

  throw new HttpError(
    429,
    limit.message ?? TOO_MANY,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
    first
      ? async (address) => {
          const firstLimit = limitOf(first.key);
          await recordEvent({ kind: firstLimit.event ?? 'rate-limited', detail: { limit: nameOf(first.key) } }, address);
          if (firstLimit.notice) await noticeOnce(`${first.key}:${Math.floor(Date.now() / 1000 / firstLimit.seconds)}`, firstLimit.notice);
        }
      : undefined,
  );
}

/**
 * Counts one failed attempt against each `failures` use. Returns true when this failure used up
 * a limit (the caller may record a lockout).
 */
export async function countFailures(uses: readonly Use[]): Promise<boolean> {
  const keys = uses.filter(([name]) => LIMITS[name].counts === 'failures').map(keyOf).sort();
  const rows = await query<Row>(`${UPSERT}`, [keys, keys.map((k) => limitOf(k).seconds)]);
  return rows.some((row) => row.hits === limitOf(row.key).max);
}

/** Adds one hit to each key ($1) with its window ($2), starting a new window where one ran out. */
const UPSERT = `
  insert into rate_limits as r (key, window_start, hits, window_seconds)
  select key, now(), 1, secs from unnest($1::text[], $2::int[]) as u(key, secs)
  on conflict (key) do update set
    window_start = case when r.window_start <= now() - make_interval(secs => excluded.window_seconds) then now() else r.window_start end,
    hits = case when r.window_start <= now() - make_interval(secs => excluded.window_seconds) then 1 else r.hits + 1 end,
    window_seconds = excluded.window_seconds
  returning key, hits, extract(epoch from (window_start + make_interval(secs => window_seconds) - now()))::float8 as retry_after`;
