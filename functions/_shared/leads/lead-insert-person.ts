/**
 * What a new lead takes from its person (lead-insert.ts; one status per person:
 * person-pipeline.ts), as common table expressions of the insert's statement, after `ref` and
 * `known` (the person matched, if any) and before `lead`:
 * - `held`: a known person's enquiry pipeline (status, follow-up, visit day, lost reason), which
 *   a new enquiry takes instead of New (an application form's lead keeps its own pipeline);
 * - `holder`: a known person's assigned member of staff, whom every new lead of theirs keeps;
 * - `turn`: for a new person, when automatic assignment is on ('auto-assign' in
 *   institute_settings is {"enabled": true}), the next active counsellor after the one the last
 *   lead went to (by when their accounts were made), written to the one assign_turn row in this
 *   same statement: leads stored at the same moment wait for that row and each gets the next.
 * And, after `lead`, `auto_assigned`: the timeline line of an assignment in turn.
 * `$4` is the lead's kind.
 */
import { ENQUIRY_KINDS_SQL } from './person-pipeline';

/** An active counsellor `c`: an account that can sign in, not disabled. */
const ACTIVE_COUNSELLOR = `c.role = 'counsellor' and c.disabled_at is null and c.password_hash is not null`;

/** `held`, `holder` and `turn` (see above). */
export const PERSON_CTES = `held as (
       select l.status, l.follow_up_on, l.visit_on, l.lost_reason, l.lost_note from leads l
        where l.person_id = (select person_id from known) and l.kind in ${ENQUIRY_KINDS_SQL} and $4 in ${ENQUIRY_KINDS_SQL}
        order by l.id desc limit 1
     ), holder as (
       select l.assigned_to from leads l
        where l.person_id = (select person_id from known) and l.assigned_to is not null
        order by l.id desc limit 1
     ), turn as (
       update assign_turn t set updated_at = now(), last_staff = (
           select c.id from staff c left join staff p on p.id = t.last_staff
            where ${ACTIVE_COUNSELLOR}
            order by ((c.created_at, c.id) <= (p.created_at, p.id)) is true, c.created_at, c.id
            limit 1)
        where exists (select 1 from ref) and not exists (select 1 from known)
          and exists (select 1 from institute_settings where key = 'auto-assign' and value @> '{"enabled": true}')
          and exists (select 1 from staff c where ${ACTIVE_COUNSELLOR})
       returning last_staff
     )`;

/** The columns a new lead takes from its person, and their values (in `lead`'s select). */
export const PERSON_COLUMNS = {
  names: 'follow_up_on, visit_on, lost_reason, lost_note, assigned_to',
  /** `minor`: an SQL boolean; a minor's lead takes no follow-up day (no marketing follow-ups of a child). */
  values: (
    minor: string,
  ) => `case when ${minor} then null else (select follow_up_on from held) end, (select visit_on from held), (select lost_reason from held), (select lost_note from held),
              coalesce((select assigned_to from holder), (select last_staff from turn))`,
  /** A new enquiry's status when its form gives none: the person's, else New. */
  status: (given: string) => `coalesce(${given}, (select status from held), 'new')`,
};

/** `auto_assigned`: the timeline line of a new lead assigned in turn (by nobody: the system). */
export const AUTO_ASSIGNED_CTE = `auto_assigned as (
       insert into lead_events (lead_id, kind, detail)
       select lead.id, 'assigned', jsonb_build_object('from', null, 'to', jsonb_build_object('_id', s.id::text, 'name', s.name), 'auto', true)
         from lead, turn join staff s on s.id = turn.last_staff
     )`;
