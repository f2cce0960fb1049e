/** Short human references for stored records, e.g. `AP-2026-00042`, numbered per prefix and year. */
import type { PoolClient } from '@neondatabase/serverless';

/** Takes the next number for `prefix` in the current year (inside the caller's transaction). */
export async function nextReference(client: PoolClient, prefix: string): Promise<string> {
  const year = new Date().getUTCFullYear();
  const { rows } = await client.query<{ last: number }>(
    `insert into reference_counters (prefix, year, last) values ($1, $2, 1)
     on conflict (prefix, year) do update set last = reference_counters.last + 1
     returning last`,
    [prefix, year],
  );
  return `${prefix}-${year}-${String(rows[0]!.last).padStart(5, '0')}`;
}
