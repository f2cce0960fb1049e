/**
 * Requests about one's data (decision 053): from the request form (no account) and from an
 * account; staff's list (open first, days left), the Owner's count on Today, answering done or
 * declined with a mail in the requester's language that carries fixed words only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQuickAccount, login } from './accounts';
import { contactLead } from './lead-fixtures';
import { db, get, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';
import { RIGHTS_ANSWER_DAYS, StaffRightsRequestsSchema } from '../../src/lib/schemas/data-rights';
import { HeldAnswerSchema } from '../../src/lib/schemas/guardian-consent';
import { indiaToday } from '../../src/lib/schemas/real-day';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

const form = (extra: Record<string, unknown> = {}) => ({
  age: 'adult',
  kind: 'erasure',
  name: uniqueName('Requester'),
  phone: uniquePhone(),
  email: uniqueEmail('requester'),
  details: 'Please delete my enquiry.',
  ...extra,
});

const requestsBy = (target: (typeof targets)[number], phone: string) =>
  db<{ id: string; reference: string; status: string; answer_by: string; language: string }>(
    target,
    'select id::text, reference, status, answer_by::text, language from rights_requests where phone = $1',
    [phone],
  );

describe.each(targets)('requests about one’s data on $name', (target) => {
  let owner: Admin;
  let counsellor: Admin;
  beforeAll(async () => {
    [owner, counsellor] = await Promise.all([signedInAdmin(target, 'rightsowner'), signedInAdmin(target, 'rightscounsellor', 'counsellor')]);
  });

  it('takes a request from the form with the day it will be answered by, and refuses bad input without storing anything', async () => {
    const body = form();
    const res = await post(target, '/api/data-request', body, { 'x-language': 'hi', 'idempotency-key': randomUUID() });
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = await res.json();
    expect(answer.reference).toMatch(/^DR-\d{4}-\d{5}$/);
    expect(answer.message).toContain('तक जवाब देंगे');
    const [stored] = await requestsBy(target, body.phone);
    const expected = new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + RIGHTS_ANSWER_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(stored).toMatchObject({ reference: answer.reference, status: 'open', answer_by: expected, language: 'hi' });

    // An under-18 with no parent or guardian named is refused, nothing held.
    const minor = form({ age: 'minor' });
    const refused = await post(target, '/api/data-request', minor);
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).errors)).toContain('guardian');
    const bad = form({ kind: 'everything', phone: '12' });
    const badRes = await post(target, '/api/data-request', bad);
    expect(badRes.status).toBe(400);
    expect(Object.keys((await badRes.json()).errors).sort()).toEqual(['kind', 'phone']);
    const bot = form({ website: 'http://spam.example' });
    expect((await post(target, '/api/data-request', bot)).status).toBe(201);
    for (const phone of [minor.phone, bot.phone]) expect(await requestsBy(target, phone)).toEqual([]);
  });

  it('lists open requests first with the days left, counts them on the Owner’s Today only, and answers each once with a mail in the requester’s language', async () => {
    const lead = await contactLead(target);
    const body = form({ phone: lead.phone.replace(/\D/g, '').slice(-10), email: lead.email, kind: 'copy' });
    const made = await post(target, '/api/data-request', body, { 'x-language': 'hi' });
    expect(made.status).toBe(201);
    const { reference } = await made.json();

    const list = await staffFetch(target, '/api/admin/rights-requests', owner.cookie);
    expect(list.status).toBe(200);
    const { items } = await list.json();
    const mine = items.find((i: { reference: string }) => i.reference === reference);
    expect(mine).toMatchObject({ status: 'open', daysLeft: RIGHTS_ANSWER_DAYS, fromAccount: false, name: body.name, language: 'hi' });
    const firstAnswered = items.findIndex((i: { status: string }) => i.status !== 'open');
    expect(firstAnswered === -1 || items.slice(firstAnswered).every((i: { status: string }) => i.status !== 'open')).toBe(true);

    const today = await (await staffFetch(target, '/api/admin/today', owner.cookie)).json();
    expect(today.rightsRequests.open).toBeGreaterThanOrEqual(1);
    expect(today.rightsRequests.answerBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const theirs = await (await staffFetch(target, '/api/admin/today', counsellor.cookie)).json();
    expect(theirs.rightsRequests).toBeNull();
    expect((await staffFetch(target, '/api/admin/rights-requests', counsellor.cookie)).status).toBe(403);

    // The records found from the number given, and their copy to hand over.
    const detail = await (await staffFetch(target, `/api/admin/rights-request?id=${mine.id}`, owner.cookie)).json();
    expect(detail.found).toEqual([`${lead.reference} (${lead.name}, ${lead.phone})`]);
    expect(detail.copy.language).toBe('hi');
    const handed = await staffFetch(target, `/api/admin/person-data?request=${mine.id}`, owner.cookie);
    expect(handed.headers.get('content-disposition')).toBe(`attachment; filename="data-${reference}.json"`);
    expect((await handed.json()).enquiries[0].reference).toBe(lead.reference);

    const done = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: mine.id, action: 'done', note: 'Copy handed over at the office.' },
    });
    expect(done.status).toBe(200);
    expect((await done.json()).request).toMatchObject({ status: 'done', answer: 'Copy handed over at the office.', daysLeft: null });
    const twice = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: mine.id, action: 'decline', note: 'Declined after all.' },
    });
    expect(twice.status).toBe(409);
    const [mail] = await db<{ subject: string; body: string; recipient: string }>(
      target,
      'select subject, body, recipient from mail_outbox where subject like $1',
      [`%${reference}%`],
    );
    expect(mail).toMatchObject({ subject: `आपका अनुरोध ${reference}`, recipient: body.email });
    expect(mail!.body).toContain('काम पूरा हुआ');
    expect(mail!.body).not.toContain('handed over');
    expect(mail!.body).not.toContain(body.name);
    // The lead is untouched by a copy.
    const [still] = await db<{ name: string }>(target, 'select name from leads where id = $1', [lead.id]);
    expect(still!.name).toBe(lead.name);
    // Every step is an audit line.
    const lines = await db<{ action: string; entity: string }>(target, 'select action, entity from audit_log where staff_id = $1 order by id', [
      owner.staff.id,
    ]);
    expect(lines.filter((l) => l.entity === 'rights-request').map((l) => l.action)).toEqual(expect.arrayContaining(['view', 'update']));
    expect(lines.some((l) => l.entity === 'person' && l.action === 'export')).toBe(true);
  });

  it('takes an account’s correction or erasure once at a time, and lists them for the account', async () => {
    const account = await createQuickAccount(target, 'rightsacct');
    const token = await login(target, account.email, account.password);
    const key = randomUUID();
    const first = await post(target, '/api/user/rights-requests', { kind: 'correction', details: 'My name is misspelt.' }, { token, 'idempotency-key': key });
    expect(first.status).toBe(201);
    const replay = await post(target, '/api/user/rights-requests', { kind: 'correction', details: 'My name is misspelt.' }, { token, 'idempotency-key': key });
    expect(replay.status).toBe(200);
    const second = await post(target, '/api/user/rights-requests', { kind: 'correction', details: 'Again please.' }, { token });
    expect(second.status).toBe(409);
    expect((await post(target, '/api/user/rights-requests', { kind: 'copy', details: 'A copy please.' }, { token })).status).toBe(400);
    const listed = await (await get(target, '/api/user/rights-requests', { token })).json();
    expect(listed.items.map((i: { kind: string; status: string }) => [i.kind, i.status])).toEqual([['correction', 'open']]);
    expect((await get(target, '/api/user/rights-requests')).status).toBe(401);
    expect((await get(target, '/api/user/data')).status).toBe(401);
  });

  it('erases the records a form’s request found after the Owner checked them, and cannot erase when nothing was found', async () => {
    const lead = await contactLead(target);
    const phone = lead.phone.replace(/\D/g, '').slice(-10);
    const made = await post(target, '/api/data-request', form({ phone, email: lead.email, kind: 'erasure' }));
    const { reference } = await made.json();
    const [request] = await requestsBy(target, phone);
    const erased = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: request!.id, action: 'erase', note: 'Called back on the number: it was them.' },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    const answer = (await erased.json()).request;
    expect(answer.answer).toContain('The audit and deletion logs');
    expect(await db(target, 'select name, email, phone from leads where id = $1', [lead.id])).toEqual([{ name: 'Erased', email: null, phone: '' }]);
    const [mail] = await db<{ body: string }>(target, 'select body from mail_outbox where subject like $1', [`%${reference}%`]);
    expect(mail!.body).toContain('has been erased');

    const nobody = form({ kind: 'erasure' });
    await post(target, '/api/data-request', nobody);
    const [unknown] = await requestsBy(target, nobody.phone);
    const refused = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: unknown!.id, action: 'erase', note: 'Nothing on file for them.' },
    });
    expect(refused.status).toBe(409);
    expect((await requestsBy(target, nobody.phone))[0]!.status).toBe('open');
  });
  it('holds an under-18’s request for their guardian’s consent, then stores it as made by the guardian and answers the guardian', async () => {
    const guardian = { name: 'Meera Joshi', relation: 'mother', email: uniqueEmail('meera') };
    const body = form({ age: 'minor', guardian, kind: 'copy', details: 'A copy of my son’s enquiry please.' });
    const held = await post(target, '/api/data-request', body, { 'x-language': 'hi', 'idempotency-key': randomUUID() });
    expect(held.status, await held.clone().text()).toBe(202);
    const answer = HeldAnswerSchema.parse(await held.json());
    // Nothing is stored for staff until the guardian consents.
    expect(await requestsBy(target, body.phone)).toEqual([]);
    const [mail] = await db<{ body: string }>(target, `select body from mail_outbox where kind = 'guardian' and recipient = $1`, [guardian.email]);
    expect(mail!.body).toContain(`/hi/guardian-consent?id=${answer.held.id}`);
    expect(mail!.body).not.toContain(body.name);
    const code = /(\d{6})/.exec(mail!.body)![1]!;

    // The guardian consents: the form's own 201, in the page's language, with the request's reference.
    const given = await post(target, '/api/guardian-consent', { id: answer.held.id, code, adult: true, agree: true, whatsapp: false }, { 'x-language': 'hi' });
    expect(given.status, await given.clone().text()).toBe(201);
    const stored = await given.json();
    expect(stored.reference).toMatch(/^DR-\d{4}-\d{5}$/);
    expect(stored.message).toContain('तक जवाब देंगे');
    const [row] = await db<{ id: string; kind: string; name: string; language: string; guardian_name: string; given_by: string; method: string }>(
      target,
      `select r.id::text, r.kind, r.name, r.language, c.guardian_name, c.given_by, c.method
         from rights_requests r join consents c on c.id = r.guardian_consent_id where r.reference = $1`,
      [stored.reference],
    );
    expect(row).toMatchObject({ kind: 'copy', name: body.name, language: 'hi', guardian_name: 'Meera Joshi', given_by: 'guardian', method: 'email-code' });
    const [hold] = await db<{ released: boolean }>(target, 'select released_at is not null as released from held_submissions where id = $1', [answer.held.id]);
    expect(hold!.released).toBe(true);
    // The same code again stores nothing more.
    expect((await post(target, '/api/guardian-consent', { id: answer.held.id, code, adult: true, agree: true, whatsapp: false })).status).toBe(409);
    expect(await requestsBy(target, body.phone)).toHaveLength(1);

    // The Owner sees who made it; the answer goes to the guardian, not to the child's address.
    const { items } = StaffRightsRequestsSchema.parse(await (await staffFetch(target, '/api/admin/rights-requests', owner.cookie)).json());
    const listed = items.find((i) => i.reference === stored.reference)!;
    expect(listed.madeBy).toContain('Meera Joshi (mother)');
    expect(items.find((i) => i.madeBy === null)).toBeDefined();
    const done = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: row!.id, action: 'done', note: 'Copy handed to his mother.' },
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const answered = await db<{ recipient: string }>(target, 'select recipient from mail_outbox where subject like $1', [`%${stored.reference}%`]);
    expect(answered.map((m) => m.recipient)).toEqual([guardian.email]);
  });
});
