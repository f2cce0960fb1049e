/**
 * Idempotent writes. A form sends an `Idempotency-Key` (a UUID made when it opens); a retried or
 * double-clicked submission with the same key and body is stored once and gets the first answer
 * again, and the same key with a different body is refused (422). Without a key the write simply
 * runs. The claim, the write and the stored answer share one transaction, so a concurrent twin
 * waits for the first to commit and then replays it.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import { transaction } from './db';
import { HttpError } from './http';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Reads and checks the optional Idempotency-Key header. */
export function idempotencyKey(req: Request): string | null {
  const key = req.headers.get('idempotency-key');
  if (key === null) return null;
  if (!UUID.test(key.trim())) throw new HttpError(400, 'The Idempotency-Key header must be a UUID.');
  return key.trim().toLowerCase();
}

/** Runs `write` once per (endpoint, key); returns its answer, or the stored one on a replay. */
export async function once(
  endpoint: string,
  key: string | null,
  payload: unknown,
  write: (client: PoolClient) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const hash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  return transaction(async (client) => {
    if (key) {
      const claimed = await client.query(
        `insert into idempotency_keys (endpoint, key, request_hash) values ($1, $2, $3)
         on conflict (endpoint, key) do nothing returning key`,
        [endpoint, key, hash],
      );
      if (claimed.rowCount === 0) {
        const { rows } = await client.query<{ request_hash: string; status: number; body: Record<string, unknown> }>(
          'select request_hash, status, body from idempotency_keys where endpoint = $1 and key = $2',
          [endpoint, key],
        );
        const previous = rows[0];
        if (!previous || previous.request_hash !== hash) {
          throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
        }
        return { status: previous.status, body: previous.body, replayed: true };
      }
    }
    const answer = await write(client);
    if (key) {
      await client.query('update idempotency_keys set status = $3, body = $4 where endpoint = $1 and key = $2', [
        endpoint,
        key,
        answer.status,
        JSON.stringify(answer.body),
      ]);
    }
    return { ...answer, replayed: false };
  });
}
