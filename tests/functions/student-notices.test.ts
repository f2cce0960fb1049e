/**
 * Notices that reach a student without e-mail: a payment collected at the counter, a UPI payment
 * confirmed or rejected, a receipt cancelled each answer the WhatsApp message of it (`notice`), in
 * English and Hindi with the student's own figures and their language first, with the wa.me link
 * to their mobile; and the e-mail goes where the record has an address, and not where it has none.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { indiaToday } from '../../src/lib/schemas/real-day';
import type { StudentNotice } from '../../src/lib/schemas/student-notice';
import { addFeeCourse } from '../support/fee-records';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let accountant = '';
let courseId = '';
const sql = sqlOn(() => client);
const today = indiaToday();
const dayIn = (language: 'en' | 'hi', day = today) =>
  new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${day}T00:00:00Z`));

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-fees-collect', 'admin-fees-claim', 'admin-fees-receipt-cancel'] }));
  accountant = await staffCookie(client, 'accountant');
  ({ courseId } = await addFeeCourse(sql));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

/** A student owing ₹3,000 of Tally Prime; `email` '' for none. */
async function studentOwing(name: string, language: 'en' | 'hi', email: string | null, phone = '98290 55555') {
  const [student] = await sql<{ id: string }>(
    `insert into students (name, email, phone, course, language) values ($1, $2, $3, 'Tally Prime', $4) returning id::text`,
    [name, email ?? '', phone, language],
  );
  const [due] = await sql<{ id: string; reference: string }>(
    `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, due_on)
     values ('N' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, 1, 'Instalment 1 of 3', 300000, $3) returning id::text, reference`,
    [student!.id, courseId, today],
  );
  return { studentId: student!.id, dueId: due!.id, reference: due!.reference };
}

/** A POST of `name` as the Accountant: status and JSON, once its mail is out. */
async function post<T>(name: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const { response, settled } = await fx.call(name, jsonPost(route, body, { cookie: accountant, ...headers }));
  await settled();
  return { status: response.status, body: (await response.json()) as T & { message: string; notice: StudentNotice } };
}

const mailsTo = async (to: string) =>
  (await sql<{ subject: string }>(`select subject from mail_outbox where recipient = $1 order by id`, [to])).map((m) => m.subject);

