/** Leads of one test: enquiries made through the public forms, and a staff member's actions on them. */
import { expect } from 'vitest';
import { indiaToday } from '../../src/lib/schemas/lead';
import type { Target } from './global-setup';
import { db, newClientIp, post, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { staffFetch } from './staff';

/** A day `days` from today in India (YYYY-MM-DD). */
export const dayFromToday = (days: number) => indiaToday(new Date(Date.now() + days * 86_400_000));

/** A stored lead as the tests know it. */
export interface TestLead {
  id: string;
  reference: string;
  name: string;
  phone: string;
  email: string;
  personId: string;
}

/** The lead with `reference` as stored. */
export async function storedLead(target: Target, reference: string): Promise<TestLead> {
  const [row] = await db<TestLead>(target, 'select id::text, reference, name, phone, email, person_id::text as "personId" from leads where reference = $1', [
    reference,
  ]);
  expect(row, reference).toBeDefined();
  return row!;
}

/** An application through the Apply dialog's endpoint (a new person unless `phone`/`email` say otherwise). */
export async function applyLead(target: Target, fields: { phone?: string; email?: string; name?: string } = {}): Promise<TestLead> {
  const res = await post(
    target,
    '/api/apply',
    {
      name: fields.name ?? uniqueName('Lead'),
      email: fields.email ?? uniqueEmail('lead'),
      phone: fields.phone ?? uniquePhone(),
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    },
    {},
    newClientIp(),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return storedLead(target, (await res.json()).reference);
}

/** A message through the contact page's endpoint. */
export async function contactLead(target: Target, fields: { phone?: string; email?: string; name?: string } = {}): Promise<TestLead> {
  const res = await post(
    target,
    '/api/contact',
    {
      name: fields.name ?? uniqueName('Contact'),
      email: fields.email ?? uniqueEmail('contact'),
      phone: fields.phone ?? uniquePhone(),
      subject: 'Fees of Tally',
      message: 'What are the fees and timings of the Tally course?',
    },
    {},
    newClientIp(),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return storedLead(target, (await res.json()).reference);
}

/** A lead inserted directly (for dates the API would refuse), with its own person. */
export async function insertLead(target: Target, columns: Record<string, unknown> = {}): Promise<TestLead> {
  const phone = uniquePhone();
  const base: Record<string, unknown> = {
    reference: `TEST-${phone}-${Math.random().toString(36).slice(2, 8)}`,
    kind: 'application',
    form: 'apply-form',
    name: uniqueName('Inserted'),
    phone: `+91${phone}`,
    phone_norm: phone,
    email: uniqueEmail('inserted'),
    course: 'Tally Prime',
    ...columns,
  };
  const names = Object.keys(base);
  const [row] = await db<{ reference: string }>(
    target,
    `with p as (insert into people default values returning id)
     insert into leads (${names.join(', ')}, person_id) select ${names.map((_, i) => `$${i + 1}`).join(', ')}, p.id from p returning reference`,
    Object.values(base),
  );
  return storedLead(target, row!.reference);
}

/** POST /api/admin/leads/{id} as the holder of `cookie`. */
export const act = (target: Target, cookie: string, id: string, body: unknown) => staffFetch(target, `/api/admin/leads/${id}`, cookie, { body });

/** GET /api/admin/leads/{id} as the holder of `cookie`. */
export const detail = (target: Target, cookie: string, id: string) => staffFetch(target, `/api/admin/leads/${id}`, cookie);

/** The lead row as stored (what a refused request must leave alone). */
export const leadState = (target: Target, id: string) =>
  db(
    target,
    `select l.status, l.version, l.follow_up_on::text, l.visit_on::text, l.assigned_to::text, l.lost_reason, l.touched_at, l.student_id, l.person_id,
            (select count(*)::int from lead_events e where e.lead_id = l.id) as events
       from leads l where l.id = $1`,
    [id],
  ).then((rows) => rows[0]);
