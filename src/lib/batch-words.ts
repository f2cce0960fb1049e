/**
 * The words of batches (no validation library, so any screen may read them): statuses, a place in
 * a roster, the days of the week and a class's times as staff and students read them.
 */

/** A batch's status (batches.status). */
export const BATCH_STATUSES = ['planned', 'running', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** A batch's status in words. */
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = { planned: 'Planned', running: 'Running', completed: 'Completed' };

/** A student's place in a batch (batch_students.status). */
export const ROSTER_STATUSES = ['active', 'completed', 'left'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
/** A place in a roster in words. */
export const ROSTER_STATUS_LABELS: Record<RosterStatus, string> = { active: 'Active', completed: 'Completed', left: 'Left' };

/** ISO weekdays' names: DAY_NAMES[1] is Monday, DAY_NAMES[7] Sunday. */
export const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** ISO weekdays' short names, as a student's page shows them: SHORT_DAY_NAMES[1] is Mon. */
export const SHORT_DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** ISO weekdays in words, Monday first and each once: [5, 1, 3] → 'Monday, Wednesday, Friday' (short: 'Mon, Wed, Fri'). */
export const daysInWords = (days: readonly number[], names: readonly string[] = DAY_NAMES) =>
  [...new Set(days)]
    .filter((d) => d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((d) => names[d])
    .join(', ');

/** A batch's status in words ('running' → 'Running'); a status this code does not know, as it is. */
export const batchStatusWord = (status: string): string => BATCH_STATUS_LABELS[status as BatchStatus] ?? status;

/** A class's times: '09:00–10:30'. */
export const timeRange = (startsAt: string, endsAt: string) => `${startsAt.slice(0, 5)}–${endsAt.slice(0, 5)}`;
