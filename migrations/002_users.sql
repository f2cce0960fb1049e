-- Student accounts (issue #4): the users who registered and verified their e-mail, and the
-- one-time codes of registrations still waiting to be verified. A pending registration itself
-- (name, e-mail, password hash) travels in the encrypted activation token, not in a table.

create table users (
  id            uuid primary key default gen_random_uuid(),
  name          text not null,
  email         text not null,
  -- scrypt$<log2 N>$<r>$<p>$<salt>$<hash> (functions/_shared/auth/password.ts); never the password.
  password_hash text not null,
  role          text not null default 'user' check (role in ('user', 'admin', 'educator')),
  created_at    timestamptz not null default now()
);
-- One account per e-mail address, whatever its case.
create unique index users_email_key on users (lower(email));

-- One row per code sent. `jti` is the id inside the activation token that goes with the code.
-- A challenge is live while it is neither consumed, superseded (a newer code was sent for the
-- same e-mail) nor expired, and fewer than 5 wrong codes were tried.
create table otp_challenges (
  jti           uuid primary key,
  email         text not null,
  -- HMAC-SHA256 of "<jti>:<code>" with a key derived from AUTH_SECRET; never the code itself.
  otp_hash      text not null,
  attempts      int not null default 0,
  sent_at       timestamptz not null default now(),
  expires_at    timestamptz not null,
  consumed_at   timestamptz,
  superseded_at timestamptz
);
create index otp_challenges_email_idx on otp_challenges (lower(email), sent_at desc);
