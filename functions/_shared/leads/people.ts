/**
 * Merging two people the "same mobile number or e-mail" rule kept apart, and undoing it. A merge
 * moves every enquiry of one person to the other and remembers exactly which (person_merges), so
 * the undo moves back those and only those still there: an enquiry that arrived after the merge
 * stays with the person it joined. Each moved enquiry gets a timeline line and a new version.
 * Merged, the two people's leads settle on one status, follow-up and counsellor (settle_people,
 * migration 010); undone, each keeps that state (the same for both, so neither shows two).
 */
import type { PoolClient } from '@neondatabase/serverless';
import { HttpError } from '../platform/http';
import { writeEvents } from './lead-steps';
import { settlePeople } from './person-pipeline';

/** The answer for a person id that names nobody. */
export const personNotFound = () => new HttpError(404, 'This person was not found.');

/** Moves the enquiries of person `from` to person `into` as `staffId`; the merge's id, the leads moved and how many `into` now has. */
export async function mergePeople(client: PoolClient, from: string, into: string, staffId: string) {
  // Both rows locked: two merges or an undo of the same people wait for each other.
  const { rows: people } = await client.query<{ id: string; merged_into: string | null }>(
    'select id::text, merged_into::text from people where id = any($1::bigint[]) order by id for update',
    [[from, into]],
  );
  if (people.length !== 2) throw personNotFound();
  if (people.some((p) => p.merged_into !== null)) {
    throw new HttpError(409, 'One of these people was already merged into another. Please reload the lead.');
  }
  // One person, one status: both people's leads first settle on one state (into's counsellor kept).
  await settlePeople(client, [from, into], into);
  const { rows: moved } = await client.query<{ id: string }>(
    `update leads set person_id = $2, touched_at = now(), updated_at = now(), version = version + 1
      where person_id = $1 returning id::text`,
    [from, into],
  );
  await client.query('update people set merged_into = $2 where id = $1', [from, into]);
  const ids = moved.map((m) => m.id);
  // The name the enquiries now go under (its earliest enquiry's), for a timeline line without ids.
  const { rows: named } = await client.query<{ name: string }>(
    'select name from leads where person_id = $1 and not (id = any($2::bigint[])) order by id limit 1',
    [into, ids],
  );
  const { rows } = await client.query<{ id: string }>(
    'insert into person_merges (from_person, into_person, lead_ids, merged_by) values ($1, $2, $3::bigint[], $4) returning id::text',
    [from, into, ids, staffId],
  );
  const merge = rows[0]!.id;
  await writeEvents(
    client,
    staffId,
    ids.map((lead) => ({ lead, kind: 'merged', detail: { merge, from, into, intoName: named[0]?.name } })),
  );
  const { rows: count } = await client.query<{ n: number }>('select count(*)::int as n from leads where person_id = $1', [into]);
  return { merge, leads: ids, enquiries: count[0]!.n };
}

/** Undoes merge `merge` as `staffId`: 404 unknown, 409 already undone; the leads moved back. */
export async function unmergePeople(client: PoolClient, merge: string, staffId: string) {
  const { rows } = await client.query<{ from: string; into: string; lead_ids: string[]; undone: boolean }>(
    `select from_person::text as "from", into_person::text as "into", lead_ids::text[], undone_at is not null as undone
       from person_merges where id = $1 for update`,
    [merge],
  );
  const found = rows[0];
  if (!found) throw new HttpError(404, 'This merge was not found.');
  if (found.undone) throw new HttpError(409, 'This merge was already undone.');
  const { rows: moved } = await client.query<{ id: string }>(
    `update leads set person_id = $2, touched_at = now(), updated_at = now(), version = version + 1
      where id = any($1::bigint[]) and person_id = $3 returning id::text`,
    [found.lead_ids, found.from, found.into],
  );
  await client.query('update people set merged_into = null where id = $1', [found.from]);
  await client.query('update person_merges set undone_at = now(), undone_by = $2 where id = $1', [merge, staffId]);
  const ids = moved.map((m) => m.id);
  await writeEvents(
    client,
    staffId,
    ids.map((lead) => ({ lead, kind: 'unmerged', detail: { merge, from: found.from, into: found.into } })),
  );
  return { from: found.from, into: found.into, leads: ids };
}
