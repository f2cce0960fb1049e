/**
 * A lead as the inbox lists it (LeadRow in src/lib/schemas/lead.ts): the select list and the
 * shaping every inbox endpoint shares, so the list, Today, one lead and a 409's `current` agree.
 * The select reads `leads l` left-joined to `staff a` (the assigned member of staff):
 *   `select ${LEAD_ROW_COLUMNS} from leads l left join staff a on a.id = l.assigned_to …`
 */
import type { LeadRow } from '../../../src/lib/schemas/lead';
import { HttpError } from '../platform/http';
import { messagingColumns, withMessaging, type MessagingRecord } from '../consent/messaging';

/** The select list of a LeadRow (dates as text: a JavaScript Date would shift a day by the time zone). */
export const LEAD_ROW_COLUMNS = `l.id::text as _id, l.reference, l.kind, l.form, l.channel as source, l.name, l.phone, l.email,
  l.department, l.course, coalesce(l.subject, case when l.form = 'home' then l.message end) as subject, l.status,
  l.follow_up_on::text as "followUp", a.id::text as assigned_id, a.name as assigned_name, l.person_id::text as "personId",
  (select count(*) from leads p where p.person_id = l.person_id)::int as enquiries,
  l.created_at as "createdAt", l.touched_at as "touchedAt", l.language, l.version,
  ${messagingColumns('l.minor', 'l.guardian_consent_id', 'l.email')}`;

/** A row of LEAD_ROW_COLUMNS as the driver gives it. */
export type LeadRowRecord = Omit<LeadRow, 'assignedTo' | 'createdAt' | 'touchedAt' | 'language' | 'messaging'> &
  MessagingRecord & {
    language: 'en' | 'hi';
    assigned_id: string | null;
    assigned_name: string | null;
    createdAt: Date | string;
    touchedAt: Date | string | null;
  };

/**
 * A row of LEAD_ROW_COLUMNS as the API gives it. The language is named only when it is not English
 * (the default), and whom staff may message only when it is not the person (a minor, a consent
 * withdrawn): an adult English lead's row is what it always was.
 */
export function toLeadRow({ assigned_id, assigned_name, createdAt, touchedAt, language, ...record }: LeadRowRecord): LeadRow {
  const row = withMessaging(record);
  return {
    ...row,
    ...(language === 'en' ? {} : { language }),
    assignedTo: assigned_id ? { _id: assigned_id, name: assigned_name ?? '' } : null,
    createdAt: new Date(createdAt).toISOString(),
    touchedAt: touchedAt ? new Date(touchedAt).toISOString() : null,
  };
}

/** The answer for an id that names no lead. */
export const leadNotFound = () => new HttpError(404, 'This lead was not found.');
