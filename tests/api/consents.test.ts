/** Consent at the office, an account's consents, and what withdrawing one stops (decision 053). */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConsentViewSchema } from '../../src/lib/schemas/data-rights';
import { GuardianConsentViewSchema, HeldAnswerSchema } from '../../src/lib/schemas/guardian-consent';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { createQuickAccount, login } from './accounts';
import { db, eventually, get, outboxMessages, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { insertLead } from './lead-fixtures';
import { signedInAdmin, staffFetch } from './staff';

describe.each(targets)('consents on $name', (target) => {
  let accountant: Awaited<ReturnType<typeof signedInAdmin>>;
  let teacher: Awaited<ReturnType<typeof signedInAdmin>>;
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    [accountant, teacher, owner] = await Promise.all([
      signedInAdmin(target, 'consentaccountant', 'accountant'),
      signedInAdmin(target, 'consentteacher', 'teacher'),
      signedInAdmin(target, 'consentowner', 'owner'),
    ]);
  });

  it('records a guardian’s consent at the office: the held form is stored with who recorded it and the document seen', async () => {
    const name = uniqueName('Pooja');
    const res = await post(target, '/api/contact', {
      age: 'minor',
      guardian: { name: 'Mahesh Jain', relation: 'father', email: uniqueEmail('father'), phone: '+919829011111' },
      name,
      email: uniqueEmail('pooja'),
      phone: uniquePhone(),
      subject: 'Tally course',
      message: 'When does the next Tally batch start?',
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { held } = HeldAnswerSchema.parse(await res.json());
    const typed = held.number.toLowerCase().replace(/-/g, ' ');

    const refused = await staffFetch(target, `/api/admin/guardian-hold?number=${encodeURIComponent(typed)}`, teacher.cookie);
    expect(refused.status).toBe(403);
    const look = await staffFetch(target, `/api/admin/guardian-hold?number=${encodeURIComponent(typed)}`, accountant.cookie);
    expect(look.status).toBe(200);
    expect(await look.json()).toMatchObject({
      number: held.number,
      childName: name,
      status: 'waiting',
      form: 'Send us a message',
      guardian: { name: 'Mahesh Jain', relation: 'father' },
    });

    const bad = await staffFetch(target, '/api/admin/guardian-consent', accountant.cookie, { body: { number: held.number, document: 'aadhaar' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['adult', 'sawGuardian']);

    const given = await staffFetch(target, '/api/admin/guardian-consent', accountant.cookie, {
      body: { number: typed, document: 'aadhaar', sawGuardian: true, adult: true, whatsapp: true },
    });
    expect(given.status, await given.clone().text()).toBe(201);
    const { reference } = await given.json();
    expect(reference).toMatch(/^CT-\d{4}-\d{5}$/);

    const [lead] = await db<{ id: string }>(target, 'select id::text from leads where reference = $1 and minor', [reference]);
    const detail = await staffFetch(target, `/api/admin/leads/${lead!.id}`, owner.cookie);
    const consent = GuardianConsentViewSchema.parse((await detail.json()).guardianConsent);
    expect(consent).toMatchObject({
      status: 'given',
      guardianName: 'Mahesh Jain',
      how: 'office',
      staffName: accountant.staff.name,
      document: 'aadhaar',
      whatsapp: true,
    });
    const lines = await db<{ entity: string }>(target, `select entity from audit_log where staff_id = $1 and entity in ('held-submission', 'consent')`, [
      accountant.staff.id,
    ]);
    expect(lines.map((l) => l.entity).sort()).toEqual(['consent', 'held-submission']);
    const twice = await staffFetch(target, '/api/admin/guardian-consent', accountant.cookie, {
      body: { number: held.number, document: 'aadhaar', sawGuardian: true, adult: true },
    });
    expect(twice.status).toBe(409);
  });

  it('an adult’s lead has no guardian consent', async () => {
    const res = await post(target, '/api/apply', {
      name: uniqueName('Adult'),
      email: uniqueEmail('a'),
      phone: uniquePhone(),
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    });
    const [lead] = await db<{ id: string }>(target, 'select id::text from leads where reference = $1', [(await res.json()).reference]);
    const detail = await (await staffFetch(target, `/api/admin/leads/${lead!.id}`, owner.cookie)).json();
    expect(detail.guardianConsent).toBeNull();
    expect(detail.updatesWithdrawn).toBe(false);
  });

  /** A signed-in account (its own consents, from registering) that also sent an enquiry from its address. */
  const accountWithEnquiry = async (tag: string, name: string) => {
    const account = await createQuickAccount(target, tag);
    const token = await login(target, account.email, account.password);
    await post(target, '/api/apply', { name, email: account.email, phone: uniquePhone(), department: 'dl', course: 'RS-CIT (Basic)', consent: true });
    return { account, token };
  };

  it('lists an account’s consents in its language, and withdrawing updates stops the receipt mail to that person', async () => {
    const { account, token } = await accountWithEnquiry('withdraws', 'Asha Verma');
    const listed = await get(target, '/api/user/consents', { token, 'x-language': 'hi' });
    expect(listed.status).toBe(200);
    const consents = (await listed.json()).consents.map((c: unknown) => ConsentViewSchema.parse(c));
    expect(consents.length).toBe(5);
    expect(consents.some((c: { purpose: string }) => c.purpose.includes('ई-मेल'))).toBe(true);
    const [updates] = await db<{ id: string }>(target, `select id::text from consents where user_id = $1 and purpose = 'updates'`, [account.id]);

    expect((await post(target, '/api/user/consent-withdraw', { id: updates!.id })).status).toBe(401);
    const stranger = await createQuickAccount(target, 'stranger');
    const strangerToken = await login(target, stranger.email, stranger.password);
    expect((await post(target, '/api/user/consent-withdraw', { id: updates!.id }, { token: strangerToken })).status).toBe(404);
    const withdrawn = await post(target, '/api/user/consent-withdraw', { id: updates!.id }, { token });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    expect((await withdrawn.json()).consent.withdrawnAt).not.toBeNull();
    expect((await post(target, '/api/user/consent-withdraw', { id: updates!.id }, { token })).status).toBe(409);

    // A student record with the address: a fee collected makes a receipt, but no mail to them.
    const collect = async (email: string) => {
      const [student] = await db<{ id: string }>(
        target,
        `insert into students (name, email, phone, course) values ('Asha Verma', $1, '+919829012345', 'Tally') returning id::text`,
        [email],
      );
      await db(
        target,
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Instalment 1', 300000, $2)`,
        [student!.id, indiaToday()],
      );
      const res = await staffFetch(target, '/api/admin/fees/collect', accountant.cookie, {
        body: { studentId: student!.id, amount: '1000', mode: 'cash', paidOn: indiaToday() },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const fees = await (await staffFetch(target, `/api/admin/fees/students/${student!.id}`, accountant.cookie)).json();
      return { mails: await db(target, `select 1 from mail_outbox where kind = 'student' and lower(recipient) = lower($1)`, [email]), fees };
    };
    const stopped = await collect(account.email);
    expect(stopped.mails).toHaveLength(0);
    expect(stopped.fees.updatesWithdrawn).toBe(true);
    expect(stopped.fees.guardianConsent).toBeNull();
    const other = await collect(uniqueEmail('still'));
    expect(other.mails).toHaveLength(1);
    expect(other.fees.updatesWithdrawn).toBe(false);
  });

  it('withdrawing the consent to be served opens a withdrawal request the Owner answers with the erasure, told to the person in their language', async () => {
    const { account, token } = await accountWithEnquiry('withdrawsservice', 'Nisha Rathore');
    const services = await db<{ id: string }>(
      target,
      `select id::text from consents where purpose = 'service' and (user_id = $1 or lead_id in (select id from leads where email_norm = lower($2))) order by id`,
      [account.id, account.email],
    );
    expect(services.length).toBe(2);
    const withdrawn = await post(target, '/api/user/consent-withdraw', { id: services[0]!.id }, { token, 'x-language': 'hi' });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    const answer = await withdrawn.json();
    expect(answer.consent.withdrawnAt).not.toBeNull();
    expect(answer.request).toMatchObject({ kind: 'withdraw', status: 'open' });
    expect(answer.message).toContain(answer.request.reference);
    expect(answer.message).toContain('शिकायत अधिकारी');
    const [stored] = await db<{ user_id: string; language: string; details: string }>(
      target,
      'select user_id::text, language, details from rights_requests where reference = $1',
      [answer.request.reference],
    );
    expect(stored).toMatchObject({ user_id: account.id, language: 'hi' });
    expect(stored!.details).toContain('सहमति वापस ली');
    // Withdrawing the other one names the request already waiting, not a second.
    const second = await (await post(target, '/api/user/consent-withdraw', { id: services[1]!.id }, { token })).json();
    expect(second.request.reference).toBe(answer.request.reference);
    expect(await db(target, 'select 1 from rights_requests where user_id = $1', [account.id])).toHaveLength(1);
    // Updates and offers withdrawn open no request.
    const [updates] = await db<{ id: string }>(target, `select id::text from consents where user_id = $1 and purpose = 'updates'`, [account.id]);
    expect((await (await post(target, '/api/user/consent-withdraw', { id: updates!.id }, { token })).json()).request).toBeUndefined();

    // On the Owner's Today and list; answered with the erasure engine.
    const today = await (await staffFetch(target, '/api/admin/today', owner.cookie)).json();
    expect(today.rightsRequests.open).toBeGreaterThanOrEqual(1);
    const erased = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: answer.request.id, action: 'erase', note: 'Consent to be served withdrawn: erased.' },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await db(target, 'select 1 from users where id = $1', [account.id])).toEqual([]);
    expect(await db(target, `select name from leads where email_norm = lower($1)`, [account.email])).toEqual([]);
    const [mail] = await db<{ recipient: string; subject: string }>(target, 'select recipient, subject from mail_outbox where subject like $1', [
      `%${answer.request.reference}%`,
    ]);
    expect(mail).toMatchObject({ recipient: account.email, subject: `आपका अनुरोध ${answer.request.reference}` });
  });

  it('leaves a minor’s lead and a person who withdrew consent to offers out of the daily follow-ups mail', async () => {
    const counsellor = await signedInAdmin(target, 'digestconsent', 'counsellor');
    const due = { status: 'contacted', follow_up_on: '2002-02-03', assigned_to: counsellor.staff.id };
    const adult = await insertLead(target, due);
    const child = await insertLead(target, { ...due, minor: true });
    const withdrew = await insertLead(target, due);
    await db(
      target,
      `insert into consents (person_id, lead_id, given_by, purpose, method, notice_form, notice_version, language, withdrawn_at, withdrawn_how)
       values ($1, $2, 'self', 'marketing', 'form', 'apply', 'test', 'en', now(), 'account')`,
      [withdrew.personId, withdrew.id],
    );
    const res = await target.fetch('/.netlify/functions/follow-ups-digest?day=2002-02-05', { method: 'POST' });
    expect(res.status).toBe(204);
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, `To: ${counsellor.staff.email}\n`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain(adult.name);
    expect(mail).not.toContain(child.name);
    expect(mail).not.toContain(withdrew.name);
  });
});
