/**
 * A person's copy of their data and their erasure (decision 053), through the real endpoints: one
 * person enquires, writes, applies with an Aadhaar number and documents, makes an account, is
 * admitted at the counter (a receipt), attends classes, takes a practice test and gets a
 * certificate; another person does some of the same. The first person's copy holds every kind of
 * record of theirs and nothing of the other; after staff answer their erasure request, their
 * name, e-mail, mobile number and Aadhaar number are found in no column of any table but those
 * the law keeps (receipts, certificates, the request itself; consent records keep them by ids
 * only, and a guardian's consent the guardian's own name and contact), their documents are gone
 * from the storage folder, their guardian hold and its mail are gone, and the other person's records
 * are as they were.
 */
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestCode, register, login } from './accounts';
import { validAadhaar, uploadDirOf } from './application-fixtures';
import { applyLead, contactLead, act } from './lead-fixtures';
import { db, get, newClientIp, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { insertAttempt, insertOpening, insertPracticeTest } from './practice-fixtures';
import { EMITRA_FORM } from '../../src/lib/schemas/application-forms';
import { emitraAnswers, uploadRequiredDocuments } from './staff-application-fixtures';
import { signedInAdmin, staffFetch } from './staff';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { DataCopySchema } from '../../src/lib/schemas/data-rights';
import type { Target } from './global-setup';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

/** One person's distinctive data. */
interface Person {
  name: string;
  email: string;
  phone: string;
  aadhaar: string;
}

const newPerson = (label: string): Person => ({
  name: uniqueName(label),
  email: uniqueEmail(label.toLowerCase().replace(/\W/g, '')),
  phone: uniquePhone(),
  aadhaar: validAadhaar(),
});

/** A running batch of a course of its own with a plan of ₹3,000 + ₹3,000. */
async function batchOf(target: Target) {
  const today = indiaToday();
  const [course] = await db<{ id: string }>(
    target,
    `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 6000, '2 months', 'Basics.', '/logo.svg') returning id::text`,
    [uniqueName('Erasure Course')],
  );
  const [batch] = await db<{ id: string }>(
    target,
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
     values ($1, $2, $3::date - 30, $3::date + 60, '{1,2,3,4,5,6,7}', '07:00', '08:00', 'Lab', 20, 'running') returning id::text`,
    [course!.id, uniqueName('Erasure Batch'), today],
  );
  const [plan] = await db<{ id: string }>(target, `insert into fee_plans (batch_id, total_paise) values ($1, 600000) returning id::text`, [batch!.id]);
  await db(target, `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 300000, 1)`, [plan!.id]);
  return { courseId: course!.id, batchId: batch!.id };
}

/** Everything a person leaves through the site and the office; their student record's id and their account's token. */
async function seed(target: Target, owner: Admin, who: Person, options: { application: boolean; account: boolean }) {
  const apply = await applyLead(target, { name: who.name, email: who.email, phone: who.phone });
  await contactLead(target, { name: who.name, email: who.email, phone: who.phone });
  const note = await act(target, owner.cookie, apply.id, { action: 'note', text: `${who.name} asked about the morning batch` });
  expect(note.status, await note.clone().text()).toBe(200);

  let draft: string | null = null;
  if (options.application) {
    draft = randomUUID();
    const ip = newClientIp();
    const documents = await uploadRequiredDocuments(target, draft, ip);
    const res = await post(
      target,
      EMITRA_FORM.endpoint,
      { ...emitraAnswers(who.name, who.email, who.phone), aadharNo: who.aadhaar, documents, draft, consent: true },
      { 'idempotency-key': randomUUID() },
      ip,
    );
    expect(res.status, await res.clone().text()).toBe(201);
  }

  let token: string | null = null;
  if (options.account) {
    const password = 'a long passphrase for erasure';
    const activationToken = await register(target, who.email, password, who.name);
    const verified = await post(target, '/api/user/verify', { otp: Number(await latestCode(target, who.email)), activationToken });
    expect(verified.status).toBe(200);
    token = await login(target, who.email, password);
  }

  const { courseId, batchId } = await batchOf(target);
  const walkIn = await staffFetch(target, '/api/admin/walk-in', owner.cookie, {
    body: { name: who.name, phone: who.phone, email: who.email, language: 'en', batchId, amount: '3,000', mode: 'cash' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(walkIn.status, await walkIn.clone().text()).toBe(201);
  const [student] = await db<{ id: string }>(target, 'select id::text from students where phone = $1 order by id desc limit 1', [`+91${who.phone}`]);
  const studentId = student!.id;
  // Two classes marked, a practice test taken, a certificate issued.
  const today = indiaToday();
  await db(target, `insert into class_days (batch_id, day) values ($1, $2::date - 2), ($1, $2::date - 1)`, [batchId, today]);
  await db(
    target,
    `insert into attendance (batch_id, student_id, day, mark, reason) values ($1, $2, $3::date - 2, 'present', null), ($1, $2, $3::date - 1, 'leave', 'Fever')`,
    [batchId, studentId, today],
  );
  const testId = await insertPracticeTest(target, courseId);
  const openingId = await insertOpening(target, testId, batchId);
  await insertAttempt(target, { openingId, testId, studentId, number: 1, asked: [], score: 3000, maxScore: 5000, pass: 4000 });
  const number = `CERT-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db(
    target,
    `insert into certificates (number, student_id, batch_id, student_name, course, starts_on, ends_on, issued_on)
     values ($1, $2, $3, $4, 'Computer basics', $5::date - 30, $5::date, $5::date)`,
    [number, studentId, batchId, who.name, today],
  );
  return { studentId, token, draft, certificate: number, lead: apply };
}

/** Every text, JSON or array column of every table of the database. */
async function searchableColumns(target: Target) {
  return db<{ table_name: string; column_name: string }>(
    target,
    `select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED', 'uuid'))
      order by 1, 2`,
  );
}

/** Where in the database any of `needles` is found: 'table.column' → rows. */
async function findEverywhere(target: Target, needles: string[], skip: { table: string; where: string; params: unknown[] }[] = []) {
  const patterns = needles.map((n) => `%${n}%`);
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of await searchableColumns(target)) {
    const except = skip.find((s) => s.table === table);
    const [row] = await db<{ n: number }>(
      target,
      `select count(*)::int as n from "${table}" where "${column}"::text ilike any($1::text[])${except ? ` and not (${except.where})` : ''}`,
      [patterns, ...(except?.params ?? [])],
    );
    if (row!.n > 0) found[`${table}.${column}`] = row!.n;
  }
  return found;
}

