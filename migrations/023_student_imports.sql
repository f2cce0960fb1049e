-- Students imported from the office's own spreadsheet (.xlsx or CSV): one row per file imported,
-- all of its students or none. `file_hash` is the SHA-256 of the file's rows as read (the same rows
-- in the same order are the same file, whatever the workbook's name or its bytes after a save in
-- Excel): a second import of it is refused, so nobody is added twice.
create table student_imports (
  id          bigserial primary key,
  file_name   text not null,
  file_hash   text not null unique,
  students    integer not null check (students > 0),
  staff_id    uuid references staff (id) on delete set null,
  staff_name  text not null,
  created_at  timestamptz not null default now()
);

-- Which import a student came from (none: added on the form or admitted from a lead).
alter table students add column import_id bigint references student_imports (id) on delete set null;
create index students_import_idx on students (import_id) where import_id is not null;

-- A student found by the ten digits of their mobile number, however it was stored (+91…, 0…,
-- with spaces): the import's duplicate check reads 2,000 numbers at once through it.
create index students_mobile_digits_idx on students (right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 10));
