/**
 * A signed-in member of staff for the in-process tests: an account and a session past its second
 * factor written straight to the database (the sign-in itself is tested over HTTP in tests/api),
 * and the cookie that carries it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';

/** The `cookie` header of a new staff session on the database of `client`. */
export async function staffCookie(client: pg.Client): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await client.query<{ id: string }>(`insert into staff (name, email, password_hash, password_changed_at) values ($1, $2, 'not-used', now()) returning id::text`, [
    'Test Staff',
    `staff-${randomUUID().slice(0, 8)}@example.in`,
  ]);
  await client.query(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '1 hour', now())`, [
    createHash('sha256').update(token).digest('hex'),
    rows[0]!.id,
  ]);
  return `__Host-staff=${token}`;
}
