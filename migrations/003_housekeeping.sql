-- Housekeeping (functions/housekeeping.ts, daily): bookkeeping rows that can no longer matter
-- are deleted. These indexes keep the deletes cheap as the tables grow.
create index rate_limits_window_start_idx on rate_limits (window_start);
create index otp_challenges_expires_at_idx on otp_challenges (expires_at);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
