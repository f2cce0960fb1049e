-- Names searchable across scripts: beside each lead's and student's name, its Latin key
-- (src/lib/transliterate.ts: शर्मा and "Sharma" both give "sharma"), which the searches compare
-- with the key of what staff typed. The key is made in JavaScript, which Postgres cannot run, so
-- this migration only adds the columns: the code that writes a name writes its key too, and the
-- rows written before are keyed by the housekeeping run (every 10 minutes, a batch at a time,
-- functions/_shared/records/name-keys.ts) — null means "not keyed yet".
alter table leads add column name_latin text;
alter table students add column name_latin text;

-- Searched with `like '%…%'`, as lower(name) is (migration 006).
create index leads_name_latin_trgm_idx on leads using gin (name_latin gin_trgm_ops);
create index students_name_latin_trgm_idx on students using gin (name_latin gin_trgm_ops);
-- The rows housekeeping still has to key.
create index leads_name_latin_missing_idx on leads (id) where name_latin is null;
create index students_name_latin_missing_idx on students (id) where name_latin is null;

-- The last day a job opening takes applications (India's calendar), which /jobs gives search
-- engines as the JobPosting's validThrough. Openings already published get 30 days from today,
-- as a new one does when staff leave the day out (src/lib/schemas/job.ts).
alter table jobs add column closes_on date not null default ((now() at time zone 'Asia/Kolkata')::date + 30);
