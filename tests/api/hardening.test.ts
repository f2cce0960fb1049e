/**
 * What every write goes through before its endpoint's own work (cross-site and content-type
 * checks in the shared wrapper), the headers of every answer, and limits that stop one attacker
 * but spare a classroom: counted per IPv6 /64, generous per address, tight per phone number.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { db, get, leadsNamed, newClientIp, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';

const CROSS_SITE = 'This request came from another website, so it was refused. Please use the form on our own website.';
const NOT_JSON = 'Please send the data as JSON (Content-Type: application/json).';

describe.each(targets)('hardening on $name', (target) => {
  const application = (name: string) => ({
    name,
    email: uniqueEmail('applicant'),
    phone: uniquePhone(),
    department: 'dl',
    course: 'RS-CIT (Basic)',
    consent: true,
  });
  const contact = (name: string) => ({ name, email: 'x@example.in', phone: uniquePhone(), subject: 'Fees', message: 'What are the fees?' });
  const registration = () => ({ name: 'Asha Verma', email: uniqueEmail('xsite'), password: 'a long passphrase' });

  it('refuses a write that is not JSON with 415, whatever the endpoint, and stores nothing', async () => {
    const name = uniqueName('Plain');
    const send = (route: string, body: unknown, type: string | undefined) =>
      target.fetch(route, {
        method: 'POST',
        headers: { 'x-forwarded-for': newClientIp(), ...(type ? { 'content-type': type } : {}) },
        body: new Blob([JSON.stringify(body)]),
      });
    const cases: [string, unknown, string | undefined][] = [
      ['/api/apply', application(name), 'text/plain'],
      ['/api/apply', application(name), 'application/x-www-form-urlencoded'],
      ['/api/apply', application(name), 'multipart/form-data; boundary=x'],
      ['/api/apply', application(name), undefined],
      ['/api/contact', contact(name), 'text/plain'],
      ['/api/user/register', registration(), 'text/plain'],
      ['/api/user/login', { email: 'x@example.in', password: 'whatever it is' }, 'text/plain'],
    ];
    for (const [route, body, type] of cases) {
      const res = await send(route, body, type);
      expect(res.status, `${route} ${type}`).toBe(415);
      expect((await res.json()).message).toBe(NOT_JSON);
    }
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it('refuses a write from another site (Origin, or Sec-Fetch-Site: cross-site) with 403, and stores nothing', async () => {
    const name = uniqueName('Elsewhere');
    const email = uniqueEmail('elsewhere');
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${target.url}.evil.example` },
      { origin: 'http://intranet.example:8888' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: target.url },
    ];
    for (const headers of refused) {
      const res = await post(target, '/api/apply', application(name), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).message).toBe(CROSS_SITE);
    }
    for (const [route, body] of [
      ['/api/contact', contact(name)],
      ['/api/user/register', { ...registration(), email }],
      ['/api/user/login', { email, password: 'whatever it is' }],
    ] as const) {
      const res = await post(target, route, body, { origin: 'https://evil.example' });
      expect(res.status, route).toBe(403);
      expect((await res.json()).message).toBe(CROSS_SITE);
    }
    expect(await leadsNamed(target, name)).toBe(0);
    expect(await db(target, 'select 1 from otp_challenges where email = $1', [email])).toHaveLength(0);
  });

  it('accepts a write from the site itself and one without Origin (the mobile app, curl)', async () => {
    for (const headers of [{ origin: target.url, 'sec-fetch-site': 'same-origin' }, {}, { 'sec-fetch-site': 'none' }]) {
      const name = uniqueName('Own');
      const res = await post(target, '/api/apply', application(name), headers);
      expect(res.status, JSON.stringify(headers)).toBe(201);
      expect(await leadsNamed(target, name)).toBe(1);
    }
    // Locally the site may be opened as localhost too.
    const local = await post(target, '/api/contact', contact(uniqueName('Local')), { origin: target.url.replace('127.0.0.1', 'localhost') });
    expect(local.status).toBe(201);
  });

  it('sends HSTS and a CSP that allows nothing with every API answer, errors included', async () => {
    const answers = [
      await get(target, '/api/marquee'),
      await post(target, '/api/contact', contact(uniqueName('Headers'))),
      await post(target, '/api/contact', '{"broken'),
      await post(target, '/api/contact', contact(uniqueName('Headers')), { origin: 'https://evil.example' }),
      await target.fetch('/api/contact', { method: 'GET' }),
      await get(target, '/api/user/me'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 201, 400, 403, 405, 401]);
    for (const res of answers) {
      expect(res.headers.get('strict-transport-security'), String(res.status)).toBe('max-age=63072000; includeSubDomains; preload');
      expect(res.headers.get('content-security-policy'), String(res.status)).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('limits applications per phone number from one network, and leaves the number free elsewhere', async () => {
    const name = uniqueName('Phone');
    const phone = uniquePhone();
    const ip = newClientIp();
    const { max } = LIMITS['apply:phone'];
    for (let i = 0; i < max; i++) expect((await post(target, '/api/apply', { ...application(name), phone }, {}, ip)).status).toBe(201);
    const res = await post(target, '/api/apply', { ...application(name), phone }, {}, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await leadsNamed(target, name)).toBe(max);
    // The person with that number, on their own network, still applies (decision 030).
    expect((await post(target, '/api/apply', { ...application(name), phone })).status).toBe(201);
  });

  it('keeps the limits’ keys free of e-mail addresses and phone numbers', async () => {
    const email = uniqueEmail('keyed');
    const phone = uniquePhone();
    expect((await post(target, '/api/apply', { ...application(uniqueName('Keyed')), email, phone })).status).toBe(201);
    const keys = await db<{ key: string }>(target, 'select key from rate_limits where key like any($1)', [
      [`%${email}%`, `%${phone}%`, `%${email.split('@')[0]}%`],
    ]);
    expect(keys).toEqual([]);
  });

  it('accepts names of any script and refuses names that carry other text', async () => {
    for (const name of ['आशा वर्मा', 'Anne-Marie O’Neil', "D'Souza Jr.", 'ਹਰਪ੍ਰੀਤ ਕੌਰ']) {
      const res = await post(target, '/api/apply', application(name));
      expect(res.status, name).toBe(201);
      expect((await res.json()).message).toContain(`Thank you, ${name}!`);
    }
    const refused: [string, unknown][] = [
      ...['URGENT refund pending visit http://evil.example', 'Call 9829012345', '<b>Asha</b>', '-Asha'].map((name): [string, unknown] => [
        '/api/apply',
        { ...application(name), name },
      ]),
      ['/api/user/register', { ...registration(), name: 'URGENT refund pending visit http://evil.example' }],
      ['/api/contact', { ...contact('win: prize') }],
    ];
    for (const [route, body] of refused) {
      const res = await post(target, route, body);
      expect(res.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).errors.name).toBe("Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.");
    }
  });
});

/**
 * The limits' numbers, shown with real volumes of requests: on one database only (PostgreSQL when
 * the run has it), since what they test is the counting, which the tests above cover on both.
 */
