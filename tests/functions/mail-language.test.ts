/**
 * A person's language after the first form: a lead sent from a Hindi page (x-language: hi) is
 * admitted as a Hindi student, whose receipt's e-mail is in Hindi; an English one's stays English,
 * word for word; staff see the student's language; a request to upload documents again goes to a
 * Hindi applicant in Hindi, the day in Hindi words. The functions run in this process on a database
 * of their own (scripts/in-process.mjs).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { closeInProcess, jsonPost, openInProcess, sqlOn, BASE, type InProcess } from '../support/in-process';
import { addFeeCourse } from '../support/fee-records';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let owner = '';
let batchId = '';
let requestFix: typeof import('../../functions/_shared/applications/fix-request').requestFix;
let transaction: typeof import('../../functions/_shared/platform/db').transaction;
const sql = sqlOn(() => client);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['apply', 'admin-lead', 'student-item', 'admin-fees-collect'] }));
  owner = await staffCookie(client, 'owner');
  ({ batchId } = await addFeeCourse(sql));
  // Imported once the environment is the in-process server's.
  ({ requestFix } = await import('../../functions/_shared/applications/fix-request'));
  ({ transaction } = await import('../../functions/_shared/platform/db'));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
/** A lead from the Apply dialog on a page in `language` (no header for English), admitted into the Tally batch: the student's id and address. */
async function admittedFrom(language: 'hi' | null): Promise<{ studentId: string; email: string }> {
  n += 1;
  const email = `language${n}.${Date.now().toString(36)}@example.in`;
  const headers: Record<string, string> = language ? { 'x-language': language } : {};
  const phone = `98290${String(10000 + n * 37).slice(-5)}`;
  const applied = await fx.call(
    'apply',
    jsonPost('/api/apply', { name: 'Sunita Meena', email, phone, department: 'dl', course: 'RS-CIT (Basic)', consent: true }, headers),
  );
  expect(applied.response.status).toBe(201);
  const { reference } = (await applied.response.json()) as { reference: string };
  const [lead] = await sql<{ id: string }>('select id::text from leads where reference = $1', [reference]);
  const step = { action: 'move', version: 1, next: { status: 'admitted', student: { name: 'Sunita Meena', email, course: 'Tally Prime' }, batchId } };
  const admitted = await fx.call('admin-lead', jsonPost(`/api/admin/leads/${lead!.id}`, step, { cookie: owner }));
  expect(admitted.response.status, await admitted.response.clone().text()).toBe(200);
  const [student] = await sql<{ id: string }>('select student_id::text as id from leads where id = $1', [lead!.id]);
  return { studentId: student!.id, email };
}

/** Collects ₹3,000 in cash at the counter for `studentId`; the receipt's number once its mail is out. */
async function collect(studentId: string): Promise<string> {
  const { response, settled } = await fx.call(
    'admin-fees-collect',
    jsonPost('/api/admin/fees/collect', { studentId, amount: '3000', mode: 'cash', paidOn: indiaToday() }, { cookie: owner, 'idempotency-key': randomUUID() }),
  );
  await settled();
  expect(response.status).toBe(201);
  return ((await response.json()) as { receipt: { number: string } }).receipt.number;
}

/** The student mail (outbox kind 'student') to `to`. */
async function studentMail(to: string): Promise<{ subject: string; body: string }> {
  const [row] = await sql<{ subject: string; body: string; sent: boolean }>(
    `select subject, body, sent_at is not null as sent from mail_outbox where kind = 'student' and recipient = $1`,
    [to],
  );
  expect(row?.sent).toBe(true);
  return row!;
}

const GET = (route: string) => new Request(new URL(route, BASE), { headers: { cookie: owner } });

