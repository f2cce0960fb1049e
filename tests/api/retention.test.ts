/**
 * The retention schedule (functions/_shared/privacy/retention.ts), run by the scheduled
 * housekeeping: what expired really goes — an enquiry never converted 2 years after its last
 * activity, an application 3 years after closing, an account unused for 3 years with no student
 * record, a request 3 years after its answer — and what is fresh, or a student's, stays.
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
    const [unused] = await db<{ id: string }>(
      target,
      `insert into users (name, email, password_hash, created_at, last_signed_in_at) values ('Unused Account', $1, 'x', now() - interval '4 years', now() - interval '37 months') returning id::text`,
      [unusedEmail],
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
      [unused!.id, recent!.id, studentAccount!.id],
    ]);
    expect(users.map((u) => u.id).sort()).toEqual([recent!.id, studentAccount!.id].sort());
    expect(await db(target, 'select 1 from otp_challenges where email = $1', [unusedEmail])).toEqual([]);

    const requests = await db<{ id: string }>(target, 'select id::text from rights_requests where id = any($1::bigint[])', [[oldRequest, newRequest]]);
    expect(requests.map((r) => r.id)).toEqual([newRequest]);

    // Each erasure and the run are logged, with counts and no names.
    const [run] = await db<{ detail: Record<string, number> }>(
      target,
      `select detail from deletion_log where reason = 'retention' and detail ? 'people' order by id desc limit 1`,
    );
    expect(run!.detail).toMatchObject({ people: 2, leads: 2, users: 1, requests: 1 });
    const [erasures] = await db<{ n: number }>(target, `select count(*)::int as n from erasures where reason = 'retention'`);
    expect(erasures!.n).toBe(3);

    // A second run finds nothing more to do.
    expect((await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' })).status).toBe(204);
    const [again] = await db<{ n: number }>(target, `select count(*)::int as n from erasures where reason = 'retention'`);
    expect(again!.n).toBe(3);
  });
});
