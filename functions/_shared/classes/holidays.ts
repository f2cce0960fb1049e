/** The institute's calendar of holidays (content/classes.json): no class is expected on them. */
import classes from '../../../content/classes.json';

const HOLIDAYS = new Map(classes.holidays.map((h) => [h.day, h.name]));

/** The name of the holiday on `day` (YYYY-MM-DD), or null on an ordinary day. */
export const holidayOn = (day: string): string | null => HOLIDAYS.get(day) ?? null;
