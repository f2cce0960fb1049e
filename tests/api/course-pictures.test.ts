/**
 * Course pictures staff upload: a policy for one picture, the file posted straight to storage,
 * then checked — re-encoded as a WebP at a web size and answered publicly from
 * /api/course-pictures/{id}, which a course's `image` then names. A file that is not a picture is
 * refused with a message and deleted; anyone not signed in gets no policy and no check; an
 * unknown id is a 404, never a 500.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_DAMAGED_MESSAGE, PICTURE_TYPE_MESSAGE, PICTURE_UNFINISHED_MESSAGE } from '../../src/lib/schemas/course-picture';
import { photoBytes } from '../support/photo';
import { db, get, targets } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

interface Policy {
  id: string;
  url: string;
  fields: Record<string, string>;
}

describe.each(targets)('course pictures on $name', (target) => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signedInAdmin(target, 'pictures'));
  });

  const policyFor = async (type: string, size: number) => {
    const res = await staffFetch(target, '/api/admin/course-pictures', cookie, { body: { type, size } });
    expect(res.status).toBe(201);
    return (await res.json()) as Policy;
  };
  const upload = (policy: Policy, bytes: Buffer<ArrayBuffer>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.set(name, value);
    form.set('file', new Blob([bytes]));
    return target.fetch(policy.url, { method: 'POST', body: form });
  };
  const check = (id: string, who: string | null = cookie) => staffFetch(target, `/api/admin/course-pictures/${id}/check`, who, { body: {} });

  it('a large photo goes up, comes back as a public WebP of at most 1200 × 900, and a course can name it', async () => {
    const photo = await photoBytes({ width: 2400, height: 1600, format: 'jpeg' });
    const policy = await policyFor('image/jpeg', photo.length);
    expect((await upload(policy, photo)).status).toBeLessThan(300);
    const res = await check(policy.id);
    expect(res.status).toBe(200);
    const checked = await res.json();
    expect(checked).toEqual({ path: `/api/course-pictures/${policy.id}`, width: 1200, height: 800 });
    // Asked again, the same picture.
    expect(await (await check(policy.id)).json()).toEqual(checked);

    const picture = await get(target, checked.path);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toContain('public');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);

    const course = await staffFetch(target, '/api/courses', cookie, {
      body: {
        title: 'Tally with pictures',
        category: 'Accounting',
        price: 4200,
        duration: '3 months',
        image: checked.path,
        description: 'Accounts with GST, in Tally Prime.',
      },
    });
    expect(course.status).toBe(201);
  });

  it('refuses a file that is not a picture, deleting it, and a picture never uploaded', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(400, ' '));
    const policy = await policyFor('image/png', page.length);
    expect((await upload(policy, page)).status).toBeLessThan(300);
    const res = await check(policy.id);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ image: PICTURE_DAMAGED_MESSAGE });
    expect((await get(target, `/api/course-pictures/${policy.id}`)).status).toBe(404);

    const never = await policyFor('image/jpeg', 1000);
    const unfinished = await check(never.id);
    expect(unfinished.status).toBe(422);
    expect((await unfinished.json()).errors).toEqual({ image: PICTURE_UNFINISHED_MESSAGE });
  });

  it('housekeeping removes, a day on, the pictures no course shows, and keeps the ones a course shows', async () => {
    const photo = await photoBytes({ width: 80, height: 60 });
    const shown = await policyFor('image/jpeg', photo.length);
    const unused = await policyFor('image/jpeg', photo.length);
    const never = await policyFor('image/jpeg', photo.length);
    for (const policy of [shown, unused]) {
      await upload(policy, photo);
      expect((await check(policy.id)).status).toBe(200);
    }
    await staffFetch(target, '/api/courses', cookie, {
      body: {
        title: 'Course with its picture',
        category: 'Computers',
        price: 900,
        duration: '1 month',
        image: `/api/course-pictures/${shown.id}`,
        description: 'Basics of computers.',
      },
    });
    await db(target, `update course_pictures set created_at = now() - interval '2 days' where id = any($1::uuid[])`, [[shown.id, unused.id, never.id]]);
    expect((await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' })).status).toBe(204);
    const left = await db<{ id: string }>(target, 'select id::text from course_pictures where id = any($1::uuid[])', [[shown.id, unused.id, never.id]]);
    expect(left.map((row) => row.id)).toEqual([shown.id]);
    expect((await get(target, `/api/course-pictures/${shown.id}`)).status).toBe(200);
    expect((await get(target, `/api/course-pictures/${unused.id}`)).status).toBe(404);
  });

  it('asks for a picture type, refuses anyone not signed in, and answers unknown ids with 404', async () => {
    const [before] = await db<{ n: number }>(target, 'select count(*)::int as n from course_pictures');
    const pdf = await staffFetch(target, '/api/admin/course-pictures', cookie, { body: { type: 'application/pdf', size: 1000 } });
    expect(pdf.status).toBe(400);
    expect((await pdf.json()).errors).toEqual({ type: PICTURE_TYPE_MESSAGE });
    expect((await staffFetch(target, '/api/admin/course-pictures', null, { body: { type: 'image/jpeg', size: 1000 } })).status).toBe(401);
    const [after] = await db<{ n: number }>(target, 'select count(*)::int as n from course_pictures');
    expect(after!.n).toBe(before!.n);

    expect((await check(randomUUID(), null)).status).toBe(401);
    for (const id of [randomUUID(), 'not-an-id', '1']) {
      expect((await check(id)).status, id).toBe(404);
      expect((await get(target, `/api/course-pictures/${id}`)).status, id).toBe(404);
    }
  });
});
