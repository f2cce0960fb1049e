/**
 * Staff roles: what a Counsellor may not do (show an Aadhaar number in full, disable a colleague,
 * export the leads: 403, nothing changed) while an Owner may; roles in GET /api/admin/me, the staff
 * list and the invitation; changing a role (Owner only, audited); the institute never left without
 * an active Owner, also when two Owners act on each other at the same moment; the Owner's switch
 * for assigning new leads in turn.
 */
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { insertApplication } from './staff-application-fixtures';
import { db, outboxMessages, targets, uniqueEmail } from './helpers';
import { signedInAdmin, staffFetch, type TestRole } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
type Json = Record<string, unknown>;

describe.each(targets)('staff roles on $name', (target) => {
  let owner: Staff;
  let counsellor: Staff;

  beforeAll(async () => {
    [owner, counsellor] = await Promise.all([signedInAdmin(target, 'rolesowner'), signedInAdmin(target, 'rolescounsellor', 'counsellor')]);
  });

  const call = async (cookie: string, route: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await staffFetch(target, route, cookie, init);
    const text = await res.text();
    let body: Json = {};
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = { text };
    }
    return { status: res.status, body, headers: res.headers };
  };
  const change = (cookie: string, id: string, body: Json) => call(cookie, `/api/admin/staff/${id}`, { method: 'PUT', body });
  const staffRow = async (id: string) =>
    (await db(target, 'select role, disabled_at, disabled_by from staff where id = $1', [id]))[0] as { role: TestRole; disabled_at: Date | null };
  const linesOf = (staffId: string, action: string) =>
    db(target, 'select action, entity, entity_id, detail from audit_log where staff_id = $1 and action = $2 order by id', [staffId, action]);
  const refusal = (role: string) => ({ error: `Your role (${role}) does not allow this.`, message: `Your role (${role}) does not allow this.` });
  /** Every other Owner of this file's database becomes a Counsellor: `keep` is then the only active Owner. */
  const onlyOwner = (keep: Staff) => db(target, `update staff set role = 'counsellor' where role = 'owner' and id <> $1`, [keep.staff.id]);
  const activeOwners = async () =>
    (await db<{ n: number }>(target, `select count(*)::int as n from staff where role = 'owner' and disabled_at is null and password_hash is not null`))[0]!.n;

  it('GET /api/admin/me names the role in words and what it may do', async () => {
    const mine = await call(counsellor.cookie, '/api/admin/me');
    expect(mine.status).toBe(200);
    expect(mine.body['staff']).toMatchObject({ _id: counsellor.staff.id, role: 'counsellor', roleLabel: 'Counsellor' });
    expect(mine.body['permissions']).toEqual([
      'dashboard',
      'account',
      'leads',
      'applications',
      'students',
      'colleagues',
      'timetable',
      'batches',
      'fees',
      'guardian-consent',
    ]);
    const owners = await call(owner.cookie, '/api/admin/me');
    expect(owners.body['staff']).toMatchObject({ role: 'owner', roleLabel: 'Owner' });
    expect(owners.body['permissions']).toEqual(expect.arrayContaining(['reveal-ids', 'leads-export', 'staff', 'audit', 'outbox', 'website']));
  });

  it('a Counsellor cannot show an Aadhaar number in full (403, no audit line, no limit spent); an Owner can', async () => {
    const app = await insertApplication(target);
    const reveal = (cookie: string) => call(cookie, `/api/admin/applications/${app.id}/reveal`, { body: { field: 'aadharNo' } });
    const reveals = () => db(target, `select staff_id from audit_log where action = 'reveal' and entity_id = $1`, [app.id]);
    const spent = () => db(target, `select key, hits from rate_limits where key like 'reveal:staff#%' order by key`);

    const before = await spent();
    const refused = await reveal(counsellor.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(refusal('Counsellor'));
    expect(JSON.stringify(refused.body)).not.toContain('234123412346');
    expect(await reveals()).toEqual([]);
    expect(await spent()).toEqual(before);

    const shown = await reveal(owner.cookie);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ field: 'aadharNo', value: '234123412346' });
    expect(await reveals()).toEqual([{ staff_id: owner.staff.id }]);
  });

  it('a Counsellor cannot disable a colleague (403, the colleague still signed in); an Owner can', async () => {
    const colleague = await signedInAdmin(target, 'rolescolleague', 'counsellor');
    const refused = await change(counsellor.cookie, colleague.staff.id, { action: 'disable' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(refusal('Counsellor'));
    expect((await staffRow(colleague.staff.id)).disabled_at).toBeNull();
    expect((await call(colleague.cookie, '/api/admin/me')).status).toBe(200);
    expect(await linesOf(counsellor.staff.id, 'disable')).toEqual([]);
    // Nor change a role, nor invite, nor read the audit log or the settings.
    expect((await change(counsellor.cookie, counsellor.staff.id, { action: 'change-role', role: 'owner' })).status).toBe(403);
    expect((await staffRow(counsellor.staff.id)).role).toBe('counsellor');
    const email = uniqueEmail('roles-invite');
    expect((await call(counsellor.cookie, '/api/admin/staff', { body: { name: 'Not Invited', email } })).status).toBe(403);
    expect(await db(target, 'select id from staff where email = $1', [email])).toEqual([]);
    expect((await call(counsellor.cookie, '/api/admin/audit')).status).toBe(403);
    expect((await call(counsellor.cookie, '/api/admin/settings')).status).toBe(403);
    // The list of colleagues stays open to them: they assign leads to one.
    expect((await call(counsellor.cookie, '/api/admin/staff')).status).toBe(200);

    const disabled = await change(owner.cookie, colleague.staff.id, { action: 'disable' });
    expect(disabled.status).toBe(200);
    expect((await staffRow(colleague.staff.id)).disabled_at).not.toBeNull();
    expect((await call(colleague.cookie, '/api/admin/me')).status).toBe(401);
  });

  it('a Counsellor cannot export the leads (403, no audit line); an Owner can', async () => {
    const exports = (staffId: string) => linesOf(staffId, 'export');
    const refused = await call(counsellor.cookie, '/api/admin/leads/export.csv');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(refusal('Counsellor'));
    expect(await exports(counsellor.staff.id)).toEqual([]);
    const done = await call(owner.cookie, '/api/admin/leads/export.csv');
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await exports(owner.staff.id)).toHaveLength(1);
  });

  it('an Accountant and a Teacher see the dashboard and their own account (an Accountant also the fees and a guardian’s consent at the office, a Teacher their classes, fees as status and practice tests), nothing of the leads or students', async () => {
    const allowed = {
      accountant: ['dashboard', 'account', 'fees', 'fees-collect', 'fees-manage', 'fees-reports', 'admit', 'guardian-consent'],
      teacher: ['dashboard', 'account', 'timetable', 'attendance', 'certificates', 'fees', 'practice-tests'],
    };
    for (const role of ['accountant', 'teacher'] as const) {
      const member = await signedInAdmin(target, `roles${role}`, role);
      expect((await call(member.cookie, '/api/admin/dashboard')).status, role).toBe(200);
      expect((await call(member.cookie, '/api/admin/me')).body['permissions'], role).toEqual(allowed[role]);
      for (const route of ['/api/admin/leads', '/api/admin/today', '/api/students', '/api/user/all', '/api/admin/staff']) {
        const refused = await call(member.cookie, route);
        expect(refused.status, `${role} ${route}`).toBe(403);
        expect(refused.body, `${role} ${route}`).toEqual(refusal(role === 'accountant' ? 'Accountant' : 'Teacher'));
      }
    }
  });

  it('Today lists the failed notifications to an Owner only', async () => {
    await db(
      target,
      `insert into mail_outbox (kind, subject, body, attempts, failed_at, last_error) values ('alert', 'Roles notice', 'Body', 8, now(), 'refused')`,
    );
    const failed = async (who: Staff) => ((await call(who.cookie, '/api/admin/today')).body['failed'] as { subject: string }[]).map((f) => f.subject);
    expect(await failed(owner)).toContain('Roles notice');
    expect(await failed(counsellor)).toEqual([]);
  });

  it('an invitation names the role: listed in words, said in the e-mail and on the invitation page; Counsellor when not chosen', async () => {
    const email = uniqueEmail('roles-teacher');
    const invited = await call(owner.cookie, '/api/admin/staff', { body: { name: 'Meena Joshi', email, role: 'teacher' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body['item']).toMatchObject({ email, role: 'teacher', roleLabel: 'Teacher', status: 'invited' });
    const [mail] = await outboxMessages(target, email);
    expect(mail).toContain('as Teacher.');
    const token = /adminInvite#token=([A-Za-z0-9_-]{43})/.exec(mail ?? '')![1]!;
    expect((await staffFetch(target, `/api/admin/invitation?token=${token}`, null).then((r) => r.json())) as Json).toEqual({
      name: 'Meena Joshi',
      email,
      role: 'teacher',
      roleLabel: 'Teacher',
    });

    const plain = await call(owner.cookie, '/api/admin/staff', { body: { name: 'Ravi Kumar', email: uniqueEmail('roles-plain') } });
    expect(plain.body['item']).toMatchObject({ role: 'counsellor', roleLabel: 'Counsellor' });
    const bad = await call(owner.cookie, '/api/admin/staff', { body: { name: 'Ravi Kumar', email: uniqueEmail('roles-bad'), role: 'principal' } });
    expect(bad.status).toBe(400);
    expect((bad.body['errors'] as Json)['role']).toBe('Please choose a role: Owner, Counsellor, Accountant or Teacher.');
    const listed = ((await call(owner.cookie, '/api/admin/staff')).body['items'] as Json[]).find((s) => s['email'] === email);
    expect(listed).toMatchObject({ role: 'teacher', roleLabel: 'Teacher' });
  });

  it('an Owner changes a role: audited, in force at the next request; a bad role or none is refused beside the field', async () => {
    const colleague = await signedInAdmin(target, 'rolespromoted', 'counsellor');
    expect((await call(colleague.cookie, '/api/admin/audit')).status).toBe(403);

    const none = await change(owner.cookie, colleague.staff.id, { action: 'change-role' });
    expect(none.status).toBe(400);
    expect((none.body['errors'] as Json)['role']).toBe('Please choose the new role.');
    const wrong = await change(owner.cookie, colleague.staff.id, { action: 'change-role', role: 'admin' });
    expect(wrong.status).toBe(400);
    expect(await linesOf(owner.staff.id, 'change-role')).toEqual([]);

    const made = await change(owner.cookie, colleague.staff.id, { action: 'change-role', role: 'owner' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body['message']).toBe('Staff rolespromoted is now Owner.');
    expect(made.body['item']).toMatchObject({ _id: colleague.staff.id, role: 'owner', roleLabel: 'Owner' });
    expect(await linesOf(owner.staff.id, 'change-role')).toEqual([
      { action: 'change-role', entity: 'staff', entity_id: colleague.staff.id, detail: { from: 'counsellor', to: 'owner' } },
    ]);
    expect((await call(colleague.cookie, '/api/admin/audit')).status).toBe(200);

    // The same role again changes nothing.
    const again = await change(owner.cookie, colleague.staff.id, { action: 'change-role', role: 'owner' });
    expect(again.body['message']).toBe('Staff rolespromoted is already Owner.');
    expect(await linesOf(owner.staff.id, 'change-role')).toHaveLength(1);
    await change(owner.cookie, colleague.staff.id, { action: 'change-role', role: 'teacher' });
    expect((await call(colleague.cookie, '/api/admin/audit')).status).toBe(403);
  });

  it('the last active Owner can be neither demoted nor disabled; two Owners demoting or disabling each other at once leave one', async () => {
    const first = await signedInAdmin(target, 'rolesfirst');
    // The file's Owner is one again for the tests that follow, even when this test stops half-way.
    onTestFinished(async () => {
      await db(target, `update staff set role = 'owner' where id = $1`, [owner.staff.id]);
    });
    await onlyOwner(first);
    expect(await activeOwners()).toBe(1);

    const demoteSelf = await change(first.cookie, first.staff.id, { action: 'change-role', role: 'counsellor' });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body['message']).toBe('Staff rolesfirst is the last active Owner, so their role cannot be changed. Make a colleague an Owner first.');
    expect((await staffRow(first.staff.id)).role).toBe('owner');
    expect(await linesOf(first.staff.id, 'change-role')).toEqual([]);

    // Two Owners acting at the same moment: each may leave the other, but not both at once. The
    // one that comes second is refused: the last Owner (409), or no Owner any more (403), or
    // signed out by being disabled (401).
    const rounds: { what: string; a: (a: Staff, b: Staff) => [Staff, string, Json] }[] = [
      { what: 'each demotes themselves', a: (x) => [x, x.staff.id, { action: 'change-role', role: 'counsellor' }] },
      { what: 'each demotes the other', a: (x, y) => [x, y.staff.id, { action: 'change-role', role: 'teacher' }] },
      { what: 'each disables the other', a: (x, y) => [x, y.staff.id, { action: 'disable' }] },
    ];
    for (const { what, a: act } of rounds) {
      const a = await signedInAdmin(target, 'rolesparallel');
      const b = await signedInAdmin(target, 'rolesparallel');
      await onlyOwner(a);
      await db(target, `update staff set role = 'owner' where id = $1`, [b.staff.id]);
      expect(await activeOwners(), what).toBe(2);
      const answers = await Promise.all([act(a, b), act(b, a)].map(([who, id, body]) => change(who.cookie, id, body)));
      const said = `${what}: ${JSON.stringify(answers.map((r) => r.body))}`;
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0], said).toBe(200);
      expect([401, 403, 409], said).toContain(statuses[1]);
      expect(await activeOwners(), said).toBe(1);
      if (what === 'each demotes themselves') {
        expect(statuses[1], said).toBe(409);
        expect(answers.find((r) => r.status === 409)!.body['message'], said).toMatch(
          /is the last active Owner, so their role cannot be changed\. Make a colleague an Owner first\.$/,
        );
      }
    }
  });

  it('the Owner switches the assignment of new leads in turn: stored, audited; a bad value refused with a message', async () => {
    const settings = () => db(target, `select value, updated_by from institute_settings where key = 'auto-assign'`);
    const read = await call(owner.cookie, '/api/admin/settings');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ autoAssign: { enabled: false } });

    const on = await call(owner.cookie, '/api/admin/settings', { method: 'PUT', body: { autoAssign: { enabled: true } } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'New leads are assigned to counsellors in turn.', autoAssign: { enabled: true } });
    expect(await settings()).toEqual([{ value: { enabled: true }, updated_by: owner.staff.id }]);
    expect(
      await db(target, `select entity, entity_id, detail from audit_log where staff_id = $1 and action = 'update' and entity = 'settings'`, [owner.staff.id]),
    ).toEqual([{ entity: 'settings', entity_id: 'auto-assign', detail: { enabled: true } }]);
    expect((await call(owner.cookie, '/api/admin/settings')).body).toEqual({ autoAssign: { enabled: true } });

    const bad = await call(owner.cookie, '/api/admin/settings', { method: 'PUT', body: { autoAssign: { enabled: 'yes' } } });
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toBeTruthy();
    const refused = await call(counsellor.cookie, '/api/admin/settings', { method: 'PUT', body: { autoAssign: { enabled: false } } });
    expect(refused.status).toBe(403);
    expect(await settings()).toEqual([{ value: { enabled: true }, updated_by: owner.staff.id }]);

    const off = await call(owner.cookie, '/api/admin/settings', { method: 'PUT', body: { autoAssign: { enabled: false } } });
    expect(off.body).toEqual({ message: 'New leads are no longer assigned automatically.', autoAssign: { enabled: false } });
  });
});
