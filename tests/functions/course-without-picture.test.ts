/**
 * A course without a picture (POST and PUT /api/courses…): the picture is optional, kept as no
 * picture, and the public pages show their fallback. The functions run in this process on a
 * database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
let owner: string;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['courses', 'course-item'] }));
  owner = await staffCookie(client, 'owner');
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = Record<string, any>;

const fields = { title: 'Spoken English', category: 'Languages', price: 2500, duration: '2 months', description: 'Speaking with confidence, in small groups.' };

describe('a course’s picture', () => {
  it('may be left out or left empty: the course is saved with no picture and listed so', async () => {
    const { response } = await fx.call('courses', jsonPost('/api/courses', fields, { cookie: owner }));
    const body = (await response.json()) as Body;
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body['item'].image).toBe('');

    const blank = await fx.call('courses', jsonPost('/api/courses', { ...fields, title: 'Spoken English 2', image: '   ' }, { cookie: owner }));
    expect(blank.response.status).toBe(201);

    const listed = await fx.call('courses', new Request(new URL('/api/courses', BASE)));
    const items = ((await listed.response.json()) as Body[]).filter((c) => c['title'].startsWith('Spoken English'));
    expect(items.map((c) => c['image'])).toEqual(['', '']);
  });

  it('is still refused in words when typed but not an address on this site or https://', async () => {
    const { response } = await fx.call('courses', jsonPost('/api/courses', { ...fields, title: 'Typing', image: 'tally.jpg' }, { cookie: owner }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Body)['errors'].image).toBe('Please enter an https:// address or a path on this site beginning with /.');
  });

  it('can be removed from a course that had one', async () => {
    const created = await fx.call('courses', jsonPost('/api/courses', { ...fields, title: 'Tally', image: '/og-image.jpg' }, { cookie: owner }));
    const item = ((await created.response.json()) as Body)['item'];
    const { response } = await fx.call(
      'course-item',
      new Request(new URL(`/api/courses/${item._id}`, BASE), {
        method: 'PUT',
        headers: { cookie: owner, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, title: 'Tally', image: '', version: item.version }),
      }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body)['item'].image).toBe('');
  });
});
