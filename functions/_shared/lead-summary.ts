/**
 * The words staff read for what happened to a lead: a day as '26 Nov 2026', and the one-line
 * summary of each timeline entry (received, notified, a note, a call and its outcome, a status
 * change, …), made from the entry's kind and the detail stored with it.
 */
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  LEAD_FORMS,
  LEAD_KINDS,
  LOST_REASONS,
  STATUS_LABELS,
  type LeadStatus,
} from '../../src/lib/schemas/lead';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day (YYYY-MM-DD) as staff read it: '26 Nov 2026' (fixed names: the locale's may change). */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The label of a status, or the stored word when unknown. */
export const statusLabel = (status: unknown) => STATUS_LABELS[status as LeadStatus] ?? String(status);

const labelOf = (labels: Record<string, string>, key: unknown) => (typeof key === 'string' && labels[key]) || String(key ?? '');
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What a step leads to, e.g. 'follow up on 26 Nov 2026' or 'Fees too high: too far'. */
function stepWords(detail: Record<string, unknown>): string {
  const parts: string[] = [];
  if (detail['visitOn']) parts.push(`visit on ${dayLabel(text(detail['visitOn']))}`);
  if (detail['followUp']) parts.push(`follow up on ${dayLabel(text(detail['followUp']))}`);
  if (detail['lostReason']) parts.push(labelOf(LOST_REASONS, detail['lostReason']) + (detail['lostNote'] ? `: ${text(detail['lostNote'])}` : ''));
  return parts.join(', ');
}

/** The summary of one timeline entry of `kind` with its stored `detail`. */
export function summaryOf(kind: string, detail: Record<string, unknown>): string {
  switch (kind) {
    case 'received':
      return `${labelOf(LEAD_KINDS, detail['kind'])} received from the ${labelOf(LEAD_FORMS, detail['form'])}.`;
    case 'notified':
      return 'The institute was told by e-mail.';
    case 'notify-failed':
      return `The e-mail to the institute could not be sent: ${text(detail['error']) || 'unknown error'}${detail['dismissed'] ? ' (dismissed)' : ''}.`;
    case 'note':
      return `Note: ${text(detail['text'])}`;
    case 'contact': {
      const head = `${labelOf(CONTACT_CHANNELS, detail['channel'])}: ${labelOf(CONTACT_OUTCOMES, detail['outcome'])}.`;
      const template = detail['template'] ? ` Template: ${text(detail['template'])}.` : '';
      const note = detail['note'] ? ` ${text(detail['note'])}` : '';
      return head + template + note;
    }
    case 'status': {
      const from = detail['from'];
      const to = detail['to'];
      const move = from === to ? `${statusLabel(to)} again` : `${statusLabel(from)} → ${statusLabel(to)}`;
      const words = stepWords(detail);
      return `Status: ${move}${words ? `; ${words}` : ''}.`;
    }
    case 'assigned': {
      const to = detail['to'] as { name?: string } | null | undefined;
      return to ? `Assigned to ${to.name ?? 'a member of staff'}.` : 'No longer assigned.';
    }
    case 'follow-up':
      return `Follow-up set for ${dayLabel(text(detail['to']))}${detail['from'] ? ` (was ${dayLabel(text(detail['from']))})` : ''}.`;
    case 'merged':
      return `Merged: this enquiry moved from person ${text(detail['from'])} to person ${text(detail['into'])}.`;
    case 'unmerged':
      return `Merge undone: this enquiry moved back to person ${text(detail['from'])}.`;
    case 'admitted':
      return `Admitted: student record ${text(detail['studentId'])} created.`;
    case 'notification':
      return detail['action'] === 'dismiss' ? 'The failed e-mail to the institute was dismissed.' : 'The e-mail to the institute is being sent again.';
    default:
      return kind;
  }
}
