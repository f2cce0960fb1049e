/**
 * The retention schedule (functions/_shared/privacy/retention.ts), run by the scheduled
 * housekeeping: what expired really goes — an enquiry never converted 2 years after its last
 * activity, an application 3 years after closing, an account unused for 3 years with no student
 * record (told once 30 days before), a request 3 years after its answer, a consent record 7 years
 * after its withdrawal, a guardian's hold consented to once its time is over, the deletion log
 * after 400 days, dismissed mail after 30 — and what is fresh, or a student's, stays.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import type { Target } from './global-setup';

/** A lead of a person of its own, last active `age` ago (a Postgres interval); its id and person. */
async function oldLead(target: Target, age: string, columns: { kind?: string; name?: string; phone?: string; email?: string } = {}) {
  const phone = columns.phone ?? uniquePhone();
  const [row] = await db<{ id: string; person_id: string }>(
    target,
    `with p as (insert into people default values returning id)
     insert into leads (reference, kind, form, name, email, email_norm, phone, phone_norm, person_id, message, created_at, updated_at, touched_at)
     select $1, $2, 'test', $3, $4, lower($4), $5, $5, p.id, 'Please call me back', now() - $6::interval, now() - $6::interval, now() - $6::interval from p
     returning id::text, person_id::text`,
    [
      `TEST-${randomUUID().slice(0, 13)}`,
      columns.kind ?? 'contact',
      columns.name ?? uniqueName('Retained'),
      columns.email ?? uniqueEmail('retained'),
      phone,
      age,
    ],
  );
  return { ...row!, phone };
}

/** An application on a lead of its own, closed `closed` ago (null: still open). */
async function oldApplication(target: Target, closed: string | null) {
  const lead = await oldLead(target, '5 years', { kind: 'emitra' });
  await db(
    target,
    `insert into applications (lead_id, form, draft, fields, id_masks, consent_version, consent_at, closed_at)
     values ($1, 'emitra', $2, '{"name": "Kept Answer"}', '{"aadharNo": "•••• 1234"}', '2026-11', now() - interval '5 years', now() - $3::interval)`,
    [lead.id, randomUUID(), closed ?? '0 days'],
  );
  if (closed === null) await db(target, 'update applications set closed_at = null where lead_id = $1', [lead.id]);
  return lead;
}

const leadState = async (target: Target, id: string) =>
  (
    await db<{ name: string; phone: string; message: string | null; erased: boolean }>(
      target,
      'select name, phone, message, erased_at is not null as erased from leads where id = $1',
      [id],
    )
  )[0]!;

