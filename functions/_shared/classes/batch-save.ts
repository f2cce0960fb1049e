/** What adding and editing a batch share beyond the clash check: a name used by another batch. */
import type { PoolClient } from '@neondatabase/serverless';
import { HttpError } from '../platform/http';

/** True when another batch (not `exceptId`) has `name` (any case). */
export async function nameTaken(client: PoolClient, name: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await client.query('select 1 from batches where lower(name) = lower($1) and ($2::bigint is null or id <> $2::bigint)', [name, exceptId]);
  return rows.length > 0;
}

/** The answer for a batch name already in use. */
export const saveErrorOf = (field: 'name') =>
  new HttpError(409, 'Another batch already has this name. Please choose another.', {
    errors: { [field]: 'Another batch already has this name. Please choose another.' },
  });
