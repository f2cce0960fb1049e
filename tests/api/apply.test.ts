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
    const [row] = await db(target, 'select kind, form, email, phone, department, course, consent_version, consent_at from leads where reference = $1', [body.reference]);
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
});
