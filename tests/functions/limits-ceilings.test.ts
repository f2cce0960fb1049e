/**
 * The site-wide ceilings (`leads:site`, `code-mail:site`, `uploads:site`) are shared by every
 * visitor, so one client must not be able to spend them: a request refused by a narrower limit
 * (per address, phone, e-mail or fill of a form) leaves the ceiling as it was, and a ceiling
 * counts only what was stored or sent. Each case exhausts one narrower limit from one client with
 * the ceiling one short of full, then shows the ceiling unchanged and another client served.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type LimitName } from '../../functions/_shared/platform/limits';
import { FORMS } from '../../src/lib/schemas/application-forms';
import { closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { rateLimitsOn } from '../support/rate-limits';
import { answersOf } from '../support/form-answers';
import { pdfBytes } from '../support/pdf';
import { photoBytes } from '../support/photo';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['apply', 'contact', 'iibf', 'uploads', 'user-register', 'user-resend-otp', 'user-forgot-password'] }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);

let n = 0;
const newIp = () => `100.70.${Math.floor((n += 1) / 250)}.${1 + (n % 250)}`;
const newPhone = () => `9${String(200_000_000 + (n += 1)).padStart(9, '0')}`;
const newEmail = (label: string) => `${label}.${(n += 1)}@example.in`;

/** Calls function `name` with `body` from `ip`; waits for its work after the answer. */
async function send(name: string, body: unknown, ip: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const request = new Request(`http://127.0.0.1:8888/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { response, settled } = await fx.call(name, request, { ip });
  await settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const { hitsOf, setHits } = rateLimitsOn(sql);
const siteHits = (name: LimitName) => hitsOf(name, 'site');

const contact = (phone = newPhone()) => ({ name: 'Meena Joshi', email: 'meena@example.in', phone, subject: 'Fees', message: 'What are the fees for RS-CIT?' });
const application = ({ phone = newPhone(), email = newEmail('apply') } = {}) => ({
  name: 'Ravi Kumar',
  email,
  phone,
  department: 'dl',
  course: 'RS-CIT (Basic)',
  consent: true,
});
const iibfFields = (mobile = newPhone()) => ({ ...answersOf('iibf'), mobile });
/** An IIBF form whose documents name uploads that do not exist (refused at storing, 422). */
const iibfWithoutFiles = (mobile?: string) => ({
  ...iibfFields(mobile),
  documents: Object.fromEntries(FORMS.iibf.documents.map((d) => [d.slot, randomUUID()])),
  draft: randomUUID(),
  consent: true,
});
const uploadRequest = (draft = randomUUID()) => ({ form: 'iibf', draft, slot: 'photo', name: 'photo.jpg', type: 'image/jpeg', size: 2048 });

/** A complete IIBF form sent as multipart with its files, from `ip`: 201 when stored. */
async function sendIibfWithFiles(ip: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(iibfFields())) form.append(name, value);
  form.append('consent', 'true');
  const jpeg = await photoBytes();
  for (const doc of FORMS.iibf.documents.filter((d) => d.required)) {
    const [bytes, type, name] = doc.imagesOnly ? [jpeg, 'image/jpeg', `${doc.slot}.jpg`] : [pdfBytes(), 'application/pdf', `${doc.slot}.pdf`];
    form.append(doc.slot, new Blob([new Uint8Array(bytes)], { type }), name);
  }
  const { response, settled } = await fx.call('iibf', new Request('http://127.0.0.1:8888/api/iibf', { method: 'POST', body: form }), { ip });
  await settled();
  return response.status;
}

/** The 6-digit codes e-mailed to `email`. */
const mailsTo = (email: string) =>
  readdirSync(fx.outbox, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(fx.outbox, e.name), 'utf8'))
    .filter((text) => text.includes(`To: ${email}`));

interface Case {
  /** The narrower limit exhausted from one client. */
  limit: LimitName;
  /** The site-wide ceiling it sits under. */
  ceiling: LimitName;
  /** Uses up `limit` for one client; returns a request that this client makes and is refused. */
  exhaust: () => Promise<() => Promise<number>>;
  /** A request from another client, and the status it gets when served. */
  other: () => Promise<number>;
  served: number;
}

/** Fills the per-address `limit` of a fresh address; returns that address. */
async function fullAddress(limit: LimitName): Promise<string> {
  const ip = newIp();
  await setHits(limit, ip, LIMITS[limit].max);
  return ip;
}

/** Sends `times` requests that pass every limit (stored, sent or refused later); for a per-phone or per-e-mail limit. */
async function repeat(times: number, call: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push(await call());
  return statuses;
}

const CASES: Case[] = [
  {
    limit: 'contact:address',
    ceiling: 'leads:site',
    exhaust: async () => {
      const ip = await fullAddress('contact:address');
      return async () => (await send('contact', contact(), ip)).status;
    },
    other: async () => (await send('contact', contact(), newIp())).status,
    served: 201,
  },
  {
    limit: 'contact:phone',
    ceiling: 'leads:site',
    exhaust: async () => {
      const phone = newPhone();
      expect(await repeat(LIMITS['contact:phone'].max, async () => (await send('contact', contact(phone), newIp())).status)).toEqual(
        Array(LIMITS['contact:phone'].max).fill(201),
      );
      return async () => (await send('contact', contact(phone), newIp())).status;
    },
    other: async () => (await send('contact', contact(), newIp())).status,
    served: 201,
  },
  {
    limit: 'apply:address',
    ceiling: 'leads:site',
    exhaust: async () => {
      const ip = await fullAddress('apply:address');
      return async () => (await send('apply', application(), ip)).status;
    },
    other: async () => (await send('apply', application(), newIp())).status,
    served: 201,
  },
  {
    limit: 'apply:phone',
    ceiling: 'leads:site',
    exhaust: async () => {
      // Counted per phone on one network (decision 030).
      const phone = newPhone();
      const ip = newIp();
      await repeat(LIMITS['apply:phone'].max, async () => (await send('apply', application({ phone }), ip)).status);
      return async () => (await send('apply', application({ phone }), ip)).status;
    },
    other: async () => (await send('apply', application(), newIp())).status,
    served: 201,
  },
  {
    limit: 'apply:email',
    ceiling: 'leads:site',
    exhaust: async () => {
      const email = newEmail('same');
      const ip = newIp();
      await repeat(LIMITS['apply:email'].max, async () => (await send('apply', application({ email }), ip)).status);
      return async () => (await send('apply', application({ email }), ip)).status;
    },
    other: async () => (await send('apply', application(), newIp())).status,
    served: 201,
  },
  {
    limit: 'application:address',
    ceiling: 'leads:site',
    exhaust: async () => {
      const ip = await fullAddress('application:address');
      return async () => (await send('iibf', iibfWithoutFiles(), ip)).status;
    },
    other: () => sendIibfWithFiles(newIp()),
    served: 201,
  },
  {
    limit: 'application:phone',
    ceiling: 'leads:site',
    exhaust: async () => {
      const mobile = newPhone();
      const ip = newIp();
      // Each passes the limits and is refused at storing (its documents are unknown): nothing stored.
      expect(await repeat(LIMITS['application:phone'].max, async () => (await send('iibf', iibfWithoutFiles(mobile), ip)).status)).toEqual(
        Array(LIMITS['application:phone'].max).fill(422),
      );
      return async () => (await send('iibf', iibfWithoutFiles(mobile), ip)).status;
    },
    other: () => sendIibfWithFiles(newIp()),
    served: 201,
  },
  {
    limit: 'uploads:address',
    ceiling: 'uploads:site',
    exhaust: async () => {
      const ip = await fullAddress('uploads:address');
      return async () => (await send('uploads', uploadRequest(), ip)).status;
    },
    other: async () => (await send('uploads', uploadRequest(), newIp())).status,
    served: 201,
  },
  {
    limit: 'uploads:draft',
    ceiling: 'uploads:site',
    exhaust: async () => {
      const draft = randomUUID();
      await setHits('uploads:draft', draft, LIMITS['uploads:draft'].max);
      return async () => (await send('uploads', uploadRequest(draft), newIp())).status;
    },
    other: async () => (await send('uploads', uploadRequest(), newIp())).status,
    served: 201,
  },
  {
    limit: 'register:address',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const ip = await fullAddress('register:address');
      return async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, ip)).status;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
  {
    limit: 'register:email',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const email = newEmail('again');
      // One code is sent; the rest wait for the 60 seconds between codes.
      expect(
        await repeat(
          LIMITS['register:email'].max,
          async () => (await send('user-register', { name: 'Asha Verma', email, password: 'a long passphrase' }, newIp())).status,
        ),
      ).toEqual([201, ...Array(LIMITS['register:email'].max - 1).fill(429)]);
      return async () => (await send('user-register', { name: 'Asha Verma', email, password: 'a long passphrase' }, newIp())).status;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
  {
    limit: 'resend:address',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const { body } = await send('user-register', { name: 'Asha Verma', email: newEmail('resend'), password: 'a long passphrase' }, newIp());
      const ip = await fullAddress('resend:address');
      return async () => (await send('user-resend-otp', { activationToken: body['activationToken'] }, ip)).status;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
  {
    limit: 'resend:email',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const { body } = await send('user-register', { name: 'Asha Verma', email: newEmail('resend'), password: 'a long passphrase' }, newIp());
      const resend = async () => (await send('user-resend-otp', { activationToken: body['activationToken'] }, newIp())).status;
      // Inside the 60 seconds after the first code: each waits, and none sends a mail.
      await repeat(LIMITS['resend:email'].max, resend);
      return resend;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
  {
    limit: 'forgot:address',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const ip = await fullAddress('forgot:address');
      return async () => (await send('user-forgot-password', { email: newEmail('forgot') }, ip)).status;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
  {
    limit: 'forgot:email',
    ceiling: 'code-mail:site',
    exhaust: async () => {
      const email = newEmail('forgot');
      await repeat(LIMITS['forgot:email'].max, async () => (await send('user-forgot-password', { email }, newIp())).status);
      return async () => (await send('user-forgot-password', { email }, newIp())).status;
    },
    other: async () => (await send('user-register', { name: 'Asha Verma', email: newEmail('reg'), password: 'a long passphrase' }, newIp())).status,
    served: 201,
  },
];

describe('a request refused by a narrower limit does not spend the site-wide ceiling', () => {
  for (const { limit, ceiling, exhaust, other, served } of CASES) {
    it(`${limit}: refused requests leave ${ceiling} as it was, and another client is served`, async () => {
      await sql(`delete from rate_limits where key = $1`, [`${ceiling}#site`]);
      const refusedCall = await exhaust();
      // The ceiling one short of full: a single refused request that counted would fill it.
      await setHits(ceiling, 'site', LIMITS[ceiling].max - 1);
      const refused = await repeat(10, refusedCall);
      expect(refused).toEqual(Array(10).fill(429));
      expect(await siteHits(ceiling)).toBe(LIMITS[ceiling].max - 1);
      expect(await other()).toBe(served);
      expect(await siteHits(ceiling)).toBe(LIMITS[ceiling].max);
      await sql(`delete from rate_limits where key = $1`, [`${ceiling}#site`]);
    });
  }
});

