-- The leads inbox: every enquiry belongs to a person (one per mobile number or e-mail address),
-- moves through a pipeline with a follow-up date and an assigned member of staff, and keeps a
-- timeline; where the visit came from is recorded with it. Staff merge people the rule missed,
-- and can undo a merge.

-- Trigram indexes let "contains" searches (a part of a name, phone or e-mail) use an index.
create extension if not exists pg_trgm;

-- A person who enquired. Their enquiries point here; `merged_into` is set when staff merged this
-- person into another (the enquiries moved there), so an old address still finds them.
create table people (
  id          bigserial primary key,
  created_at  timestamptz not null default now(),
  merged_into bigint references people (id)
);

-- The form a lead came from ('apply-form', 'home', 'contact-page'); `source` now means where the
-- visit came from (below), so the old name would mislead.
alter table leads rename column source to form;

alter table leads
  -- The mobile number's 10 digits and the lower-cased e-mail: what "the same person" is matched on.
  add column phone_norm     text,
  add column email_norm     text,
  add column person_id      bigint references people (id),
  -- The pipeline: new → contacted → interested (visit booked) → admitted, or lost with a reason.
  add column status         text not null default 'new'
    check (status in ('new', 'contacted', 'interested', 'admitted', 'lost')),
  add column lost_reason    text,
  add column lost_note      text,
  -- The day of the booked visit (interested).
  add column visit_on       date,
  -- The next follow-up, a day in India time; null once closed (admitted or lost).
  add column follow_up_on   date,
  add column assigned_to    uuid references staff (id) on delete set null,
  -- Rises with every change staff make: a change based on an older version lost a race (409).
  add column version        integer not null default 1,
  add column updated_at     timestamptz not null default now(),
  -- The last time staff did anything with this lead; null: nobody has touched it yet.
  add column touched_at     timestamptz,
  -- Where the visit came from (sent by the form, bounded; see src/lib/schemas/attribution.ts):
  -- UTM parameters, the referring site (its host only) and the first page of the visit.
  add column utm_source     text,
  add column utm_medium     text,
  add column utm_campaign   text,
  add column utm_term       text,
  add column utm_content    text,
  add column referrer       text,
  add column landing_page   text,
  -- The source staff filter and count by, derived once when stored: the UTM source, else the
  -- referring site's name (google, facebook, …), else 'direct'.
  add column channel        text not null default 'direct',
  -- Set when the lead was admitted: the student record made from it.
  add column student_id     bigint references students (id) on delete set null;

-- The student made from a lead (linked both ways).
alter table students add column lead_id bigint references leads (id) on delete set null;

-- Existing leads: normalise, then one person per mobile number.
update leads set
  phone_norm = right(regexp_replace(phone, '\D', '', 'g'), 10),
  email_norm = lower(nullif(btrim(email), ''));
insert into people (id, created_at) select id, created_at from leads;
update leads l set person_id = m.first
  from (select id, min(id) over (partition by phone_norm) as first from leads) m
 where m.id = l.id;
delete from people p where not exists (select 1 from leads l where l.person_id = p.id);
select setval('people_id_seq', greatest((select max(id) from people), 1), (select max(id) from people) is not null);
alter table leads alter column person_id set not null, alter column phone_norm set not null;

-- What happened to a lead, for its timeline: notes, calls and messages with their outcome,
-- status changes, assignments, follow-up changes, merges. (Received and notified come from the
-- lead and its outbox row.)
create table lead_events (
  id         bigserial primary key,
  lead_id    bigint not null references leads (id) on delete cascade,
  at         timestamptz not null default now(),
  staff_id   uuid references staff (id) on delete set null,
  kind       text not null check (kind in ('note', 'contact', 'status', 'assigned', 'follow-up', 'merged', 'unmerged', 'admitted', 'notification')),
  detail     jsonb not null default '{}'
);
create index lead_events_lead_idx on lead_events (lead_id, at, id);

-- A merge staff made: which enquiries moved from one person to another, so it can be undone
-- exactly (an enquiry that arrived after the merge stays where it is).
create table person_merges (
  id           bigserial primary key,
  from_person  bigint not null references people (id),
  into_person  bigint not null references people (id),
  lead_ids     bigint[] not null,
  merged_at    timestamptz not null default now(),
  merged_by    uuid references staff (id) on delete set null,
  undone_at    timestamptz,
  undone_by    uuid references staff (id) on delete set null
);
create index person_merges_into_idx on person_merges (into_person) where undone_at is null;
create index person_merges_from_idx on person_merges (from_person) where undone_at is null;

-- The list's filters and sorts, and the person match.
create index leads_person_idx on leads (person_id, id);
create index leads_phone_norm_idx on leads (phone_norm);
create index leads_email_norm_idx on leads (email_norm) where email_norm is not null;
create index leads_status_created_idx on leads (status, created_at desc, id desc);
create index leads_kind_created_idx on leads (kind, created_at desc, id desc);
create index leads_channel_created_idx on leads (channel, created_at desc, id desc);
create index leads_course_created_idx on leads (course, created_at desc, id desc) where course is not null;
create index leads_follow_up_idx on leads (follow_up_on, id) where follow_up_on is not null;
create index leads_assigned_follow_up_idx on leads (assigned_to, follow_up_on, id);
create index leads_untouched_idx on leads (created_at, id) where touched_at is null;
create index leads_created_idx on leads (created_at desc, id desc);
create index leads_name_order_idx on leads (lower(name), id);
create index leads_name_trgm_idx on leads using gin (lower(name) gin_trgm_ops);
create index leads_phone_trgm_idx on leads using gin (phone_norm gin_trgm_ops);
create index leads_email_trgm_idx on leads using gin (email_norm gin_trgm_ops);
drop index if exists leads_created_at_idx;

-- Mail to a member of staff (the daily follow-ups): kind 'staff' with its own recipient. A
-- notification that failed for good can be retried or dismissed from the Today screen.
alter table mail_outbox drop constraint mail_outbox_kind_check;
alter table mail_outbox drop constraint mail_outbox_check1;
alter table mail_outbox
  add constraint mail_outbox_kind_check check (kind in ('lead', 'alert', 'staff')),
  add constraint mail_outbox_content_check check (kind = 'lead' or (subject is not null and body is not null)),
  add column recipient    text,
  add column staff_id     uuid references staff (id) on delete cascade,
  add column digest_on    date,
  add column dismissed_at timestamptz,
  add column dismissed_by uuid references staff (id) on delete set null,
  add constraint mail_outbox_recipient_check check ((kind = 'staff') = (recipient is not null));
-- One follow-ups mail per member of staff per day, however often the schedule fires.
create unique index mail_outbox_digest_key on mail_outbox (staff_id, digest_on) where kind = 'staff';
create index mail_outbox_failed_idx on mail_outbox (failed_at desc) where failed_at is not null and dismissed_at is null;
