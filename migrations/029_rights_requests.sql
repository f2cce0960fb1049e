-- People's rights over their data (DPDP Act 2023 ss.11–13, Rules 2025 r.14; decision 053): the
-- requests people make (a copy, a correction, an erasure, a consent withdrawn) and the log of
-- erasures done, by staff's answer or by the retention schedule's housekeeping.

create table rights_requests (
  id               bigserial primary key,
  -- DR-YYYY-NNNNN from reference_counters (prefix 'DR', India's year).
  reference        text not null unique,
  kind             text not null check (kind in ('copy', 'correction', 'erasure', 'withdraw')),
  -- Who asked: a signed-in account, or someone without one (name and phone given).
  user_id          uuid references users (id) on delete set null,
  person_id        bigint references people (id) on delete set null,
  student_id       bigint references students (id) on delete set null,
  name             text,
  phone            text,
  email            text,
  -- A reference the person gave to find their records (AP-…, a receipt's number).
  given_reference  text,
  details          text,
  language         text not null default 'en' check (language in ('en', 'hi')),
  received_at      timestamptz not null default now(),
  -- The last India day to answer (received day + RIGHTS_ANSWER_DAYS).
  answer_by        date not null,
  status           text not null default 'open' check (status in ('open', 'done', 'declined')),
  answered_at      timestamptz,
  answered_by      uuid references staff (id) on delete set null,
  answered_by_name text,
  answer           text,
  -- What the law keeps through an erasure and why: [{ what, count, why }].
  kept             jsonb,
  idempotency_key  uuid unique,
  check ((status = 'open') = (answered_at is null))
);
create index rights_requests_open_idx on rights_requests (answer_by, id) where status = 'open';
create index rights_requests_user_idx on rights_requests (user_id) where user_id is not null;
create index rights_requests_answered_idx on rights_requests (answered_at) where answered_at is not null;

-- Each erasure: when, why, by whom, how many rows of each table and objects of storage. Never a
-- value of the person (the log proves the erasure without undoing it).
create table erasures (
  id          bigserial primary key,
  at          timestamptz not null default now(),
  reason      text not null check (reason in ('request', 'retention')),
  request_id  bigint references rights_requests (id) on delete set null,
  staff_id    uuid references staff (id) on delete set null,
  counts      jsonb not null default '{}'
);
create index erasures_at_idx on erasures (at desc);

-- What an erasure leaves of a lead or a student record: the row (the figures of the enquiries and
-- the ledger behind issued receipts) named "Erased", with when.
alter table leads add column erased_at timestamptz;
alter table students add column erased_at timestamptz;

-- Documents and deletion-log lines of an erasure ('no-consent' is the guardian holds' reason).
alter table uploads drop constraint if exists uploads_delete_reason_check;
alter table uploads add constraint uploads_delete_reason_check
  check (delete_reason in ('refused', 'orphan', 'replaced', 'retention', 'erasure', 'no-consent'));
alter table deletion_log drop constraint if exists deletion_log_reason_check;
alter table deletion_log add constraint deletion_log_reason_check
  check (reason in ('refused', 'orphan', 'replaced', 'retention', 'erasure', 'no-consent'));

-- When an account last signed in (the retention schedule deletes an account unused for 3 years
-- with no student record). Sessions are swept 30 days after they end, so they cannot tell.
alter table users add column last_signed_in_at timestamptz;
update users u set last_signed_in_at = greatest(u.created_at, (select max(s.created_at) from user_sessions s where s.user_id = u.id));
create index users_last_signed_in_idx on users (coalesce(last_signed_in_at, created_at));