describe('a site-wide ceiling counts only what is stored or sent', () => {
  it('many contact messages from one address with an already refused phone: all 429, nothing stored, leads:site untouched', async () => {
    await sql(`delete from rate_limits where key = 'leads:site#site'`);
    const ip = newIp();
    const phone = newPhone();
    const allowed = LIMITS['contact:phone'].max;
    for (let i = 0; i < allowed; i += 1) expect((await send('contact', contact(phone), ip)).status).toBe(201);
    expect(await siteHits('leads:site')).toBe(allowed);
    // The probe: the same phone again and again from one address (short of the address's own limit).
    const probes = LIMITS['contact:address'].max - allowed;
    expect(await repeat(probes, async () => (await send('contact', contact(phone), ip)).status)).toEqual(Array(probes).fill(429));
    const [stored] = await sql<{ n: number }>(`select count(*)::int as n from leads where phone like $1`, [`%${phone}`]);
    expect(stored!.n).toBe(allowed);
    expect(await siteHits('leads:site')).toBe(allowed);
  });

  it('an idempotent replay and a honeypot are not counted; a new lead is', async () => {
    await sql(`delete from rate_limits where key = 'leads:site#site'`);
    const key = randomUUID();
    const body = application();
    const call = async (payload: unknown) => {
      const request = new Request('http://127.0.0.1:8888/api/apply', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(payload),
      });
      const { response, settled } = await fx.call('apply', request, { ip: newIp() });
      await settled();
      return response;
    };
    expect((await call(body)).status).toBe(201);
    const replay = await call(body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await send('apply', { ...application(), website: 'http://spam.example' }, newIp())).status).toBe(201);
    expect(await siteHits('leads:site')).toBe(1);
  });

  it('forgot-password flooded from one address spends code-mail:site only for the codes e-mailed', async () => {
    await sql(`delete from rate_limits where key = 'code-mail:site#site'`);
    const { hashPassword } = await import('../../functions/_shared/auth/password');
    const hash = await hashPassword('a long passphrase');
    const accounts = [newEmail('owner'), newEmail('owner'), newEmail('owner')];
    for (const email of accounts) await sql(`insert into users (name, email, password_hash) values ('Asha Verma', $1, $2)`, [email, hash]);
    const ip = newIp();
    const statuses = await repeat(40, async () => (await send('user-forgot-password', { email: accounts[(n += 1) % 3] }, ip)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
    for (const email of accounts) expect(mailsTo(email)).toHaveLength(1);
    expect(await siteHits('code-mail:site')).toBe(3);
    // Addresses without an account get the same answer, and no mail: nothing is spent.
    const unknown = await repeat(5, async () => (await send('user-forgot-password', { email: newEmail('nobody') }, newIp())).status);
    expect(unknown).toEqual(Array(5).fill(200));
    expect(await siteHits('code-mail:site')).toBe(3);

    // A full ceiling refuses an address without an account just as one with an account.
    await setHits('code-mail:site', 'site', LIMITS['code-mail:site'].max);
    const email = newEmail('owner');
    await sql(`insert into users (name, email, password_hash) values ('Asha Verma', $1, $2)`, [email, hash]);
    const known = await send('user-forgot-password', { email }, newIp());
    const stranger = await send('user-forgot-password', { email: newEmail('nobody') }, newIp());
    expect([known.status, stranger.status]).toEqual([429, 429]);
    expect(known.body['message']).toBe(stranger.body['message']);
    expect(mailsTo(email)).toHaveLength(0);
    await sql(`delete from rate_limits where key = 'code-mail:site#site'`);
  });
});
