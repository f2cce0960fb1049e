-- One person, one status (docs/decisions/021-one-status-per-person.md). The enquiry pipeline
-- (status, lost reason, visit day), the follow-up and the assigned member of staff belong to the
-- person: every enquiry of a person (kind 'application' or 'contact') carries the same pipeline,
-- and every lead of a person, an application form's too, the same assigned member of staff. The
-- columns stay on `leads` (the inbox lists, filters and exports enquiries); the functions write
-- them for all of a person's leads at once (functions/_shared/leads/person-pipeline.ts).

-- The state a person's leads settle on when they come together (the people of a merge, and once
-- here for the leads stored before): admitted when any enquiry was admitted; else the most
-- advanced open status (interested, contacted, new) with the earliest follow-up of the open ones;
-- else lost, with the reason of the latest loss. The visit day is the latest of the enquiries in
-- the chosen status. The assigned member of staff is that of `prefer`'s latest changed lead with
-- one, else of any lead's. Only leads whose values change get a new version.
create function settle_people(persons bigint[], prefer bigint) returns void language sql as $$
  with enquiries as (
    select * from leads where person_id = any(persons) and kind in ('application', 'contact')
  ), chosen as (
    select case
             when bool_or(status = 'admitted') then 'admitted'
             when bool_or(status in ('new', 'contacted', 'interested'))
               then (array['new', 'contacted', 'interested'])[max(array_position(array['new', 'contacted', 'interested'], status))]
             else 'lost'
           end as status
      from enquiries
    having count(*) > 0
  ), state as (
    select c.status,
           case when c.status in ('new', 'contacted', 'interested')
             then (select min(e.follow_up_on) from enquiries e where e.status in ('new', 'contacted', 'interested')) end as follow_up_on,
           (select max(e.visit_on) from enquiries e where e.status = c.status) as visit_on,
           (select e.lost_reason from enquiries e where c.status = 'lost' and e.status = 'lost' order by e.updated_at desc, e.id desc limit 1) as lost_reason,
           (select e.lost_note from enquiries e where c.status = 'lost' and e.status = 'lost' order by e.updated_at desc, e.id desc limit 1) as lost_note
      from chosen c
  ), holder as (
    select assigned_to from leads
     where person_id = any(persons) and assigned_to is not null
     order by person_id = prefer desc, updated_at desc, id desc limit 1
  ), target as (
    select l.id,
           case when l.kind in ('application', 'contact') then s.status else l.status end as status,
           case when l.kind in ('application', 'contact') then s.follow_up_on else l.follow_up_on end as follow_up_on,
           case when l.kind in ('application', 'contact') then s.visit_on else l.visit_on end as visit_on,
           case when l.kind in ('application', 'contact') then s.lost_reason else l.lost_reason end as lost_reason,
           case when l.kind in ('application', 'contact') then s.lost_note else l.lost_note end as lost_note,
           (select assigned_to from holder) as assigned_to
      from leads l left join state s on true
     where l.person_id = any(persons)
  )
  update leads l
     set status = t.status, follow_up_on = t.follow_up_on, visit_on = t.visit_on, lost_reason = t.lost_reason,
         lost_note = t.lost_note, assigned_to = t.assigned_to, updated_at = now(), version = l.version + 1
    from target t
   where t.id = l.id
     and (l.status, l.follow_up_on, l.visit_on, l.lost_reason, l.lost_note, l.assigned_to)
         is distinct from (t.status, t.follow_up_on, t.visit_on, t.lost_reason, t.lost_note, t.assigned_to)
$$;

-- The leads stored before: each person's settle on one state.
select settle_people(array[p.id], p.id) from people p where p.merged_into is null;

-- Whose turn it is when leads are assigned automatically ('auto-assign' in institute_settings):
-- one row, updated in the statement that stores a new person's lead, so leads stored at the same
-- moment wait for each other and each goes to the next active counsellor.
create table assign_turn (
  id         boolean primary key default true check (id),
  -- The counsellor the last lead went to (null: start from the first).
  last_staff uuid references staff (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into assign_turn default values;

-- Today's "Assigned to you": the leads nobody has acted on yet, by the member of staff assigned.
create index leads_assigned_untouched_idx on leads (assigned_to, created_at, id) where touched_at is null;
