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
 * Three kinds, each counted its own way:
 * - `counted` (per address, phone, e-mail, fill of a form, account): every request counts, and one
 *   beyond `max` is refused (`enforce`).
 * - `ceiling` (site-wide, shared by every visitor): a request refused by a narrower limit must not
 *   spend it, or one client could switch the site off for everyone. So `enforce` counts a
 *   ceiling only when every `counted` use of the same call let the request through — one
 *   statement, so it holds under parallel requests — and the caller gives the unit back
 *   (`Claim.spentBy`) when the request ends without storing or sending anything: an idempotent
 *   replay, a code held back by the 60-second wait, an address without an account. A filled
 *   honeypot returns before `enforce`. A request the ceiling itself refuses is counted past
 *   `max`, which spends nothing anyone could have had.
 * - `failures` (wrong passwords and codes): `attempt` counts the try before the password or code
 *   is checked — only while every one of its limits is under `max`, all of them or none, in one
 *   transaction — and gives it back unless the try failed. Parallel guesses get no more checks
 *   than the tries left, and a success never counts.
 *
 * No limit lets a stranger lock the rightful person out (decision 030): a browser that signed in
 * before is counted on its own (`…-failures:device`, auth/device.ts), a reset or an Owner's unlock
 * forgets an account's failures (`clearFailures`), and what strangers can fill per account or
 * reference has a way past it that needs no guessing (a reset link, a status link, a recovery code).
 */
import { createHmac } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import type { Context } from '@netlify/functions';
import site from '../../../content/site.json';
import { authKeys } from '../auth/auth-keys';
import { clientIp, limitKeyOf, networkKeyOf } from './client';
import { query, transaction } from './db';
import { recordEvent, type EventKind } from './events';
import { HttpError } from './http';
import { noticeOnce } from './outbox';
import {
  server_limit_certificate_address,
  server_limit_certificate_miss_day,
  server_limit_certificate_miss_hour,
  server_limit_change_password,
  server_limit_code_failures,
  server_limit_code_mail,
  server_limit_fee_claim,
  server_limit_forgot_email,
  server_limit_login_today,
  server_limit_login_wait,
  server_limit_status_network,
  server_limit_status_reference,
  server_limit_too_many,
} from '../../../src/i18n/messages';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Limit {
  /** Requests (or failures) allowed in a window. */
  max: number;
  /** Length of the window, in seconds. */
  seconds: number;
  /** How requests count: every one, towards a site-wide ceiling, or failed attempts only (see above). */
  counts: 'counted' | 'ceiling' | 'failures';
  /** Why this number: one line for whoever changes it. */
  why: string;
  /**
   * What the person is told (default: TOO_MANY); a getter of a message where visitors and
   * students read it, so that it comes in the language of the request.
   */
  message?: string;
  /** The security event of the first refusal in a window (default: rate-limited). */
  event?: EventKind;
  /** Tell the institute, once per window, that this limit was reached. */
  notice?: { subject: string; body: string };
}

/** What a refusal without its own message says (in English: the spec's words). */
export const TOO_MANY = 'Too many requests. Please wait a little and try again.';

/** TOO_MANY in the language of the request. */
export const tooMany = () => server_limit_too_many();

