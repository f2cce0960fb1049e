/**
 * Fixed-window rate limits kept in Postgres, so they hold across every serverless instance.
 * One row per key (e.g. `apply:ip:1.2.3.4`); the window restarts when it has run out.
 */
import { HttpError } from './http';
import { query } from './db';

/** Counts one hit for `key`; throws 429 with Retry-After once `limit` hits fall in `windowSeconds`. */
export async function rateLimit(key: string, limit: number, windowSeconds: number): Promise<void> {
  const [row] = await query<{ hits: number; retry_after: number }>(
    `insert into rate_limits (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       window_start = case when rate_limits.window_start <= now() - make_interval(secs => $2) then now() else rate_limits.window_start end,
       hits = case when rate_limits.window_start <= now() - make_interval(secs => $2) then 1 else rate_limits.hits + 1 end
     returning hits, extract(epoch from (window_start + make_interval(secs => $2) - now()))::float8 as retry_after`,
    [key, windowSeconds],
  );
  if (row && row.hits > limit) {
    const retryAfter = Math.max(1, Math.ceil(row.retry_after));
    throw new HttpError(429, 'Too many requests. Please wait a little and try again.', { retryAfter }, { 'Retry-After': String(retryAfter) });
  }
}
