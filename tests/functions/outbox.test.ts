/**
 * Nothing lost, nothing sent twice: the institute's notification of a lead is written with the
 * lead in one statement and sent after the answer; a failed or interrupted send is retried by the
 * housekeeping with a growing delay and, after MAX_ATTEMPTS, shown as failed. Also what no shared
 * test server can show safely: the site-wide ceilings, and the database round trips of a request.
 * The functions run in this process on a database of their own (scripts/in-process.mjs).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, SITE } from '../../functions/_shared/platform/limits';
import { MAX_ATTEMPTS } from '../../functions/_shared/platform/outbox';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { rateLimitsOn } from '../support/rate-limits';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['apply', 'contact', 'user-register', 'housekeeping'], countRoundTrips: true }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);
const { setHits } = rateLimitsOn(sql);

let n = 0;
const phone = () => `9${String(100_000_000 + (n += 1)).padStart(9, '0')}`;
const application = (name: string) => ({ name, email: `s${(n += 1)}@example.in`, phone: phone(), department: 'dl', course: 'RS-CIT (Basic)', consent: true });

/** Outbox files that mention `needle`. */
const mailsAbout = (needle: string) =>
  readdirSync(fx.outbox, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(fx.outbox, e.name), 'utf8'))
    .filter((text) => text.includes(needle));

/** Makes every send fail (the outbox folder becomes a file), until `mailWorks()`. */
function mailFails() {
  rmSync(fx.outbox, { recursive: true, force: true });
  writeFileSync(fx.outbox, 'not a folder');
}
function mailWorks() {
  if (statSync(fx.outbox, { throwIfNoEntry: false })?.isFile()) rmSync(fx.outbox);
  mkdirSync(fx.outbox, { recursive: true });
}

async function apply(name: string) {
  const { response, settled } = await fx.call('apply', jsonPost('/api/apply', application(name)));
  expect(response.status).toBe(201);
  const { reference } = await response.json();
  return { reference: reference as string, settled };
}

const housekeeping = async () =>
  (await fx.call('housekeeping', new Request('http://127.0.0.1:8888/.netlify/functions/housekeeping', { method: 'POST' }))).response.status;

const outboxOf = (reference: string) =>
  sql<{
    attempts: number;
    sent_at: Date | null;
    failed_at: Date | null;
    last_error: string | null;
    delay: number;
    notified_at: Date | null;
    notify_error: string | null;
  }>(
    `select o.attempts, o.sent_at, o.failed_at, o.last_error, extract(epoch from o.next_attempt_at - now())::float8 as delay, l.notified_at, l.notify_error
       from mail_outbox o join leads l on l.id = o.lead_id where l.reference = $1`,
    [reference],
  );