describe.each(targets)('the retention schedule on $name', (target) => {
  it('erases what expired and keeps what is fresh or a student’s, logging each run', async () => {
    const expired = await oldLead(target, '25 months');
    const fresh = await oldLead(target, '23 months');
    // A person whose one lead is old and another recent: their last activity is recent.
    const twice = await oldLead(target, '30 months');
    await db(target, `insert into leads (reference, kind, form, name, phone, phone_norm, person_id) values ($1, 'contact', 'test', 'Again', $2, $2, $3)`, [
      `TEST-${randomUUID().slice(0, 13)}`,
      twice.phone,
      twice.person_id,
    ]);
    // A student: never erased by the schedule, however old the enquiry.
    const student = await oldLead(target, '4 years');
    await db(target, `insert into students (name, email, phone, course) values ('Old Student', null, $1, 'RS-CIT')`, [`+91${student.phone}`]);
    const closedLong = await oldApplication(target, '37 months');
    const closedRecently = await oldApplication(target, '11 months');
    const stillOpen = await oldApplication(target, null);

    const unusedEmail = uniqueEmail('unused');
    // Unused for 3 years and told 31 days ago: deleted. Unused as long but never told: told now, in its language, and kept.
    const [unused] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at, unused_notice_at)
       values ('Unused Account', $1, 'x', now() - interval '4 years', now() - interval '37 months', now() - interval '31 days') returning id::text`,
      [unusedEmail],
    );
    const untoldEmail = uniqueEmail('untold');
    const [untold] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at, language) values ('Untold Account', $1, 'x', now() - interval '4 years', now() - interval '37 months', 'hi') returning id::text`,
      [untoldEmail],
    );
    // Unused for 35 months and 5 days: within 30 days of its 3 years, told now.
    const soonEmail = uniqueEmail('soon');
    await db(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at) values ('Soon Account', $1, 'x', now() - interval '4 years', now() - interval '35 months 5 days')`,
      [soonEmail],
    );
    // Told once, then signed in again: told again only once the new spell runs out, not deleted.
    const [cameBack] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at, unused_notice_at)
       values ('Came Back', $1, 'x', now() - interval '6 years', now() - interval '20 days', now() - interval '40 days') returning id::text`,
      [uniqueEmail('cameback')],
    );

    // Consent records: 7 years after withdrawal (or erasure) they go; younger ones and standing ones stay.
    const consent = async (withdrawn: string | null) =>
      (
        await db<{ id: string }>(
          target,
          `insert into consents (given_by, purpose, method, notice_form, notice_version, language, given_at, withdrawn_at, withdrawn_how)
           values ('self', 'service', 'form', 'apply', 'test', 'en', now() - interval '9 years', now() - $1::interval, case when $1::interval is null then null else 'erasure' end)
           returning id::text`,
          [withdrawn],
        )
      )[0]!.id;
    const oldConsent = await consent('85 months');
    const youngConsent = await consent('83 months');
    const standingConsent = await consent(null);
    // A guardian's hold consented to and past its time goes; one still in its time stays.
    const hold = async (expires: string) => {
      const id = randomUUID();
      await db(
        target,
        `insert into held_submissions (id, number, form, sealed, child_name_sealed, guardian_name, guardian_relation, guardian_email, language, request_hash, code_hash, expires_at, released_at)
         values ($1, $2, 'contact', 'v1.x', 'v1.x', 'Parent', 'mother', 'parent@example.in', 'en', 'h', 'c', now() + $3::interval, now() - interval '1 hour')`,
        [id, `H-${randomUUID().slice(0, 4).toUpperCase()}-RT`, expires],
      );
      return id;
    };
    const pastHold = await hold('-1 hour');
    const liveHold = await hold('10 hours');
    // Logs 400 days; dismissed mail 30 days.
    const [oldLog] = await db<{ id: string }>(
      target,
      `insert into deletion_log (reason, at, detail) values ('orphan', now() - interval '401 days', '{}') returning id::text`,
    );
    const [newLog] = await db<{ id: string }>(
      target,
      `insert into deletion_log (reason, at, detail) values ('orphan', now() - interval '399 days', '{}') returning id::text`,
    );
    const [oldDismissed] = await db<{ id: string }>(
      target,
      `insert into mail_outbox (kind, recipient, subject, body, failed_at, dismissed_at) values ('student', 'gone@example.in', 's', 'b', now() - interval '31 days', now() - interval '31 days') returning id::text`,
    );
    const [recent] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at) values ('Recent Account', $1, 'x', now() - interval '4 years', now() - interval '2 years') returning id::text`,
      [uniqueEmail('recent')],
    );
    const studentEmail = uniqueEmail('studentacct');
    const [studentAccount] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at) values ('Student Account', $1, 'x', now() - interval '5 years', now() - interval '5 years') returning id::text`,
      [studentEmail],
    );
    await db(target, `insert into students (name, email, course) values ('Student With Account', $1, 'Tally')`, [studentEmail]);
    await db(target, `insert into otp_challenges (jti, email, otp_hash, expires_at) values ($1, $2, 'x', now() + interval '1 hour')`, [
      randomUUID(),
      unusedEmail,
    ]);

    const request = async (answered: string) =>
      (
        await db<{ id: string }>(
          target,
          `insert into rights_requests (reference, kind, name, phone, details, answer_by, status, answered_at, answer)
           values ($1, 'copy', 'Asker', '9829012345', 'A copy please', current_date, 'done', now() - $2::interval, 'Handed over') returning id::text`,
          [`DR-TEST-${randomUUID().slice(0, 8)}`, answered],
        )
      )[0]!.id;
    const oldRequest = await request('37 months');
    const newRequest = await request('35 months');

    const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
    expect(res.status).toBe(204);

    expect(await leadState(target, expired.id)).toEqual({ name: 'Erased', phone: '', message: null, erased: true });
    for (const kept of [fresh, twice, student, closedRecently, stillOpen]) expect((await leadState(target, kept.id)).erased, kept.id).toBe(false);
    expect((await leadState(target, closedLong.id)).erased).toBe(true);
    const [application] = await db<{ fields: unknown; id_masks: unknown }>(target, 'select fields, id_masks from applications where lead_id = $1', [
      closedLong.id,
    ]);
    expect(application).toEqual({ fields: {}, id_masks: {} });
    const [keptApplication] = await db<{ fields: unknown }>(target, 'select fields from applications where lead_id = $1', [closedRecently.id]);
    expect(keptApplication!.fields).toEqual({ name: 'Kept Answer' });

    const users = await db<{ id: string }>(target, 'select id::text from users where id = any($1::uuid[]) order by name', [
      [unused!.id, recent!.id, studentAccount!.id, untold!.id, cameBack!.id],
    ]);
    expect(users.map((u) => u.id).sort()).toEqual([recent!.id, studentAccount!.id, untold!.id, cameBack!.id].sort());
    const told = async (email: string) =>
      db<{ subject: string; body: string }>(target, `select subject, body from mail_outbox where kind = 'student' and recipient = $1`, [email]);
    const [notice] = await told(untoldEmail);
    expect(notice!.subject).toMatch(/^आपका खाता .+ को हटा दिया जाएगा$/);
    expect(notice!.body).toContain('/hi/account');
    expect(notice!.body).not.toContain('Untold Account');
    expect(await told(soonEmail)).toHaveLength(1);
    expect(await told(unusedEmail)).toHaveLength(0);
    expect(await db(target, "select unused_notice_at > now() - interval '1 day' as again from users where id = $1", [cameBack!.id])).toEqual([
      { again: false },
    ]);

    const consents = await db<{ id: string }>(target, 'select id::text from consents where id = any($1::bigint[])', [
      [oldConsent, youngConsent, standingConsent],
    ]);
    expect(consents.map((c) => c.id).sort()).toEqual([youngConsent, standingConsent].sort());
    const holds = await db<{ id: string }>(target, 'select id::text from held_submissions where id = any($1::uuid[])', [[pastHold, liveHold]]);
    expect(holds.map((h) => h.id)).toEqual([liveHold]);
    const logs = await db<{ id: string }>(target, 'select id::text from deletion_log where id = any($1::bigint[])', [[oldLog!.id, newLog!.id]]);
    expect(logs.map((l) => l.id)).toEqual([newLog!.id]);
    expect(await db(target, 'select 1 from mail_outbox where id = $1', [oldDismissed!.id])).toEqual([]);
    expect(await db(target, 'select 1 from otp_challenges where email = $1', [unusedEmail])).toEqual([]);

    const requests = await db<{ id: string }>(target, 'select id::text from rights_requests where id = any($1::bigint[])', [[oldRequest, newRequest]]);
    expect(requests.map((r) => r.id)).toEqual([newRequest]);

    // Each erasure and the run are logged, with counts and no names.
    const [run] = await db<{ detail: Record<string, number> }>(
      target,
      `select detail from deletion_log where reason = 'retention' and detail ? 'people' order by id desc limit 1`,
    );
    expect(run!.detail).toMatchObject({ people: 2, leads: 2, users: 1, requests: 1, consents: 1, holds: 1 });
    const [erasures] = await db<{ n: number }>(target, `select count(*)::int as n from erasures where reason = 'retention'`);
    expect(erasures!.n).toBe(3);

    // A second run finds nothing more to do.
    expect((await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' })).status).toBe(204);
    const [again] = await db<{ n: number }>(target, `select count(*)::int as n from erasures where reason = 'retention'`);
    expect(again!.n).toBe(3);
    // The notice goes once.
    expect(await told(untoldEmail)).toHaveLength(1);
    expect(await db(target, 'select 1 from users where id = $1', [untold!.id])).toHaveLength(1);
  });
});
