/**
 * Who owes what, as staff print or share it (Today's dues to chase): one row per due with the
 * student, their mobile, the course and batch, what is due, since when, and the due's reference;
 * and the same as plain text to paste in WhatsApp or an e-mail. Staff English: the list is for the
 * office, not for students.
 */
import { formatIndiaDay } from './india-time';
import { formatMobile } from './mobile';
import { formatRupees } from './money';
import type { DueToChase, DuesList } from './schemas/fee-dues';

/** One row of the printed list, in words. */
export interface SheetRow {
  student: string;
  mobile: string;
  course: string;
  due: string;
  since: string;
  reference: string;
}

/** How long a due has been owed on `today`: 'since 25 Nov 2026 (3 days overdue)', 'due 2 Dec 2026'. */
export function sinceWords(due: Pick<DueToChase, 'dueOn' | 'daysOverdue'>): string {
  const day = formatIndiaDay(due.dueOn);
  if (due.daysOverdue > 0) return `since ${day} (${due.daysOverdue} ${due.daysOverdue === 1 ? 'day' : 'days'} overdue)`;
  return due.daysOverdue === 0 ? `due today, ${day}` : `due ${day}`;
}

/** A due as a row of the list. */
export function sheetRow(due: DueToChase): SheetRow {
  return {
    student: due.student,
    mobile: due.phone ? formatMobile(due.phone) : '—',
    course: [due.course, due.batch && `(${due.batch})`].filter(Boolean).join(' ') || '—',
    due: `${formatRupees(due.balancePaise)}, ${due.label}${due.lateFeePaise > 0 ? ` (includes a ${formatRupees(due.lateFeePaise)} late fee)` : ''}`,
    since: sinceWords(due),
    reference: due.reference,
  };
}

/** One list as text: a heading with its count and total, then one numbered line per due. */
function listText(title: string, list: DuesList): string[] {
  if (list.count === 0) return [];
  const cut = list.count > list.items.length ? `, the first ${list.items.length} listed` : '';
  return [
    `${title}: ${list.count} (${formatRupees(list.totalPaise)}${cut})`,
    ...list.items.map((due, i) => {
      const row = sheetRow(due);
      return `${i + 1}. ${row.student}, ${row.mobile}: ${row.due}, ${row.course}, ${row.since}, ref ${row.reference}`;
    }),
  ];
}

/** Who owes what on `today`, as plain text to share. */
export function duesSheetText(today: string, overdue: DuesList, week: DuesList): string {
  const lists = [listText('Fees overdue', overdue), listText('Fees due this week', week)].filter((l) => l.length);
  if (lists.length === 0) return `Fees owed on ${formatIndiaDay(today)}: nothing is overdue or due this week.`;
  return [`Fees owed on ${formatIndiaDay(today)}`, ...lists.map((l) => ['', ...l].join('\n'))].join('\n');
}
