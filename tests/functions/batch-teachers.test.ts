/**
 * Who may be a batch's teacher (POST/PUT /api/admin/batches…): active staff whose role can teach
 * (canTeach: an Owner or a Teacher), the same staff the batch form and the Batch List's teacher
 * filter offer. The functions run in this process on a database of their own.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import type { Role } from '../../src/lib/staff-roles';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let courseId: string;
const sql = sqlOn(() => client);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-batches'] }));
  owner = await staffCookie(client, 'owner');
  const [course] = await sql<{ id: string }>(
    `insert into courses (title, category, price, duration, description, image) values ('Tally Prime', 'Accounts', 4000, '3 months', 'Tally with GST.', '/images/tally.webp') returning id::text`,
  );
  courseId = course!.id;
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
/** A member of staff in `role`: their id. */
const colleague = async (role: Role) =>
  (
    await sql<{ id: string }>(
      `insert into staff (name, email, password_hash, password_changed_at, role) values ($1, $2, 'not-used', now(), $3) returning id::text`,
      [`Colleague ${(n += 1)}`, `colleague.${n}@example.in`, role],
    )
  )[0]!.id;

const addBatch = async (teacherId: string) => {
  const { response } = await fx.call(
    'admin-batches',
    jsonPost(
      '/api/admin/batches',
      {
        courseId,
        name: `Batch ${(n += 1)}`,
        startsOn: '2027-01-04',
        endsOn: '2027-03-31',
        days: [1, 3, 5],
        startsAt: '09:00',
        endsAt: '10:30',
        room: `Room ${n}`,
        seats: 20,
        status: 'planned',
        teacherId,
      },
      { cookie: owner },
    ),
  );
  return { status: response.status, body: (await response.json()) as { errors?: Record<string, string> } };
};

describe('a batch’s teacher', () => {
  it.each(['teacher', 'owner'] as const)('may be a colleague in the role %s', async (role) => {
    expect((await addBatch(await colleague(role))).status).toBe(201);
  });

  it.each(['counsellor', 'accountant'] as const)('may not be a %s, who does not teach: refused beside the field, nothing stored', async (role) => {
    const [before] = await sql<{ n: number }>('select count(*)::int as n from batches');
    const answer = await addBatch(await colleague(role));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.['teacherId']).toBe('Please choose a teacher from the list.');
    expect(await sql<{ n: number }>('select count(*)::int as n from batches')).toEqual([before]);
  });
});
