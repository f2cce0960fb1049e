/**
 * Whether a client has already spent a limit on failures, without counting anything: for a
 * request that succeeds and so must not count (a certificate found), yet must still be refused
 * once the client's budget of failures is gone, or its refusals would tell its failures from its
 * successes. Reading spends nothing, so any number of such requests at once are answered alike.
 */
import { query } from './db';
import { HttpError } from './http';
import { LIMITS, tooMany, type FailureUse, type LimitName } from './limits';

/** Throws the 429 of the limit among `uses` that is at its max in its current window (the longest wait); counts nothing. */
export async function refuseWhenSpent(uses: readonly FailureUse[]): Promise<void> {
  // The keys as limits.ts writes them: `<limit>#<subject>`.
  const keys = uses.map(([name, subject]) => `${name}#${subject}`);
  const rows = await query<{ key: string; hits: number; retry_after: number }>(
    `select key, hits, extract(epoch from (window_start + make_interval(secs => window_seconds) - now()))::float8 as retry_after
       from rate_limits where key = any($1::text[]) and window_start > now() - make_interval(secs => window_seconds)`,
    [keys],
  );
  const limitOf = (key: string) => LIMITS[key.slice(0, key.indexOf('#')) as LimitName];
  const spent = rows.filter((row) => row.hits >= limitOf(row.key).max);
  if (!spent.length) return;
  const worst = spent.reduce((a, b) => (b.retry_after > a.retry_after ? b : a));
  const retryAfter = Math.max(1, Math.ceil(worst.retry_after));
  const limit = limitOf(worst.key);
  throw new HttpError(429, 'message' in limit ? limit.message : tooMany(), { retryAfter }, { 'Retry-After': String(retryAfter) });
}
