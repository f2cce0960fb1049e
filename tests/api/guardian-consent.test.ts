/** An under-18's submission waits for a parent's or guardian's consent (decision 053): held, consented to, refused, expired. */
import { describe, expect, it } from 'vitest';
import { HeldAnswerSchema, HoldViewSchema } from '../../src/lib/schemas/guardian-consent';
import { NOTICE_VERSION } from '../../src/lib/privacy-notice';
import { completePayload, objectExists, submit, uploadsOfDraft } from './application-fixtures';
import { db, get, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';

type Target = (typeof targets)[number];

/** Runs the scheduled housekeeping by hand. */
async function housekeeping(target: Target) {
  const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
  expect(res.status).toBe(204);
}

/** A guardian as a child's form names them. */
const guardianOf = () => ({ name: 'Sunita Sharma', relation: 'mother', email: uniqueEmail('mother') });

/** A 15-year-old's Apply, in `language`. */
async function minorApplies(target: Target, language: 'en' | 'hi' = 'en', extra: Record<string, unknown> = {}) {
  const name = uniqueName('Ravi');
  const guardian = guardianOf();
  const res = await post(
    target,
    '/api/apply',
    {
      age: 'minor',
      guardian,
      name,
      email: uniqueEmail('ravi'),
      phone: uniquePhone(),
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
      attribution: { utmSource: 'instagram', utmMedium: 'social', landingPage: '/courses' },
      ...extra,
    },
    { 'x-language': language },
  );
  return { res, name, guardian };
}

/** The code in the guardian's newest mail. */
async function codeMailedTo(target: Target, email: string): Promise<{ code: string; body: string; subject: string }> {
  const [row] = await db<{ body: string; subject: string }>(
    target,
    `select body, subject from mail_outbox where kind = 'guardian' and recipient = $1 order by id desc limit 1`,
    [email],
  );
  expect(row, `a code mail to ${email}`).toBeDefined();
  return { code: /(\d{6})/.exec(row!.body)![1]!, body: row!.body, subject: row!.subject };
}

describe.each(targets)('guardian consent on $name', (target) => {
  it('holds a minor’s Apply (202): nothing reaches staff, and the guardian is e-mailed a code in the form’s language', async () => {
    const { res, name, guardian } = await minorApplies(target, 'hi');
    expect(res.status, await res.clone().text()).toBe(202);
    const answer = HeldAnswerSchema.parse(await res.json());
    expect(answer.held.number).toMatch(/^H-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
    expect(answer.held.guardianEmail).toMatch(/^m•••@example\.in$/);
    expect(answer.message).toContain('18 साल');
    expect(await db(target, 'select 1 from leads where name = $1', [name])).toHaveLength(0);
    const mail = await codeMailedTo(target, guardian.email);
    expect(mail.body).toContain(`/hi/guardian-consent?id=${answer.held.id}`);
    expect(mail.body).toContain('कोर्स के लिए आवेदन');
    expect(mail.body).toContain('privacy@');
    // Nothing the child typed is in the mail but the form's name.
    expect(mail.body).not.toContain(name);
    // The same request again (same key) answers the same hold.
    const [hold] = await db<{ sealed: string }>(target, 'select sealed from held_submissions where id = $1', [answer.held.id]);
    expect(hold!.sealed).toMatch(/^v1\./);
    expect(hold!.sealed).not.toContain(name);
  });

  it('answers the same hold for the same Idempotency-Key and body', async () => {
    const key = crypto.randomUUID();
    const body = { age: 'minor', guardian: guardianOf(), name: uniqueName('Kiran'), phone: uniquePhone(), source: 'home', message: 'Tally timings please' };
    const first = await post(target, '/api/contact', body, { 'idempotency-key': key });
    const second = await post(target, '/api/contact', body, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect((await second.json()).held.id).toBe((await first.json()).held.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('stores the application as a minor’s once the guardian gives the right code: consent recorded, no tracking, no follow-up', async () => {
    const { res, name, guardian } = await minorApplies(target);
    const { held } = HeldAnswerSchema.parse(await res.json());
    const view = await get(target, `/api/guardian-consent?id=${held.id}`);
    expect(view.status).toBe(200);
    expect(HoldViewSchema.parse(await view.json())).toMatchObject({ status: 'waiting', childName: name, form: 'Apply for a course', noticeForm: 'apply' });

    const { code } = await codeMailedTo(target, guardian.email);
    const given = await post(target, '/api/guardian-consent', { id: held.id, code, adult: true, agree: true, whatsapp: false }, { 'x-language': 'hi' });
    expect(given.status, await given.clone().text()).toBe(201);
    const answer = await given.json();
    expect(answer.reference).toMatch(/^AP-\d{4}-\d{5}$/);

    const [lead] = await db<Record<string, unknown>>(
      target,
      'select id::text, minor, guardian_consent_id::text, utm_source, utm_medium, landing_page, referrer, follow_up_on from leads where reference = $1',
      [answer.reference],
    );
    expect(lead).toMatchObject({ minor: true, utm_source: null, utm_medium: null, landing_page: null, referrer: null, follow_up_on: null });
    const consents = await db<Record<string, unknown>>(
      target,
      'select purpose, given_by, guardian_name, guardian_relation, guardian_email, method, notice_form, notice_version, language, lead_id::text from consents where lead_id = $1 order by purpose',
      [lead!.id],
    );
    expect(consents.map((c) => c.purpose)).toEqual(['service', 'updates']);
    for (const c of consents) {
      expect(c).toMatchObject({
        given_by: 'guardian',
        guardian_name: guardian.name,
        guardian_relation: 'mother',
        guardian_email: guardian.email,
        method: 'email-code',
        notice_form: 'apply',
        notice_version: NOTICE_VERSION,
        language: 'en',
      });
    }
    const again = await post(target, '/api/guardian-consent', { id: held.id, code, adult: true, agree: true });
    expect(again.status).toBe(409);
    expect(HoldViewSchema.parse(await (await get(target, `/api/guardian-consent?id=${held.id}`)).json()).status).toBe('given');
  });

  it('refuses a wrong code five times, then even the right one until a new code is sent', async () => {
    const { res, guardian } = await minorApplies(target);
    const { held } = HeldAnswerSchema.parse(await res.json());
    const { code } = await codeMailedTo(target, guardian.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const r = await post(target, '/api/guardian-consent', { id: held.id, code: wrong, adult: true, agree: true });
      expect([400, 429]).toContain(r.status);
    }
    const right = await post(target, '/api/guardian-consent', { id: held.id, code, adult: true, agree: true });
    expect(right.status).toBe(429);
    await db(target, `update held_submissions set code_sent_at = now() - interval '2 minutes' where id = $1`, [held.id]);
    const resent = await post(target, '/api/guardian-consent-resend', { id: held.id });
    expect(resent.status, await resent.clone().text()).toBe(200);
    const fresh = await codeMailedTo(target, guardian.email);
    expect((await post(target, '/api/guardian-consent', { id: held.id, code: fresh.code, adult: true, agree: true })).status).toBe(201);
  });

  it('refuses a guardian e-mail that is the child’s own, and an adult answer a date of birth contradicts', async () => {
    const email = uniqueEmail('self');
    const self = await minorApplies(target, 'en', { email, guardian: { name: 'Me Again', relation: 'guardian', email } });
    expect(self.res.status).toBe(400);
    expect(JSON.stringify(await self.res.json())).toContain('not yours');
    const payload = await completePayload(target, 'emitra');
    const young = `${new Date().getUTCFullYear() - 15}-01-15`;
    const res = await submit(target, 'emitra', { ...payload, age: 'adult', dob: young });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.age).toMatch(/under 18/);
    const noGuardian = await minorApplies(target, 'en', { guardian: undefined });
    expect(noGuardian.res.status).toBe(400);
  });

  it('keeps a held application’s uploads past the orphan sweep, and deletes hold and uploads once its time passed without consent', async () => {
    const payload = await completePayload(target, 'csc');
    const res = await submit(target, 'csc', { ...payload, age: 'minor', guardian: guardianOf() });
    expect(res.status, await res.clone().text()).toBe(202);
    const { held } = HeldAnswerSchema.parse(await res.json());
    await db(target, `update uploads set created_at = now() - interval '25 hours' where draft = $1`, [payload.draft]);
    await housekeeping(target);
    const kept = await uploadsOfDraft(target, payload.draft);
    expect(kept.length).toBeGreaterThan(0);
    for (const u of kept) expect(u.deleted_at).toBeNull();

    await db(target, `update held_submissions set expires_at = now() - interval '1 minute' where id = $1`, [held.id]);
    await housekeeping(target);
    expect(await db(target, 'select 1 from held_submissions where id = $1', [held.id])).toHaveLength(0);
    expect(await db(target, `select 1 from mail_outbox where held_id = $1`, [held.id])).toHaveLength(0);
    for (const u of await uploadsOfDraft(target, payload.draft)) {
      expect(u.delete_reason).toBe('no-consent');
      expect(await objectExists(target, u.key)).toBe(false);
    }
    const [logged] = await db<{ reason: string }>(target, `select reason from deletion_log where reference = $1`, [held.number]);
    expect(logged?.reason).toBe('no-consent');
    const gone = await get(target, `/api/guardian-consent?id=${held.id}`);
    expect(gone.status).toBe(404);
  });

  it('writes an adult’s own consent rows with the form (Apply: also to be contacted about courses)', async () => {
    const res = await post(target, '/api/apply', {
      name: uniqueName('Adult'),
      email: uniqueEmail('adult'),
      phone: uniquePhone(),
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    });
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const rows = await db<{ purpose: string; given_by: string; method: string }>(
      target,
      'select c.purpose, c.given_by, c.method from consents c join leads l on l.id = c.lead_id where l.reference = $1 order by c.purpose',
      [reference],
    );
    expect(rows).toEqual([
      { purpose: 'marketing', given_by: 'self', method: 'form' },
      { purpose: 'service', given_by: 'self', method: 'form' },
      { purpose: 'updates', given_by: 'self', method: 'form' },
    ]);
  });

  it('stores a held application with its documents, and a held registration as a minor’s account, once the guardian consents', async () => {
    const payload = await completePayload(target, 'iibf');
    const guardian = guardianOf();
    const res = await submit(target, 'iibf', { ...payload, age: 'minor', guardian }, { 'x-language': 'hi' });
    expect(res.status, await res.clone().text()).toBe(202);
    const { held } = HeldAnswerSchema.parse(await res.json());
    const { code } = await codeMailedTo(target, guardian.email);
    const given = await post(target, '/api/guardian-consent', { id: held.id, code, adult: true, agree: true });
    expect(given.status, await given.clone().text()).toBe(201);
    const { reference } = await given.json();
    const [lead] = await db<{ id: string; minor: boolean; language: string }>(target, 'select id::text, minor, language from leads where reference = $1', [
      reference,
    ]);
    expect(lead).toMatchObject({ minor: true, language: 'hi' });
    expect(await db(target, 'select 1 from applications where lead_id = $1', [lead!.id])).toHaveLength(1);
    for (const u of await uploadsOfDraft(target, payload.draft)) expect(u.deleted_at).toBeNull();
    expect(await db(target, 'select 1 from uploads where draft = $1 and lead_id = $2', [payload.draft, lead!.id])).not.toHaveLength(0);

    const email = uniqueEmail('young');
    const registerGuardian = guardianOf();
    const registered = await post(target, '/api/user/register', {
      age: 'minor',
      guardian: registerGuardian,
      name: 'Young Learner',
      email,
      password: 'a long passphrase',
    });
    expect(registered.status, await registered.clone().text()).toBe(202);
    const hold = HeldAnswerSchema.parse(await registered.json()).held;
    expect(await db(target, 'select 1 from users where email = $1', [email])).toHaveLength(0);
    const sealed = await db<{ sealed: string }>(target, 'select sealed from held_submissions where id = $1', [hold.id]);
    expect(sealed[0]!.sealed).not.toContain('passphrase');
    const mail = await codeMailedTo(target, registerGuardian.email);
    const made = await post(target, '/api/guardian-consent', { id: hold.id, code: mail.code, adult: true, agree: true });
    expect(made.status, await made.clone().text()).toBe(201);
    const [user] = await db<{ minor: boolean; guardian_consent_id: string | null }>(
      target,
      'select minor, guardian_consent_id::text from users where email = $1',
      [email],
    );
    expect(user!.minor).toBe(true);
    expect(user!.guardian_consent_id).not.toBeNull();
  });
});
