/**
 * Mail in the language the person used: the page's language (the x-language header an island
 * sends) is kept with an application's lead and a website account (migration 017), and the mail to
 * them is in it; without the header (the mobile app, curl) everything is English, word for word as
 * before. Staff see the language on the lead.
 */
import { describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { completePayload, emailOf, submit } from './application-fixtures';
import { db, eventually, outboxMessages, post, targets, uniqueEmail } from './helpers';
import { detail } from './lead-fixtures';
import { signedInAdmin, staffFetch } from './staff';
import type { Target } from './global-setup';

const HINDI = { 'x-language': 'hi' };

/** The subject and body of the one mail to `to` that mentions `needle`. */
async function mailTo(target: Target, to: string, needle: string): Promise<{ subject: string; body: string }> {
  const mail = await eventually(async () => {
    const found = (await outboxMessages(target, needle)).filter((m) => m.includes(`\nTo: ${to}\n`));
    expect(found).toHaveLength(1);
    return found[0]!;
  });
  const [head, ...rest] = mail.split('\n\n');
  return { subject: /^Subject: (.*)$/m.exec(head!)![1]!, body: rest.join('\n\n').trimEnd() };
}

/** A CSC application with all its documents, sent with `headers`: its reference and the applicant's address. */
async function applyForCsc(target: Target, headers: Record<string, string> = {}) {
  const payload = await completePayload(target, 'csc');
  const res = await submit(target, 'csc', payload, headers);
  expect(res.status, await res.clone().text()).toBe(201);
  return { reference: (await res.json()).reference as string, email: emailOf('csc', payload) };
}

describe.each(targets)('mail in the language the person used, on $name', (target) => {
  it('keeps Hindi with an application sent from a Hindi page, and confirms it in Hindi', async () => {
    const { reference, email } = await applyForCsc(target, HINDI);
    const [lead] = await db<{ language: string }>(target, 'select language from leads where reference = $1', [reference]);
    expect(lead!.language).toBe('hi');

    const mail = await mailTo(target, email, reference);
    expect(mail.subject).toBe(`आपका CSC आवेदन हमें मिल गया है: ${reference}`);
    expect(mail.body).toContain('नमस्ते,');
    expect(mail.body).toContain('धन्यवाद। आपका CSC आवेदन दस्तावेज़ों के साथ हमें मिल गया है।');
    expect(mail.body).toContain(`आपका रेफ़रेंस नंबर: ${reference}`);
    expect(mail.body).toContain('आगे क्या होगा:');
    // The status page it links to is the Hindi one.
    expect(mail.body).toMatch(/अपने आवेदन की स्थिति कभी भी यहाँ देखें: https?:\/\/[^/\s]+\/hi\/applicationStatus#reference=/);
    expect(mail.body).toContain(`हमें ${site.phone} पर फ़ोन करें`);
    // None of the English sentences is left in it.
    for (const english of ['Hello,', 'Thank you', 'Your reference', 'What happens next', 'See where', 'Questions?']) expect(mail.body).not.toContain(english);
  });

  it('confirms an application sent without the header in English, word for word as before', async () => {
    const { reference, email } = await applyForCsc(target);
    const [lead] = await db<{ language: string }>(target, 'select language from leads where reference = $1', [reference]);
    expect(lead!.language).toBe('en');

    const mail = await mailTo(target, email, reference);
    const link = /See where your application stands at any time: (\S+)$/m.exec(mail.body)?.[1] ?? '';
    const origin = new URL(link).origin;
    expect(link).toMatch(new RegExp(`^${origin}/applicationStatus#reference=${reference}&key=`));
    expect(mail.subject).toBe(`We received your CSC application: ${reference}`);
    expect(mail.body).toBe(
      [
        'Hello,',
        '',
        'Thank you. We have received your CSC application with its documents.',
        '',
        `Your reference: ${reference}`,
        '',
        'What happens next:',
        '1. Our staff check your details and documents, usually within two working days.',
        '2. If a document needs to be uploaded again, we send you an e-mail with a link to upload just that document.',
        '3. Once everything is in order, we forward your application and tell you the outcome.',
        '',
        `See where your application stands at any time: ${link}`,
        `(or on ${origin}/applicationStatus with your reference and mobile number)`,
        '',
        `Questions? Call us on ${site.phone} (${site.hours.en}), quoting your reference.`,
        '',
        site.name,
      ].join('\n'),
    );
  });

  it('e-mails the code of a registration from a Hindi page in Hindi, and the account keeps Hindi', async () => {
    const email = uniqueEmail('hindi-register');
    const res = await post(target, '/api/user/register', { name: 'Sunita Meena', email, password: 'a long passphrase' }, HINDI);
    expect(res.status).toBe(201);
    const { activationToken } = await res.json();

    const mail = await mailTo(target, email, 'वेरिफ़िकेशन');
    expect(mail.subject).toBe('आपका वेरिफ़िकेशन कोड');
    const code = new RegExp(`^${site.name} पर आपका वेरिफ़िकेशन कोड है: (\\d{6})$`, 'm').exec(mail.body)?.[1];
    expect(code, mail.body).toMatch(/^\d{6}$/);
    expect(mail.body).toContain('यह कोड 10 मिनट तक काम करेगा।');
    expect(mail.body).not.toMatch(/verification code|valid for/);

    // The account made from it is Hindi (its later mails are), whatever page verifies it.
    expect((await post(target, '/api/user/verify', { otp: Number(code), activationToken })).status).toBe(200);
    const [user] = await db<{ language: string }>(target, 'select language from users where email = $1', [email]);
    expect(user!.language).toBe('hi');
  });

  it('gives staff the language of a Hindi lead, and none (English) for an English one', async () => {
    const admin = await signedInAdmin(target, 'language');
    const { reference } = await applyForCsc(target, HINDI);
    const english = await applyForCsc(target);
    const ids = await db<{ id: string; reference: string }>(target, 'select id::text, reference from leads where reference = any($1)', [
      [reference, english.reference],
    ]);
    const idOf = (ref: string) => ids.find((r) => r.reference === ref)!.id;

    const hindi = await (await detail(target, admin.cookie, idOf(reference))).json();
    expect(hindi).toMatchObject({ reference, language: 'hi' });
    const plain = await (await detail(target, admin.cookie, idOf(english.reference))).json();
    expect(plain.reference).toBe(english.reference);
    expect(plain).not.toHaveProperty('language');

    const list = await (await staffFetch(target, `/api/admin/leads?q=${reference}`, admin.cookie)).json();
    expect(list.items).toEqual([expect.objectContaining({ reference, language: 'hi' })]);
  });

  it('makes English the default, and the database refuses any language but English and Hindi', async () => {
    for (const table of ['leads', 'users', 'students']) {
      const [column] = await db<{ default: string; nullable: string }>(
        target,
        `select column_default as default, is_nullable as nullable from information_schema.columns where table_name = $1 and column_name = 'language'`,
        [table],
      );
      expect(column, table).toEqual({ default: "'en'::text", nullable: 'NO' });
    }
    await expect(db(target, `update leads set language = 'fr' where id = (select min(id) from leads)`)).rejects.toThrow(/leads_language_check/);
    await expect(db(target, `update users set language = 'HI' where id = (select id from users limit 1)`)).rejects.toThrow(/users_language_check/);
  });
});
