-- Practice tests (decision 052): a bilingual question bank per course and chapter, tests drawn from
-- it or fixed, opened to a batch for a window, and the students' attempts with the server's clock.
-- Marks are whole hundredths of a mark (100 = 1 mark, 25 = a quarter), so negative marking of a
-- quarter or a third of a mark adds up exactly.

-- A course's chapters: what a question belongs to and what a test draws from (the course's online
-- part; lessons come later on the same course).
create table course_chapters (
  id          bigserial primary key,
  course_id   bigint not null references courses (id) on delete cascade,
  title_en    text not null check (length(title_en) between 1 and 120),
  title_hi    text not null check (length(title_hi) between 1 and 120),
  position    integer not null default 0,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1
);
create unique index course_chapters_title_idx on course_chapters (course_id, lower(title_en));

-- A file of questions imported at once (a second upload of the same rows adds nothing).
create table question_imports (
  id          bigserial primary key,
  file_name   text not null check (length(file_name) between 1 and 200),
  file_hash   text not null unique,
  questions   integer not null,
  staff_id    uuid references staff (id) on delete set null,
  staff_name  text not null,
  created_at  timestamptz not null default now()
);

-- A question of the bank. Its words, options and answer are its versions: an edit adds a version,
-- and an attempt names the version it was given, so results stay as they were marked.
create table questions (
  id               bigserial primary key,
  course_id        bigint not null references courses (id) on delete restrict,
  chapter_id       bigint not null references course_chapters (id) on delete restrict,
  difficulty       text not null check (difficulty in ('easy', 'medium', 'hard')),
  current_version  integer not null default 1,
  -- Taken out of the bank: no new test draws it; attempts that had it keep it.
  archived_at      timestamptz,
  import_id        bigint references question_imports (id) on delete set null,
  -- Part of the demo set loaded on a fresh database (labelled as such wherever it is listed).
  sample           boolean not null default false,
  created_by       uuid references staff (id) on delete set null,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1
);
create index questions_chapter_idx on questions (chapter_id, difficulty) where archived_at is null;
create index questions_course_idx on questions (course_id, id);