export const LIMITS = {
  'apply:address': {
    max: 60,
    seconds: 10 * MINUTE,
    counts: 'counted',
    why: 'An admission camp sends thirty applications in ten minutes from the institute’s Wi-Fi; twice that is still no flood.',
  },
  'apply:phone': {
    max: 5,
    seconds: DAY,
    counts: 'counted',
    why: 'Per number and network: one student applies for a course or two a day. Not per number alone, or five strangers typing someone’s number would stop their own application (decision 030); leads:site keeps the inbox, and one number’s applications are one person in it.',
  },
  'apply:email': { max: 5, seconds: DAY, counts: 'counted', why: 'As for the phone, per address and network: one person, a few applications a day.' },
  'contact:address': {
    max: 30,
    seconds: 10 * MINUTE,
    counts: 'counted',
    why: 'A class asking questions from one Wi-Fi; a script posting faster is not a class.',
  },
  'contact:phone': { max: 5, seconds: HOUR, counts: 'counted', why: 'Five messages an hour from one number is already a lot for a person.' },
  'leads:site': {
    max: 300,
    seconds: HOUR,
    counts: 'ceiling',
    why: 'The busiest admission day brings a few dozen leads an hour; beyond this it is a botnet, and the inbox must stay usable.',
  },

  'application:address': {
    max: 40,
    seconds: HOUR,
    counts: 'counted',
    why: 'A kiosk camp fills a few dozen forms in an hour on one Wi-Fi; a script posting more is not a camp.',
  },
  'application:phone': {
    max: 5,
    seconds: DAY,
    counts: 'counted',
    why: 'Per number and network: one person sends one or two forms a day (kiosk and CSC, say). Not per number alone, so strangers cannot stop the person’s own form (decision 030).',
  },
  'uploads:address': {
    max: 600,
    seconds: HOUR,
    counts: 'counted',
    why: 'Each form carries up to ten documents, each perhaps retried: forty forms an hour from one Wi-Fi is about 400 policies. Every policy is a row and maybe an object.',
  },
  'uploads:draft': {
    max: 60,
    seconds: DAY,
    counts: 'counted',
    why: 'One fill of a form has at most ten documents; six tries each is more than a bad connection needs.',
  },
  'uploads:site': {
    max: 5000,
    seconds: HOUR,
    counts: 'ceiling',
    why: 'A busy admission day uploads a few hundred documents an hour; far beyond it someone is filling the bucket.',
    notice: {
      subject: 'The website stopped accepting documents for an hour',
      body:
        'More than 5,000 document uploads were asked for in the last hour, far more than applicants ever need, so the website has stopped accepting new documents until the hour is over. ' +
        'Someone may be using the application forms to store files. Forms already sent are safe; if it happens often, tell the website’s maintainer.',
    },
  },
  'upload-checks:address': {
    max: 1200,
    seconds: HOUR,
    counts: 'counted',
    why: 'Each upload (uploads:address) is checked once when it arrives, perhaps retried on a bad connection: twice as many.',
  },
  'status:address': {
    max: 30,
    seconds: HOUR,
    counts: 'counted',
    why: 'An applicant checks a few times a day; a kiosk checking for its customers a few dozen. More is someone guessing references.',
  },
  'status-failures:reference': {
    max: 100,
    seconds: HOUR,
    counts: 'failures',
    why: 'Wrong mobile numbers for one reference from every network together: more than three clients can try (status:address), so no one client locks the applicant out, and a hundred guesses an hour at a ten-digit number get nowhere.',
    get message() {
      return server_limit_status_reference({ phone: site.phone });
    },
  },
  'status-failures:reference-network': {
    max: 30,
    seconds: HOUR,
    counts: 'failures',
    why: 'Wrong mobile numbers for one reference from one wider network (IPv6 /48, where one customer has many /64s): no one network reaches status-failures:reference alone, and the status link in the e-mail opens the page whatever strangers typed.',
    get message() {
      return server_limit_status_network();
    },
  },
  'fix-link:address': {
    max: 60,
    seconds: HOUR,
    counts: 'counted',
    why: 'Opening and sending a documents-to-fix link takes a few calls; sixty an hour from one network is someone guessing links.',
  },

  'login:address': { max: 60, seconds: 15 * MINUTE, counts: 'counted', why: 'A classroom logging in together behind one address.' },
  'login-failures:email-address': {
    max: 10,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Wrong passwords for one account from one network: stops a guesser there and leaves the student’s own logins from elsewhere alone.',
    get message() {
      return server_limit_login_wait();
    },
    event: 'login-locked',
  },
  'login-failures:email': {
    max: 100,
    seconds: DAY,
    counts: 'failures',
    why: 'Wrong passwords for one account from every network together: a spread-out guesser is stopped long before an uncommon password falls.',
    get message() {
      return server_limit_login_today();
    },
    event: 'login-locked',
  },
  'login-failures:device': {
    max: 10,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Wrong passwords from a browser that logged in to the account before (its device cookie): the person mistyping; beyond it the browser is one more under the account’s limits, so a stolen cookie buys ten guesses.',
    get message() {
      return server_limit_login_wait();
    },
    event: 'login-locked',
  },

  'register:address': { max: 60, seconds: HOUR, counts: 'counted', why: 'A class of thirty registering together, each perhaps twice.' },
  'register:email': { max: 5, seconds: HOUR, counts: 'counted', why: 'Registering one address again and again only fills its inbox.' },
  'resend:address': { max: 30, seconds: HOUR, counts: 'counted', why: 'A class waiting for its codes, some asking again.' },
  'resend:email': { max: 5, seconds: HOUR, counts: 'counted', why: 'With a 60-second wait between codes, five an hour is plenty for a person.' },
  'forgot:address': { max: 30, seconds: HOUR, counts: 'counted', why: 'A class that forgot its passwords after the holidays.' },
  'forgot:email': {
    max: 5,
    seconds: HOUR,
    counts: 'counted',
    why: 'Reset e-mails to one inbox: a few an hour is plenty for a person. Each carries a link that lasts as long as this window, so when strangers spent it the latest e-mail still works.',
    get message() {
      return server_limit_forgot_email();
    },
  },
  'code-mail:site': {
    max: 200,
    seconds: HOUR,
    counts: 'ceiling',
    why: 'Codes go to any address a stranger types; a ceiling keeps a flood from getting the institute’s mail account suspended (a busy hour sends a few dozen).',
    get message() {
      return server_limit_code_mail({ phone: site.phone });
    },
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
    get message() {
      return server_limit_code_failures();
    },
    event: 'login-locked',
  },
  'reset:address': { max: 60, seconds: 15 * MINUTE, counts: 'counted', why: 'As for verification: a class at once.' },
  'change-password-failures:user': {
    max: 5,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Someone at an unattended, signed-in computer guessing the current password.',
    get message() {
      return server_limit_change_password();
    },
    event: 'login-locked',
  },

  'staff-login:address': {
    max: 30,
    seconds: 15 * MINUTE,
    counts: 'counted',
    why: 'A handful of staff share the office network; thirty sign-ins in a quarter hour is already a script.',
  },
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
    message:
      'Too many wrong passwords for this account today. Sign in on a browser you used before, or with your password and a recovery code, or ask an Owner to unlock the account.',
    event: 'login-locked',
  },
  'staff-login-failures:device': {
    max: 5,
    seconds: 15 * MINUTE,
    counts: 'failures',
    why: 'Wrong passwords from a browser that completed a sign-in to the account before: as many as from one network; then it is under the account’s limits like any other browser.',
    message: 'Too many wrong passwords for this account. Please wait 15 minutes and try again.',
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
    message:
      'You have shown many ID numbers in the last hour, so showing more is paused for a while. The masked numbers stay on screen; please try again later.',
    notice: {
      subject: 'A staff account was stopped from showing more ID numbers',
      body:
        'One staff account asked to see more than 120 Aadhaar, PAN or bank account numbers in full within an hour, far more than checking applications needs, so it cannot show more until the hour is over. ' +
        'The audit log (Security in the admin panel) lists every number shown and by whom; if this was not expected, sign that account out and change its password.',
    },
  },
  'staff-invitation:address': {
    max: 20,
    seconds: HOUR,
    counts: 'counted',
    why: 'Invitations are accepted once each; more tries from one network are someone guessing links.',
  },

  'certificate:address': {
    max: 120,
    seconds: HOUR,
    counts: 'counted',
    why: 'An employer or a college checks a certificate or two; a class scanning its own certificates on the institute’s Wi-Fi is thirty. 120 an hour from one address (IPv6 /64) is far beyond that. It alone does not stop a sweep (one /48 has 65,536 /64s: a year’s numbers in five days); the misses below do. No site-wide ceiling, so one client cannot stop everyone verifying.',
    get message() {
      return server_limit_certificate_address();
    },
  },
  // Lookups that find nothing, counted at three widths of network (docs/decisions/034-certificate-lookups.md).
  // A year's numbers are 31^6 = 887,503,681 (PCI-2027- and six characters); the institute issues
  // a few hundred a year, so a sweep must try nearly all of them. An honest verifier scans a QR
  // code or types a real number and finds it: a find never counts here, only a miss does.
  'certificate-miss:address': {
    max: 20,
    seconds: HOUR,
    counts: 'failures',
    why: 'A verifier mistypes a number a few times; 20 misses an hour from one address (or IPv6 /64) is a script. Finds never count, so a class scanning its thirty certificates on one Wi-Fi is never refused.',
    get message() {
      return server_limit_certificate_miss_hour();
    },
  },
  'certificate-miss:site': {
    max: 100,
    seconds: DAY,
    counts: 'failures',
    why: 'One IPv6 /48 (or IPv4 /24) holds 65,536 /64s, so the per-address limit alone let one /48 sweep a year in days. 100 misses a day from a /48 is 887,503,681 / 100 = 8.9 million days, about 24,000 years, for a year’s numbers; an office mistyping numbers never makes a hundred misses a day.',
    get message() {
      return server_limit_certificate_miss_day();
    },
  },
  'certificate-miss:provider': {
    max: 1000,
    seconds: DAY,
    counts: 'failures',
    why: 'A provider’s IPv6 /32 (or an IPv4 /16) holds 65,536 /48s. 1,000 misses a day from it is 887,503,681 / 1,000 = 887,504 days, about 2,430 years, for a year’s numbers (24 years to find even 1% of them); a hundred such blocks together still need 24 years. Ten times what one site may miss, so one attacker’s /48 spends at most a tenth of it.',
    get message() {
      return server_limit_certificate_miss_day();
    },
  },

  'fee-claim:user': {
    max: 10,
    seconds: HOUR,
    counts: 'counted',
    why: 'A student reports a UPI payment or two, perhaps retyping a mistaken UTR a few times; ten an hour from one account is a script trying UTRs, and counting per account keeps one student from stopping everyone else reporting.',
    get message() {
      return server_limit_fee_claim();
    },
  },

  'practice:user': {
    max: 600,
    seconds: 10 * MINUTE,
    counts: 'counted',
    why: 'A student taking a practice test reads the list, starts, reloads the paper, submits and reads the result: a few dozen calls an hour. Per account, never per address: 300 students of one lab share one. 600 in ten minutes is a script.',
  },
  'practice-answers:attempt': {
    max: 600,
    seconds: 10 * MINUTE,
    counts: 'counted',
    why: 'The test page sends answers as they are chosen (batched by the phone, resent after a dropped connection): a 100-question test is a few hundred sends in 90 minutes. Per account and attempt, never per address (a lab of 300 shares one): one a second for ten minutes is far beyond any student.',
  },

  'guardian:email': {
    max: 5,
    seconds: DAY,
    counts: 'counted',
    why: 'Codes to one parent’s address from one network: a family with a few children applying, never a flood to a stranger’s inbox.',
  },
  'guardian-code:address': {
    max: 30,
    seconds: HOUR,
    counts: 'counted',
    why: 'Guardians typing their codes; each hold allows only five wrong codes of its own.',
  },
  'guardian-resend:address': { max: 10, seconds: HOUR, counts: 'counted', why: 'A guardian asking again for a code that did not arrive.' },

  'visitor:address': { max: 300, seconds: HOUR, counts: 'counted', why: 'A school lab shares one address; this only stops a script inflating the count.' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The names of the limits of one kind. */
type NameOf<K extends Limit['counts']> = { [N in LimitName]: (typeof LIMITS)[N]['counts'] extends K ? N : never }[LimitName];

/** One use of a limit: its name and whom it counts (from the helpers below). */
export type Use<N extends LimitName = LimitName> = readonly [N, string];
/** A use `enforce` counts: a limit on every request, or a site-wide ceiling. */
export type RequestUse = Use<NameOf<'counted' | 'ceiling'>>;
/** A use `attempt` counts a try against: a limit on wrong passwords or codes. */
export type FailureUse = Use<NameOf<'failures'>>;

/** The client's address as limits count it (IPv6 by its /64). */
export const byClient = (req: Request, context: Context | undefined) => limitKeyOf(clientIp(req, context));
/** The client's wider network (IPv6 by its /48, IPv4 as it is), for limits one customer's many /64s must share. */
export const byNetwork = (req: Request, context: Context | undefined) => networkKeyOf(clientIp(req, context));
/** An e-mail address, as a keyed hash (never stored as such). */
export const byEmail = (email: string) => keyed(`email:${email.trim().toLowerCase()}`);
/** A phone number, as a keyed hash. */
export const byPhone = (phone: string) => keyed(`phone:${phone}`);
/** The whole site. */
export const SITE = 'site';

function keyed(value: string): string {
  return createHmac('sha256', authKeys().limits).update(value).digest('base64url').slice(0, 22);
}

/** A key's count after this request, the start of its window (as Postgres wrote it, to the microsecond) and the seconds left in it. */
interface Row {
  key: string;
  hits: number;
  window_start: string;
  retry_after: number;
}

// `#` appears in no limit's name and in no subject (addresses, hashes, ids), unlike `:`.
const keyOf = ([name, subject]: Use) => `${name}#${subject}`;
const nameOf = (key: string) => key.slice(0, key.indexOf('#')) as LimitName;
const limitOf = (key: string) => LIMITS[nameOf(key)] as Limit;
const windowsOf = (keys: readonly string[]) => keys.map((k) => limitOf(k).seconds);
const maxesOf = (keys: readonly string[]) => keys.map((k) => limitOf(k).max);
const isOver = (row: Row) => row.hits > limitOf(row.key).max;

/** The site-wide ceiling's unit `enforce` took for a request, if it took one. */
export interface Claim {
  /** Gives the unit back: the request ended without storing or sending anything. */
  release(): Promise<void>;
  /**
   * Runs `work` (the storing or sending the unit was taken for) and keeps the unit only when it
   * returns and `spent(result)` holds (by default it does); otherwise gives it back.
   */
  spentBy<T>(work: () => Promise<T>, spent?: (result: T) => boolean): Promise<T>;
}

/**
 * Counts one request against every `counted` use and then, only when none of them refuses it,
 * against the ceiling among `uses` (at most one), in one statement; throws 429 with Retry-After
 * (the longest wait) when any is over. The first refusal of a window is recorded as a security
 * event after the answer (and the institute told, where the limit says so). Returns the
 * ceiling's claim: the caller gives it back when nothing is stored or sent after all.
 */
export async function enforce(uses: readonly RequestUse[]): Promise<Claim> {
  const counted = uses
    .filter(([name]) => LIMITS[name].counts === 'counted')
    .map(keyOf)
    .sort();
  const ceilings = uses.filter(([name]) => LIMITS[name].counts === 'ceiling').map(keyOf);
  if (ceilings.length > 1) throw new Error(`One request takes from one site-wide ceiling at most, not ${ceilings.join(', ')}.`);
  const rows = await query<Row>(
    `with counted as (${upsert('$1', '$2')}),
     ceiling as (${upsert('$3', '$4', 'not exists (select 1 from counted c join unnest($1::text[], $5::int[]) as m(key, max) on m.key = c.key where c.hits > m.max)')})
     select * from counted union all select * from ceiling`,
    [counted, windowsOf(counted), ceilings, windowsOf(ceilings), maxesOf(counted)],
  );
  const over = rows.filter(isOver);
  if (over.length) throw refusal(over, { record: true });
  const taken = rows.find((row) => limitOf(row.key).counts === 'ceiling');
  return taken ? claimOf(taken) : NOTHING_TAKEN;
}

/** What a call without a ceiling returns: nothing to give back. */
const NOTHING_TAKEN: Claim = { release: async () => {}, spentBy: (work) => work() };

function claimOf(row: Row): Claim {
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await giveBack([row]);
  };
  return {
    release,
    async spentBy(work, spent = () => true) {
      const result = await work().catch(async (error: unknown) => {
        await release();
        throw error;
      });
      if (!spent(result)) await release();
      return result;
    },
  };
}

