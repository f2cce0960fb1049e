/** How long a lead has waited, in words staff read at a glance on a phone. */

const DAY = 86_400_000;

/** The whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** The day `days` after `day` (YYYY-MM-DD), e.g. tomorrow's date for a follow-up. */
export const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A span of time since `since` (ISO), e.g. '40 minutes', '5 hours', '3 days'. */
export function ageOf(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** Where a follow-up day stands against today: 'Overdue by 2 days', 'Due today' or 'Due in 3 days'. */
export function dueText(followUp: string, today: string): string {
  const days = daysBetween(today, followUp);
  if (days < 0) return `Overdue by ${plural(-days, 'day')}`;
  if (days === 0) return 'Due today';
  return `Due in ${plural(days, 'day')}`;
}
