/**
 * Messages to a person follow consent (DPDP Act 2023 ss.6(4), 9(3); decision 053): staff's answers
 * that list people say whom a WhatsApp message may go to (`messaging`): a minor only through the
 * guardian who agreed to WhatsApp, nobody who withdrew their consent to updates. Shown here on a
 * lead, Today's follow-ups (no minor, nobody who withdrew consent to offers), the dues to chase,
 * a fee reminder (refused where none may go, 409 in words, nothing recorded), a receipt's notice,
 * a refund's message and a class register's students.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../src/lib/schemas/real-day';
import type { DuesList } from '../../src/lib/schemas/fee-dues';
import type { RefundItem } from '../../src/lib/refund-voucher';
import type { LeadDetail } from '../../src/lib/schemas/lead';
import type { StudentNotice } from '../../src/lib/schemas/student-notice';
import type { Today } from '../../src/lib/schemas/today';
import { registerStudents } from '../../functions/_shared/classes/register';
import { addFeeCourse } from '../support/fee-records';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let owner = '';
let courseId = '';
let batchId = '';
const sql = sqlOn(() => client);
const today = indiaToday();
let serial = 0;
const unique = (label: string) => `${label}${Date.now().toString(36)}${serial++}`;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: ['admin-fees-collect', 'admin-fees-reminders', 'admin-fees-dues', 'admin-today', 'admin-lead', 'admin-fees-refunds', 'admin-fees-refund-pay'],
  }));
  owner = await staffCookie(client, 'owner');
  ({ courseId, batchId } = await addFeeCourse(sql));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

/** A GET of `name` as the Owner: status and JSON. */
async function get<T>(name: string, route: string, params?: Record<string, string>) {
  const { response } = await fx.call(name, new Request(new URL(route, BASE), { headers: { cookie: owner } }), params ? { params } : undefined);
  return { status: response.status, body: (await response.json()) as T & { message?: string } };
}

/** A POST of `name` as the Owner: status and JSON, once its mail is out. */
async function post<T>(name: string, route: string, body: unknown, params?: Record<string, string>) {
  const { response, settled } = await fx.call(name, jsonPost(route, body, { cookie: owner, 'idempotency-key': randomUUID() }), params ? { params } : undefined);
  await settled();
  return { status: response.status, body: (await response.json()) as T & { message: string } };
}

/** A guardian's consent rows (service and updates) for a minor's record; its 'service' id. */
async function guardianConsent(whatsapp: boolean, phone: string | null, link: { lead?: string; student?: string }) {
  const [service] = await sql<{ id: string }>(
    `insert into consents (lead_id, student_id, given_by, purpose, guardian_name, guardian_relation, guardian_email, guardian_phone, whatsapp,
                           method, notice_form, notice_version, language)
     select $1::bigint, $2::bigint, 'guardian', p, 'Sunita Devi', 'mother', $3, $4, $5, 'email-code', 'apply', '2026-11', 'hi'
       from unnest(array['service', 'updates']) as p order by p = 'updates' returning id::text`,
    [link.lead ?? null, link.student ?? null, `${unique('mother')}@example.in`, phone, whatsapp],
  );
  return service!.id;
}

/** A lead of its own person; `minor` ones linked to a guardian consent as the forms store them. */
async function lead(columns: { minor?: { whatsapp: boolean; phone: string | null }; followUp?: string; email?: string } = {}) {
  const phone = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [row] = await sql<{ id: string; person: string }>(
    `with p as (insert into people default values returning id)
     insert into leads (reference, kind, form, name, phone, phone_norm, email, course, status, follow_up_on, minor, person_id)
     select $1, 'contact', 'contact-page', $2, $3, $4, $5, 'Tally Prime', 'contacted', $6::date, $7, p.id from p returning id::text, person_id::text as person`,
    [unique('TEST-'), unique('Lead '), `+91${phone}`, phone, columns.email ?? `${unique('lead')}@example.in`, columns.followUp ?? null, !!columns.minor],
  );
  if (columns.minor) {
    const consent = await guardianConsent(columns.minor.whatsapp, columns.minor.phone, { lead: row!.id });
    await sql('update leads set guardian_consent_id = $2 where id = $1', [row!.id, consent]);
  }
  return row!;
}

/** An adult's own consent to `purpose` for lead `id`, withdrawn. */
const withdrawn = (id: string, purpose: 'updates' | 'marketing') =>
  sql(
    `insert into consents (lead_id, person_id, given_by, purpose, method, notice_form, notice_version, language, withdrawn_at, withdrawn_how)
     select id, person_id, 'self', $2, 'form', 'apply', '2026-11', 'en', now(), 'account' from leads where id = $1`,
    [id, purpose],
  );