/**
 * Forgets the failures counted against `subject` (an account) by the limits `names`, whether
 * counted for it alone or for it on one network (`subject@network`): an Owner's unlock, a
 * successful password reset. `client`: inside the caller's transaction.
 */
export async function clearFailures(names: readonly NameOf<'failures'>[], subject: string, client?: PoolClient): Promise<void> {
  const sql = `delete from rate_limits where key = any($1::text[]) or key ^@ any($2::text[])`;
  const params = [names.map((name) => keyOf([name, subject])), names.map((name) => `${keyOf([name, subject])}@`)];
  if (client) await client.query(sql, params);
  else await query(sql, params);
}

/** Which of `subjects` have spent the failures limit `name` in its current window (the staff page shows those accounts as locked). */
export async function failuresSpent(name: NameOf<'failures'>, subjects: readonly string[], client?: PoolClient): Promise<Set<string>> {
  const sql = `select key from rate_limits where key = any($1::text[]) and hits >= $2 and window_start > now() - make_interval(secs => $3)`;
  const params = [subjects.map((subject) => keyOf([name, subject])), LIMITS[name].max, LIMITS[name].seconds];
  const rows = client ? (await client.query<{ key: string }>(sql, params)).rows : await query<{ key: string }>(sql, params);
  return new Set(rows.map((row) => row.key.slice(row.key.indexOf('#') + 1)));
}

