import { describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { db, eventually, leadsNamed, outboxMessages, post, targets, uniqueName, uniquePhone } from './helpers';

describe.each(targets)('POST /api/apply on $name', (target) => {
  // Limits count per phone number and e-mail address: each application is a different student.
  const application = (name: string) => ({
    name,
    email: `Student.${uniquePhone()}@Example.in`,
    phone: `+91 ${uniquePhone()}`,
    department: 'dl',
    course: 'RS-CIT (Basic)',
    consent: true,
  });

  it('stores the application with its consent, answers with a reference and tells the institute', async () => {
    const name = uniqueName('Meena');
    const res = await post(target, '/api/apply', { ...application(name), email: 'Student@Example.in', phone: '+91 98290 12345' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.reference).toMatch(/^AP-\d{4}-\d{5}$/);
    expect(body.message).toContain(body.reference);
    expect(body.message).toMatch(/^Thank you, Meena/);
    const [row] = await db(target, 'select kind, form, email, phone, department, course, consent_version, consent_at from leads where reference = $1', [
      body.reference,
    ]);
    expect(row).toMatchObject({
      kind: 'application',
      email: 'student@example.in',
      phone: '+919829012345',
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent_version: site.applyConsent.version,
    });
    expect(row!.consent_at).not.toBeNull();
    // The institute is told after the answer, from the outbox table.
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, body.reference);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain('Course: RS-CIT (Basic)');
  });

  it('accepts the phone with 0 or without a prefix and stores it normalised', async () => {
    const digits = uniquePhone();
    for (const phone of [`0${digits}`, digits, `+91-${digits.slice(0, 5)}-${digits.slice(5)}`]) {
      const name = uniqueName('Phone');
      const res = await post(target, '/api/apply', { ...application(name), phone });
      expect(res.status, phone).toBe(201);
      const [row] = await db<{ phone: string }>(target, 'select phone from leads where name = $1', [name]);
      expect(row?.phone).toBe(`+91${digits}`);
    }
  });

  it('refuses a course that does not belong to the department', async () => {
    const name = uniqueName('Pair');
    const res = await post(target, '/api/apply', { ...application(name), department: 'PL', course: 'RS-CIT (Basic)' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.course).toMatch(/course of the chosen department/);
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it('refuses missing consent, an unknown department, a bad phone, a bad e-mail and wrong types', async () => {
    const name = uniqueName('Invalid');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...application(name), consent: false }, 'consent'],
      [{ ...application(name), consent: 'yes' }, 'consent'],
      [{ ...application(name), department: 'cooking' }, 'department'],
      [{ ...application(name), phone: '12345' }, 'phone'],
      [{ ...application(name), phone: '5829012345' }, 'phone'],
      [{ ...application(name), email: 'not-an-email' }, 'email'],
      [{ ...application(name), name: 42 }, 'name'],
      [{ ...application(name), name: 'x'.repeat(101) }, 'name'],
      [{ email: 'a@b.in' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(target, '/api/apply', payload);
      expect(res.status, `${field}: ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(Object.keys((await res.json()).errors)).toContain(field);
    }
    expect(await leadsNamed(target, name)).toBe(0);
  });

  it('stores a replayed submission once', async () => {
    const name = uniqueName('Replay');
    const key = crypto.randomUUID();
    const payload = application(name);
    const first = await post(target, '/api/apply', payload, { 'idempotency-key': key });
    const second = await post(target, '/api/apply', payload, { 'idempotency-key': key });
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    expect(await leadsNamed(target, name)).toBe(1);
    await eventually(async () => expect(await outboxMessages(target, name)).toHaveLength(1));
    // And never a second time, however long one waits.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await outboxMessages(target, name)).toHaveLength(1);
  });

  describe('where the visit came from', () => {
    /** The attribution columns of the lead a POST made. */
    const attributionOf = async (reference: string) => {
      const [row] = await db(
        target,
        `select channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page
                                        from leads where reference = $1`,
        [reference],
      );
      return row;
    };
    const apply = async (attribution: unknown) => {
      const res = await post(target, '/api/apply', { ...application(uniqueName('Visit')), attribution });
      expect(res.status).toBe(201);
      return attributionOf((await res.json()).reference);
    };

    it('stores the UTM parameters, the referring site and the first page; the UTM source is the source', async () => {
      const row = await apply({
        utmSource: 'Facebook',
        utmMedium: 'cpc',
        utmCampaign: 'admissions-2026',
        utmTerm: 'rs-cit course',
        utmContent: 'video-ad',
        referrer: 'M.Facebook.com',
        landingPage: '/coursePage',
      });
      expect(row).toEqual({
        channel: 'facebook',
        utm_source: 'Facebook',
        utm_medium: 'cpc',
        utm_campaign: 'admissions-2026',
        utm_term: 'rs-cit course',
        utm_content: 'video-ad',
        referrer: 'm.facebook.com',
        landing_page: '/coursePage',
      });
    });

    it('names the source after a known referring site, and the UTM source wins over it', async () => {
      expect(await apply({ referrer: 'www.google.co.in', landingPage: '/' })).toMatchObject({
        channel: 'google',
        referrer: 'www.google.co.in',
        utm_source: null,
        landing_page: '/',
      });
      expect(await apply({ referrer: 'www.sojatnews.in' })).toMatchObject({ channel: 'sojatnews.in', referrer: 'www.sojatnews.in' });
      expect(await apply({ referrer: 'www.google.com', utmSource: 'newspaper' })).toMatchObject({ channel: 'newspaper', referrer: 'www.google.com' });
    });

    it('counts a visit with nothing known, or no attribution at all, as direct', async () => {
      const none = {
        channel: 'direct',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer: null,
        landing_page: null,
      };
      expect(await apply(undefined)).toEqual(none);
      expect(await apply({})).toEqual(none);
      expect(await apply({ landingPage: '/about' })).toEqual({ ...none, landing_page: '/about' });
    });

    it('drops what is odd or oversized without refusing the application', async () => {
      expect(await apply('utm_source=facebook')).toMatchObject({ channel: 'direct', utm_source: null });
      expect(await apply([1, 2])).toMatchObject({ channel: 'direct' });
      const row = await apply({
        utmSource: 42,
        utmMedium: 'x'.repeat(500),
        utmCampaign: '  \u0000\u0007  ',
        referrer: 'https://www.google.com/search?q=ravi+9829012345',
        landingPage: 'https://elsewhere.example/page',
        extra: 'ignored',
      });
      expect(row).toEqual({
        channel: 'direct',
        utm_source: null,
        utm_medium: 'x'.repeat(100),
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer: null,
        landing_page: null,
      });
    });

    it('treats a retry with the same key and attribution as the same application', async () => {
      const key = crypto.randomUUID();
      const payload = { ...application(uniqueName('Retry')), attribution: { utmSource: 'whatsapp', landingPage: '/' } };
      const first = await post(target, '/api/apply', payload, { 'idempotency-key': key });
      const again = await post(target, '/api/apply', payload, { 'idempotency-key': key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const { reference } = await first.json();
      expect((await again.json()).reference).toBe(reference);
      expect(await attributionOf(reference)).toMatchObject({ channel: 'whatsapp', landing_page: '/' });
    });
  });
});
