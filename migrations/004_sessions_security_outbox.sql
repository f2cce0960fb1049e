-- Sessions that end on the server, password resets, security events, the mail outbox, and
-- idempotency kept on the lead itself (so a new lead is one statement).

-- A signed-in device. The token carries the session id (`jti`); a token whose session is
-- revoked or expired is refused, whatever its signature says.
create table user_sessions (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users (id) on delete cascade,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  revoked_at  timestamptz
);
create index user_sessions_user_idx on user_sessions (user_id) where revoked_at is null;
create index user_sessions_expires_at_idx on user_sessions (expires_at);

alter table users add column password_changed_at timestamptz;

-- One-time codes now serve two purposes: confirming a registration and resetting a password.
alter table otp_challenges add column purpose text not null default 'register'
  check (purpose in ('register', 'password-reset'));

-- What happened to whom, for staff and for the record: failed logins, lockouts, refusals (429),
-- password resets and changes, logouts of every device. Never a password, a code, an e-mail
-- address or a phone number; the client address is truncated (/24 for IPv4, /48 for IPv6).
create table security_events (
  id         bigserial primary key,
  at         timestamptz not null default now(),
  kind       text not null,
  user_id    uuid,
  client     text,
  detail     jsonb
);
create index security_events_at_idx on security_events (at desc);
create index security_events_user_idx on security_events (user_id, at desc) where user_id is not null;

-- Mail waiting to go out. A lead's notification is written in the same statement as the lead
-- and sent after the answer; a send that failed or was interrupted is retried by the scheduled
-- housekeeping with a growing delay, and one that keeps failing is marked failed (for staff).
-- `locked_until` is a lease: while it runs, no other sender takes the row.
create table mail_outbox (
  id              bigserial primary key,
  kind            text not null check (kind in ('lead', 'alert')),
  -- kind 'lead': the lead whose summary goes to the institute (rendered when sent).
  lead_id         bigint references leads (id),
  -- kind 'alert': a fixed message for the institute.
  subject         text,
  body            text,
  created_at      timestamptz not null default now(),
  attempts        int not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until    timestamptz,
  sent_at         timestamptz,
  failed_at       timestamptz,
  last_error      text,
  check ((kind = 'lead') = (lead_id is not null)),
  check (kind = 'lead' or (subject is not null and body is not null))
);
create unique index mail_outbox_lead_key on mail_outbox (lead_id) where kind = 'lead';
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;

-- A form's Idempotency-Key is kept with the lead it created: a retry finds the lead, and the
-- same key with a different body is refused. (Replaces the separate idempotency_keys table.)
alter table leads add column idempotency_key uuid, add column request_hash text;
create unique index leads_idempotency_key on leads (idempotency_key);
drop table idempotency_keys;

-- Each counted limit keeps its window length, so several limits are counted in one statement.
alter table rate_limits add column window_seconds int;

-- A notice the institute gets once per period (e.g. the hourly ceiling of code e-mails reached).
create table notices_sent (
  key     text primary key,
  sent_at timestamptz not null default now()
);
