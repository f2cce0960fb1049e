import { describe, expect, it } from 'vitest';
import { db, eventually, leadsNamed, outboxMessages, post, targets, uniqueName, uniquePhone } from './helpers';

describe.each(targets)('POST /api/contact on $name', (target) => {
  const message = (name: string) => ({
    name,
    email: 'Asha.Meena@Example.com',
    phone: `0${uniquePhone()}`,
    subject: 'RS-CIT batch timings',
    message: 'Please tell me the evening batch timings.',
  });

  it('stores a contact-page message, answers with a reference and tells the institute', async () => {
    const name = uniqueName('Asha');
    const res = await post(target, '/api/contact', message(name));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.message).toMatch(/^Thank you, Asha/);
    expect(body.message).toContain(body.reference);
    expect(body.reference).toMatch(/^CT-\d{4}-\d{5}$/);
    const [row] = await db(target, 'select form, email, phone, subject, message from leads where reference = $1', [body.reference]);
    expect(row).toMatchObject({
      form: 'contact-page',
      email: 'asha.meena@example.com',
      phone: expect.stringMatching(/^\+91[6-9]\d{9}$/),
      subject: 'RS-CIT batch timings',
    });
    // Sent after the answer, from the outbox; the lead records when.
    await eventually(async () => {
      const [lead] = await db<{ notified_at: Date | null }>(target, 'select notified_at from leads where reference = $1', [body.reference]);
      expect(lead!.notified_at).not.toBeNull();
    });
    expect(await outboxMessages(target, body.reference)).toHaveLength(1);
  });

  it('stores the home page short form, marked as coming from the home page', async () => {
    const name = uniqueName('Ravi');
    const res = await post(target, '/api/contact', { source: 'home', name, phone: `+91 ${uniquePhone()}`, message: 'Tally course' });
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const [row] = await db(target, 'select form, email, message from leads where reference = $1', [reference]);
    expect(row).toMatchObject({ form: 'home', email: null, message: 'Tally course' });
  });

  it('refuses missing, wrong-typed and oversized fields with per-field errors and stores nothing', async () => {
    const name = uniqueName('Bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...message(name), email: undefined }, 'email'],
      [{ ...message(name), phone: 12345 }, 'phone'],
      [{ ...message(name), phone: '12345' }, 'phone'],
      [{ ...message(name), subject: 'x'.repeat(151) }, 'subject'],
      [{ ...message(name), message: '' }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(target, '/api/contact', payload);
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.error).toBe(body.message);
      expect(Object.keys(body.errors)).toContain(field);
    }
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it('stores where the visit came from with both forms, and drops what is odd without refusing the message', async () => {
    const columns = 'select form, channel, utm_source, utm_medium, utm_campaign, referrer, landing_page from leads where reference = $1';
    const page = await post(target, '/api/contact', {
      ...message(uniqueName('Visit')),
      attribution: { utmSource: 'Instagram', utmMedium: 'social', utmCampaign: 'diwali', referrer: 'l.instagram.com', landingPage: '/contactForm' },
    });
    expect(page.status).toBe(201);
    expect((await db(target, columns, [(await page.json()).reference]))[0]).toEqual({
      form: 'contact-page',
      channel: 'instagram',
      utm_source: 'Instagram',
      utm_medium: 'social',
      utm_campaign: 'diwali',
      referrer: 'l.instagram.com',
      landing_page: '/contactForm',
    });

    const home = await post(target, '/api/contact', {
      source: 'home',
      name: uniqueName('Visit'),
      phone: `+91 ${uniquePhone()}`,
      message: 'Tally course',
      attribution: { referrer: 'www.bing.com', landingPage: '/', utmMedium: { nested: true } },
    });
    expect(home.status).toBe(201);
    expect((await db(target, columns, [(await home.json()).reference]))[0]).toEqual({
      form: 'home',
      channel: 'bing',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      referrer: 'www.bing.com',
      landing_page: '/',
    });

    const odd = await post(target, '/api/contact', { ...message(uniqueName('Visit')), attribution: 'from facebook' });
    expect(odd.status).toBe(201);
    expect((await db(target, columns, [(await odd.json()).reference]))[0]).toMatchObject({ channel: 'direct', referrer: null, landing_page: null });
  });
});
