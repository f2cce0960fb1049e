/** Dates and times as staff read them: Indian English, India time (src/lib/india-time.ts). */
import { INDIA_TIME_ZONE, formatIndiaDay, formatIndiaMoment } from '../../lib/india-time';

/** A calendar day given as YYYY-MM-DD, or the India day of an ISO time, e.g. '5 Mar 2026'. */
export const formatDay = (value: string | null | undefined): string => formatIndiaDay(value);

/** A moment (ISO time) in India time, e.g. '5 Mar 2026, 4:25 pm'. */
export const formatMoment = (value: string | null | undefined): string => formatIndiaMoment(value);

/** Today in India, as YYYY-MM-DD. */
export const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(new Date());
