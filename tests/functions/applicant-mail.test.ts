/**
 * Mail to an applicant (outbox kind 'applicant': the confirmation, a documents-to-fix link) goes
 * to its own recipient when the housekeeping delivers what is due, and never stands in for the
 * institute's notification of the lead (notified_at, notify_error are the institute's). It carries
 * nothing the applicant typed, not even the name: anyone can type any address into a form, and a
 * mail signed by the institute must not carry a stranger's words to it. Names follow the name rule.
 * The functions run in this process on a database of their own (scripts/in-process.mjs).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS, fieldsOf } from '../../src/lib/schemas/application-forms';
import { NAME_CHARACTERS_MESSAGE } from '../../src/lib/schemas/fields';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { answersOf } from '../support/form-answers';
import { uploadDocuments } from '../support/in-process-forms';

let fx: InProcess;
let client: pg.Client;
let requestFix: typeof import('../../functions/_shared/applications/fix-request').requestFix;
let transaction: typeof import('../../functions/_shared/platform/db').transaction;

const SUBMIT: Record<ApplicationForm, string> = { emitra: 'emitra', csc: 'csc', iibf: 'iibf', nielit: 'nielit-submit' };

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['housekeeping', ...Object.values(SUBMIT), 'uploads', 'uploads-local', 'uploads-check'] }));
  // Imported once the environment is the in-process server's.
  ({ requestFix } = await import('../../functions/_shared/applications/fix-request'));
  ({ transaction } = await import('../../functions/_shared/platform/db'));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);
const housekeeping = async () =>
  (await fx.call('housekeeping', new Request('http://127.0.0.1:8888/.netlify/functions/housekeeping', { method: 'POST' }))).response.status;
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

/** The text of a mail (what follows its headers). */
const bodyOf = (mail: string) => mail.slice(mail.indexOf('\n\n') + 2);

/** Submits a complete form of `form` with `answers` changed; the answer and what was sent. */
async function submit(form: ApplicationForm, changes: Record<string, string> = {}) {
  const answers = { ...answersOf(form), ...changes };
  const draft = randomUUID();
  const documents = await uploadDocuments(fx, form, draft);
  const { response, settled } = await fx.call(SUBMIT[form], jsonPost(FORMS[form].endpoint, { ...answers, documents, draft, consent: true }));
  await settled();
  return { response, answers, recipient: answers[FORMS[form].person.email]!.toLowerCase() };
}

/** A message written to look like the institute's, typed where a name goes. */
const INJECTION = 'DEAR CUSTOMER, YOUR KYC EXPIRED. PAY RS 10 AT HTTPS://EVIL.EXAMPLE/KYC';

describe('what an applicant is e-mailed', () => {
  it.each(Object.keys(SUBMIT) as ApplicationForm[])(
    'the %s confirmation begins "Hello," and carries the reference, nothing the applicant typed',
    async (form) => {
      const { response, answers, recipient } = await submit(form);
      expect(response.status).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      const [mail] = mailsTo(recipient);
      expect(mail).toBeDefined();
      const text = bodyOf(mail!);
      expect(text.startsWith('Hello,\n')).toBe(true);
      expect(text).toContain(`Your reference: ${reference}`);
      // Not one answer of the form, in any case: no name, no address, no number.
      const typed = fieldsOf(FORMS[form])
        .filter((f) => f.input !== 'select' && f.input !== 'date')
        .map((f) => answers[f.name]!);
      for (const value of typed) expect(text.toLowerCase(), value).not.toContain(value.toLowerCase());
    },
  );

  it.each(['emitra', 'nielit'] as const)('%s: a message typed as the name is refused with the name rule, and nothing is stored or sent', async (form) => {
    const { response, recipient } = await submit(form, { name: INJECTION, fatherName: INJECTION });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(errors).toEqual({ name: NAME_CHARACTERS_MESSAGE, fatherName: NAME_CHARACTERS_MESSAGE });
    expect(await sql('select 1 from leads where email = $1', [recipient])).toHaveLength(0);
    expect(mailsTo(recipient)).toHaveLength(0);
    expect(await sql(`select 1 from mail_outbox where body like '%KYC%'`)).toHaveLength(0);
  });

  it('the documents-to-fix mail begins "Hello," and carries the staff’s note, not the applicant’s name', async () => {
    const { response, answers, recipient } = await submit('csc');
    expect(response.status).toBe(201);
    const [lead] = await sql<{ id: string }>('select id::text from leads where email = $1', [recipient]);
    const note = 'The passbook photo is blurred: please take it again in daylight.';
    const queued = await transaction((db) => requestFix(db, lead!.id, 'csc', ['bankPassbook'], note, 'https://www.pragatiinstitute.in'));
    const [stored] = await sql<{ recipient: string; body: string }>('select recipient, body from mail_outbox where id = $1', [queued.outboxId]);
    expect(stored!.recipient).toBe(recipient);
    expect(stored!.body.startsWith('Hello,\n')).toBe(true);
    expect(stored!.body).toContain(note);
    // One document: "this document … upload it".
    expect(stored!.body).toContain('Please upload this document again:');
    expect(stored!.body).toContain('Upload it here (you need not fill in the form again):');
    for (const name of [answers['name']!, answers['motherName']!, answers['fatherName']!, answers['nomineeName']!]) {
      expect(stored!.body.toLowerCase(), name).not.toContain(name.toLowerCase());
    }
  });
});