describe('a student admitted from a lead', () => {
  it('is Hindi when the lead came from a Hindi page: staff see it, and the receipt’s e-mail is in Hindi', async () => {
    const { studentId, email } = await admittedFrom('hi');
    const [row] = await sql<{ language: string }>('select language from students where id = $1', [studentId]);
    expect(row!.language).toBe('hi');
    const record = await fx.call('student-item', GET(`/api/students/${studentId}`));
    expect(await record.response.json()).toMatchObject({ _id: studentId, language: 'hi' });

    const number = await collect(studentId);
    const mail = await studentMail(email);
    expect(mail.subject).toBe(`भुगतान मिल गया: रसीद ${number} (${site.shortName})`);
    expect(mail.body.split('\n').slice(0, 6)).toEqual([
      'नमस्ते,',
      '',
      `${site.name} ने आपकी फ़ीस का भुगतान दर्ज कर लिया है: रसीद ${number}।`,
      '',
      'रसीद देखने और प्रिंट करने, और अपना बकाया और भुगतान देखने के लिए अपने खाते में लॉगिन करें:',
      expect.stringMatching(/^https?:\/\/[^/\s]+\/hi\/account$/),
    ]);
    expect(mail.body).toContain(`अगर यह भुगतान आपने नहीं किया है, तो कृपया हमें ${site.phone} पर फ़ोन करें।`);
    expect(mail.body).not.toMatch(/Namaste|recorded a payment|Sign in|If you did not/);
  });

  it('is English, as before, when the lead named no language, and the receipt’s e-mail is English word for word', async () => {
    const { studentId, email } = await admittedFrom(null);
    const record = await fx.call('student-item', GET(`/api/students/${studentId}`));
    expect(await record.response.json()).not.toHaveProperty('language');

    const number = await collect(studentId);
    const mail = await studentMail(email);
    const origin = /^(https?:\/\/[^/\s]+)\/account$/m.exec(mail.body)?.[1];
    expect(mail.subject).toBe(`Payment received: receipt ${number} (${site.shortName})`);
    expect(mail.body).toBe(
      [
        'Namaste,',
        '',
        `${site.name} has recorded a payment of your fees: receipt ${number}.`,
        '',
        'Sign in to your account to see the receipt, your dues and payments, and to print it:',
        `${origin}/account`,
        '',
        `If you did not make this payment, please call us on ${site.phone}.`,
        '',
        site.name,
        `${site.address.street.en}, ${site.address.locality.en}, ${site.address.district.en} ${site.address.postalCode}`,
      ].join('\n'),
    );
  });
});

describe('a request to upload documents again', () => {
  it('goes to an applicant who wrote from a Hindi page in Hindi: the documents named, the day in Hindi words, the Hindi page linked', async () => {
    const [lead] = await sql<{ id: string }>(
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, status, name, email, phone, phone_norm, person_id, language)
       select 'CS-2026-77001', 'csc', '/CSCForm', 'submitted', 'Sunita Devi', 'sunita.fix@example.in', '+919829000077', '9829000077', p.id, 'hi' from p
       returning id::text`,
    );
    await sql(`insert into applications (lead_id, form, draft, fields, consent_version, consent_at) values ($1, 'csc', $2, '{}', 'v1', now())`, [
      lead!.id,
      randomUUID(),
    ]);
    const queued = await transaction((db) =>
      requestFix(db, lead!.id, 'csc', ['bankPassbook', 'photo'], 'पासबुक का पहला पन्ना साफ़ नहीं है।', 'https://www.pragatiinstitute.in'),
    );
    const [expires] = await sql<{ at: Date }>('select fix_expires_at as at from applications where lead_id = $1', [lead!.id]);
    const day = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(expires!.at);
    expect(day).toMatch(/^\d{1,2} [\u0900-\u097F]+ \d{4}$/);

    const { subject, text } = queued.mail;
    expect(subject).toBe('कृपया दस्तावेज़ दोबारा अपलोड करें: CS-2026-77001');
    const lines = text.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'नमस्ते,',
      '',
      'हमने आपके CSC आवेदन (रेफ़रेंस CS-2026-77001) के दस्तावेज़ जाँच लिए हैं। कृपया ये दस्तावेज़ दोबारा अपलोड करें:',
      '',
      '- बैंक पासबुक',
      '- फ़ोटो',
      '',
      'क्या ठीक करना है:',
      'पासबुक का पहला पन्ना साफ़ नहीं है।',
    ]);
    expect(text).toMatch(/^https:\/\/www\.pragatiinstitute\.in\/hi\/fixDocuments#\S+$/m);
    expect(text).toContain(`यह लिंक ${day} तक काम करेगा।`);
    expect(text).not.toMatch(/Hello|Please upload|The link works/);
  });
});
