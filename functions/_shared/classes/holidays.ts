/** The institute's calendar of holidays (content/classes.json): no class is expected on them. */
import classes from '../../../content/classes.json';
import type { Locale } from '../../../src/i18n/locales';

const HOLIDAYS = new Map(classes.holidays.map((h) => [h.day, h.name]));

/** The name of the holiday on `day` (YYYY-MM-DD) in `locale` (English, as staff read it, unless told), or null on an ordinary day. */
export const holidayOn = (day: string, locale: Locale = 'en'): string | null => HOLIDAYS.get(day)?.[locale] ?? null;
