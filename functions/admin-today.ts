/**
 * GET /api/admin/today?mine=1 (staff only) → Today: the follow-ups due today or before (open
 * leads, one per person, oldest follow-up first; never a minor's nor one of a person who withdrew
 * their consent to offers), the leads assigned to the caller that nobody
 * has acted on yet ("Assigned to you", one per person), the enquiries of people who enquired
 * before and nobody has looked at since ("Enquired again", one per person), the new enquiries
 * and submitted applications nobody has touched (oldest first; an application whose documents
 * came back fixed is untouched again) — at most TODAY_MAX each, `mine=1` keeping those assigned
 * to the caller or to nobody — and the notifications that failed for good and were not
 * dismissed (for a role that may deal with them: roles.ts 'outbox'; an empty list otherwise), and
 * the students of running batches below the attendance threshold (for a role that can
 * 'attendance' or 'batches'; a Teacher's own batches only), and for the Owner ('privacy') how many
 * requests about people's data wait for an answer and the soonest last day. An audit line 'view'.
 */
import type { Config } from '@netlify/functions';
import { OPEN_STATUSES, type LeadRow } from '../src/lib/schemas/lead';
import { TODAY_MAX, TodayQuerySchema, type FailedNotice, type Today } from '../src/lib/schemas/today';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { LEAD_ROW_COLUMNS, toLeadRow, type LeadRowRecord } from './_shared/leads/lead-row';
import { leadMail } from './_shared/platform/outbox';
import { ENQUIRY_KINDS_SQL } from './_shared/leads/person-pipeline';
import { can } from './_shared/auth/roles';
import { requireStaff } from './_shared/auth/staff';
import { lowAttendance } from './_shared/classes/low-attendance';
import { loadOfficeSettings } from './_shared/classes/office-settings';

/** The statuses of a lead waiting for staff's first look: a new enquiry, a submitted application. */
const UNTOUCHED_STATUSES = ['new', 'submitted'];

/**
 * An enquiry from a person who enquired before (an earlier lead of theirs exists): it joined
 * their timeline with their status, and is "enquired again", not a new person nobody touched.
 */
const REPEAT = `(l.kind in ${ENQUIRY_KINDS_SQL} and exists (select 1 from leads e where e.person_id = l.person_id and e.id < l.id))`;

/**
 * No follow-ups of a minor's lead, nor of a person who withdrew their consent to offers (DPDP Act
 * s.9(3), decision 053): the digest's rule (follow-ups.ts).
 */
const MAY_FOLLOW_UP = `not l.minor
  and not exists (select 1 from consents c where c.person_id = l.person_id and c.purpose = 'marketing' and c.withdrawn_at is not null)`;

