/**
 * The daily follow-ups mail: each active member of staff with an authenticator (who can sign in
 * and act on it) gets, once a day, the open leads assigned to them with a follow-up that day or
 * before, and the ones assigned to nobody (one line per person: their enquiries share one
 * follow-up), and the leads newly assigned to them (in turn or by a colleague, since the day
 * before's mail). Those who collect fees (Owner, Accountant) also get the dues to chase: overdue
 * and due within the week, with their totals. Nobody with nothing due and nothing new gets anything. The mail is an
 * outbox row (kind 'staff', unique per member of staff and day, so a second run the same day
 * writes and sends nothing), rendered when written, sent at once and retried by the housekeeping
 * like any outbox mail.
 */
import site from '../../../content/site.json';
import { LEAD_KINDS, OPEN_STATUSES, type LeadRow } from '../../../src/lib/schemas/lead';
import { pool, query } from '../platform/db';
import { formatRupees } from '../../../src/lib/money';
import type { DuesList } from '../../../src/lib/schemas/fee-dues';
import { can, type Role } from '../auth/roles';
import { duesToChase } from '../fees/dues-to-chase';
import type { Mail } from '../platform/mail';
import { LEASE, deliver } from '../platform/outbox';
import { dayLabel, statusLabel } from './lead-summary';
import { formatMobile } from '../../../src/lib/mobile';

/** At most this many leads are listed in one mail (the rest are counted). */
export const DIGEST_LIST_MAX = 100;

interface DueLead {
  id: string;
  person: string;
  name: string;
  phone: string;
  kind: LeadRow['kind'];
  about: string | null;
  status: LeadRow['status'];
  followUp: string;
}

/** A lead newly assigned to the member of staff (no follow-up day of its own yet, perhaps). */
type AssignedLead = Omit<DueLead, 'followUp'>;

/** The dues to chase listed in a mail: overdue, and due within the week. */
export interface DigestDues {
  overdue: DuesList;
  week: DuesList;
}

/** One list of dues to chase in words, with its count and total; nothing when it is empty. */
function duesLines(title: string, list: DuesList, day: string): string[] {
  if (list.count === 0) return [];
  const lines = list.items.map((d, i) => {
    const when =
      d.dueOn < day
        ? `due ${dayLabel(d.dueOn)} (${d.daysOverdue} ${d.daysOverdue === 1 ? 'day' : 'days'} overdue)`
        : d.dueOn === day
          ? 'due today'
          : `due ${dayLabel(d.dueOn)}`;
    return `${i + 1}. ${d.student}${d.phone ? `, ${formatMobile(d.phone)}` : ''}: ${formatRupees(d.balancePaise)}, ${d.label}${d.course ? ` (${d.course})` : ''}, ${when}`;
  });
  const more = list.count > list.items.length ? [`… and ${list.count - list.items.length} more on the Today screen.`] : [];
  return [`${title}: ${list.count}, ${formatRupees(list.totalPaise)} in all`, ...lines, ...more, ''];
}

/** The statuses after which nothing is left to do (no newly assigned lead is listed in them). */
const CLOSED_STATUSES = ['admitted', 'lost', 'approved', 'rejected'];

/**
 * The mail listing `due` (of `total`) and the leads newly `assigned` to `staff` on `day`; links
 * start with `origin`.
 */
export function followUpsMail(
  staff: { name: string; email: string },
  day: string,
  due: DueLead[],
  total: number,
  origin: string,
  assigned: AssignedLead[] = [],
  dues: DigestDues | null = null,
): Mail {
  const lines = due.map((lead, i) => {
    const since = lead.followUp === day ? 'due today' : `due since ${dayLabel(lead.followUp)}`;
    return [
      `${i + 1}. ${lead.name}, ${formatMobile(lead.phone)}`,
      `   About: ${lead.about ?? LEAD_KINDS[lead.kind] ?? lead.kind}`,
      `   ${statusLabel(lead.status)}, ${since}`,
      `   ${origin}/adminLeads/${lead.id}`,
    ].join('\n');
  });
  const more = total > due.length ? [`… and ${total - due.length} more on the Today screen.`, ''] : [];
  const dueSection = due.length
    ? [`These leads, assigned to you or to nobody, are due for a follow-up today (${dayLabel(day)}) or were due before:`, '', lines.join('\n\n'), '', ...more]
    : [];
  const newLines = assigned.map((lead, i) =>
    [
      `${i + 1}. ${lead.name}, ${formatMobile(lead.phone)}`,
      `   About: ${lead.about ?? LEAD_KINDS[lead.kind] ?? lead.kind}`,
      `   ${statusLabel(lead.status)}`,
      `   ${origin}/adminLeads/${lead.id}`,
    ].join('\n'),
  );
  const newSection = assigned.length ? [`New leads assigned to you since yesterday morning: ${assigned.length}`, '', newLines.join('\n\n'), ''] : [];
  const chase = dues ? dues.overdue.count + dues.week.count : 0;
  const duesSection = chase ? ['Dues to chase', '', ...duesLines('Overdue', dues!.overdue, day), ...duesLines('Due this week', dues!.week, day)] : [];
  return {
    to: staff.email,
    subject: `Your follow-ups for ${dayLabel(day)}: ${total}${assigned.length ? `; new leads for you: ${assigned.length}` : ''}${chase ? `; dues to chase: ${chase}` : ''}`,
    text: [`Dear ${staff.name},`, '', ...dueSection, ...newSection, ...duesSection, `Today's list: ${origin}/adminToday`, '', site.name].join('\n'),
  };
}