/** A student owing ₹3,000, a minor linked to a guardian consent when `minor` is given. */
async function student(columns: { minor?: { whatsapp: boolean; phone: string | null }; email?: string } = {}) {
  const [row] = await sql<{ id: string }>(
    `insert into students (name, email, phone, course, minor) values ($1, $2, '9829055555', 'Tally Prime', $3) returning id::text`,
    [unique('Student '), columns.email ?? `${unique('student')}@example.in`, !!columns.minor],
  );
  if (columns.minor) {
    const consent = await guardianConsent(columns.minor.whatsapp, columns.minor.phone, { student: row!.id });
    await sql('update students set guardian_consent_id = $2 where id = $1', [row!.id, consent]);
  }
  const [due] = await sql<{ id: string }>(
    `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, due_on)
     values ('M' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, 1, 'Instalment 1 of 3', 300000, $3::date - 2) returning id::text`,
    [row!.id, courseId, today],
  );
  return { studentId: row!.id, dueId: due!.id };
}

describe('whom staff may message', () => {
  it('a lead names the guardian who agreed to WhatsApp, says no WhatsApp for one who did not, and nobody after updates were withdrawn', async () => {
    const agreed = await lead({ minor: { whatsapp: true, phone: '+919829011111' } });
    const refused = await lead({ minor: { whatsapp: false, phone: '+919829022222' } });
    const adult = await lead();
    const stopped = await lead();
    await withdrawn(stopped.id, 'updates');

    const detail = async (id: string) => (await get<LeadDetail>('admin-lead', `/api/admin/leads/${id}`, { id })).body;
    expect((await detail(agreed.id)).messaging).toEqual({ to: 'guardian', phone: '+919829011111', guardian: 'Sunita Devi' });
    expect((await detail(refused.id)).messaging).toEqual({ to: 'nobody', why: 'guardian-no-whatsapp' });
    const adultDetail = await detail(adult.id);
    expect(adultDetail).not.toHaveProperty('messaging');
    expect(adultDetail.updatesWithdrawn).toBe(false);
    const stoppedDetail = await detail(stopped.id);
    expect(stoppedDetail.messaging).toEqual({ to: 'nobody', why: 'withdrawn' });
    // The list's rule and the e-mail's rule agree.
    expect(stoppedDetail.updatesWithdrawn).toBe(true);
  });

  it('leaves a minor’s lead and a person who withdrew consent to offers out of Today’s follow-ups', async () => {
    const minor = await lead({ minor: { whatsapp: true, phone: '+919829011111' }, followUp: '2001-01-01' });
    const noOffers = await lead({ followUp: '2001-01-01' });
    await withdrawn(noOffers.id, 'marketing');
    const due = await lead({ followUp: '2001-01-01' });
    const answer = await get<Today>('admin-today', '/api/admin/today');
    expect(answer.status).toBe(200);
    const ids = answer.body.due.map((l) => l._id);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(minor.id);
    expect(ids).not.toContain(noOffers.id);
  });

  it('the dues to chase say whom a reminder may go to; a reminder is refused in words where none may go, and opens on the guardian’s mobile', async () => {
    const agreed = await student({ minor: { whatsapp: true, phone: '+919829011111' } });
    const refused = await student({ minor: { whatsapp: false, phone: null } });
    const stoppedEmail = `${unique('stopped')}@example.in`;
    const stopped = await student({ email: stoppedEmail });
    const stoppedLead = await lead({ email: stoppedEmail });
    await withdrawn(stoppedLead.id, 'updates');

    const dues = await get<{ overdue: DuesList }>('admin-fees-dues', '/api/admin/fees/dues?within=overdue');
    expect(dues.status).toBe(200);
    const of = (dueId: string) => dues.body.overdue.items.find((d) => d.id === dueId);
    expect(of(agreed.dueId)?.messaging).toEqual({ to: 'guardian', phone: '+919829011111', guardian: 'Sunita Devi' });
    expect(of(refused.dueId)?.messaging).toEqual({ to: 'nobody', why: 'guardian-no-whatsapp' });
    expect(of(stopped.dueId)?.messaging).toEqual({ to: 'nobody', why: 'withdrawn' });

    const remind = (dueId: string) => post<{ link: string }>('admin-fees-reminders', '/api/admin/fees/reminders', { dueId, language: 'en' });
    const noGuardian = await remind(refused.dueId);
    expect(noGuardian.status).toBe(409);
    expect(noGuardian.body.message).toMatch(/^No WhatsApp: the guardian did not agree for Student \S+: no reminder can be sent\.$/);
    const noUpdates = await remind(stopped.dueId);
    expect(noUpdates.status).toBe(409);
    expect(noUpdates.body.message).toMatch(/^Consent to messages withdrawn for Student \S+: no reminder can be sent\.$/);
    expect(await sql('select id from fee_reminders where due_id = any($1::bigint[])', [[refused.dueId, stopped.dueId]])).toEqual([]);

    const toGuardian = await remind(agreed.dueId);
    expect(toGuardian.status, toGuardian.body.message).toBe(201);
    expect(toGuardian.body.link).toMatch(/^https:\/\/wa\.me\/919829011111\?text=/);
  });

  it('a receipt’s WhatsApp notice opens on the consenting guardian’s mobile, and has no link where none may go', async () => {
    const collect = (studentId: string) =>
      post<{ notice: StudentNotice }>('admin-fees-collect', '/api/admin/fees/collect', { studentId, amount: '500', mode: 'cash', paidOn: today });
    const agreed = await collect((await student({ minor: { whatsapp: true, phone: '+919829011111' } })).studentId);
    expect(agreed.status, agreed.body.message).toBe(201);
    expect(agreed.body.notice.messaging).toEqual({ to: 'guardian', phone: '+919829011111', guardian: 'Sunita Devi' });
    expect(agreed.body.notice.messages.en.link).toMatch(/^https:\/\/wa\.me\/919829011111\?text=/);

    const refused = await collect((await student({ minor: { whatsapp: false, phone: '+919829022222' } })).studentId);
    expect(refused.status, refused.body.message).toBe(201);
    expect(refused.body.notice).toMatchObject({ messaging: { to: 'nobody', why: 'guardian-no-whatsapp' }, hasMobile: false });
    expect(refused.body.notice.messages.en.link).toBe('');
    expect(refused.body.notice.messages.hi.link).toBe('');
  });

  it('a class register says whom each student’s absence message may go to', async () => {
    const agreed = await student({ minor: { whatsapp: true, phone: '+919829011111' } });
    const refused = await student({ minor: { whatsapp: false, phone: null } });
    const adult = await student();
    await sql(`insert into batch_students (batch_id, student_id, joined_on) select $1, unnest($2::bigint[]), $3::date - 30`, [
      batchId,
      [agreed.studentId, refused.studentId, adult.studentId],
      today,
    ]);
    const students = await registerStudents(client as never, batchId, today);
    const of = (id: string) => students.find((s) => s.studentId === id);
    expect(of(agreed.studentId)?.messaging).toEqual({ to: 'guardian', phone: '+919829011111', guardian: 'Sunita Devi' });
    expect(of(refused.studentId)?.messaging).toEqual({ to: 'nobody', why: 'guardian-no-whatsapp' });
    expect(of(adult.studentId)).not.toHaveProperty('messaging');
  });

  it('a paid refund’s WhatsApp message opens on the consenting guardian’s mobile, and there is none where no message may go', async () => {
    const refunded = async (minor: { whatsapp: boolean; phone: string | null }) => {
      const { studentId } = await student({ minor });
      const collected = await post<{ receipt: { id: string } }>('admin-fees-collect', '/api/admin/fees/collect', {
        studentId,
        amount: '500',
        mode: 'cash',
        paidOn: today,
      });
      expect(collected.status, collected.body.message).toBe(201);
      const asked = await post<{ refund: { id: string } }>('admin-fees-refunds', '/api/admin/fees/refunds', {
        receiptId: collected.body.receipt.id,
        returns: 'receipt',
        amount: '500',
        reason: 'The course did not start.',
        approve: true,
      });
      expect(asked.status, asked.body.message).toBe(201);
      const { id } = asked.body.refund;
      const paid = await post<{ refund: RefundItem }>('admin-fees-refund-pay', `/api/admin/fees/refunds/${id}/pay`, { mode: 'cash', paidOn: today }, { id });
      expect(paid.status, paid.body.message).toBe(200);
      return paid.body.refund;
    };
    const agreed = await refunded({ whatsapp: true, phone: '+919829011111' });
    expect(agreed.messaging).toEqual({ to: 'guardian', phone: '+919829011111', guardian: 'Sunita Devi' });
    expect(agreed.whatsapp?.link).toMatch(/^https:\/\/wa\.me\/919829011111\?text=/);
    const refused = await refunded({ whatsapp: false, phone: '+919829022222' });
    expect(refused.messaging).toEqual({ to: 'nobody', why: 'guardian-no-whatsapp' });
    expect(refused.whatsapp).toBeNull();
  });
});
