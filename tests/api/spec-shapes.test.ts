/**
 * The specification's calls tables (documents 000 and 001, section 7): every endpoint answers in
 * the shape a client written to them reads. A list that pages keeps its shape (a bare list, or
 * `{users}`); the next page is named in a `Link` header (rel="next"), chosen by `?limit&after`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nextLink } from '../../src/lib/link-header';
import { createAccount, latestCode, login } from './accounts';
import { completePayload, submit } from './application-fixtures';
import type { Target } from './global-setup';
import { db, get, post, targets, uniqueEmail, uniqueName, uniquePhone } from './helpers';
import { createStaffAccount, passwordStep, signedInAdmin, staffFetch, totp } from './staff';
import { courseFields, jobFields } from '../support/record-fields';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Json = any;

/** The keys of a JSON object, sorted. */
const keys = (value: Json) => Object.keys(value).sort();

describe.each(targets)('the specification’s shapes ($name)', (target: Target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const as = (route: string, init: { method?: string; body?: unknown } = {}) => staffFetch(target, route, admin.cookie, init);
  const read = async (res: Response, status = 200) => {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };

  beforeAll(async () => {
    admin = await signedInAdmin(target, 'shapes');
  });

  describe('document 001: the student area and the admin', () => {
    it('POST /api/user/login → message, token, user', async () => {
      const account = await createAccount(target, 'shapelogin');
      const body = await read(await post(target, '/api/user/login', { email: account.email, password: account.password }));
      expect(body).toEqual({
        message: expect.any(String),
        token: expect.any(String),
        user: expect.objectContaining({ _id: account.id, email: account.email }),
      });
    });

    it('POST /api/user/register → message, activationToken', async () => {
      const body = await read(
        await post(target, '/api/user/register', { name: 'Shape Student', email: uniqueEmail('shapereg'), password: 'a long passphrase' }),
        201,
      );
      expect(keys(body)).toEqual(['activationToken', 'message']);
    });

    it('POST /api/user/resend-otp → message, activationToken; POST /api/user/verify (otp a number) → message', async () => {
      const email = uniqueEmail('shaperesend');
      const first = await read(await post(target, '/api/user/register', { name: 'Shape Student', email, password: 'a long passphrase' }), 201);
      // The resend waits 60 seconds after a code; the register's code is moved back in time.
      await db(target, `update otp_challenges set sent_at = now() - interval '61 seconds' where email = $1`, [email]);
      const again = await post(target, '/api/user/resend-otp', { activationToken: first.activationToken });
      const resent = await again.json();
      expect(again.status, JSON.stringify(resent)).toBe(200);
      expect(keys(resent)).toEqual(['activationToken', 'message']);
      const verified = await read(
        await post(target, '/api/user/verify', { otp: Number(await latestCode(target, email)), activationToken: resent.activationToken }),
      );
      expect(verified).toEqual({ message: expect.any(String) });
    });

    it('GET /api/user/me with the token in a header named token → user', async () => {
      const account = await createAccount(target, 'shapeme');
      const token = await login(target, account.email, account.password);
      const body = await read(await get(target, '/api/user/me', { token }));
      expect(body.user).toEqual(expect.objectContaining({ _id: account.id, email: account.email }));
    });

    it('POST /api/admin/login → an error in the field error; the token comes with the second factor', async () => {
      const wrong = await staffFetch(target, '/api/admin/login', null, { body: { email: admin.staff.email, password: 'not the password at all' } });
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).error).toBe('Incorrect email or password.');
      // The password alone opens no session (decision 022): enrol or verify answers the token.
      const staff = await createStaffAccount(target, 'shapetoken');
      const { cookie } = await passwordStep(target, staff);
      const { secret } = await read(await staffFetch(target, '/api/admin/enrol', cookie));
      const enrolled = await read(await staffFetch(target, '/api/admin/enrol', cookie, { body: { code: await totp(secret) } }));
      expect(enrolled.token).toEqual(expect.any(String));
    });

    it('GET /api/admin/dashboard → message', async () => {
      const body = await read(await as('/api/admin/dashboard'));
      expect(body.message).toEqual(expect.any(String));
    });

    it('GET /api/marquee → a list of {_id, message}; POST and DELETE /api/marquee/{id} answer with a success status', async () => {
      const added = await as('/api/marquee', { body: { message: `Shape notice ${uniqueName('x')}` } });
      expect(added.status).toBe(201);
      const list = await read(await get(target, '/api/marquee'));
      expect(Array.isArray(list)).toBe(true);
      for (const item of list) expect(keys(item)).toEqual(['_id', 'message']);
      const { item } = await added.json();
      expect((await as(`/api/marquee/${item._id}`, { method: 'DELETE' })).status).toBe(200);
    });

    describe.each([
      { route: '/api/jobs', valid: (role: string) => jobFields({ role }), summary: 'role' },
      { route: '/api/courses', valid: courseFields, summary: 'title' },
    ])('$route', ({ route, valid, summary }) => {
      it(`GET ${route} → a list; the next page in the Link header, the body's shape kept`, async () => {
        const made = [];
        for (const n of [1, 2]) made.push((await read(await as(route, { body: valid(uniqueName(`Shape ${n}`)) }), 201)).item);
        const first = await get(target, `${route}?limit=1`);
        const page = await read(first);
        expect(Array.isArray(page)).toBe(true);
        expect(page).toEqual([made[1]]);
        const next = nextLink(first.headers.get('link'));
        expect(next).toMatch(new RegExp(`^${route}\\?limit=1&after=[\\w-]+$`));
        const second = await get(target, next!);
        expect(await read(second)).toEqual([made[0]]);
        // Without ?limit, the first 50, still a list.
        expect(Array.isArray(await read(await get(target, route)))).toBe(true);
      });

      it(`POST, PUT and DELETE ${route}/{id} answer with a success status`, async () => {
        const created = await as(route, { body: valid(uniqueName('Shape write')) });
        expect(created.status).toBe(201);
        const { item } = await created.json();
        const updated = await as(`${route}/${item._id}`, { method: 'PUT', body: { ...valid(`${item[summary]} changed`), version: item.version } });
        expect(updated.status).toBe(200);
        const deleted = await as(`${route}/${item._id}?version=${(await updated.json()).item.version}`, { method: 'DELETE' });
        expect(deleted.status).toBe(200);
      });
    });

    it('GET /api/user/all → users; the next page in the Link header', async () => {
      await createAccount(target, 'shapeallone');
      await createAccount(target, 'shapealltwo');
      const first = await as('/api/user/all?limit=1');
      const page = await read(first);
      expect(keys(page)).toEqual(['users']);
      expect(page.users).toEqual([expect.objectContaining({ _id: expect.any(String), name: expect.any(String), email: expect.any(String) })]);
      const next = nextLink(first.headers.get('link'));
      expect(next).toMatch(/^\/api\/user\/all\?limit=1&after=[\w-]+$/);
      const second = await read(await as(next!));
      expect(keys(second)).toEqual(['users']);
      expect(second.users[0]._id).not.toBe(page.users[0]._id);
    });

    it('GET /api/students → a list; the next page in the Link header', async () => {
      const tag = uniqueName('Shape').split(' ')[1]!;
      for (const first of ['Asha', 'Bhavna']) {
        expect((await as('/api/students', { body: { name: `${first} ${tag}`, email: uniqueEmail(first.toLowerCase()), course: 'CCC' } })).status).toBe(201);
      }
      const res = await as(`/api/students?q=${tag}&limit=1`);
      const page = await read(res);
      expect(page).toEqual([expect.objectContaining({ name: `Bhavna ${tag}` })]);
      const next = nextLink(res.headers.get('link'));
      const second = await as(next!);
      expect(await read(second)).toEqual([expect.objectContaining({ name: `Asha ${tag}` })]);
      // The last page names no next page.
      expect(second.headers.get('link')).toBeNull();
    });

    it.each([
      ['POST /api/emitra', 'emitra'],
      ['POST /api/CSC', 'csc'],
      ['POST /api/IIBF', 'iibf'],
      ['POST /api/submit', 'nielit'],
    ] as const)('%s → a success status with a message', async (_, form) => {
      const res = await submit(target, form, await completePayload(target, form));
      const body = await read(res, 201);
      expect(body.message).toEqual(expect.any(String));
    });
  });

  describe('document 000: the public site', () => {
    it('POST /api/apply → message', async () => {
      const body = await read(
        await post(target, '/api/apply', {
          name: uniqueName('Shape'),
          email: uniqueEmail('shapeapply'),
          phone: uniquePhone(),
          department: 'dl',
          course: 'RS-CIT (Basic)',
          consent: true,
        }),
        201,
      );
      expect(body.message).toEqual(expect.any(String));
    });

    it('GET /api/visitor → count', async () => {
      expect(await read(await get(target, '/api/visitor'))).toEqual({ count: expect.any(Number) });
    });

    it('GET /api/marquee → an array whose first item has a message', async () => {
      await as('/api/marquee', { body: { message: 'Admissions open for the new session' } });
      const list = await read(await get(target, '/api/marquee'));
      expect(list[0].message).toEqual(expect.any(String));
    });

    it('POST /api/contact → read as JSON; a refusal carries the field error', async () => {
      const fields = { name: uniqueName('Shape'), email: uniqueEmail('shapecontact'), phone: uniquePhone(), subject: 'Fees', message: 'What are the fees?' };
      expect((await read(await post(target, '/api/contact', fields), 201)).message).toEqual(expect.any(String));
      const refused = await post(target, '/api/contact', { ...fields, email: 'not an address' });
      expect(refused.ok).toBe(false);
      expect((await refused.json()).error).toEqual(expect.any(String));
    });
  });
});