/** Every file under `dir` (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.each(targets)('a person’s copy of their data and their erasure on $name', (target) => {
  let owner: Admin;
  beforeAll(async () => {
    owner = await signedInAdmin(target, 'erasureowner');
  });

  it('copies every record of the person and nothing of another; erases them everywhere but what the law keeps, and leaves the other as they were', async () => {
    const first = newPerson('Zarina Qadri');
    const other = newPerson('Bhupen Oswal');
    const mine = await seed(target, owner, first, { application: true, account: true });
    const theirs = await seed(target, owner, other, { application: true, account: true });
    const token = mine.token!;
    // Their student record was admitted from an enquiry their mother consented to when they were 16
    // (a guardian's consent names the guardian), and that enquiry's hold is still on file with its code mail.
    const guardian = { name: uniqueName('Kamala Pathan'), email: uniqueEmail('kamala'), phone: '+919829055555' };
    const [guardianConsent] = await db<{ id: string }>(
      target,
      `insert into consents (given_by, purpose, guardian_name, guardian_relation, guardian_email, guardian_phone, method, notice_form, notice_version, language)
       values ('guardian', 'updates', $1, 'mother', $2, $3, 'email-code', 'apply', 'test', 'hi') returning id::text`,
      [guardian.name, guardian.email, guardian.phone],
    );
    await db(target, 'update students set guardian_consent_id = $1, minor = true where id = $2', [guardianConsent!.id, mine.studentId]);
    const holdId = randomUUID();
    await db(
      target,
      `insert into held_submissions (id, number, form, sealed, child_name_sealed, guardian_name, guardian_relation, guardian_email, language, request_hash,
                                     code_hash, expires_at, released_at, lead_id, consent_id)
       values ($1, $2, 'apply', 'v1.sealed', 'v1.sealed', $3, 'mother', $4, 'hi', 'hash', 'code', now(), now(), $5, $6)`,
      [holdId, `H-${randomUUID().slice(0, 4).toUpperCase()}-ZZ`, guardian.name, guardian.email, mine.lead.id, guardianConsent!.id],
    );
    await db(target, `insert into mail_outbox (kind, held_id, recipient, subject, body) values ('guardian', $1, $2, 'Your consent is needed', 'A code')`, [
      holdId,
      guardian.email,
    ]);
    const [selfConsents] = await db<{ n: number; ids: string[] }>(
      target,
      `select count(*)::int as n, array_agg(id::text) as ids from consents where given_by = 'self' and (user_id = (select id from users where email = $1) or lead_id in (select id from leads where phone_norm = $2))`,
      [first.email, first.phone],
    );
    expect(selfConsents!.n).toBeGreaterThan(0);

    // The copy: a download, never cached, of every kind of record of the first person.
    const download = await get(target, '/api/user/data', { token, 'x-language': 'hi' });
    expect(download.status, await download.clone().text()).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="my-data-${indiaToday()}.json"`);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const text = await download.text();
    const copy = DataCopySchema.parse(JSON.parse(text));
    expect(copy.language).toBe('hi');
    expect(copy.account).toMatchObject({ name: first.name, email: first.email });
    expect(copy.enquiries.map((e) => e.kind).sort()).toEqual(['आवेदन', 'पूछताछ', 'पूछताछ']);
    expect(copy.enquiries.flatMap((e) => e.timeline.map((t) => t.what)).some((w) => w.includes(`${first.name} asked about the morning batch`))).toBe(true);
    const [application] = copy.applications;
    expect(application!.answers.find((a) => a.value.endsWith(first.aadhaar.slice(-4)))!.value).toBe(`•••• ${first.aadhaar.slice(-4)}`);
    expect(application!.documents.length).toBe(EMITRA_FORM.documents.filter((d) => d.required).length);
    expect(application!.documents.every((d) => d.state === 'रखा गया')).toBe(true);
    expect(copy.studentRecords).toHaveLength(1);
    expect(copy.classes).toHaveLength(1);
    expect(copy.attendance.map((a) => a.mark)).toEqual(['उपस्थित', 'छुट्टी']);
    expect(copy.fees.receipts).toHaveLength(1);
    expect(copy.fees.receipts[0]).toMatchObject({ amount: '₹3,000', mode: 'नकद', state: 'जारी' });
    expect(copy.fees.dues).toHaveLength(2);
    expect(copy.certificates.map((c) => c.number)).toEqual([mine.certificate]);
    expect(copy.practiceTests).toMatchObject([{ score: '3000 / 5000', result: 'पास नहीं' }]);
    // Their consents, their own and their mother's for them, in words.
    expect(copy.consents).toHaveLength(selfConsents!.n + 1);
    expect(copy.consents.filter((c) => c.givenBy.includes(guardian.name))).toHaveLength(1);
    expect(copy.consents.some((c) => c.purpose === 'इसके बारे में संदेश')).toBe(true);
    for (const c of copy.consents) expect(['service', 'updates', 'marketing', 'self', 'guardian']).not.toContain(c.purpose);
    for (const c of copy.consents) expect(['self', 'guardian']).not.toContain(c.givenBy);
    // The full Aadhaar number is nowhere in it, nor anything of the other person.
    for (const needle of [first.aadhaar, other.name, other.email, other.phone, other.aadhaar, theirs.certificate]) expect(text).not.toContain(needle);

    // The request, and staff's erasure.
    const asked = await post(target, '/api/user/rights-requests', { kind: 'erasure', details: 'Please erase everything about me.' }, { token });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const { request } = await asked.json();
    expect(request.reference).toMatch(/^DR-\d{4}-\d{5}$/);
    const seen = await staffFetch(target, `/api/admin/rights-request?id=${request.id}`, owner.cookie);
    expect(seen.status).toBe(200);
    const detail = await seen.json();
    expect(detail.found.some((f: string) => f.includes(mine.lead.reference))).toBe(true);
    expect(detail.copy.certificates).toHaveLength(1);

    const otherBefore = await db(
      target,
      `select (select json_agg(l order by l.id) from leads l where l.phone_norm = $1) as leads,
              (select json_agg(s order by s.id) from students s where s.phone = '+91' || $1) as students,
              (select json_agg(u) from users u where u.email = $2) as users,
              (select json_agg(a order by a.lead_id) from applications a join leads l on l.id = a.lead_id where l.phone_norm = $1) as applications,
              (select count(*)::int from uploads u join applications a on a.draft = u.draft where a.draft = $3 and u.deleted_at is null) as documents,
              (select count(*)::int from attendance where student_id = $4) as attendance,
              (select count(*)::int from practice_attempts where student_id = $4) as attempts`,
      [other.phone, other.email, theirs.draft, theirs.studentId],
    );

    const answered = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: request.id, action: 'erase', note: 'Erased as asked, after checking the account.' },
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const { request: answer } = await answered.json();
    expect(answer.status).toBe('done');
    expect(answer.answer).toContain('Fee receipts (1)');
    expect(answer.answer).toContain('Certificates (1)');
    expect(answer.answer).toContain(`Consent records (${selfConsents!.n})`);
    // The mother's name and contact stay in her consent, as the proof: the answer says whose they are.
    expect(answer.answer).toContain('Consents your parent or guardian gave for you (1)');
    // A second tap changes nothing.
    const again = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: request.id, action: 'erase', note: 'Erased as asked again.' },
    });
    expect(again.status).toBe(409);

    // The answer's mail: fixed words, the reference, what was kept; no name, no note.
    const [mail] = await db<{ id: string; subject: string; body: string }>(target, `select id::text, subject, body from mail_outbox where subject like $1`, [
      `%${request.reference}%`,
    ]);
    expect(mail!.body).toContain('Fee receipts (1)');
    expect(mail!.body).not.toContain(first.name);
    expect(mail!.body).not.toContain('after checking the account');

    // Nowhere in the database but what the law keeps (and the request and its answer's mail).
    const needles = [first.name, first.email, first.phone, first.aadhaar];
    const found = await findEverywhere(target, needles, [{ table: 'mail_outbox', where: 'id = $2', params: [mail!.id] }]);
    const kept = ['fee_receipts.student_name', 'fee_receipts.student_phone', 'certificates.student_name', 'rights_requests.name', 'rights_requests.email'];
    const notKept = Object.keys(found).filter((k) => !kept.includes(k));
    expect(notKept, JSON.stringify(found)).toEqual([]);
    // The outbox holds nothing to or about them but the answer (the search above covers every table; said here plainly).
    expect(Object.keys(found).filter((k) => k.startsWith('mail_outbox.'))).toEqual([]);
    // The consent records stay as proof, ended by the erasure, linked to the person by ids only (the
    // erased enquiries' rows); the mother's consent keeps her name and contact. The hold and its mail are gone.
    const consents = await db<{ given_by: string; withdrawn: boolean; withdrawn_how: string | null; user_id: string | null; student_id: string | null }>(
      target,
      `select given_by, withdrawn_at is not null as withdrawn, withdrawn_how, user_id::text, student_id::text from consents
        where id = $1 or id = any($2::bigint[])`,
      [guardianConsent!.id, selfConsents!.ids],
    );
    expect(consents).toHaveLength(selfConsents!.n + 1);
    expect(consents.every((c) => c.withdrawn && c.user_id === null && c.student_id === null)).toBe(true);
    expect(consents.filter((c) => c.withdrawn_how === 'erasure').length).toBeGreaterThan(0);
    expect(await db(target, 'select guardian_name, guardian_email from consents where id = $1', [guardianConsent!.id])).toEqual([
      { guardian_name: guardian.name, guardian_email: guardian.email },
    ]);
    expect(await db(target, 'select 1 from held_submissions where id = $1', [holdId])).toEqual([]);
    expect(await db(target, 'select 1 from mail_outbox where recipient = $1', [guardian.email])).toEqual([]);
    expect(found['fee_receipts.student_name']).toBe(1);
    expect(found['certificates.student_name']).toBe(1);
    // The documents are gone from storage: no file anywhere in the storage folder is of their fill or holds their name or Aadhaar number.
    expect(await filesUnder(path.join(uploadDirOf(target), 'applications', 'emitra', mine.draft!))).toEqual([]);
    const stored = await filesUnder(uploadDirOf(target));
    expect(stored.filter((f) => f.includes(mine.draft!))).toEqual([]);
    for (const file of stored) {
      const bytes = await readFile(file);
      for (const needle of [first.name, first.aadhaar, first.email]) expect(bytes.includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
    }
    expect((await filesUnder(path.join(uploadDirOf(target), 'applications', 'emitra', theirs.draft!))).length).toBeGreaterThan(0);
    // The account is gone: its token no longer opens anything.
    expect((await get(target, '/api/user/data', { token })).status).toBe(401);
    // The student record stays, named "Erased", for the receipt it holds; the receipt is as issued.
    const [student] = await db<{ name: string; email: string | null; phone: string | null; receipts: number }>(
      target,
      `select s.name, s.email, s.phone, (select count(*)::int from fee_receipts r where r.student_id = s.id and r.amount_paise = 300000) as receipts from students s where s.id = $1`,
      [mine.studentId],
    );
    expect(student).toEqual({ name: 'Erased', email: null, phone: null, receipts: 1 });
    // The log says how much went, never what.
    const [log] = await db<{ counts: Record<string, number> }>(target, 'select counts from erasures where request_id = $1', [request.id]);
    expect(log!.counts['uploads']).toBe(EMITRA_FORM.documents.filter((d) => d.required).length);
    expect(log!.counts['users']).toBe(1);
    expect(log!.counts['leads']).toBe(3);
    expect(JSON.stringify(log!.counts)).not.toContain(first.name);

    // The other person is as they were.
    const otherAfter = await db(
      target,
      `select (select json_agg(l order by l.id) from leads l where l.phone_norm = $1) as leads,
              (select json_agg(s order by s.id) from students s where s.phone = '+91' || $1) as students,
              (select json_agg(u) from users u where u.email = $2) as users,
              (select json_agg(a order by a.lead_id) from applications a join leads l on l.id = a.lead_id where l.phone_norm = $1) as applications,
              (select count(*)::int from uploads u join applications a on a.draft = u.draft where a.draft = $3 and u.deleted_at is null) as documents,
              (select count(*)::int from attendance where student_id = $4) as attendance,
              (select count(*)::int from practice_attempts where student_id = $4) as attempts`,
      [other.phone, other.email, theirs.draft, theirs.studentId],
    );
    expect(otherAfter).toEqual(otherBefore);
    const theirsNow = await findEverywhere(target, [other.name, other.email, other.phone]);
    expect(theirsNow['leads.name']).toBe(3);
    expect(theirsNow['students.name']).toBe(1);
    expect(theirsNow['users.email']).toBe(1);
  });
});
