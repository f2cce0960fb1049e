/**
 * Mail to an applicant (outbox kind 'applicant': the confirmation, a documents-to-fix link) goes
 * to its own recipient when the housekeeping delivers what is due, and never stands in for the
 * institute's notification of the lead (notified_at, notify_error are the institute's).
 * The functions run in this process on a database of their own (scripts/in-process.mjs).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../../scripts/in-process.mjs';

let fx: Awaited<ReturnType<typeof startInProcess>>;
let client: pg.Client;

beforeAll(async () => {
  fx = await startInProcess({ functions: ['housekeeping'] });
  client = new pg.Client({ connectionString: fx.databaseUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await fx?.close();
});

const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
const housekeeping = async () => (await fx.call('housekeeping', new Request('http://127.0.0.1:8888/.netlify/functions/housekeeping', { method: 'POST' }))).response.status;
const mailsTo = (address: string) =>
  statSync(fx.outbox, { throwIfNoEntry: false })?.isDirectory()
    ? readdirSync(fx.outbox)
        .map((f) => readFileSync(path.join(fx.outbox, f), 'utf8'))
        .filter((text) => text.includes(`\nTo: ${address}\n`))
    : [];

let n = 0;
/** A CSC application's lead with an applicant mail waiting in the outbox (its request died before sending). */
async function waitingMail() {
  n += 1;
  const recipient = `applicant${n}@example.in`;
  const [lead] = await sql<{ id: string }>(
    `with p as (insert into people default values returning id)
     insert into leads (reference, kind, form, status, name, email, phone, phone_norm, person_id)
     select $1, 'csc', '/CSCForm', 'submitted', 'Sunita Devi', $2, '+919829000001', '9829000001', p.id from p returning id::text`,
    [`CS-2026-8${String(n).padStart(4, '0')}`, recipient],
  );
  await sql(
    `insert into mail_outbox (kind, lead_id, recipient, subject, body, attempts, next_attempt_at)
     values ('applicant', $1, $2, 'We received your CSC application', 'Your reference: …', 1, now() - interval '1 minute')`,
    [lead!.id, recipient],
  );
  return { leadId: lead!.id, recipient };
}

describe("the applicant's mail in the outbox", () => {
  it('is delivered to the applicant by the housekeeping, and leaves the lead not yet notified', async () => {
    const { leadId, recipient } = await waitingMail();
    expect(await housekeeping()).toBe(204);
    const [mail] = mailsTo(recipient);
    expect(mail).toContain('Subject: We received your CSC application');
    const [row] = await sql<{ sent: boolean; notified_at: Date | null }>(
      `select o.sent_at is not null as sent, l.notified_at from mail_outbox o join leads l on l.id = o.lead_id where o.lead_id = $1 and o.kind = 'applicant'`,
      [leadId],
    );
    expect(row).toEqual({ sent: true, notified_at: null });
  });

  it('a failed send is kept for a retry, and is not reported as the institute’s notification failing', async () => {
    const { leadId, recipient } = await waitingMail();
    // The outbox folder becomes a file: every send fails.
    rmSync(fx.outbox, { recursive: true, force: true });
    writeFileSync(fx.outbox, 'not a folder');
    try {
      expect(await housekeeping()).toBe(204);
    } finally {
      rmSync(fx.outbox);
      mkdirSync(fx.outbox, { recursive: true });
    }
    expect(mailsTo(recipient)).toHaveLength(0);
    const [row] = await sql<{ sent_at: Date | null; last_error: string | null; failed_at: Date | null; notify_error: string | null }>(
      `select o.sent_at, o.last_error, o.failed_at, l.notify_error from mail_outbox o join leads l on l.id = o.lead_id where o.lead_id = $1 and o.kind = 'applicant'`,
      [leadId],
    );
    expect(row!.sent_at).toBeNull();
    expect(row!.failed_at).toBeNull();
    expect(row!.last_error).not.toBeNull();
    expect(row!.notify_error).toBeNull();
  });
});
