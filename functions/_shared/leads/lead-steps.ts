/**
 * Moving leads along their pipeline (a NextStep: a status with what it needs), for one lead (its
 * page, a call outcome) and for many (bulk) alike: one UPDATE moves every lead whose current
 * status may move that way (NEXT_STATUSES) — and, for one lead, only at the version the change was
 * based on — and one INSERT writes a 'status' event per lead moved. Admitting (one lead only)
 * also creates the student record, linked both ways, and an 'admitted' event. A step of the
 * application pipeline also updates the applications row: the portal's reference when forwarded,
 * `closed_at` when approved or rejected (the retention period runs from there), and any link to
 * fix documents stops working (a new request makes its own: fix-request.ts). A rejection's reason
 * is kept in `lost_note`, the lead's "why it was closed".
 */
import type { PoolClient } from '@neondatabase/serverless';
import { isApplicationStatus, LEAD_STATUSES, NEXT_STATUSES, indiaToday, type LeadStatus, type NextStep } from '../../../src/lib/schemas/lead';
import { fieldErrors } from '../platform/http';
import { onePerPerson, samePipeline } from './person-pipeline';
import { statusLabel } from './lead-summary';
import { nameKey } from '../../../src/lib/transliterate';

/** The statuses a lead may be in to move to `to`. */
export const statusesMovingTo = (to: LeadStatus): LeadStatus[] => LEAD_STATUSES.filter((from) => NEXT_STATUSES[from].includes(to));

/** The 400 for a move the pipeline does not allow. */
export const refusedMove = (from: LeadStatus, to: LeadStatus) =>
  fieldErrors({ status: `A lead that is ${statusLabel(from)} cannot move to ${statusLabel(to)}.` });

/** Why a move the pipeline does not allow was skipped (bulk). */
export const refusedMoveReason = (from: LeadStatus, to: LeadStatus) => `A lead that is ${statusLabel(from)} cannot move to ${statusLabel(to)}.`;

/** A lead moved by `applyStep`. */
export interface Moved {
  id: string;
  reference: string;
  from: LeadStatus;
  /** The student record made (admission only). */
  studentId?: string;
}

/** What the 'status' event keeps of a step (the summary is made from it). */
export function stepDetail(step: NextStep): Record<string, unknown> {
  switch (step.status) {
    case 'contacted':
      return { to: step.status, followUp: step.followUp };
    case 'interested':
      return { to: step.status, visitOn: step.visitOn, followUp: step.followUp ?? step.visitOn };
    case 'lost':
      return { to: step.status, lostReason: step.lostReason, lostNote: step.lostNote ?? null };
    case 'documents-to-fix':
      return { to: step.status, slots: step.slots, note: step.note ?? null };
    case 'forwarded':
      return { to: step.status, portalReference: step.portalReference };
    case 'rejected':
      return { to: step.status, reason: step.reason };
    case 'admitted':
    case 'submitted':
    case 'verified':
    case 'approved':
      return { to: step.status };
  }
}

/**
 * Applies `step` to the leads `ids` that may move that way (and, with `version`, are still at
 * that version) and to their people's other enquiries, as `staffId`, and writes their events
 * (one per person). The caller has locked the people (lockPeopleOf). Returns the leads of `ids`
 * moved; the caller decides what a lead left out means (409 or 400 for one lead, skipped in bulk).
 */
export async function applyStep(client: PoolClient, ids: string[], step: NextStep, staffId: string, version: number | null = null): Promise<Moved[]> {
  const detail = stepDetail(step);
  const followUp = step.status === 'contacted' ? step.followUp : step.status === 'interested' ? (step.followUp ?? step.visitOn) : null;
  const visitOn = step.status === 'interested' ? step.visitOn : null;
  const lostReason = step.status === 'lost' ? step.lostReason : null;
  const lostNote = step.status === 'lost' ? (step.lostNote ?? null) : step.status === 'rejected' ? step.reason : null;
  // `o` is the row before this statement: its status is the move's `from`. A lost lead taken up
  // again forgets why it was lost; lost and admitted keep the day of a visit that was booked.
  // The person's other enquiries move with it (one status per person: person-pipeline.ts); the
  // version, when given, is the one lead's the change was based on.
  const { rows: all } = await client.query<Moved & { asked: boolean; person: string }>(
    `update leads l set status = $3, follow_up_on = $4::date,
            visit_on = case when $3 in ('lost', 'admitted') then l.visit_on else $5::date end,
            lost_reason = $6, lost_note = $7,
            touched_at = now(), updated_at = now(), version = l.version + 1
       from leads o
      where ${samePipeline(1)} and o.id = l.id and l.status = any($2::text[])
        and ($8::int is null or exists (select 1 from leads v where v.id = any($1::bigint[]) and v.version = $8))
     returning l.id::text as id, l.reference, o.status as "from", l.id = any($1::bigint[]) as asked, l.person_id::text as person`,
    [ids, statusesMovingTo(step.status), step.status, followUp, visitOn, lostReason, lostNote, version],
  );
  const rows: Moved[] = all.filter((r) => r.asked).map(({ id, reference, from }) => ({ id, reference, from }));
  if (rows.length === 0) return rows;

  if (step.status === 'admitted') {
    // Admitting is one lead at a time (the schemas refuse it in bulk).
    const lead = rows[0]!;
    const { student } = step;
    // The student record takes the language of the lead's page: its receipts' mails are in it.
    const created = await client.query<{ id: string }>(
      `insert into students (name, email, phone, course, registration_date, lead_id, name_latin, language, minor, guardian_consent_id)
       select $1, $2, $3, $4, $5, $6, $7, language, minor, guardian_consent_id from leads where id = $6 returning id::text`,
      [student.name, student.email, student.phone ?? null, student.course, indiaToday(), lead.id, nameKey(student.name)],
    );
    lead.studentId = created.rows[0]!.id;
    await client.query('update leads set student_id = $2 where id = $1', [lead.id, lead.studentId]);
  }

  if (isApplicationStatus(step.status)) {
    await client.query(
      `update applications set
          closed_at = case when $2 in ('approved', 'rejected') then now() else closed_at end,
          portal_reference = case when $2 = 'forwarded' then $3 else portal_reference end,
          fix_token_hash = null
        where lead_id = any($1::bigint[])`,
      [rows.map((r) => r.id), step.status, step.status === 'forwarded' ? step.portalReference : null],
    );
  }

  // One line per person: the timeline is the person's (two of their enquiries moved together say it once).
  const studentOf = (id: string) => rows.find((r) => r.id === id)?.studentId;
  const events = onePerPerson(all.filter((r) => r.asked)).flatMap((r) => [
    { lead: r.id, kind: 'status', detail: { from: r.from, ...detail } },
    // The student's name is kept with the line, so the timeline says whom it admitted without an id.
    ...(studentOf(r.id)
      ? [{ lead: r.id, kind: 'admitted', detail: { studentId: studentOf(r.id), student: step.status === 'admitted' ? step.student.name : undefined } }]
      : []),
  ]);
  await writeEvents(client, staffId, events);
  return rows;
}

/** One timeline line to write. */
export interface NewEvent {
  lead: string;
  kind: string;
  detail: Record<string, unknown>;
}

/** Writes `events` by `staffId` in one statement (in the order given). */
export async function writeEvents(client: PoolClient, staffId: string, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query(
    `insert into lead_events (lead_id, staff_id, kind, detail)
     select (e->>'lead')::bigint, $2, e->>'kind', e->'detail' from jsonb_array_elements($1::jsonb) with ordinality as x(e, n) order by n`,
    [JSON.stringify(events), staffId],
  );
}
