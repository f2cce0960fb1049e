/**
 * How long a closed application keeps its documents and ID numbers, for the pages that tell
 * applicants so. Read at build time from the same RETENTION_DAYS the functions' housekeeping
 * reads at run time, so the pages say what housekeeping does.
 */

/** Days when RETENTION_DAYS is unset. */
export const DEFAULT_RETENTION_DAYS = 180;

/** Days documents and ID numbers are kept after an application is approved or rejected. */
export function retentionDays(): number {
  const days = Number(process.env['RETENTION_DAYS']);
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}
