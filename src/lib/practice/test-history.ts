/**
 * How long a student's test history is shown (the Terms: "test history inaccessible 30 days after
 * plan expiry"). One rule for every kind of access: a batch student's access ends on the batch's
 * last day; the subscriptions to come will pass their own last day.
 */

/** Days after access ends during which the test history is still shown. */
export const HISTORY_DAYS_AFTER_ACCESS = 30;

/** The last India day (YYYY-MM-DD) on which history is shown, for access ending on `accessEndsOn`. */
export function historyShownUntil(accessEndsOn: string): string {
  const day = new Date(`${accessEndsOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + HISTORY_DAYS_AFTER_ACCESS);
  return day.toISOString().slice(0, 10);
}

/**
 * Whether history is shown on India day `today` for access ending on `accessEndsOn` (null: access
 * has no end yet, so it is shown).
 */
export const historyShown = (accessEndsOn: string | null, today: string): boolean => accessEndsOn === null || today <= historyShownUntil(accessEndsOn);
