/**
 * Reading and setting the API's rate limits in a test's database (table rate_limits, one row a
 * key `<limit>#<subject>`), each limit's window taken from LIMITS.
 */
import { LIMITS, type LimitName } from '../../functions/_shared/platform/limits';

/** Runs SQL on the test's database: the rows. */
type Sql = (text: string, params: unknown[]) => Promise<unknown[]>;

/** The rate-limit helpers on the database `sql` runs on. */
export function rateLimitsOn(sql: Sql) {
  return {
    /** The hits of a limit's key in its current window (0 when none). */
    async hitsOf(name: LimitName, subject: string): Promise<number> {
      const [row] = (await sql(`select hits from rate_limits where key = $1 and window_start > now() - make_interval(secs => $2)`, [
        `${name}#${subject}`,
        LIMITS[name].seconds,
      ])) as { hits: number }[];
      return row?.hits ?? 0;
    },
    /** Sets a limit's key to `hits` in a window starting now. */
    async setHits(name: LimitName, subject: string, hits: number): Promise<void> {
      await sql(
        `insert into rate_limits (key, window_start, hits, window_seconds) values ($1, now(), $2, $3)
         on conflict (key) do update set window_start = now(), hits = $2, window_seconds = $3`,
        [`${name}#${subject}`, hits, LIMITS[name].seconds],
      );
    },
  };
}
