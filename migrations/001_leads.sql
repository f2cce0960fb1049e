-- Leads (applications and contact messages), announcements, the visitor counter, and the
-- bookkeeping every endpoint shares: rate limits, idempotency keys, reference numbers.

create table leads (
  id            bigserial primary key,
  reference     text not null unique,
  kind          text not null check (kind in ('application', 'contact')),
  source        text not null,
  name          text not null,
  email         text,
  phone         text not null,
  department    text,
  course        text,
  subject       text,
  message       text,
  consent_version text,
  consent_at    timestamptz,
  created_at    timestamptz not null default now(),
  notified_at   timestamptz,
  notify_error  text
);
create index leads_created_at_idx on leads (created_at desc);

create table reference_counters (
  prefix text not null,
  year   int  not null,
  last   int  not null,
  primary key (prefix, year)
);

create table rate_limits (
  key          text primary key,
  window_start timestamptz not null,
  hits         int not null
);

create table idempotency_keys (
  endpoint     text not null,
  key          uuid not null,
  request_hash text not null,
  status       int,
  body         jsonb,
  created_at   timestamptz not null default now(),
  primary key (endpoint, key)
);

create table marquee_messages (
  id         bigserial primary key,
  message    text not null check (length(btrim(message)) > 0),
  created_at timestamptz not null default now()
);

create table visitor_counter (
  id    int primary key check (id = 1),
  count bigint not null
);
insert into visitor_counter (id, count) values (1, 0);