/**
 * Writes and sends the follow-ups mail of `day` (YYYY-MM-DD, India time) to every member of
 * staff who has something due and has none for that day yet. Returns how many were sent.
 */
export async function sendFollowUpDigests(day: string, origin: string): Promise<{ staff: number; sent: number }> {
  const staff = await query<{ id: string; name: string; email: string; role: Role }>(
    `select t.id::text, t.name, t.email, t.role from staff t
      where t.disabled_at is null and t.password_hash is not null and t.totp_secret is not null
        and not exists (select 1 from mail_outbox o where o.kind = 'staff' and o.staff_id = t.id and o.digest_on = $1::date)
      order by t.id`,
    [day],
  );
  let mailed = 0;
  let sent = 0;
  // The same dues for everyone who collects fees: read once, and only when someone will get them.
  const dues = staff.some((m) => can(m.role, 'fees-collect')) ? await duesToChase(pool(), day, { limit: DIGEST_LIST_MAX }) : null;
  for (const member of staff) {
    const theirDues = can(member.role, 'fees-collect') ? dues : null;
    // One person, one line: their enquiries share one follow-up (the latest stands for them).
    const due = await query<DueLead & { total: number }>(
      `select d.*, count(*) over ()::int as total from (
         select distinct on (l.person_id) l.id::text, l.person_id::text as person, l.name, l.phone, l.kind,
                coalesce(l.course, l.subject, l.message) as about, l.status, l.follow_up_on::text as "followUp"
           from leads l
          where l.status = any($1::text[]) and l.follow_up_on <= $2::date and (l.assigned_to = $3 or l.assigned_to is null)
            -- No marketing follow-ups of a child, nor of a person who withdrew that consent (decision 053).
            and not l.minor
            and not exists (select 1 from consents c where c.person_id = l.person_id and c.purpose = 'marketing' and c.withdrawn_at is not null)
          order by l.person_id, l.id desc
       ) d order by d."followUp", d.id::bigint limit $4`,
      [OPEN_STATUSES, day, member.id, DIGEST_LIST_MAX],
    );
    // Newly assigned: to this member (in turn or by a colleague) since 8:00 India time the day before, still theirs and open.
    const assigned = await query<AssignedLead>(
      `select * from (
         select distinct on (l.person_id) l.id::text, l.person_id::text as person, l.name, l.phone, l.kind,
                coalesce(l.course, l.subject, l.message) as about, l.status
           from leads l
          where l.assigned_to = $1 and l.status <> all($2::text[])
            and exists (select 1 from lead_events e where e.lead_id = l.id and e.kind = 'assigned' and e.detail->'to'->>'_id' = $1::text
                           and e.at >= (($3::date - 1)::timestamp + interval '8 hours') at time zone 'Asia/Kolkata')
          order by l.person_id, l.id desc
       ) n order by n.id::bigint limit $4`,
      [member.id, CLOSED_STATUSES, day, DIGEST_LIST_MAX],
    );
    const duePeople = new Set(due.map((d) => d.person));
    const fresh = assigned.filter((a) => !duePeople.has(a.person));
    const chase = theirDues ? theirDues.overdue.count + theirDues.week.count : 0;
    if (due.length === 0 && fresh.length === 0 && chase === 0) continue;
    const mail = followUpsMail(member, day, due, due[0]?.total ?? 0, origin, fresh, theirDues);
    // The unique index (staff_id, digest_on) makes a run racing this one write nothing.
    const [row] = await query<{ id: string }>(
      `insert into mail_outbox (kind, recipient, staff_id, digest_on, subject, body, attempts, locked_until)
       values ('staff', $1, $2, $3::date, $4, $5, 1, now() + $6::interval)
       on conflict (staff_id, digest_on) where kind = 'staff' do nothing
       returning id::text`,
      [mail.to, member.id, day, mail.subject, mail.text, LEASE],
    );
    if (!row) continue;
    mailed += 1;
    if (await deliver(row.id, mail)) sent += 1;
  }
  return { staff: mailed, sent };
}
