/**
 * A student's record as staff read it (GET /api/students/{id}): the website account it belongs
 * to, whether staff linked it by the account's e-mail or the account's own verified address is the
 * record's (the way /account matches it). The functions run in this process on a database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let owner: string;
const sql = sqlOn(() => client);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['students', 'student-item'] }));
  owner = await staffCookie(client, 'owner');
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = Record<string, any>;

const call = async (name: string, method: string, route: string, body?: unknown) => {
  const request = body === undefined ? new Request(new URL(route, BASE), { method, headers: { cookie: owner } }) : jsonPost(route, body, { cookie: owner });
  const { response } = await fx.call(name, request);
  return { status: response.status, body: (await response.json()) as Body };
};

const account = (name: string, email: string) => sql(`insert into users (name, email, password_hash) values ($1, $2, 'not-used')`, [name, email]);

describe('the website account of a student’s record', () => {
  it('shows the e-mail of the account staff linked, when the record is opened again', async () => {
    await account('Meena Saini', 'Meena.Web@example.in');
    const created = await call('students', 'POST', '/api/students', {
      name: 'Meena Saini',
      email: 'meena@example.in',
      course: 'Tally Prime',
      accountEmail: 'meena.web@example.in',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const opened = await call('student-item', 'GET', `/api/students/${created.body['item']._id}`);
    expect(opened.status).toBe(200);
    expect(opened.body['accountEmail']).toBe('Meena.Web@example.in');
  });

  it('shows the account whose own address is the record’s, which /account already shows the student', async () => {
    await account('Kavita Jat', 'Kavita.Jat@example.in');
    const created = await call('students', 'POST', '/api/students', { name: 'Kavita Jat', email: 'kavita.jat@example.in', course: 'Tally Prime' });
    expect(created.status).toBe(201);
    expect(created.body['item'].accountEmail).toBe('Kavita.Jat@example.in');
    const opened = await call('student-item', 'GET', `/api/students/${created.body['item']._id}`);
    expect(opened.body['accountEmail']).toBe('Kavita.Jat@example.in');
  });

  it('leaves it empty when no account is the student’s, and never shows another account’s by the e-mail', async () => {
    const alone = await call('students', 'POST', '/api/students', { name: 'Ravi Meena', email: 'ravi.meena@example.in', course: 'Tally Prime' });
    expect((await call('student-item', 'GET', `/api/students/${alone.body['item']._id}`)).body['accountEmail']).toBeNull();

    // A record linked to one account is that account's, even though another has the record's e-mail.
    await account('Sita Ram', 'sita@example.in');
    await account('Sita (other)', 'sita.other@example.in');
    const linked = await call('students', 'POST', '/api/students', {
      name: 'Sita Ram',
      email: 'sita@example.in',
      course: 'Tally Prime',
      accountEmail: 'sita.other@example.in',
    });
    expect((await call('student-item', 'GET', `/api/students/${linked.body['item']._id}`)).body['accountEmail']).toBe('sita.other@example.in');
  });
});