/** One try reserved by `attempt`. */
export interface Attempt {
  /** Marks the try failed (a wrong password or code): it stays counted. True when it was the last one a limit allowed (a lockout). */
  failed(): boolean;
}

/**
 * Counts one try against every use (limits on failures) before `work` checks the password or
 * code: all of them or none, only while each is under its `max`, else 429 with Retry-After and
 * nothing counted. `work` calls `failed()` on a wrong password or code; any other ending (a
 * success, another refusal, an error) gives the try back, so only failures stay counted.
 */
export async function attempt<T>(uses: readonly FailureUse[], work: (attempt: Attempt) => Promise<T>): Promise<T> {
  const keys = uses.map(keyOf).sort();
  const reserved = await transaction(async (client) => {
    // The rows stay locked until the end of the transaction, so parallel tries take turns; a
    // refusal rolls every increment back.
    const { rows } = await client.query<Row>(upsert('$1', '$2'), [keys, windowsOf(keys)]);
    const over = rows.filter(isOver);
    if (over.length) throw refusal(over, { record: false });
    return rows;
  });
  let failed = false;
  const tries: Attempt = {
    failed() {
      failed = true;
      return reserved.some((row) => row.hits === limitOf(row.key).max);
    },
  };
  try {
    return await work(tries);
  } finally {
    if (!failed) await giveBack(reserved);
  }
}

