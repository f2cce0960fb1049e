/**
 * One lead as GET /api/admin/leads/{id} gives it (LeadDetail), also the `current` of a 409 and
 * the `item` after an action: the lead's row, what it sent and where it came from, the person's
 * enquiries and merges, and the timeline of ALL the person's enquiries, oldest first — received,
 * the institute's notification (sent or failed), every e-mail sent to an applicant, and every
 * lead_events row, each with a summary — and, for an application form's lead, the application
 * (application-detail.ts).
 */
import { guardianConsentView, mayMessage } from '../consent/consents';
import type { LeadDetail, LeadRow, TimelineEntry } from '../../../src/lib/schemas/lead';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import { readApplication } from '../applications/application-detail';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { LEAD_ROW_COLUMNS, leadNotFound, toLeadRow, type LeadRowRecord } from './lead-row';
import { summaryOf } from './lead-summary';

type DetailRecord = LeadRowRecord & {
  message: string | null;
  lostReason: LeadDetail['lostReason'];
  lostNote: string | null;
  visitOn: string | null;
  studentId: string | null;
  notifiedAt: Date | string | null;
  notifyError: string | null;
  guardianConsentId: string | null;
  contactEmail: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  landingPage: string | null;
};

interface TimelineRecord {
  _id: string;
  at: Date | string;
  kind: string;
  lead_id: string;
  lead_kind: string;
  reference: string;
  staff_id: string | null;
  staff_name: string | null;
  detail: Record<string, unknown> | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** The lead `id` as LeadDetail, or null when there is none. */
export async function readLeadDetail(db: Queryable, id: string): Promise<LeadDetail | null> {
  const { rows } = await db.query<DetailRecord>(
    `select ${LEAD_ROW_COLUMNS}, l.message, l.lost_reason as "lostReason", l.lost_note as "lostNote",
            l.visit_on::text as "visitOn", l.student_id::text as "studentId", l.notified_at as "notifiedAt",
            l.notify_error as "notifyError", l.utm_source as "utmSource", l.utm_medium as "utmMedium",
            l.utm_campaign as "utmCampaign", l.utm_term as "utmTerm", l.utm_content as "utmContent",
            l.referrer, l.landing_page as "landingPage", l.guardian_consent_id::text as "guardianConsentId", l.email as "contactEmail"
       from leads l left join staff a on a.id = l.assigned_to
      where l.id = $1`,
    [id],
  );
  const record = rows[0];
  if (!record) return null;
  const {
    message,
    lostReason,
    lostNote,
    visitOn,
    studentId,
    notifiedAt,
    notifyError,
    utmSource,
    utmMedium,
    utmCampaign,
    utmTerm,
    utmContent,
    referrer,
    landingPage,
    guardianConsentId,
    contactEmail,
    ...row
  } = record;
  const lead: LeadRow = toLeadRow(row);

  const [leads, merges, timeline, application, guardianConsent, mayWrite] = await Promise.all([
    db.query<LeadDetail['person']['leads'][number] & { createdAt: Date | string }>(
      `select id::text as _id, reference, kind, status, course, created_at as "createdAt"
         from leads where person_id = $1 order by created_at desc, id desc`,
      [lead.personId],
    ),
    db.query<{ _id: string; from: string; into: string; at: Date | string }>(
      `select id::text as _id, from_person::text as "from", into_person::text as "into", merged_at as at
         from person_merges where (into_person = $1 or from_person = $1) and undone_at is null order by merged_at, id`,
      [lead.personId],
    ),
    personTimeline(db, lead.personId),
    readApplication(db, lead._id, lead.status),
    guardianConsentView(db, guardianConsentId),
    contactEmail ? mayMessage(db, contactEmail) : Promise.resolve(true),
  ]);

  return {
    ...lead,
    message,
    lostReason,
    lostNote,
    visitOn,
    studentId,
    notifiedAt: notifiedAt ? iso(notifiedAt) : null,
    notifyError,
    attribution: { utmSource, utmMedium, utmCampaign, utmTerm, utmContent, referrer, landingPage },
    person: {
      _id: lead.personId,
      leads: leads.rows.map((l) => ({ ...l, createdAt: iso(l.createdAt) })),
      merges: merges.rows.map((m) => ({ ...m, at: iso(m.at) })),
    },
    timeline,
    application,
    guardianConsent,
    updatesWithdrawn: !mayWrite,
  };
}

/** The timeline of every enquiry of person `personId`, oldest first. */
async function personTimeline(db: Queryable, personId: string): Promise<TimelineEntry[]> {
  // `ord` keeps a lead's own lines in their natural order when they share a moment.
  const { rows } = await db.query<TimelineRecord>(
    `with mine as (select id, reference, form, kind, created_at, notified_at from leads where person_id = $1)
     select _id, at, kind, lead_id, lead_kind, reference, staff_id, staff_name, detail from (
       select 'received-' || m.id as _id, m.created_at as at, 'received' as kind, m.id::text as lead_id, m.kind as lead_kind, m.reference,
              null::text as staff_id, null::text as staff_name, jsonb_build_object('form', m.form, 'kind', m.kind) as detail, 0 as ord, m.id as seq
         from mine m
       union all
       select 'notified-' || m.id, m.notified_at, 'notified', m.id::text, m.kind, m.reference, null, null, '{}'::jsonb, 1, m.id
         from mine m where m.notified_at is not null
       union all
       select 'notify-failed-' || o.id, o.failed_at, 'notify-failed', m.id::text, m.kind, m.reference, null, null,
              jsonb_build_object('error', o.last_error, 'outbox', o.id::text, 'dismissed', o.dismissed_at is not null, 'to', o.kind), 1, o.id
         from mail_outbox o join mine m on m.id = o.lead_id where o.failed_at is not null
       union all
       select 'mailed-' || o.id, o.sent_at, 'mailed', m.id::text, m.kind, m.reference, null, null, jsonb_build_object('subject', o.subject), 1, o.id
         from mail_outbox o join mine m on m.id = o.lead_id where o.kind = 'applicant' and o.sent_at is not null
       union all
       select 'event-' || e.id, e.at, e.kind, m.id::text, m.kind, m.reference, s.id::text, s.name, e.detail, 2, e.id
         from lead_events e join mine m on m.id = e.lead_id left join staff s on s.id = e.staff_id
     ) t
     order by at, ord, seq`,
    [personId],
  );
  return rows.map((r) => {
    const detail = r.detail ?? {};
    return {
      _id: r._id,
      at: iso(r.at),
      kind: r.kind,
      lead: { _id: r.lead_id, reference: r.reference },
      staff: r.staff_id ? { _id: r.staff_id, name: r.staff_name ?? '' } : null,
      summary: summaryOf(r.kind, detail, r.lead_kind),
      detail,
    };
  });
}

/**
 * The answer after an UPDATE that matched no row because of its version: 404 when the lead is
 * gone, else 409 with the lead as it is now.
 */
export async function leadMissedOrChanged(db: Queryable, id: string): Promise<HttpError> {
  const current = await readLeadDetail(db, id);
  if (!current) return leadNotFound();
  return new HttpError(409, CONFLICT_MESSAGE, { current });
}
