-- The staff side: staff accounts with a second factor, their sessions (an HttpOnly cookie names
-- one), invitations, the audit log, and the records staff keep: courses, job openings, students.

-- A member of staff. Separate from student accounts (users): a student's token never opens the
-- admin, and a staff account cannot be made by registering.
create table staff (
  id                  uuid primary key default gen_random_uuid(),
  name                text not null,
  email               text not null,
  -- scrypt hash (functions/_shared/auth/password.ts); null until an invitation is accepted.
  password_hash       text,
  password_changed_at timestamptz,
  -- The authenticator app's secret, sealed with AES-256-GCM (functions/_shared/platform/sealed.ts);
  -- null until enrolled. `totp_pending` is the secret shown during enrolment, not yet confirmed.
  totp_secret         text,
  totp_pending        text,
  -- The last time step accepted: a code of this step or an earlier one is a replay.
  totp_last_step      bigint,
  totp_enrolled_at    timestamptz,
  created_at          timestamptz not null default now(),
  created_by          uuid references staff (id),
  -- A disabled account never signs in, and its sessions ended when it was disabled.
  disabled_at         timestamptz,
  disabled_by         uuid references staff (id)
);
create unique index staff_email_key on staff (lower(email));

-- Single-use recovery codes (10 per enrolment), stored as keyed hashes.
create table staff_recovery_codes (
  staff_id  uuid not null references staff (id) on delete cascade,
  code_hash text not null,
  used_at   timestamptz,
  primary key (staff_id, code_hash)
);

-- A signed-in browser. The cookie carries a random token; only its SHA-256 is kept here.
-- `second_factor_at` is null while the session waits for the authenticator code: such a session
-- may do nothing but complete the second factor (and lasts minutes).
create table staff_sessions (
  id               uuid primary key default gen_random_uuid(),
  token_hash       text not null unique,
  staff_id         uuid not null references staff (id) on delete cascade,
  created_at       timestamptz not null default now(),
  last_seen_at     timestamptz not null default now(),
  -- The absolute end; the idle end is last_seen_at + the idle timeout (staff.ts).
  expires_at       timestamptz not null,
  second_factor_at timestamptz,
  revoked_at       timestamptz,
  -- Where the session began (truncated as in the security log) and the browser, for the list
  -- of sessions staff see.
  client           text,
  user_agent       text
);
create index staff_sessions_staff_idx on staff_sessions (staff_id) where revoked_at is null;
create index staff_sessions_expires_at_idx on staff_sessions (expires_at);

-- An invitation to set a password, e-mailed to a new colleague. Only the token's hash is kept.
create table staff_invitations (
  token_hash text primary key,
  staff_id   uuid not null references staff (id) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid references staff (id),
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index staff_invitations_staff_idx on staff_invitations (staff_id);

-- Every change staff make and every view of personal data: who, when, what, which record, from
-- where (the client address truncated as in the security log). Kept 400 days (housekeeping).
create table audit_log (
  id        bigserial primary key,
  at        timestamptz not null default now(),
  staff_id  uuid references staff (id),
  action    text not null,
  entity    text,
  entity_id text,
  client    text,
  detail    jsonb
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_entity_idx on audit_log (entity, entity_id, at desc);
create index audit_log_staff_idx on audit_log (staff_id, at desc);

-- Courses staff publish (/course-list, /course/{id}); the prospectus of /coursePage stays in content/.
-- `version` rises with every edit: an edit based on an older version lost a race (409).
create table courses (
  id          bigserial primary key,
  title       text not null,
  category    text not null,
  price       integer not null check (price >= 0),
  duration    text not null,
  description text not null,
  image       text not null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1
);

-- Job openings of /jobs.
create table jobs (
  id            bigserial primary key,
  role          text not null,
  company       text not null,
  location      text not null,
  type          text not null default 'Full-Time' check (type in ('Full-Time', 'Part-Time', 'Internship')),
  experience    text not null,
  qualification text not null,
  salary        text not null,
  candidate     text not null,
  post          text not null,
  apply_link    text not null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  version       integer not null default 1
);

-- Students of the institute, as staff register them (the leads inbox will admit leads into it).
create table students (
  id                bigserial primary key,
  name              text not null,
  email             text not null,
  phone             text,
  course            text not null,
  registration_date date not null default current_date,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1
);
create index students_name_idx on students (lower(name), id);

-- Who added an announcement (the audit log has the rest).
alter table marquee_messages add column created_by uuid references staff (id) on delete set null;

-- The dashboard's "registrations in the last 7 days" and the users list page by creation time.
create index users_created_at_idx on users (created_at desc, id desc);
