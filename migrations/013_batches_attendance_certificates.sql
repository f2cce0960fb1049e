-- The office's classes: batches of a course with their timetable and roster, the attendance taken
-- in each class, and the certificates the institute issues (which anyone can verify by number).

-- A student's guardian (open-board 10th students are 14: the family is who hears of an absence),
-- and the student's website account, linked by staff where the e-mail addresses differ (a student
-- whose verified account has the record's e-mail address is matched without a link).
alter table students add column guardian_name text;
alter table students add column guardian_phone text;
alter table students add column user_id uuid references users (id) on delete set null;
create index students_user_idx on students (user_id) where user_id is not null;
create index students_email_idx on students (lower(email));

-- A batch: a course taught to a group on set days and times, in a room, by a teacher.
-- `days` are ISO weekdays, 1 (Monday) to 7 (Sunday); times are India's wall clock.
create table batches (
  id          bigserial primary key,
  course_id   bigint not null references courses (id) on delete restrict,
  name        text not null,
  starts_on   date not null,
  ends_on     date not null,
  days        smallint[] not null check (cardinality(days) between 1 and 7 and days <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  starts_at   time not null,
  ends_at     time not null,
  room        text not null,
  teacher_id  uuid references staff (id) on delete set null,
  seats       integer not null check (seats between 1 and 500),
  status      text not null default 'planned' check (status in ('planned', 'running', 'completed')),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1,
  check (ends_on >= starts_on),
  check (ends_at > starts_at)
);
create unique index batches_name_key on batches (lower(name));
create index batches_course_idx on batches (course_id);
create index batches_teacher_idx on batches (teacher_id);

-- A student's place in a batch. Removing a student deletes this row only: the attendance taken
-- while they were in the batch stays with the batch (attendance does not reference this row).
-- Moving a student marks the old place 'left' and adds one in the new batch.
create table batch_students (
  batch_id          bigint not null references batches (id) on delete cascade,
  student_id        bigint not null references students (id) on delete cascade,
  status            text not null default 'active' check (status in ('active', 'completed', 'left')),
  -- India's days.
  joined_on         date not null default ((now() at time zone 'Asia/Kolkata')::date),
  status_changed_on date,
  created_at        timestamptz not null default now(),
  primary key (batch_id, student_id)
);
create index batch_students_student_idx on batch_students (student_id);

-- A class that was held and its register saved (one row per batch and India day). Its presence
-- is what "attendance taken" means; `version` makes a correction from a stale screen a conflict.
create table class_days (
  batch_id  bigint not null references batches (id) on delete restrict,
  day       date not null,
  saved_by  uuid references staff (id) on delete set null,
  saved_at  timestamptz not null default now(),
  version   integer not null default 1,
  primary key (batch_id, day)
);

-- One student's mark in one class. A batch with attendance cannot be deleted (restrict): its
-- history is the institute's record; a student's deletion takes their marks with them.
create table attendance (
  batch_id   bigint not null references batches (id) on delete restrict,
  student_id bigint not null references students (id) on delete cascade,
  day        date not null,
  mark       text not null check (mark in ('present', 'absent', 'late', 'leave')),
  -- Why, for leave (and optionally lateness).
  reason     text,
  marked_by  uuid references staff (id) on delete set null,
  marked_at  timestamptz not null default now(),
  primary key (batch_id, day, student_id),
  foreign key (batch_id, day) references class_days (batch_id, day) on delete cascade
);
create index attendance_student_idx on attendance (student_id, day);

-- Certificates the institute issued. What the certificate says is kept on it (the student's name,
-- the course, the batch's dates) so it reads the same after the records change; a student's or
-- batch's deletion leaves it verifiable. `number` is random (PCI-2027-7F3K9Q), never a sequence.
create table certificates (
  id             bigserial primary key,
  number         text not null,
  student_id     bigint references students (id) on delete set null,
  batch_id       bigint references batches (id) on delete set null,
  student_name   text not null,
  course         text not null,
  starts_on      date not null,
  ends_on        date not null,
  grade          text,
  marks          text,
  issued_on      date not null,
  issued_by      uuid references staff (id) on delete set null,
  created_at     timestamptz not null default now(),
  revoked_at     timestamptz,
  revoked_reason text,
  revoked_by     uuid references staff (id) on delete set null,
  check ((revoked_at is null) = (revoked_reason is null))
);
create unique index certificates_number_key on certificates (upper(number));
-- One valid certificate per student and batch (a revoked one may be issued again).
create unique index certificates_student_batch_key on certificates (student_id, batch_id) where revoked_at is null;
create index certificates_student_idx on certificates (student_id);
