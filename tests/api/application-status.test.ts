import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { APPLICATION_STATUS_MEANINGS } from '../../src/lib/schemas/application-status';
import { insertApplication } from './application-fixtures';
import { db, get, newClientIp, post, targets } from './helpers';

const NOT_FOUND = 'We found no application with this reference and mobile number. Please check both and try again.';

describe.each(targets)('POST /api/applications/status on $name', (target) => {
  const ask = (body: unknown, ip = newClientIp()) => post(target, '/api/applications/status', body, {}, ip);

  it('tells the status, its meaning and when it changed, and nothing personal', async () => {
    const app = await insertApplication(target, 'csc');
    const res = await ask({ reference: app.reference, mobile: app.mobile });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      reference: app.reference,
      form: 'CSC application',
      status: 'submitted',
      statusLabel: 'Submitted',
      meaning: 'We have received your application and will check your documents soon.',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(JSON.stringify(body)).not.toContain('Inserted Applicant');
    expect(JSON.stringify(body)).not.toContain(app.mobile);
  });

  it('reads the reference in any case and with spaces, and the mobile number with +91 or 0', async () => {
    const app = await insertApplication(target, 'nielit');
    for (const [reference, mobile] of [
      [app.reference.toLowerCase(), `+91 ${app.mobile}`],
      [` ${app.reference.slice(0, 3)} ${app.reference.slice(3)} `, `0${app.mobile}`],
      [app.reference, `${app.mobile.slice(0, 5)} ${app.mobile.slice(5)}`],
    ]) {
      const res = await ask({ reference, mobile });
      expect(res.status, `${reference} / ${mobile}`).toBe(200);
      expect((await res.json()).form).toBe('NIELIT admission');
    }
  });

  it('shows where a moved application stands, dated by its last move', async () => {
    const app = await insertApplication(target, 'emitra', 'forwarded');
    await db(
      target,
      `insert into lead_events (lead_id, kind, detail, at) values ($1, 'status', '{"from":"verified","to":"forwarded"}', '2026-03-04T05:06:07Z')`,
      [app.id],
    );
    const res = await ask({ reference: app.reference, mobile: app.mobile });
    expect(await res.json()).toMatchObject({
      status: 'forwarded',
      statusLabel: 'Forwarded',
      meaning: APPLICATION_STATUS_MEANINGS.forwarded,
      updatedAt: '2026-03-04T05:06:07.000Z',
    });
  });

  it('gives one answer for a wrong mobile number and an unknown reference', async () => {
    const app = await insertApplication(target, 'iibf');
    const wrongMobile = await ask({ reference: app.reference, mobile: app.mobile.replace(/.$/, (d) => String((Number(d) + 1) % 10)) });
    const unknown = await ask({ reference: 'IB-2026-99999999', mobile: app.mobile });
    for (const res of [wrongMobile, unknown]) {
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(NOT_FOUND);
    }
  });

  it('never answers for an enquiry lead, even with its reference shaped like an application', async () => {
    // A contact lead given an application-like reference: not an application, so not found.
    const app = await insertApplication(target, 'csc');
    await db(target, `delete from applications where lead_id = $1`, [app.id]);
    const res = await ask({ reference: app.reference, mobile: app.mobile });
    expect(res.status).toBe(404);
  });

  it('refuses bad input with a message per field', async () => {
    const cases: [unknown, string, string][] = [
      [{ reference: 'AP-2026-00001', mobile: '9829012345' }, 'reference', 'Please enter the reference as it is in your e-mail, like EM-2026-00042.'],
      [{ mobile: '9829012345' }, 'reference', 'Please enter your application reference.'],
      [{ reference: 'EM-2026-00001', mobile: '12345' }, 'mobile', 'Please enter the 10-digit mobile number you gave in the form.'],
      [{ reference: 'EM-2026-00001' }, 'mobile', 'Please enter your mobile number.'],
      [{ reference: 42, mobile: 9829012345 }, 'reference', 'Please enter your application reference.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors[field]).toBe(message);
    }
    expect((await post(target, '/api/applications/status', 'not json')).status).toBe(400);
    expect((await post(target, '/api/applications/status', 'reference=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(
      (await post(target, '/api/applications/status', { reference: 'EM-2026-00001', mobile: '9829012345' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const res = await get(target, '/api/applications/status');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('stops one address trying mobile numbers, and never locks the owner out from elsewhere', async () => {
    const app = await insertApplication(target, 'csc');
    const guesser = newClientIp();
    for (let i = 0; i < LIMITS['status:address'].max; i += 1) {
      const res = await ask({ reference: app.reference, mobile: `98290${String(10000 + i)}` }, guesser);
      expect(res.status, `guess ${i + 1}`).toBe(404);
    }
    // The guesser's address is used up for the hour, even with the right number…
    const res = await ask({ reference: app.reference, mobile: app.mobile }, guesser);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // …and the owner, from another address, still gets the status.
    expect((await ask({ reference: app.reference, mobile: app.mobile })).status).toBe(200);
  });
});
