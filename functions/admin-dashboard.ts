/**
 * GET /api/admin/dashboard (staff only) → {message, registeredUsers, activeSessions,
 * registrationsLast7Days, leadsToday, peopleToday, leadsThisWeek, peopleThisWeek, visitors,
 * leadsLast30Days, peopleLast30Days, admittedLast30Days, leadsBySource, leadsByCourse,
 * generatedAt}. People and their enquiries are counted apart (one person may enquire twice). Every figure is
 * counted in the database, all in one statement (one round trip after the session check):
 * - registeredUsers: student accounts (users);
 * - activeSessions: student sessions neither revoked nor expired (a logged-in browser or app),
 *   plus staff sessions past the second factor, not revoked, before their absolute end and used
 *   within the idle timeout, of accounts not disabled (a half-finished staff sign-in is not
 *   counted);
 * - registrationsLast7Days: student accounts created in the last 7 × 24 hours;
 * - leadsToday / leadsThisWeek: applications and messages since midnight, and since Monday
 *   midnight, India time (Asia/Kolkata), whatever the server's time zone; peopleToday /
 *   peopleThisWeek: the people who sent them;
 * - visitors: the site's visitor counter;
 * - leadsLast30Days / peopleLast30Days / admittedLast30Days: leads received in the last 30 × 24
 *   hours, the people who sent them, and how many of those people are admitted by now;
 * - leadsBySource / leadsByCourse: by where the visit came from (leads.channel) and by course
 *   (none given: 'Not given'), each `{source|course, people, leads, admitted}`, most people first
 *   — where advertising brings people who join. `leads` counts each enquiry under its own source
 *   and course; `people` and `admitted` count each person once: under the source of their first
 *   enquiry, and under the course they joined (the student record's) when admitted, else that of
 *   their latest enquiry. So each column adds up to its total.
 * Only counts are shown, no person's data, so a look at the dashboard is not an audit line.
 */
import type { Config } from '@netlify/functions';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { IDLE_MINUTES, requireStaff } from './_shared/auth/staff';

interface Figures {
  registered_users: number;
  active_sessions: number;
  registrations: number;
  leads_today: number;
  people_today: number;
  leads_this_week: number;
  people_this_week: number;
  visitors: string;
  leads_30_days: number;
  people_30_days: number;
  admitted_30_days: number;
  by_source: { source: string; people: number; leads: number; admitted: number }[];
  by_course: { course: string; people: number; leads: number; admitted: number }[];
  generated_at: Date;
}

const INDIA = 'Asia/Kolkata';
/** The course row of leads that named none (contact messages, mostly). */
const NO_COURSE = 'Not given';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff } = await requireStaff(req, context, { need: 'dashboard' });
  const [figures] = await query<Figures>(
    `with recent as (
       select id, person_id, channel, course, created_at from leads where created_at > now() - interval '30 days'
     ), persons as (
       -- Each person with a recent enquiry, once: where they first came from, whether admitted by
       -- now (their enquiries share one status), and their course — the one they joined when
       -- admitted (the student record's), else that of their latest enquiry naming one.
       select r.person_id,
              (array_agg(r.channel order by r.created_at, r.id))[1] as source,
              exists (select 1 from leads a where a.person_id = r.person_id and a.status = 'admitted') as admitted,
              coalesce(
                (select s.course from students s join leads a on a.student_id = s.id where a.person_id = r.person_id order by s.id desc limit 1),
                (array_agg(r.course order by r.created_at desc, r.id desc) filter (where r.course is not null))[1],
                $3) as course
         from recent r group by r.person_id
     )
     select
       (select count(*) from users)::int as registered_users,
       (select count(*) from user_sessions where revoked_at is null and expires_at > now())::int
         + (select count(*) from staff_sessions s join staff t on t.id = s.staff_id
             where s.second_factor_at is not null and s.revoked_at is null and s.expires_at > now()
               and s.last_seen_at > now() - make_interval(mins => $2) and t.disabled_at is null)::int as active_sessions,
       (select count(*) from users where created_at > now() - interval '7 days')::int as registrations,
       (select count(*) from leads where created_at >= date_trunc('day', now() at time zone $1) at time zone $1)::int as leads_today,
       (select count(distinct person_id) from leads where created_at >= date_trunc('day', now() at time zone $1) at time zone $1)::int as people_today,
       (select count(*) from leads where created_at >= date_trunc('week', now() at time zone $1) at time zone $1)::int as leads_this_week,
       (select count(distinct person_id) from leads where created_at >= date_trunc('week', now() at time zone $1) at time zone $1)::int as people_this_week,
       (select count::text from visitor_counter where id = 1) as visitors,
       (select count(*) from recent)::int as leads_30_days,
       (select count(*) from persons)::int as people_30_days,
       (select count(*) filter (where admitted) from persons)::int as admitted_30_days,
       (select coalesce(json_agg(s order by s.people desc, s.leads desc, s.source), '[]')
          from (select source, sum(people)::int as people, sum(leads)::int as leads, sum(admitted)::int as admitted from (
                  select source, count(*) as people, 0 as leads, count(*) filter (where admitted) as admitted from persons group by source
                  union all
                  select channel, 0, count(*), 0 from recent group by channel
                ) x group by source) s) as by_source,
       (select coalesce(json_agg(c order by c.people desc, c.leads desc, c.course), '[]')
          from (select course, sum(people)::int as people, sum(leads)::int as leads, sum(admitted)::int as admitted from (
                  select course, count(*) as people, 0 as leads, count(*) filter (where admitted) as admitted from persons group by course
                  union all
                  select coalesce(course, $3), 0, count(*), 0 from recent group by 1
                ) x group by course) c) as by_course,
       now() as generated_at`,
    [INDIA, IDLE_MINUTES, NO_COURSE],
  );
  const f = figures!;
  return json({
    message: `Welcome, ${staff.name}.`,
    registeredUsers: f.registered_users,
    activeSessions: f.active_sessions,
    registrationsLast7Days: f.registrations,
    leadsToday: f.leads_today,
    peopleToday: f.people_today,
    leadsThisWeek: f.leads_this_week,
    peopleThisWeek: f.people_this_week,
    visitors: Number(f.visitors ?? 0),
    leadsLast30Days: f.leads_30_days,
    peopleLast30Days: f.people_30_days,
    admittedLast30Days: f.admitted_30_days,
    leadsBySource: f.by_source,
    leadsByCourse: f.by_course,
    generatedAt: new Date(f.generated_at).toISOString(),
  });
});

export const config: Config = { path: '/api/admin/dashboard' };
