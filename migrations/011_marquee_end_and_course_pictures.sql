-- An announcement may end: it is shown until the end of its last day in India (ends_on, inclusive),
-- then no longer; staff still see it in the admin, marked as ended, until they delete it.
alter table marquee_messages add column ends_on date;

-- Course pictures staff upload (the course's `image` then names /api/course-pictures/{id}). The
-- browser posts the file straight to storage under `posted_key`, with a policy made for this row;
-- the server reads it, re-encodes it at a web size, keeps that under `key` (no policy names it)
-- and deletes the posted object. Rows never checked, or checked and used by no course, are removed
-- by housekeeping with their objects.
create table course_pictures (
  id          uuid primary key,
  posted_key  text not null,
  key         text,
  width       int,
  height      int,
  created_by  uuid references staff (id) on delete set null,
  created_at  timestamptz not null default now(),
  checked_at  timestamptz
);
