/**
 * The staff API beyond signing in: students (add, find, page, edit and delete with optimistic
 * concurrency), registered users, the dashboard's figures, staff accounts (invitation by e-mail,
 * disabling, resetting the second factor), the audit log and new recovery codes. Every view and
 * change is checked for its audit line.
 */
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE } from '../../src/lib/schemas/records';
import { COMMON_PASSWORD } from '../../functions/_shared/auth/password-policy';
import { INVITATION_HOURS } from '../../functions/_shared/auth/staff-accounts';
import { RECOVERY_CODE_COUNT } from '../../functions/_shared/auth/totp';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { nextLink } from '../../src/lib/link-header';
import { PAGE_MAX } from '../../src/lib/schemas/records';
import { createAccount, login, mailsTo } from './accounts';
import type { Target } from './global-setup';
import { db, eventually, get, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { passwordStep, sessionCookieOf, signInFirstTime, signedInAdmin, staffFetch, totp, type TestStaff } from './staff';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Json = Record<string, any>;

const INVITATION_SUBJECT = 'Your staff account at Pragati Computer & Education Institute';

/** A GET as `cookie`, answered with JSON. */
async function getJson(target: Target, route: string, cookie: string | null, expected = 200): Promise<Json> {
  const res = await staffFetch(target, route, cookie);
  const body = await res.json();
  expect(res.status, `GET ${route}: ${JSON.stringify(body)}`).toBe(expected);
  return body;
}

/** A GET of a list as `cookie`: its body and the next page's address (the `Link` header's rel="next"). */
async function getList(target: Target, route: string, cookie: string): Promise<{ body: Json; next: string | null }> {
  const res = await staffFetch(target, route, cookie);
  const body = await res.json();
  expect(res.status, `GET ${route}: ${JSON.stringify(body)}`).toBe(200);
  return { body, next: nextLink(res.headers.get('link')) };
}

/** A write as `cookie`: its status and JSON. */
async function send(target: Target, method: string, route: string, cookie: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await staffFetch(target, route, cookie, { method, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: await res.json() };
}

/** The audit lines about one record, oldest first. */
const auditOf = (target: Target, entity: string, entityId: string) =>
  db<{ action: string; staff_id: string; detail: Json | null }>(
    target,
    'select action, staff_id::text, detail from audit_log where entity = $1 and entity_id = $2 order by id',
    [entity, entityId],
  );

const studentFields = (name: string) => ({
  name,
  email: uniqueEmail('student').toUpperCase(),
  phone: '098290 12345',
  course: 'RS-CIT (Basic)',
  registrationDate: '2025-07-01',
});

/** Today's date in India (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

describe.each(targets)('staff records on $name', (target) => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'records');
  });

  describe('students', () => {
    it('adds, finds, reads, edits and deletes a student, and logs every view and change', async () => {
      const name = uniqueName('Student Edit');
      const { registrationDate: _date, ...fields } = studentFields(name);
      const created = await send(target, 'POST', '/api/students', admin.cookie, { ...fields, phone: '' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        message: 'Student added.',
        item: {
          _id: expect.stringMatching(/^\d+$/),
          name,
          email: expect.stringMatching(/^student\..+@example\.in$/),
          phone: null,
          course: 'RS-CIT (Basic)',
          registrationDate: indiaToday(),
          leadId: null,
          guardianName: null,
          guardianPhone: null,
          accountEmail: null,
          version: 1,
        },
      });
      const id = created.body.item._id as string;

      const one = await getJson(target, `/api/students/${id}`, admin.cookie);
      // The record as staff read it also says whether it is a minor's and whether updates were withdrawn (decision 053).
      expect(one).toEqual({ ...created.body.item, guardianConsent: null, updatesWithdrawn: false });

      const edit = { ...studentFields(name), version: 1 };
      const updated = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, edit);
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({
        message: 'Student updated.',
        item: { ...created.body.item, email: edit.email.toLowerCase(), phone: '+919829012345', registrationDate: '2025-07-01', version: 2 },
      });
      // A PUT without the date keeps it.
      const { registrationDate: _kept, ...withoutDate } = edit;
      const again = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...withoutDate, course: 'Tally Prime', version: 2 });
      expect(again.body.item).toMatchObject({ course: 'Tally Prime', registrationDate: '2025-07-01', version: 3 });

      const noVersion = await send(target, 'DELETE', `/api/students/${id}`, admin.cookie);
      expect(noVersion.status).toBe(400);
      expect(noVersion.body.errors.version).toBe('Please reload: the version of this record is missing.');
      const deleted = await send(target, 'DELETE', `/api/students/${id}?version=3`, admin.cookie);
      expect(deleted).toEqual({ status: 200, body: { message: 'Student deleted.' } });
      expect(await db(target, 'select 1 from students where id = $1', [id])).toHaveLength(0);
      expect((await staffFetch(target, `/api/students/${id}`, admin.cookie)).status).toBe(404);

      const lines = await auditOf(target, 'student', id);
      expect(lines.map((l) => l.action)).toEqual(['create', 'view', 'update', 'update', 'delete']);
      expect(new Set(lines.map((l) => l.staff_id))).toEqual(new Set([admin.staff.id]));
      // Each line keeps the student's name, so the log still names them after the deletion.
      expect(lines[2]!.detail).toEqual({ changed: ['email', 'phone', 'registrationDate'], version: 2, subject: edit.name });
      expect(lines[3]!.detail).toEqual({ changed: ['course'], version: 3, subject: edit.name });
      expect(lines[4]!.detail).toEqual({ version: 3, subject: edit.name });
    });

    it('keeps a student without an e-mail address, as the counter admits them, and an edit may leave it empty', async () => {
      const name = uniqueName('Student Noemail');
      const created = await send(target, 'POST', '/api/students', admin.cookie, { ...studentFields(name), email: '' });
      expect(created.status).toBe(201);
      expect(created.body.item).toMatchObject({ name, email: null });
      const id = created.body.item._id as string;
      const edited = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...studentFields(name), email: '  ', course: 'Tally Prime', version: 1 });
      expect(edited.status).toBe(200);
      expect(edited.body.item).toMatchObject({ email: null, course: 'Tally Prime', version: 2 });
      expect(await db(target, 'select email from students where id = $1', [id])).toEqual([{ email: null }]);
      const bad = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...studentFields(name), email: 'not-an-address', version: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.email).toBeTruthy();
    });

    it('answers an edit or a deletion based on an old version with 409 and the record as it is now', async () => {
      const name = uniqueName('Student Race');
      const { body } = await send(target, 'POST', '/api/students', admin.cookie, studentFields(name));
      const id = body.item._id as string;
      const first = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...studentFields(name), course: 'First save', version: 1 });
      expect(first.status).toBe(200);

      // A colleague saves from the same version 1 a moment later.
      const second = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...studentFields(name), course: 'Second save', version: 1 });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ message: CONFLICT_MESSAGE, current: { ...first.body.item, course: 'First save', version: 2 } });
      const stale = await send(target, 'DELETE', `/api/students/${id}?version=1`, admin.cookie);
      expect(stale.status).toBe(409);
      expect(stale.body.current.version).toBe(2);
      const [row] = await db<{ course: string; version: number }>(target, 'select course, version from students where id = $1', [id]);
      expect(row).toEqual({ course: 'First save', version: 2 });
      expect((await auditOf(target, 'student', id)).map((l) => l.action)).toEqual(['create', 'update']);

      await send(target, 'DELETE', `/api/students/${id}?version=2`, admin.cookie);
      const gone = await send(target, 'PUT', `/api/students/${id}`, admin.cookie, { ...studentFields(name), version: 2 });
      expect(gone.status).toBe(404);
      expect((await send(target, 'DELETE', `/api/students/${id}?version=2`, admin.cookie)).status).toBe(404);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        expect((await staffFetch(target, `/api/students/${bad}`, admin.cookie)).status, bad).toBe(404);
      }
    });

    it('refuses bad input field by field and stores nothing', async () => {
      const name = uniqueName('Student Bad');
      const res = await send(target, 'POST', '/api/students', admin.cookie, {
        name,
        email: 'not an address',
        phone: '12345',
        course: '',
        registrationDate: '2025-02-30x',
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['course', 'email', 'phone', 'registrationDate']);
      expect(res.body.errors.email).toBe('Please enter a valid e-mail address, like name@example.com.');
      expect(await db(target, 'select 1 from students where name = $1', [name])).toHaveLength(0);
      expect((await getJson(target, '/api/students?limit=0', admin.cookie, 400)).errors.limit).toBe('Please ask for 1 to 100 records per page.');
      expect((await getJson(target, '/api/students?after=bm90IG91cnM', admin.cookie, 400)).errors.after).toBe(
        'This page of the list does not exist. Please start again from the first page.',
      );
    });

    it('searches by name or e-mail in any case, pages newest first, and logs each page shown', async () => {
      const tag = uniqueName('Roster').split(' ')[1]!;
      const ids: string[] = [];
      for (const first of ['Asha', 'Bhavna', 'Chetan']) {
        const { body } = await send(target, 'POST', '/api/students', admin.cookie, {
          ...studentFields(`${first} ${tag}`),
          email: `${first.toLowerCase()}.${tag}@example.in`,
        });
        ids.push(body.item._id);
      }
      // A bare list (the specification's shape); the next page, with the same search, named in the Link header.
      const page1 = await getList(target, `/api/students?q=${tag.toUpperCase()}&limit=2`, admin.cookie);
      expect(page1.body.map((s: Json) => s._id)).toEqual([ids[2], ids[1]]);
      expect(page1.next).toMatch(new RegExp(`^/api/students\\?q=${tag.toUpperCase()}&limit=2&after=`));
      const page2 = await getList(target, page1.next!, admin.cookie);
      expect(page2).toEqual({ body: [expect.objectContaining({ _id: ids[0], name: `Asha ${tag}` })], next: null });
      // By e-mail, and a search's own % and _ are taken literally.
      expect((await getJson(target, `/api/students?q=${encodeURIComponent(`bhavna.${tag}@`)}`, admin.cookie)).map((s: Json) => s._id)).toEqual([ids[1]]);
      expect(await getJson(target, `/api/students?q=${encodeURIComponent('%')}`, admin.cookie)).toEqual([]);
      expect(await getJson(target, `/api/students?q=${encodeURIComponent('_')}`, admin.cookie)).toEqual([]);

      const [line] = await db<{ detail: Json }>(
        target,
        `select detail from audit_log where staff_id = $1 and action = 'view' and entity = 'student' and detail->>'search' = $2 order by id limit 1`,
        [admin.staff.id, tag.toUpperCase()],
      );
      expect(line!.detail).toEqual({ count: 2, search: tag.toUpperCase(), page: 'first' });
    });
  });

  it('lists registered users newest first, in pages, to staff only', async () => {
    const older = await createAccount(target, 'listedfirst');
    const newer = await createAccount(target, 'listedsecond');
    const seen: Json[] = [];
    let next: string | null = '/api/user/all?limit=2';
    for (let i = 0; i < 3 && next; i++) {
      // `{users}` (the specification's shape); the next page named in the Link header.
      const page: { body: Json; next: string | null } = await getList(target, next, admin.cookie);
      expect(Object.keys(page.body)).toEqual(['users']);
      expect(page.body.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.users);
      next = page.next;
    }
    expect(seen[0]).toEqual({ _id: expect.any(String), name: expect.any(String), email: expect.any(String), role: 'user', createdAt: expect.any(String) });
    // Newest first, no row twice.
    const keys = seen.map((u) => `${u.createdAt} ${u._id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      [...keys]
        .sort()
        .reverse()
        .map((k) => k.slice(0, 24)),
    ).toEqual(keys.map((k) => k.slice(0, 24)));

    const all = await getJson(target, `/api/user/all?limit=${PAGE_MAX}`, admin.cookie);
    const positions = [newer, older].map((a) => all.users.findIndex((u: Json) => u.email === a.email));
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions[1]).toBeGreaterThan(positions[0]!);
    expect(all.users[positions[1]!]).toEqual({ _id: older.id, name: older.name, email: older.email, role: 'user', createdAt: expect.any(String) });
    expect(JSON.stringify(all)).not.toMatch(/password/i);
    const [line] = await db<{ n: number }>(target, `select count(*)::int as n from audit_log where staff_id = $1 and action = 'view' and entity = 'user'`, [
      admin.staff.id,
    ]);
    expect(line!.n).toBeGreaterThanOrEqual(2);

    // The old client sent a student's token: it opens nothing here.
    const token = await login(target, older.email, older.password);
    for (const headers of [{ token }, { authorization: `Bearer ${token}` }]) {
      const res = await staffFetch(target, '/api/user/all', null, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).not.toHaveProperty('users');
    }
  });

  describe('the dashboard', () => {
    it('shows real figures that change by exactly what happened: a registration, a sign-in, a lead, a visitor', async () => {
      const email = uniqueEmail('dash');
      const leadName = uniqueName('Dashboard Lead');
      let staffId = '00000000-0000-0000-0000-000000000000';
      const others = () => figuresExcept(target, { email, leadName, staffId });

      const before = await steadyDashboard(target, admin.cookie, others);
      expect(before.figures.message).toBe(`Welcome, ${admin.staff.name}.`);
      expect(Date.parse(before.figures.generatedAt)).toBeGreaterThan(Date.now() - 60_000);

      const password = 'dashboard pass phrase';
      const activation = (await (await post(target, '/api/user/register', { name: 'Dashboard Student', email, password })).json()).activationToken;
      const code = await eventually(async () => {
        const found = /is: (\d{6})$/m.exec((await mailsTo(target, email)).at(-1) ?? '')?.[1];
        expect(found).toBeDefined();
        return found!;
      });
      expect((await post(target, '/api/user/verify', { otp: Number(code), activationToken: activation })).status).toBe(200);
      await login(target, email, password);
      expect((await post(target, '/api/contact', { source: 'home', name: leadName, phone: uniquePhone(), message: 'Tally course' })).status).toBe(201);
      const visit = await (await get(target, '/api/visitor')).json();
      const colleague = await signedInAdmin(target, 'dashboard');
      staffId = colleague.staff.id;

      const after = await steadyDashboard(target, admin.cookie, others);
      const delta = (key: keyof Figures) => after.figures[key] - before.figures[key] - (after.others[key] - before.others[key]);
      expect({
        registeredUsers: delta('registeredUsers'),
        registrationsLast7Days: delta('registrationsLast7Days'),
        activeSessions: delta('activeSessions'),
        leadsToday: delta('leadsToday'),
        leadsThisWeek: delta('leadsThisWeek'),
      }).toEqual({ registeredUsers: 1, registrationsLast7Days: 1, activeSessions: 2, leadsToday: 1, leadsThisWeek: 1 });
      // The visitor counter has no rows of its own to tell apart: it moved by the same amount as the
      // counter itself, and past this test's visit.
      expect(after.figures.visitors - before.figures.visitors).toBe(after.others.visitors - before.others.visitors);
      expect(after.figures.visitors).toBeGreaterThanOrEqual(visit.count);
      expect(before.figures.visitors).toBeLessThan(visit.count);

      // A session that ends leaves the count.
      await db(target, 'update staff_sessions set revoked_at = now() where staff_id = $1', [staffId]);
      const ended = await steadyDashboard(target, admin.cookie, () => figuresExcept(target, { email, leadName, staffId }));
      expect(ended.figures.activeSessions - after.figures.activeSessions - (ended.others.activeSessions - after.others.activeSessions)).toBe(-1);
      expect(colleague.cookie).toBeTruthy();
    });

    it('counts leads by the day and the week in India (weeks begin on Monday)', async () => {
      const tag = uniqueName('Boundary Lead');
      const { todayStart, weekStart } = indiaBoundaries();
      const minute = 60_000;
      const moments = [todayStart + minute, todayStart - minute, weekStart + minute, weekStart - minute, todayStart + 5.5 * 3600_000 + 1];
      const expected = {
        leadsToday: moments.filter((t) => t >= todayStart).length,
        leadsThisWeek: moments.filter((t) => t >= weekStart).length,
      };
      const others = () => figuresExcept(target, { email: '-', leadName: tag, staffId: '00000000-0000-0000-0000-000000000000' });
      const before = await steadyDashboard(target, admin.cookie, others);
      for (const [i, at] of moments.entries()) {
        await db(
          target,
          `with p as (insert into people default values returning id)
         insert into leads (reference, kind, form, name, phone, phone_norm, person_id, created_at) select $1, 'contact', 'test', $2, '9829012345', '9829012345', p.id, $3 from p`,
          [`TEST-${randomBytes(6).toString('hex')}-${i}`, tag, new Date(at).toISOString()],
        );
      }
      try {
        const after = await steadyDashboard(target, admin.cookie, others);
        const delta = (key: 'leadsToday' | 'leadsThisWeek') => after.figures[key] - before.figures[key] - (after.others[key] - before.others[key]);
        expect({ leadsToday: delta('leadsToday'), leadsThisWeek: delta('leadsThisWeek') }).toEqual(expected);
      } finally {
        await db(target, 'delete from leads where name = $1', [tag]);
      }
    });

    it("counts the last 30 days' leads by source and by course, with how many were admitted, biggest first", async () => {
      const tag = randomBytes(5).toString('hex');
      const source = `src-${tag}`;
      const course = `Course ${tag}`;
      const day = 24 * 3600_000;
      // [course, status, received]: inside the 30 days but for the last one, received an hour too early.
      const rows: [string | null, string, number][] = [
        [course, 'admitted', Date.now() - day],
        [course, 'lost', Date.now() - 2 * day],
        [course, 'new', Date.now() - 60_000],
        [null, 'admitted', Date.now() - 30 * day + 3600_000],
        [course, 'admitted', Date.now() - 30 * day - 3600_000],
      ];
      for (const [i, [leadCourse, status, at]] of rows.entries()) {
        await db(
          target,
          `with p as (insert into people default values returning id)
         insert into leads (reference, kind, form, name, phone, phone_norm, person_id, course, status, channel, created_at)
         select $1, 'application', 'apply-form', 'Source Lead', '+919829012345', '9829012345', p.id, $2, $3, $4, $5 from p`,
          [`TEST-${tag}-${i}`, leadCourse, status, source, new Date(at).toISOString()],
        );
      }
      // And one through the Apply form, sent from an advertisement.
      const campaign = `Ad-${tag}`;
      const applied = await post(target, '/api/apply', {
        name: uniqueName('Source Lead'),
        email: uniqueEmail('source'),
        phone: uniquePhone(),
        department: 'dl',
        course: 'RS-CIT (Basic)',
        consent: true,
        attribution: { utmSource: campaign, utmMedium: 'cpc', landingPage: '/coursePage' },
      });
      expect(applied.status).toBe(201);
      try {
        const figures = await getJson(target, '/api/admin/dashboard', admin.cookie);
        type Row = { people: number; leads: number; admitted: number };
        const bySource = figures.leadsBySource as (Row & { source: string })[];
        const byCourse = figures.leadsByCourse as (Row & { course: string })[];
        expect(bySource.find((r) => r.source === source)).toEqual({ source, people: 4, leads: 4, admitted: 2 });
        expect(bySource.find((r) => r.source === campaign.toLowerCase())).toEqual({ source: campaign.toLowerCase(), people: 1, leads: 1, admitted: 0 });
        expect(byCourse.find((r) => r.course === course)).toEqual({ course, people: 3, leads: 3, admitted: 1 });
        expect(byCourse.find((r) => r.course === 'Not given')).toMatchObject({ leads: expect.any(Number), admitted: expect.any(Number) });
        expect(byCourse.find((r) => r.course === 'Not given')!.admitted).toBeGreaterThanOrEqual(1);
        // One statement, one moment: the rows add up to the totals exactly, whatever other tests add meanwhile.
        const sum = (list: Row[], key: keyof Row) => list.reduce((total, r) => total + r[key], 0);
        expect(sum(bySource, 'leads')).toBe(figures.leadsLast30Days);
        expect(sum(byCourse, 'leads')).toBe(figures.leadsLast30Days);
        expect(sum(bySource, 'people')).toBe(figures.peopleLast30Days);
        expect(sum(byCourse, 'people')).toBe(figures.peopleLast30Days);
        expect(sum(bySource, 'admitted')).toBe(figures.admittedLast30Days);
        expect(sum(byCourse, 'admitted')).toBe(figures.admittedLast30Days);
        for (const list of [bySource, byCourse]) {
          expect(list.map((r) => r.people)).toEqual(list.map((r) => r.people).sort((a, b) => b - a));
          for (const r of list) expect(r.admitted).toBeLessThanOrEqual(r.people);
        }
      } finally {
        await db(target, 'delete from leads where reference like $1', [`TEST-${tag}-%`]);
      }
    });

    it('is for staff only', async () => {
      expect((await staffFetch(target, '/api/admin/dashboard', null)).status).toBe(401);
    });
  });

  describe('staff accounts', () => {
    it('invites a colleague by e-mail; the link sets a strong password once, and they sign in and set up the authenticator', async () => {
      const email = uniqueEmail('invitee');
      const invited = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: '  Asha   Verma ', email: email.toUpperCase() });
      expect(invited.status).toBe(201);
      expect(invited.body).toEqual({
        message: `Invitation sent to ${email}.`,
        item: {
          _id: expect.any(String),
          name: 'Asha Verma',
          email,
          status: 'invited',
          role: 'counsellor',
          roleLabel: 'Counsellor',
          enrolled: false,
          createdAt: expect.any(String),
          lastSignInAt: null,
          signInLocked: false,
        },
      });
      const staffId = invited.body.item._id as string;

      const token = await invitationToken(target, email);
      const mail = (await mailsTo(target, email, INVITATION_SUBJECT)).at(-1)!;
      expect(mail).toContain('Dear Asha Verma,');
      expect(mail).toContain(`${admin.staff.name} has invited you`);
      expect(mail).toContain(`/adminInvite#token=${token}`);
      expect(mail).toContain(`${INVITATION_HOURS} hours`);
      // Only the token's hash is stored, and the link works INVITATION_HOURS.
      const [stored] = await db<{ token_hash: string; hours: number }>(
        target,
        `select token_hash, round(extract(epoch from expires_at - created_at) / 3600)::int as hours from staff_invitations where staff_id = $1`,
        [staffId],
      );
      expect(stored).toEqual({ token_hash: createHash('sha256').update(token).digest('hex'), hours: INVITATION_HOURS });
      expect(JSON.stringify(await db(target, 'select * from staff_invitations where staff_id = $1', [staffId]))).not.toContain(token);

      expect(await getJson(target, `/api/admin/invitation?token=${token}`, null)).toEqual({
        name: 'Asha Verma',
        email,
        role: 'counsellor',
        roleLabel: 'Counsellor',
      });

      const weak = await send(target, 'POST', '/api/admin/invitation', '', { token, password: 'password123' });
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual({ password: COMMON_PASSWORD });
      const named = await send(target, 'POST', '/api/admin/invitation', '', { token, password: 'AshaVerma2025' });
      expect(named.status).toBe(400);
      const [unset] = await db<{ password_hash: string | null }>(target, 'select password_hash from staff where id = $1', [staffId]);
      expect(unset!.password_hash).toBeNull();

      const password = 'saffron kites over the station road';
      const accepted = await send(target, 'POST', '/api/admin/invitation', '', { token, password });
      expect(accepted).toEqual({ status: 200, body: { message: 'Your password is set. Please sign in.' } });
      expect((await staffFetch(target, `/api/admin/invitation?token=${token}`, null)).status).toBe(404);
      expect((await send(target, 'POST', '/api/admin/invitation', '', { token, password })).status).toBe(404);
      expect((await auditOf(target, 'staff', staffId)).map((l) => [l.action, l.staff_id])).toEqual([
        ['invite', admin.staff.id],
        ['accept-invitation', staffId],
      ]);

      const colleague: TestStaff = { id: staffId, name: 'Asha Verma', email, password };
      const signedIn = await signInFirstTime(target, colleague);
      expect(await getJson(target, '/api/admin/me', signedIn.cookie)).toMatchObject({ stage: 'signed-in', staff: { _id: staffId } });
      const listed = (await getJson(target, '/api/admin/staff', admin.cookie)).items.find((s: Json) => s._id === staffId);
      expect(listed).toMatchObject({ status: 'active', enrolled: true, lastSignInAt: expect.any(String) });

      // An address with an account is not invited again.
      const twice = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: 'Asha Verma', email });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(`${email} already has a staff account. They can sign in at /adminLogin.`);
    });

    it('refuses unknown, expired and replaced links; inviting again sends a new link and voids the old one', async () => {
      const email = uniqueEmail('reinvite');
      const first = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: 'Bhavna Rao', email });
      const staffId = first.body.item._id as string;
      const oldToken = await invitationToken(target, email);
      const again = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: 'Bhavna S Rao', email });
      expect(again.status).toBe(201);
      expect(again.body.item).toMatchObject({ _id: staffId, name: 'Bhavna S Rao', status: 'invited' });
      const newToken = await eventually(async () => {
        const token = await invitationToken(target, email);
        expect(token).not.toBe(oldToken);
        return token;
      });
      const oldLink = await staffFetch(target, `/api/admin/invitation?token=${oldToken}`, null);
      expect(oldLink.status).toBe(404);
      expect((await oldLink.json()).message).toBe('This invitation link is not valid or has already been used. Please ask a colleague to invite you again.');
      expect(await getJson(target, `/api/admin/invitation?token=${newToken}`, null)).toEqual({
        name: 'Bhavna S Rao',
        email,
        role: 'counsellor',
        roleLabel: 'Counsellor',
      });

      await db(target, `update staff_invitations set expires_at = now() - interval '1 minute' where staff_id = $1`, [staffId]);
      const expired = await staffFetch(target, `/api/admin/invitation?token=${newToken}`, null);
      expect(expired.status).toBe(410);
      expect((await expired.json()).message).toBe('This invitation link has expired. Please ask a colleague to invite you again.');
      expect((await send(target, 'POST', '/api/admin/invitation', '', { token: newToken, password: 'a fine long pass phrase' })).status).toBe(410);
      const [row] = await db<{ password_hash: string | null }>(target, 'select password_hash from staff where id = $1', [staffId]);
      expect(row!.password_hash).toBeNull();

      const unknown = randomBytes(32).toString('base64url');
      expect((await staffFetch(target, `/api/admin/invitation?token=${unknown}`, null)).status).toBe(404);
      expect((await staffFetch(target, '/api/admin/invitation?token=short', null)).status).toBe(404);
      const malformed = await send(target, 'POST', '/api/admin/invitation', '', { token: 'short', password: 'a fine long pass phrase' });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['token']);

      // A disabled address is enabled, not invited again.
      expect((await send(target, 'PUT', `/api/admin/staff/${staffId}`, admin.cookie, { action: 'disable' })).status).toBe(200);
      const disabled = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: 'Bhavna Rao', email });
      expect(disabled.status).toBe(409);
      expect(disabled.body.message).toMatch(/is disabled/);
      const bad = await send(target, 'POST', '/api/admin/staff', admin.cookie, { name: 'x', email: 'nope' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name']);
    });

    it('disabling an account ends its sessions at once and it cannot sign in; enabling lets it back; nobody disables themselves', async () => {
      const colleague = await signedInAdmin(target, 'disabled');
      const other = await anotherSession(target, colleague);
      const disabled = await send(target, 'PUT', `/api/admin/staff/${colleague.staff.id}`, admin.cookie, { action: 'disable' });
      expect(disabled.status).toBe(200);
      expect(disabled.body.message).toBe(`${colleague.staff.name}’s account is disabled; 2 sessions ended.`);
      expect(disabled.body.item).toMatchObject({ _id: colleague.staff.id, status: 'disabled' });
      for (const cookie of [colleague.cookie, other]) expect((await staffFetch(target, '/api/admin/me', cookie)).status).toBe(401);
      const [live] = await db<{ n: number }>(target, 'select count(*)::int as n from staff_sessions where staff_id = $1 and revoked_at is null', [
        colleague.staff.id,
      ]);
      expect(live!.n).toBe(0);
      const signIn = await staffFetch(target, '/api/admin/login', null, { body: { email: colleague.staff.email, password: colleague.staff.password } });
      expect(signIn.status).toBe(403);
      expect(sessionCookieOf(signIn)).toBeNull();

      const self = await send(target, 'PUT', `/api/admin/staff/${admin.staff.id}`, admin.cookie, { action: 'disable' });
      expect(self.status).toBe(409);
      expect(self.body.message).toBe('You cannot disable your own account. Ask a colleague if it must be disabled.');
      expect((await getJson(target, '/api/admin/me', admin.cookie)).stage).toBe('signed-in');

      const enabled = await send(target, 'PUT', `/api/admin/staff/${colleague.staff.id}`, admin.cookie, { action: 'enable' });
      expect(enabled.body).toMatchObject({ message: `${colleague.staff.name}’s account is enabled.`, item: { status: 'active', enrolled: true } });
      expect((await passwordStep(target, colleague.staff)).next).toBe('verify');

      expect((await send(target, 'PUT', `/api/admin/staff/${randomUUIDv4()}`, admin.cookie, { action: 'enable' })).status).toBe(404);
      expect((await send(target, 'PUT', '/api/admin/staff/not-an-id', admin.cookie, { action: 'enable' })).status).toBe(404);
      const badAction = await send(target, 'PUT', `/api/admin/staff/${colleague.staff.id}`, admin.cookie, { action: 'delete' });
      expect(badAction.status).toBe(400);
      expect(badAction.body.errors.action).toBe('Please choose what to do with this account.');
      expect((await auditOf(target, 'staff', colleague.staff.id)).filter((l) => l.staff_id === admin.staff.id).map((l) => l.action)).toEqual([
        'disable',
        'enable',
      ]);
    });

    it('resetting the second factor ends the sessions, voids the recovery codes, and the next sign-in sets up the authenticator again', async () => {
      const colleague = await signedInAdmin(target, 'lostphone');
      const reset = await send(target, 'PUT', `/api/admin/staff/${colleague.staff.id}`, admin.cookie, { action: 'reset-second-factor' });
      expect(reset.status).toBe(200);
      expect(reset.body.item).toMatchObject({ status: 'active', enrolled: false });
      expect((await staffFetch(target, '/api/admin/me', colleague.cookie)).status).toBe(401);
      const [row] = await db<{ totp_secret: string | null; totp_last_step: string | null; unused: number }>(
        target,
        `select totp_secret, totp_last_step, (select count(*)::int from staff_recovery_codes where staff_id = $1 and used_at is null) as unused from staff where id = $1`,
        [colleague.staff.id],
      );
      expect(row).toEqual({ totp_secret: null, totp_last_step: null, unused: 0 });

      const { cookie: pending, next } = await passwordStep(target, colleague.staff);
      expect(next).toBe('enrol');
      // Neither the old authenticator nor an old recovery code opens it now.
      const verify = await staffFetch(target, '/api/admin/verify', pending, { body: { code: colleague.recoveryCodes[0] } });
      expect(verify.status).toBe(409);
      const again = await signInFirstTime(target, colleague.staff);
      expect(again.secret).not.toBe(colleague.secret);
      expect(await getJson(target, '/api/admin/me', again.cookie)).toMatchObject({ stage: 'signed-in' });
      const line = (await auditOf(target, 'staff', colleague.staff.id)).find((l) => l.action === 'reset-second-factor');
      expect(line).toMatchObject({ action: 'reset-second-factor', staff_id: admin.staff.id, detail: { sessions: 1, recoveryCodes: 10, wasEnrolled: true } });
    });
  });

  it('lists the audit log newest first with the staff names, filtered by staff, record kind and record, in pages', async () => {
    const writer = await signedInAdmin(target, 'auditor');
    const { body } = await send(target, 'POST', '/api/students', writer.cookie, studentFields(uniqueName('Audited')));
    const id = body.item._id as string;
    await getJson(target, `/api/students/${id}`, writer.cookie);
    await send(target, 'PUT', `/api/students/${id}`, writer.cookie, { ...studentFields(uniqueName('Audited')), version: 1 });

    const byRecord = await getJson(target, `/api/admin/audit?entity=student&entityId=${id}`, admin.cookie);
    expect(byRecord.next).toBeNull();
    expect(byRecord.items.map((l: Json) => l.action)).toEqual(['update', 'view', 'create']);
    expect(byRecord.items[0]).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      staff: { _id: writer.staff.id, name: writer.staff.name },
      action: 'update',
      entity: 'student',
      entityId: id,
      client: expect.any(String),
      detail: { changed: ['name', 'email'], version: 2, subject: expect.stringMatching(/^Audited /) },
      summary: `${writer.staff.name} changed the student record of ${byRecord.items[0].detail.subject} (name and email).`,
    });

    const page1 = await getJson(target, `/api/admin/audit?staff=${writer.staff.id}&limit=2`, admin.cookie);
    expect(page1.items).toHaveLength(2);
    const page2 = await getJson(target, `/api/admin/audit?staff=${writer.staff.id}&limit=2&after=${encodeURIComponent(page1.next)}`, admin.cookie);
    const page3 = await getJson(target, `/api/admin/audit?staff=${writer.staff.id}&limit=2&after=${encodeURIComponent(page2.next)}`, admin.cookie);
    // enrol-second-factor and sign-in at the first sign-in, then create, view, update.
    const actions = [...page1.items, ...page2.items, ...page3.items].map((l: Json) => l.action);
    expect(actions.slice(0, 3)).toEqual(['update', 'view', 'create']);
    expect(actions.slice(3).sort()).toEqual(['enrol-second-factor', 'sign-in']);
    expect(page3.next).toBeNull();
    expect([...page1.items, ...page2.items, ...page3.items].every((l: Json) => l.staff._id === writer.staff.id)).toBe(true);

    expect(
      (await getJson(target, `/api/admin/audit?entity=audit&limit=${PAGE_MAX}`, admin.cookie)).items.some(
        (l: Json) => l.staff?._id === admin.staff.id && l.action === 'view',
      ),
    ).toBe(true);
    expect((await getJson(target, '/api/admin/audit?staff=nobody', admin.cookie, 400)).errors.staff).toBe('Please choose a member of staff from the list.');
    expect((await getJson(target, `/api/admin/audit?after=${cursor(['yesterday', '1'])}`, admin.cookie, 400)).errors.after).toMatch(/does not exist/);
  });

  it('makes new recovery codes with a current authenticator code; the old ones stop working', async () => {
    const owner = await signedInAdmin(target, 'newcodes');
    const wrong = await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: otherThan(await totp(owner.secret)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toBe('That code is not right. Type the code your authenticator app shows now.');
    const recovery = await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: owner.recoveryCodes[0] });
    expect(recovery.status).toBe(400);
    // The code of enrolment was used: a replay is refused.
    const replay = await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: owner.enrolmentCode });
    expect(replay.body.errors?.code).toBe('This code was already used. Please wait for the next code in your app.');

    const made = await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: await totp(owner.secret, 1) });
    expect(made.status).toBe(200);
    expect(made.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(made.body.recoveryCodes.filter((c: string) => owner.recoveryCodes.includes(c))).toEqual([]);
    expect(made.body.message).toMatch(/old ones no longer work/);

    const { cookie: old } = await passwordStep(target, owner.staff);
    expect((await staffFetch(target, '/api/admin/verify', old, { body: { code: owner.recoveryCodes[1] } })).status).toBe(400);
    const { cookie: fresh } = await passwordStep(target, owner.staff);
    const ok = await staffFetch(target, '/api/admin/verify', fresh, { body: { code: made.body.recoveryCodes[0] } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const [line] = await auditOf(target, 'recovery-codes', owner.staff.id);
    expect(line).toEqual({ action: 'update', staff_id: owner.staff.id, detail: { count: RECOVERY_CODE_COUNT } });
  });

  it('limits wrong codes for new recovery codes as at sign-in', async () => {
    const owner = await signedInAdmin(target, 'codeguesser');
    const right = await totp(owner.secret, 1);
    for (let i = 0; i < LIMITS['second-factor-failures:staff'].max; i++)
      expect((await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: otherThan(right, i) })).status).toBe(400);
    expect((await send(target, 'POST', '/api/admin/recovery-codes', owner.cookie, { code: right })).status).toBe(429);
    const [unused] = await db<{ n: number }>(target, 'select count(*)::int as n from staff_recovery_codes where staff_id = $1 and used_at is null', [
      owner.staff.id,
    ]);
    expect(unused!.n).toBe(RECOVERY_CODE_COUNT);
  });
});

/* ---------------------------------------------------------------------------- helpers --- */

interface Figures {
  registeredUsers: number;
  activeSessions: number;
  registrationsLast7Days: number;
  leadsToday: number;
  leadsThisWeek: number;
  visitors: number;
}

/** Midnight today and on Monday in India (UTC+5:30, no summer time), as epoch milliseconds. */
function indiaBoundaries(now = Date.now()) {
  const offset = 5.5 * 3600_000;
  const day = 24 * 3600_000;
  const todayStart = Math.floor((now + offset) / day) * day - offset;
  const weekday = (new Date(todayStart + offset).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return { todayStart, weekStart: todayStart - weekday * day };
}

/**
 * The dashboard's figures as this test computes them itself, leaving out the rows the test makes
 * (a user's e-mail and sessions, a lead's name, a staff account's sessions): what everyone else
 * did meanwhile, since other test files run at the same time.
 */
async function figuresExcept(target: Target, mine: { email: string; leadName: string; staffId: string }): Promise<Figures> {
  const { todayStart, weekStart } = indiaBoundaries();
  const [row] = await db<Figures>(
    target,
    `select
       (select count(*)::int from users where lower(email) <> $1) as "registeredUsers",
       (select count(*)::int from user_sessions s join users u on u.id = s.user_id
         where lower(u.email) <> $1 and s.revoked_at is null and s.expires_at > now())
       + (select count(*)::int from staff_sessions s join staff t on t.id = s.staff_id
           where s.staff_id <> $3 and s.second_factor_at is not null and s.revoked_at is null and s.expires_at > now()
             and s.last_seen_at > now() - interval '60 minutes' and t.disabled_at is null) as "activeSessions",
       (select count(*)::int from users where lower(email) <> $1 and created_at > now() - interval '7 days') as "registrationsLast7Days",
       (select count(*)::int from leads where name <> $2 and created_at >= $4) as "leadsToday",
       (select count(*)::int from leads where name <> $2 and created_at >= $5) as "leadsThisWeek",
       (select count::int from visitor_counter) as visitors`,
    [mine.email, mine.leadName, mine.staffId, new Date(todayStart).toISOString(), new Date(weekStart).toISOString()],
  );
  return row!;
}

/**
 * The dashboard, read while nobody else changed anything: `others` before and after the read must
 * agree (tried again otherwise), and are returned with it.
 */
async function steadyDashboard(target: Target, cookie: string, others: () => Promise<Figures>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await others();
    const res = await staffFetch(target, '/api/admin/dashboard', cookie);
    expect(res.status).toBe(200);
    const figures = (await res.json()) as Figures & { message: string; generatedAt: string };
    const second = await others();
    if (JSON.stringify(first) === JSON.stringify(second)) return { figures, others: first };
  }
  throw new Error('the database never stood still long enough to read the dashboard');
}

/** The token of the newest invitation mailed to `email`. */
async function invitationToken(target: Target, email: string): Promise<string> {
  return eventually(async () => {
    const mail = (await mailsTo(target, email, INVITATION_SUBJECT)).at(-1) ?? '';
    const token = /\/adminInvite#token=([A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    expect(token, `an invitation mailed to ${email}`).toBeDefined();
    return token!;
  });
}

/** A second signed-in browser of `admin` (forgetting the last code step, as admin-auth.test.ts does). */
async function anotherSession(target: Target, admin: Admin): Promise<string> {
  const { cookie: pending } = await passwordStep(target, admin.staff);
  await db(target, 'update staff set totp_last_step = null where id = $1', [admin.staff.id]);
  const res = await staffFetch(target, '/api/admin/verify', pending, { body: { code: await totp(admin.secret) } });
  expect(res.status).toBe(200);
  return sessionCookieOf(res)!;
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/** A cursor made by hand (not one the API gave). */
const cursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** A random uuid (no such staff account). */
const randomUUIDv4 = () => crypto.randomUUID();
