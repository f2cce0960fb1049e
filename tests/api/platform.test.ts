/** What every endpoint shares: methods, body limits, bad JSON, rate limits, idempotency, honeypot. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { leadsNamed, newClientIp, post, targets, uniqueName, uniquePhone } from './helpers';

describe.each(targets)('API platform on $name', (target) => {
  const contact = (name: string, phone = uniquePhone()) => ({ name, email: 'x@example.in', phone, subject: 'Fees', message: 'What are the fees?' });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await target.fetch('/api/contact', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).message).toMatch(/not allowed/);
    const marquee = await target.fetch('/api/marquee', { method: 'DELETE' });
    expect(marquee.status).toBe(405);
  });

  it('answers malformed JSON with 400 and stores nothing', async () => {
    const res = await post(target, '/api/contact', '{"name": "Broken",');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers a body over 16 KB with 413 and stores nothing', async () => {
    const name = uniqueName('Huge');
    const res = await post(target, '/api/contact', { ...contact(name), message: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it('never shows a stack trace', async () => {
    const res = await post(target, '/api/contact', '[1,2,3]');
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
  });

  it('stores a double-clicked submission once and answers both the same', async () => {
    const name = uniqueName('Twice');
    const key = randomUUID();
    const ip = newClientIp();
    const payload = contact(name);
    const [a, b] = await Promise.all([
      post(target, '/api/contact', payload, { 'idempotency-key': key }, ip),
      post(target, '/api/contact', payload, { 'idempotency-key': key }, ip),
    ]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const [bodyA, bodyB] = [await a.json(), await b.json()];
    expect(bodyB).toEqual(bodyA);
    const replay = await post(target, '/api/contact', payload, { 'idempotency-key': key }, ip);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(bodyA);
    expect(await leadsNamed(target, name)).toBe(1);
  });

  it('refuses the same idempotency key with a different body (422)', async () => {
    const name = uniqueName('Reuse');
    const key = randomUUID();
    const payload = contact(name);
    expect((await post(target, '/api/contact', payload, { 'idempotency-key': key })).status).toBe(201);
    const res = await post(target, '/api/contact', { ...payload, subject: 'Something else' }, { 'idempotency-key': key });
    expect(res.status).toBe(422);
    expect(await leadsNamed(target, name)).toBe(1);
  });

  it('refuses an idempotency key that is not a UUID', async () => {
    const res = await post(target, '/api/contact', contact(uniqueName('Key')), { 'idempotency-key': 'abc' });
    expect(res.status).toBe(400);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const name = uniqueName('Bot');
    const res = await post(target, '/api/contact', { ...contact(name), website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await res.json()).reference).toBeUndefined();
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it(`rate-limits one phone number after ${LIMITS['contact:phone'].max} messages in an hour, with Retry-After, and stores nothing more`, async () => {
    const phone = uniquePhone();
    const name = uniqueName('Flood');
    for (let i = 0; i < LIMITS['contact:phone'].max; i++) {
      // A different address each time: the phone number is what is counted here.
      const res = await post(target, '/api/contact', { ...contact(name, phone), message: `Question number ${i}` });
      expect(res.status).toBe(201);
    }
    const limited = await post(target, '/api/contact', contact(name, phone));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ message: 'Too many requests. Please wait a little and try again.' });
    expect(await leadsNamed(target, name)).toBe(LIMITS['contact:phone'].max);
    // Another number is unaffected.
    expect((await post(target, '/api/contact', contact(uniqueName('Other')))).status).toBe(201);
  });
});