/** Leads of the caller or of nobody when `$2` is set (the caller's id). */
const MINE = '($2::uuid is null or l.assigned_to = $2 or l.assigned_to is null)';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, role, address } = await requireStaff(req, context, { need: 'leads' });
  const { mine } = validate(TodayQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const me = mine === '1' ? staff.id : null;

  const answer = await transaction(async (client): Promise<Today> => {
    const { rows: day } = await client.query<{ today: string }>(`select (now() at time zone 'Asia/Kolkata')::date::text as today`);
    const today = day[0]!.today;
    // One person, one row: their enquiries share one follow-up (the latest enquiry stands for them).
    const due = await client.query<LeadRowRecord>(
      `select * from (
         select distinct on (l.person_id) ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to
          where l.status = any($1::text[]) and l.follow_up_on <= $3::date and ${MINE} and ${MAY_FOLLOW_UP}
          order by l.person_id, l.id desc
       ) d order by d."followUp", d._id::bigint limit $4`,
      [OPEN_STATUSES, me, today, TODAY_MAX],
    );
    // The caller's new leads (assigned in turn, or by a colleague before anyone acted): theirs to take up.
    const assigned = await client.query<LeadRowRecord>(
      `select * from (
         select distinct on (l.person_id) ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to
          where l.touched_at is null and l.assigned_to = $1
          order by l.person_id, l.id desc
       ) d order by d."createdAt", d._id::bigint limit $2`,
      [staff.id, TODAY_MAX],
    );
    const again = await client.query<LeadRowRecord>(
      `select * from (
         select distinct on (l.person_id) ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to
          where l.touched_at is null and ${REPEAT} and l.assigned_to is distinct from $1 and ${MINE}
          order by l.person_id, l.id desc
       ) d order by d."createdAt", d._id::bigint limit $3`,
      [staff.id, me, TODAY_MAX],
    );
    const untouched = await client.query<LeadRowRecord>(
      `select ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to
        where l.touched_at is null and l.status = any($1::text[]) and not ${REPEAT} and l.assigned_to is distinct from $4 and ${MINE}
        order by l.created_at, l.id limit $3`,
      [UNTOUCHED_STATUSES, me, TODAY_MAX, staff.id],
    );
    const failed = can(role, 'outbox') ? await failedNotices(client) : [];
    const seesAll = can(role, 'attendance-any') || can(role, 'batches');
    const { attendanceThreshold } = await loadOfficeSettings(client);
    const rights = can(role, 'privacy')
      ? (
          await client.query<{ open: number; answer_by: string | null }>(
            `select count(*)::int as open, min(answer_by)::text as answer_by from rights_requests where status = 'open'`,
          )
        ).rows[0]!
      : null;
    const low = seesAll || can(role, 'attendance') ? await lowAttendance(client, seesAll ? null : staff.id, attendanceThreshold) : [];
    await audit(
      {
        staffId: staff.id,
        action: 'view',
        entity: 'lead',
        detail: {
          screen: 'today',
          mine: me !== null,
          due: due.rows.length,
          assigned: assigned.rows.length,
          again: again.rows.length,
          untouched: untouched.rows.length,
          failed: failed.length,
          lowAttendance: low.length,
        },
      },
      address,
      client,
    );
    return {
      today,
      due: due.rows.map(toLeadRow),
      assigned: assigned.rows.map(toLeadRow),
      again: again.rows.map(toLeadRow),
      untouched: untouched.rows.map(toLeadRow),
      failed,
      lowAttendance: low,
      attendanceThreshold,
      rightsRequests: rights ? { open: rights.open, answerBy: rights.answer_by } : null,
    };
  });
  return json(answer);
});

/** The failed, undismissed outbox mail, newest first, each with its lead. */
async function failedNotices(client: Parameters<Parameters<typeof transaction>[0]>[0]): Promise<FailedNotice[]> {
  const { rows } = await client.query<{ _id: string; lead_id: string | null; subject: string | null; error: string | null; failedAt: Date | string }>(
    `select id::text as _id, lead_id::text, subject, last_error as error, failed_at as "failedAt"
       from mail_outbox where failed_at is not null and dismissed_at is null
      order by failed_at desc, id desc limit $1`,
    [TODAY_MAX],
  );
  const leadIds = rows.flatMap((r) => (r.lead_id ? [r.lead_id] : []));
  const leads = new Map<string, LeadRow>();
  if (leadIds.length) {
    const found = await client.query<LeadRowRecord>(
      `select ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to where l.id = any($1::bigint[])`,
      [leadIds],
    );
    for (const row of found.rows) leads.set(row._id, toLeadRow(row));
  }
  return rows.map((r) => {
    const lead = r.lead_id ? (leads.get(r.lead_id) ?? null) : null;
    // A lead's notification is written when sent: its subject is the one leadMail gives.
    const subject =
      r.subject ??
      (lead
        ? leadMail({
            reference: lead.reference,
            kind: lead.kind === 'contact' ? 'contact' : 'application',
            form: lead.form,
            name: lead.name,
            phone: lead.phone,
          }).subject
        : '');
    return { _id: r._id, lead, subject, error: r.error, failedAt: new Date(r.failedAt).toISOString() };
  });
}

export const config: Config = { path: '/api/admin/today' };
