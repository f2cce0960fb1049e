/**
 * A family shares one phone (decision 053): a sister's account downloads and erases her own
 * enquiries — those with her e-mail, and those from the family phone under her name — and nothing
 * of her brother's, though the inbox files every enquiry of that phone under one person.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestCode, login, register } from './accounts';
import { applyLead } from './lead-fixtures';
import { db, get, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';
import { DataCopySchema } from '../../src/lib/schemas/data-rights';

describe.each(targets)('a family phone and one account’s rights on $name', (target) => {
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    owner = await signedInAdmin(target, 'familyowner');
  });

  it('copies and erases the account holder’s enquiries from the family phone, never her brother’s', async () => {
    const phone = uniquePhone();
    const sister = { name: uniqueName('Meera Kanwar'), email: uniqueEmail('meera') };
    const brother = { name: uniqueName('Karan Kanwar'), email: uniqueEmail('karan') };
    const hers = await applyLead(target, { ...sister, phone });
    // Her short message from the home page: the family phone and her name, no e-mail.
    const short = await post(target, '/api/contact', { source: 'home', name: sister.name, phone, message: 'Fees of the CCC course' });
    expect(short.status, await short.clone().text()).toBe(201);
    const his = await applyLead(target, { ...brother, phone });
    const hisShort = await post(target, '/api/contact', { source: 'home', name: brother.name, phone, message: 'Timings of Tally' });
    expect(hisShort.status).toBe(201);
    // One person in the inbox: the phone files them together.
    const people = await db<{ n: number }>(target, 'select count(distinct person_id)::int as n from leads where phone_norm = $1', [phone]);
    expect(people[0]!.n).toBe(1);

    const password = 'a long passphrase for the family';
    const activationToken = await register(target, sister.email, password, sister.name);
    expect((await post(target, '/api/user/verify', { otp: Number(await latestCode(target, sister.email)), activationToken })).status).toBe(200);
    const token = await login(target, sister.email, password);

    const download = await get(target, '/api/user/data', { token });
    expect(download.status, await download.clone().text()).toBe(200);
    const text = await download.text();
    const copy = DataCopySchema.parse(JSON.parse(text));
    expect(copy.enquiries.map((e) => e.reference).sort()).toEqual([hers.reference, (await short.json()).reference].sort());
    for (const needle of [brother.name, brother.email, his.reference, 'Timings of Tally']) expect(text).not.toContain(needle);

    const asked = await post(target, '/api/user/rights-requests', { kind: 'erasure', details: 'Please erase my enquiries.' }, { token });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const { request } = await asked.json();
    const answered = await staffFetch(target, '/api/admin/rights-request', owner.cookie, {
      body: { id: request.id, action: 'erase', note: 'Erased after checking the account.' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answered.status, await answered.clone().text()).toBe(200);

    const left = await db<{ name: string; phone_norm: string; email_norm: string | null; message: string | null }>(
      target,
      'select name, phone_norm, email_norm, message from leads where person_id = (select person_id from leads where reference = $1) order by id',
      [his.reference],
    );
    expect(left.filter((l) => l.name === 'Erased')).toHaveLength(2);
    expect(left.filter((l) => l.name === brother.name)).toEqual([
      { name: brother.name, phone_norm: phone, email_norm: brother.email, message: null },
      { name: brother.name, phone_norm: phone, email_norm: null, message: 'Timings of Tally' },
    ]);
  });
});
