/**
 * One person, one status (docs/decisions/021-one-status-per-person.md): the enquiry pipeline
 * (status, lost reason, visit day) and the follow-up are the person's, shared by all their
 * enquiries (kinds 'application' and 'contact'); the assigned member of staff is the person's,
 * shared by all their leads (an application form's too). The columns stay on `leads`, and every
 * change writes them for all of the person's leads in one statement, after the person's row is
 * locked (lockPeopleOf), so two changes to one person never interleave. An application form's
 * own pipeline (Submitted → … → Approved) stays its own: each application is a piece of work.
 */
import type { PoolClient } from '@neondatabase/serverless';

/** The kinds of lead that follow the enquiry pipeline, as an SQL list. */
export const ENQUIRY_KINDS_SQL = `('application', 'contact')`;

/**
 * The leads that share `leads l`'s pipeline with one of the leads `$n` (an array of ids): the
 * leads themselves and, for an enquiry, the person's other enquiries.
 */
export const samePipeline = (n: number) =>
  `(l.id = any($${n}::bigint[]) or (l.kind in ${ENQUIRY_KINDS_SQL} and l.person_id in (
     select a.person_id from leads a where a.id = any($${n}::bigint[]) and a.kind in ${ENQUIRY_KINDS_SQL})))`;

/** The leads that share `leads l`'s assigned member of staff with one of the leads `$n`: every lead of their people. */
export const samePerson = (n: number) => `l.person_id in (select a.person_id from leads a where a.id = any($${n}::bigint[]))`;

/**
 * Locks the people of the leads `ids` (in id order, as a merge does, so that neither waits for
 * the other in a circle) until the transaction ends. A merge that moved a lead meanwhile is
 * followed to its new person.
 */
export async function lockPeopleOf(client: PoolClient, ids: string[]): Promise<void> {
  for (let tries = 0; tries < 3; tries += 1) {
    const { rows } = await client.query<{ id: string }>(
      `select id::text from people where id in (select person_id from leads where id = any($1::bigint[])) order by id for update`,
      [ids],
    );
    // A merge that committed while this waited moved the leads: lock their new people too.
    const { rows: now } = await client.query<{ n: number }>(
      `select count(*)::int as n from leads where id = any($1::bigint[]) and person_id <> all($2::bigint[])`,
      [ids, rows.map((r) => r.id)],
    );
    if (now[0]!.n === 0) return;
  }
}

/**
 * Brings the leads of `persons` to one state (the database's settle_people, migration 010):
 * admitted if any enquiry was, else the most advanced open status with the earliest follow-up,
 * else lost; the assigned member of staff preferably `prefer`'s.
 */
export async function settlePeople(client: PoolClient, persons: string[], prefer: string): Promise<void> {
  await client.query('select settle_people($1::bigint[], $2::bigint)', [persons, prefer]);
}

/** One entry per person of `rows` (the first), for timeline lines written once per person. */
export function onePerPerson<T extends { person: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.person) && seen.add(r.person));
}