const volume = targets.find((t) => t.name === 'postgresql') ?? targets[0]!;
describe(`limits at volume on ${volume.name}`, () => {
  const target = volume;
  const application = (name: string) => ({
    name,
    email: uniqueEmail('applicant'),
    phone: uniquePhone(),
    department: 'dl',
    course: 'RS-CIT (Basic)',
    consent: true,
  });
  const contact = (name: string) => ({ name, email: 'x@example.in', phone: uniquePhone(), subject: 'Fees', message: 'What are the fees?' });

  it('counts an IPv6 client by its /64: a new address in the same /64 is the same client', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const name = uniqueName('Sixty');
    const statuses: number[] = [];
    const { max } = LIMITS['contact:address'];
    for (let i = 1; i <= max + 1; i++) {
      const res = await post(target, '/api/contact', contact(name), {}, `${prefix}:${i.toString(16)}::${(i * 7).toString(16)}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(201));
    expect(statuses[max]).toBe(429);
    // The neighbouring /64 is another client; the same /64 written another way is not.
    const [a, b] = prefix
      .split(':')
      .slice(2)
      .map((g) => parseInt(g, 16));
    expect((await post(target, '/api/contact', contact(name), {}, `2001:db8:${a!.toString(16)}:${((b! + 1) % 0xffff).toString(16)}::1`)).status).toBe(201);
    expect(
      (await post(target, '/api/contact', contact(name), {}, `2001:0db8:${a!.toString(16).padStart(4, '0')}:${b!.toString(16).padStart(4, '0')}:ffff:0:0:1`))
        .status,
    ).toBe(429);
  });

  it('lets an admission camp apply: thirty students from one address in ten minutes', async () => {
    const ip = newClientIp();
    const name = uniqueName('Camp');
    for (let i = 0; i < 30; i++) {
      const res = await post(target, '/api/apply', application(name), {}, ip);
      expect(res.status, `student ${i + 1}`).toBe(201);
    }
    expect(await leadsNamed(target, name)).toBe(30);
  });

  it(`rate-limits one address after ${LIMITS['contact:address'].max} messages in ${LIMITS['contact:address'].seconds / 60} minutes`, async () => {
    const ip = newClientIp();
    const name = uniqueName('Script');
    const { max } = LIMITS['contact:address'];
    for (let i = 0; i < max; i++) {
      const res = await post(target, '/api/contact', { ...contact(name), message: `Question number ${i}` }, {}, ip);
      expect(res.status, `message ${i + 1}`).toBe(201);
    }
    const limited = await post(target, '/api/contact', contact(name), {}, ip);
    expect(limited.status).toBe(429);
    expect(await leadsNamed(target, name)).toBe(max);
  });
});
