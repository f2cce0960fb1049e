/**
 * GET /api/admin/dashboard (staff only) → {message, registeredUsers, activeSessions,
 * registrationsLast7Days, leadsToday, leadsThisWeek, visitors, generatedAt}. Every figure is
 * counted in the database, all in one statement (one round trip after the session check):
 * - registeredUsers: student accounts (users);
 * - activeSessions: student sessions neither revoked nor expired (a logged-in browser or app),
 *   plus staff sessions past the second factor, not revoked, before their absolute end and used
 *   within the idle timeout, of accounts not disabled (a half-finished staff sign-in is not
 *   counted);
 * - registrationsLast7Days: student accounts created in the last 7 × 24 hours;
 * - leadsToday / leadsThisWeek: applications and messages since midnight, and since Monday
 *   midnight, India time (Asia/Kolkata), whatever the server's time zone;
 * - visitors: the site's visitor counter.
 * Only counts are shown, no person's data, so a look at the dashboard is not an audit line.
 */
import type { Config } from '@netlify/functions';
import { query } from './_shared/db';
import { allowMethods, endpoint, json } from './_shared/http';
import { IDLE_MINUTES, requireStaff } from './_shared/staff';

interface Figures {
  registered_users: number;
  active_sessions: number;
  registrations: number;
  leads_today: number;
  leads_this_week: number;
  visitors: string;
  generated_at: Date;
}

const INDIA = 'Asia/Kolkata';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff } = await requireStaff(req, context);
  const [figures] = await query<Figures>(
    `select
       (select count(*) from users)::int as registered_users,
       (select count(*) from user_sessions where revoked_at is null and expires_at > now())::int
         + (select count(*) from staff_sessions s join staff t on t.id = s.staff_id
             where s.second_factor_at is not null and s.revoked_at is null and s.expires_at > now()
               and s.last_seen_at > now() - make_interval(mins => $2) and t.disabled_at is null)::int as active_sessions,
       (select count(*) from users where created_at > now() - interval '7 days')::int as registrations,
       (select count(*) from leads where created_at >= date_trunc('day', now() at time zone $1) at time zone $1)::int as leads_today,
       (select count(*) from leads where created_at >= date_trunc('week', now() at time zone $1) at time zone $1)::int as leads_this_week,
       (select count::text from visitor_counter where id = 1) as visitors,
       now() as generated_at`,
    [INDIA, IDLE_MINUTES],
  );
  const f = figures!;
  return json({
    message: `Welcome, ${staff.name}.`,
    registeredUsers: f.registered_users,
    activeSessions: f.active_sessions,
    registrationsLast7Days: f.registrations,
    leadsToday: f.leads_today,
    leadsThisWeek: f.leads_this_week,
    visitors: Number(f.visitors ?? 0),
    generatedAt: new Date(f.generated_at).toISOString(),
  });
});

export const config: Config = { path: '/api/admin/dashboard' };
