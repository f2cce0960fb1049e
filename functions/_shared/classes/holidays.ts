/** The institute's calendar of holidays (table holidays, set by an Owner): no class is expected on them. */
import type { Locale } from '../../../src/i18n/locales';

/** The holidays by day (YYYY-MM-DD), each named in English and Hindi (loadOfficeSettings). */
export type Calendar = ReadonlyMap<string, { en: string; hi: string }>;

/** The name of the holiday on `day` (YYYY-MM-DD) in `calendar`, in `locale` (English, as staff read it, unless told), or null on an ordinary day. */
export const holidayOn = (calendar: Calendar, day: string, locale: Locale = 'en'): string | null => calendar.get(day)?.[locale] ?? null;