/**
 * The 429 for the keys `over`: the message of the one with the longest wait. With `record`, the
 * first refusal of a window (a count of exactly max + 1) is logged, and the institute told where
 * the limit says so. (A refused try at a `failures` limit is never counted, and its lockout is
 * recorded by the endpoint when the last allowed try fails.)
 */
function refusal(over: Row[], { record }: { record: boolean }): HttpError {
  const worst = over.reduce((a, b) => (b.retry_after > a.retry_after ? b : a));
  const limit = limitOf(worst.key);
  const retryAfter = Math.max(1, Math.ceil(worst.retry_after));
  const first = record ? over.find((row) => row.hits === limitOf(row.key).max + 1) : undefined;
  return new HttpError(
    429,
    limit.message ?? tooMany(),
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
 * Takes back one count from each row's key, in the window it was counted in (in a new window
 * there is nothing to give back). The rows are locked in key order, as counting locks them, so a
 * give-back and a parallel count never wait on each other in a circle. A failure is logged, not
 * thrown: the count stays, which only errs towards refusing.
 */
async function giveBack(rows: readonly Row[]): Promise<void> {
  if (!rows.length) return;
  await query(
    `with locked as (
       select r.key from rate_limits r join unnest($1::text[], $2::timestamptz[]) as g(key, window_start) on g.key = r.key
        where r.window_start = g.window_start and r.hits > 0
        order by r.key for update of r
     )
     update rate_limits r set hits = r.hits - 1 from locked where r.key = locked.key`,
    [rows.map((row) => row.key), rows.map((row) => row.window_start)],
  ).catch((error: unknown) => console.error('giving back a rate-limit count failed:', error));
}

/**
 * A statement adding one hit to each key of the array parameter `keys` (e.g. '$1'), whose windows
 * last `secs` seconds, where `condition` holds; a window that ran out starts again. Returns each
 * key's row after it.
 */
const upsert = (keys: string, secs: string, condition = 'true') => `
  insert into rate_limits as r (key, window_start, hits, window_seconds)
  select key, now(), 1, secs from unnest(${keys}::text[], ${secs}::int[]) as u(key, secs) where ${condition}
  on conflict (key) do update set
    window_start = case when r.window_start <= now() - make_interval(secs => excluded.window_seconds) then now() else r.window_start end,
    hits = case when r.window_start <= now() - make_interval(secs => excluded.window_seconds) then 1 else r.hits + 1 end,
    window_seconds = excluded.window_seconds
  returning key, hits, window_start::text as window_start, extract(epoch from (window_start + make_interval(secs => window_seconds) - now()))::float8 as retry_after`;
