/**
 * The institute's e-mail about a new lead speaks in words (the form's and the department's names,
 * the time in India) and links to the lead in the admin.
 */
import { describe, expect, it } from 'vitest';
import { db, eventually, outboxMessages, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { insertLead } from './lead-fixtures';

describe.each(targets)('the new-lead e-mail on $name', (target) => {
  it('names the form and the department, and links to the lead in the admin', async () => {
    const name = uniqueName('Mailed');
    const res = await post(target, '/api/apply', {
      name,
      email: uniqueEmail('mailed'),
      phone: uniquePhone(),
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    });
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const [lead] = await db<{ id: string }>(target, 'select id::text from leads where reference = $1', [reference]);
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, reference);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain('From: Apply dialog');
    expect(mail).toContain('Department: Digital Literacy');
    expect(mail).not.toMatch(/From: apply-form|Department: dl\b/);
    expect(mail).toMatch(new RegExp(`Open it in the admin: https?://[^/\\s]+/adminLeads/${lead!.id}\\b`));
  });

  it('gives the time received in India: 03:07 on 25 Nov, not UTC’s 24 Nov', async () => {
    // 21:37 UTC on 24 Nov is 03:07 on 25 Nov in India.
    const lead = await insertLead(target, { created_at: '2026-11-24T21:37:00Z', form: 'contact-page', kind: 'contact' });
    await db(target, `insert into mail_outbox (kind, lead_id) values ('lead', $1)`, [lead.id]);
    expect((await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' })).status).toBeLessThan(300);
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, lead.reference);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain('Received: 25 Nov 2026, 3:07 am (India time)');
    expect(mail).toContain('From: Contact page');
  });
});