describe('the notices a student gets by WhatsApp', () => {
  it('answers a counter payment’s receipt in the student’s language first, with the amount, the day, the mode and the number; e-mailed where there is an address', async () => {
    const { studentId } = await studentOwing('Pooja Sharma', 'hi', 'pooja@example.in');
    const collected = await post<{ receipt: { number: string } }>(
      'admin-fees-collect',
      '/api/admin/fees/collect',
      { studentId, amount: '2500', mode: 'cash', paidOn: today },
      { 'idempotency-key': randomUUID() },
    );
    expect(collected.status).toBe(201);
    const { notice, receipt } = collected.body;
    expect(notice).toMatchObject({ student: 'Pooja Sharma', language: 'hi', hasMobile: true, emailed: true });
    expect(notice.messages.hi.text).toBe(
      `नमस्ते Pooja Sharma, Pragati Computer & Education Institute से संदेश: आपकी Tally Prime की फ़ीस के ₹2,500 हमें ${dayIn('hi')} को नकद मिल गए हैं। आपकी रसीद का नंबर ${receipt.number} है। धन्यवाद!`,
    );
    expect(notice.messages.en.text).toBe(
      `Namaste Pooja Sharma, this is Pragati Computer & Education Institute. We have received ₹2,500 in cash on ${dayIn('en')} for your Tally Prime fees. Your receipt number is ${receipt.number}. Thank you!`,
    );
    expect(notice.messages.hi.link).toBe(`https://wa.me/919829055555?text=${encodeURIComponent(notice.messages.hi.text)}`);
    const mails = await mailsTo('pooja@example.in');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(receipt.number);
  });

  it('says a student with no e-mail address was not e-mailed, and a record with no mobile lets WhatsApp ask whom to send it to', async () => {
    const { studentId } = await studentOwing('Mohan Lal', 'en', null, '');
    const before = (await sql(`select id from mail_outbox`)).length;
    const collected = await post<{ receipt: { number: string } }>(
      'admin-fees-collect',
      '/api/admin/fees/collect',
      { studentId, amount: '1000', mode: 'upi', utr: '123456789012', paidOn: today },
      { 'idempotency-key': randomUUID() },
    );
    expect(collected.status).toBe(201);
    expect(collected.body.notice).toMatchObject({ language: 'en', hasMobile: false, emailed: false });
    expect(collected.body.notice.messages.en.text).toContain('We have received ₹1,000 by UPI on ');
    expect(collected.body.notice.messages.hi.text).toContain('₹1,000 हमें ');
    expect(collected.body.notice.messages.hi.text).toContain(' को UPI से मिल गए हैं।');
    expect(collected.body.notice.messages.en.link).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect((await sql(`select id from mail_outbox`)).length).toBe(before);
  });

  it('answers a confirmed UPI payment with its UTR and receipt, and a rejected one with the reason, each in both languages', async () => {
    const asha = await studentOwing('Asha Verma', 'en', 'asha.notice@example.in');
    const [claim] = await sql<{ id: string }>(
      `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 300000, '987654321098', $3) returning id::text`,
      [asha.studentId, asha.dueId, today],
    );
    const confirmed = await post<{ receipt: { number: string } }>('admin-fees-claim', `/api/admin/fees/claims/${claim!.id}`, { decision: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.notice.language).toBe('en');
    expect(confirmed.body.notice.messages.en.text).toBe(
      `Namaste Asha Verma, this is Pragati Computer & Education Institute. Your UPI payment of ₹3,000 (UTR 987654321098) is confirmed and recorded on receipt ${confirmed.body.receipt.number}. Thank you!`,
    );
    expect(confirmed.body.notice.messages.hi.text).toContain(
      `आपके ₹3,000 के UPI भुगतान (UTR 987654321098) की पुष्टि हो गई है। इसकी रसीद का नंबर ${confirmed.body.receipt.number} है।`,
    );

    const ravi = await studentOwing('Ravi Meena', 'hi', null);
    const [other] = await sql<{ id: string }>(
      `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 150000, '111122223333', $3) returning id::text`,
      [ravi.studentId, ravi.dueId, today],
    );
    const rejected = await post('admin-fees-claim', `/api/admin/fees/claims/${other!.id}`, {
      decision: 'reject',
      reason: 'No such UTR in the bank statement.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('The payment of ₹1,500 reported by Ravi Meena is rejected. They have no e-mail address: tell them on WhatsApp.');
    expect(rejected.body.notice).toMatchObject({ language: 'hi', emailed: false });
    expect(rejected.body.notice.messages.hi.text).toBe(
      `नमस्ते Ravi Meena, Pragati Computer & Education Institute से संदेश: आपने ₹1,500 के जिस UPI भुगतान (UTR 111122223333) की जानकारी दी थी, उसकी पुष्टि नहीं हो सकी, इसलिए वह दर्ज नहीं हुआ है। कारण: No such UTR in the bank statement। अगर आपने भुगतान कर दिया है, तो कृपया भुगतान की जानकारी के साथ हमें ${site.phone} पर फ़ोन करें या ऑफ़िस आएँ।`,
    );
    expect(rejected.body.notice.messages.en.text).toContain(
      'We could not confirm the UPI payment of ₹1,500 you told us about (UTR 111122223333), so it is not recorded. Reason: No such UTR in the bank statement. If you have paid',
    );
  });

  it('answers a cancelled receipt with its number, amount and reason, and e-mails it where there is an address', async () => {
    const { studentId } = await studentOwing('Sunita Saini', 'hi', 'sunita.notice@example.in');
    const collected = await post<{ receipt: { id: string; number: string } }>(
      'admin-fees-collect',
      '/api/admin/fees/collect',
      { studentId, amount: '3000', mode: 'cash', paidOn: today },
      { 'idempotency-key': randomUUID() },
    );
    const { id, number } = collected.body.receipt;
    const cancelled = await post(`admin-fees-receipt-cancel`, `/api/admin/fees/receipts/${id}/cancel`, { reason: 'Written for the wrong student.' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.notice).toMatchObject({ language: 'hi', emailed: true });
    expect(cancelled.body.notice.messages.hi.text).toContain(
      `₹3,000 की रसीद ${number} रद्द कर दी गई है। कारण: Written for the wrong student। यह राशि फिर से आपकी बकाया फ़ीस में जुड़ गई है।`,
    );
    expect(cancelled.body.notice.messages.en.text).toContain(
      `Receipt ${number} for ₹3,000 has been cancelled. Reason: Written for the wrong student. The amount is back on your dues.`,
    );
    const mails = await mailsTo('sunita.notice@example.in');
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(number);
  });
});