describe('the institute’s notification of a lead', () => {
  it('goes out after the answer: no outside call before it, at most 4 database round trips', async () => {
    mailWorks();
    const before = fx.roundTrips();
    const { reference, settled } = await apply('Round Trip');
    const beforeTheAnswer = fx.roundTrips() - before;
    // The answer is there; the mail is not sent yet.
    expect(mailsAbout(reference)).toHaveLength(0);
    await settled();
    const inAll = fx.roundTrips() - before;
    expect(mailsAbout(reference)).toHaveLength(1);
    expect(beforeTheAnswer).toBeLessThanOrEqual(2);
    expect(inAll).toBeLessThanOrEqual(4);
    expect((await outboxOf(reference))[0]).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect((await outboxOf(reference))[0]!.notified_at).not.toBeNull();
  });

  it('is kept when the send fails, retried later with a growing delay, and sent once', async () => {
    mailFails();
    const { reference, settled } = await apply('Kept Safe');
    await settled();
    let [row] = await outboxOf(reference);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, notified_at: null });
    expect(row!.last_error).toMatch(/EEXIST|ENOTDIR/);
    expect(row!.notify_error).toBe(row!.last_error);
    expect(row!.delay).toBeGreaterThan(4 * 60);
    expect(row!.delay).toBeLessThanOrEqual(5 * 60);

    // Not due yet: the housekeeping leaves it.
    expect(await housekeeping()).toBe(204);
    expect((await outboxOf(reference))[0]!.attempts).toBe(1);

    // Due, still failing: the next delay doubles.
    await sql(`update mail_outbox set next_attempt_at = now() where lead_id = (select id from leads where reference = $1)`, [reference]);
    expect(await housekeeping()).toBe(204);
    [row] = await outboxOf(reference);
    expect(row!.attempts).toBe(2);
    expect(row!.delay).toBeGreaterThan(9 * 60);
    expect(row!.delay).toBeLessThanOrEqual(10 * 60);

    // Due, mail works again: sent, once.
    mailWorks();
    await sql(`update mail_outbox set next_attempt_at = now() where lead_id = (select id from leads where reference = $1)`, [reference]);
    expect(await housekeeping()).toBe(204);
    [row] = await outboxOf(reference);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.notified_at).not.toBeNull();
    expect(row!.notify_error).toBeNull();
    expect(mailsAbout(reference)).toHaveLength(1);
    await sql(`update mail_outbox set next_attempt_at = now() - interval '1 hour'`);
    expect(await housekeeping()).toBe(204);
    expect(mailsAbout(reference)).toHaveLength(1);
  });

  it('is sent by the housekeeping when the request died before sending, once its lease ran out', async () => {
    mailWorks();
    // What a request leaves when its instance is stopped right after answering: lead and
    // notification stored, leased, never sent.
    const [lead] = await sql<{ id: string }>(
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id)
       select 'AP-TEST-00001', 'application', 'apply-form', 'Interrupted Send', '+919999900001', '9999900001', p.id from p returning id::text`,
    );
    await sql(`insert into mail_outbox (kind, lead_id, attempts, locked_until) values ('lead', $1, 1, now() + interval '5 minutes')`, [lead!.id]);
    // While the lease runs, nobody else takes it (the first request may still be sending).
    expect(await housekeeping()).toBe(204);
    expect(mailsAbout('AP-TEST-00001')).toHaveLength(0);
    await sql(`update mail_outbox set locked_until = now() - interval '1 second' where lead_id = $1`, [lead!.id]);
    // Two runs at once still send it once.
    const statuses = await Promise.all([housekeeping(), housekeeping()]);
    expect(statuses).toEqual([204, 204]);
    expect(mailsAbout('AP-TEST-00001')).toHaveLength(1);
    expect(mailsAbout('AP-TEST-00001')[0]).toContain('Name: Interrupted Send');
  });

  it('is marked failed, for staff to see, after the last attempt', async () => {
    mailFails();
    const { reference, settled } = await apply('Never Sent');
    await settled();
    await sql(`update mail_outbox set attempts = $2, next_attempt_at = now() where lead_id = (select id from leads where reference = $1)`, [
      reference,
      MAX_ATTEMPTS - 1,
    ]);
    expect(await housekeeping()).toBe(204);
    const [row] = await outboxOf(reference);
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    expect(row!.failed_at).not.toBeNull();
    expect(row!.notify_error).toMatch(/EEXIST|ENOTDIR/);
    // A failed message is no longer retried, and the lead itself is untouched.
    mailWorks();
    await sql(`update mail_outbox set next_attempt_at = now() where lead_id = (select id from leads where reference = $1)`, [reference]);
    expect(await housekeeping()).toBe(204);
    expect(mailsAbout(reference)).toHaveLength(0);
    expect(await sql(`select 1 from leads where reference = $1`, [reference])).toHaveLength(1);
  });
});

describe('site-wide ceilings', () => {
  it('refuses leads beyond the hourly ceiling, whatever the address, and logs the first refusal', async () => {
    mailWorks();
    await setHits('leads:site', SITE, LIMITS['leads:site'].max);
    const refused = [];
    for (const route of ['/api/apply', '/api/contact']) {
      const body =
        route === '/api/apply'
          ? application('Botnet Member')
          : { name: 'Botnet Member', email: 'b@example.in', phone: phone(), subject: 'Spam', message: 'Spam spam spam' };
      const { response, settled } = await fx.call(route.slice(5), jsonPost(route, body));
      await settled();
      refused.push(response.status);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(LIMITS['leads:site'].seconds - 100);
    }
    expect(refused).toEqual([429, 429]);
    expect(await sql(`select 1 from leads where name = 'Botnet Member'`)).toHaveLength(0);
    expect(await sql(`select client from security_events where kind = 'rate-limited' and detail->>'limit' = 'leads:site'`)).toHaveLength(1);
    await sql(`delete from rate_limits where key = 'leads:site#site'`);
  });

  it('stops code e-mails beyond the hourly ceiling with a clear message, and tells the institute once', async () => {
    mailWorks();
    await setHits('code-mail:site', SITE, LIMITS['code-mail:site'].max);
    for (let i = 0; i < 3; i++) {
      const { response, settled } = await fx.call(
        'user-register',
        jsonPost('/api/user/register', { name: 'Asha Verma', email: `flood${i}@example.in`, password: 'a long passphrase' }),
      );
      await settled();
      expect(response.status).toBe(429);
      expect((await response.json()).message).toMatch(/^We are sending too many e-mails right now\. Please try again in an hour, or call us on \+91/);
    }
    expect(mailsAbout('@example.in').filter((m) => m.includes('Subject: Your verification code'))).toHaveLength(0);
    const notices = mailsAbout('Subject: The website stopped sending codes for an hour');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^To: institute@localhost$/m);
    expect(await sql(`select 1 from security_events where kind = 'mail-ceiling'`)).toHaveLength(1);
    await sql(`delete from rate_limits where key = 'code-mail:site#site'`);
  });
});
