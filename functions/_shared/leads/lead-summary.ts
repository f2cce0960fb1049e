/**
 * The words staff read for what happened to a lead: a day as '26 Nov 2026', and the one-line
 * summary of each timeline entry (received, notified, a note, a call and its outcome, a status
 * change, a mail to an applicant, …), made from the entry's kind, the detail stored with it and the
 * kind of its lead (an application's documents are named by its form's labels).
 */
import { templateLabel } from '../../../src/lib/labels';
import { LANGUAGE_WORDS, type PersonLanguage } from '../../../src/lib/person-language';
import { FORMS } from '../../../src/lib/schemas/application-forms';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  LEAD_FORMS,
  LEAD_KINDS,
  LOST_REASONS,
  STATUS_LABELS,
  isApplicationKind,
  type LeadStatus,
} from '../../../src/lib/schemas/lead';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day (YYYY-MM-DD) as staff read it: '26 Nov 2026' (fixed names: the locale's may change). */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The label of a status, or the stored word when unknown. */
export const statusLabel = (status: unknown) => STATUS_LABELS[status as LeadStatus] ?? String(status);

/** A stored language as staff read it ('Hindi'), or the stored word when unknown. */
const languageWord = (language: unknown) => LANGUAGE_WORDS[language as PersonLanguage] ?? String(language ?? '');

const labelOf = (labels: Record<string, string>, key: unknown) => (typeof key === 'string' && labels[key]) || String(key ?? '');
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The labels of an application's documents `slots` (the slot's own name when unknown). */
export function documentLabels(leadKind: string | undefined, slots: unknown): string[] {
  const documents = leadKind && isApplicationKind(leadKind) ? FORMS[leadKind].documents : [];
  return (Array.isArray(slots) ? slots : []).map((slot) => documents.find((d) => d.slot === slot)?.label ?? String(slot));
}

/**
 * What a step leads to, e.g. 'follow up on 26 Nov 2026', 'Fees too high: too far', 'asked again
 * for PAN card, Photo: too dark' or 'portal reference RJ-123'.
 */
function stepWords(detail: Record<string, unknown>, leadKind?: string): string {
  const parts: string[] = [];
  if (detail['visitOn']) parts.push(`visit on ${dayLabel(text(detail['visitOn']))}`);
  if (detail['followUp']) parts.push(`follow up on ${dayLabel(text(detail['followUp']))}`);
  if (detail['lostReason']) parts.push(labelOf(LOST_REASONS, detail['lostReason']) + (detail['lostNote'] ? `: ${text(detail['lostNote'])}` : ''));
  if (detail['slots']) {
    const who = detail['by'] === 'applicant' ? 'new files from the applicant for' : 'asked again for';
    parts.push(`${who} ${documentLabels(leadKind, detail['slots']).join(', ')}${detail['note'] ? `: ${text(detail['note'])}` : ''}`);
  }
  if (detail['portalReference']) parts.push(`portal reference ${text(detail['portalReference'])}`);
  if (detail['reason']) parts.push(`because: ${text(detail['reason'])}`);
  return parts.join(', ');
}

/** The summary of one timeline entry of `kind` with its stored `detail`, on a lead of `leadKind`. */
export function summaryOf(kind: string, detail: Record<string, unknown>, leadKind?: string): string {
  switch (kind) {
    case 'received':
      return `${labelOf(LEAD_KINDS, detail['kind'])} received from the ${labelOf(LEAD_FORMS, detail['form'])}.`;
    case 'notified':
      return 'The institute was told by e-mail.';
    case 'notify-failed':
      return `The e-mail to the ${detail['to'] === 'applicant' ? 'applicant' : 'institute'} could not be sent: ${text(detail['error']) || 'unknown error'}${detail['dismissed'] ? ' (dismissed)' : ''}.`;
    case 'mailed':
      return `E-mailed the applicant: ${text(detail['subject'])}.`;
    case 'note':
      return `Note: ${text(detail['text'])}`;
    case 'contact': {
      const head = `${labelOf(CONTACT_CHANNELS, detail['channel'])}: ${labelOf(CONTACT_OUTCOMES, detail['outcome'])}.`;
      const template = detail['template'] ? ` Template: ${templateLabel(text(detail['template']))}.` : '';
      const note = detail['note'] ? ` ${text(detail['note'])}` : '';
      return head + template + note;
    }
    case 'status': {
      const from = detail['from'];
      const to = detail['to'];
      const move = from === to ? `${statusLabel(to)} again` : `${statusLabel(from)} → ${statusLabel(to)}`;
      const words = stepWords(detail, leadKind);
      const line = `Status: ${move}${words ? `; ${words}` : ''}`;
      // A note or reason that ends a sentence itself gets no second full stop.
      return /[.!?]$/.test(line) ? line : `${line}.`;
    }
    case 'assigned': {
      const to = detail['to'] as { name?: string } | null | undefined;
      if (!to) return 'No longer assigned.';
      return `Assigned to ${to.name ?? 'a member of staff'}${detail['auto'] ? ' in turn (automatic assignment)' : ''}.`;
    }
    case 'language':
      return `Language for messages and e-mails: ${languageWord(detail['from'])} → ${languageWord(detail['to'])}.`;
    case 'follow-up':
      return `Follow-up set for ${dayLabel(text(detail['to']))}${detail['from'] ? ` (was ${dayLabel(text(detail['from']))})` : ''}.`;
    case 'merged':
      return text(detail['intoName'])
        ? `Merged: this enquiry joined the enquiries of ${text(detail['intoName'])}.`
        : 'Merged: this enquiry joined the enquiries of another person.';
    case 'unmerged':
      return 'Merge undone: this enquiry is a person of its own again.';
    case 'admitted':
      return text(detail['student']) ? `Admitted: the student record of ${text(detail['student'])} was created.` : 'Admitted: a student record was created.';
    case 'notification':
      return detail['action'] === 'dismiss' ? 'The failed e-mail to the institute was dismissed.' : 'The e-mail to the institute is being sent again.';
    default:
      return kind;
  }
}