create table question_versions (
  question_id     bigint not null references questions (id) on delete cascade,
  version         integer not null,
  text_en         text not null check (length(text_en) between 1 and 2000),
  text_hi         text not null check (length(text_hi) between 1 and 2000),
  -- [{"en": "…", "hi": "…"}], 2 to 6 options in the order written.
  options         jsonb not null check (jsonb_typeof(options) = 'array' and jsonb_array_length(options) between 2 and 6),
  -- The right option or options: positions in `options`, from 0.
  correct         smallint[] not null check (cardinality(correct) between 1 and 6),
  explanation_en  text not null default '',
  explanation_hi  text not null default '',
  -- Options shown in the order written ("All of the above"), not shuffled.
  keep_order      boolean not null default false,
  -- The storage key of its picture (checked by its bytes, as a course's picture is).
  picture         text,
  created_by      uuid references staff (id) on delete set null,
  created_at      timestamptz not null default now(),
  primary key (question_id, version)
);
-- Search in either script.
create index question_versions_text_idx on question_versions using gin ((lower(text_en || ' ' || text_hi)) gin_trgm_ops);

-- A test: drawn from chapters (each attempt its own draw and order) or a fixed paper.
create table practice_tests (
  id                  bigserial primary key,
  course_id           bigint not null references courses (id) on delete restrict,
  title_en            text not null check (length(title_en) between 1 and 120),
  title_hi            text not null check (length(title_hi) between 1 and 120),
  -- The ready-made pattern it was made from ('ccc-mock', 'rscit-final', 'chapter-test'), or 'custom'.
  pattern             text not null default 'custom' check (pattern in ('ccc-mock', 'rscit-final', 'chapter-test', 'custom')),
  kind                text not null check (kind in ('drawn', 'fixed')),
  duration_minutes    integer not null check (duration_minutes between 1 and 300),
  marks_per_question  integer not null check (marks_per_question between 1 and 10000),
  negative_marks      integer not null default 0 check (negative_marks between 0 and 10000),
  pass_marks          integer not null check (pass_marks >= 0),
  attempts_allowed    integer not null default 1 check (attempts_allowed between 1 and 50),
  show_answers        boolean not null default true,
  sample              boolean not null default false,
  archived_at         timestamptz,
  created_by          uuid references staff (id) on delete set null,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now(),
  version             integer not null default 1
);

-- What a drawn test takes: `count` questions of a chapter (of one difficulty, or any).
create table practice_test_draws (
  id          bigserial primary key,
  test_id     bigint not null references practice_tests (id) on delete cascade,
  chapter_id  bigint not null references course_chapters (id) on delete restrict,
  difficulty  text check (difficulty in ('easy', 'medium', 'hard')),
  count       integer not null check (count between 1 and 200)
);
create unique index practice_test_draws_rule_idx on practice_test_draws (test_id, chapter_id, coalesce(difficulty, 'any'));

-- A fixed paper's questions in order.
create table practice_test_questions (
  test_id      bigint not null references practice_tests (id) on delete cascade,
  position     integer not null check (position >= 1),
  question_id  bigint not null references questions (id) on delete restrict,
  primary key (test_id, position),
  unique (test_id, question_id)
);

-- A test opened to a batch for a window: its students may take it between opens_at and closes_at.
create table practice_test_openings (
  id               bigserial primary key,
  test_id          bigint not null references practice_tests (id) on delete restrict,
  batch_id         bigint not null references batches (id) on delete cascade,
  opens_at         timestamptz not null,
  closes_at        timestamptz not null,
  opened_by        uuid references staff (id) on delete set null,
  opened_by_name   text not null,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1,
  check (closes_at > opens_at)
);
create index practice_test_openings_batch_idx on practice_test_openings (batch_id, closes_at);
create index practice_test_openings_test_idx on practice_test_openings (test_id);

-- A student's attempt. The paper (which question versions, in which order, the options' order) and
-- the test's terms are fixed when it starts, and so is the deadline, by the server's clock.
create table practice_attempts (
  id               bigserial primary key,
  opening_id       bigint not null references practice_test_openings (id) on delete restrict,
  test_id          bigint not null references practice_tests (id) on delete restrict,
  student_id       bigint not null references students (id) on delete cascade,
  number           integer not null check (number >= 1),
  -- [{"q": question id, "v": version, "chapter": chapter id, "order": [option positions as shown]}]
  paper            jsonb not null,
  -- {"marks": 100, "negative": 0, "pass": 5000, "showAnswers": true} as the test had them.
  terms            jsonb not null,
  started_at       timestamptz not null default now(),
  deadline_at      timestamptz not null,
  -- Submitted by the student, or by the server at the deadline with the answers that had reached it.
  submitted_at     timestamptz,
  submitted_by     text check (submitted_by in ('student', 'deadline')),
  -- The marking (hundredths of a mark), set once at submission.
  score            integer,
  max_score        integer,
  passed           boolean,
  correct_count    integer,
  answered_count   integer,
  -- [{"chapter": id, "score": n, "max": n}]
  chapter_scores   jsonb,
  -- Answers the phone still held when the attempt was submitted at the deadline (they did not count).
  unsent_count     integer,
  unique (test_id, student_id, number),
  check ((submitted_at is null) = (submitted_by is null))
);
-- One attempt open at a time for a student.
create unique index practice_attempts_open_idx on practice_attempts (student_id) where submitted_at is null;
create index practice_attempts_opening_idx on practice_attempts (opening_id, student_id);
create index practice_attempts_deadline_idx on practice_attempts (deadline_at) where submitted_at is null;
create index practice_attempts_student_idx on practice_attempts (student_id, started_at desc);

-- An answer as last sent from the phone: the options chosen (positions in the question version's
-- options, not as shown), and whether the student marked it for review.
create table practice_answers (
  attempt_id   bigint not null references practice_attempts (id) on delete cascade,
  position     integer not null check (position >= 1),
  chosen       smallint[] not null default '{}',
  review       boolean not null default false,
  -- When the student chose it, by the phone's clock (only to keep the latest of two sends).
  answered_at  timestamptz not null,
  saved_at     timestamptz not null default now(),
  primary key (attempt_id, position)
);
