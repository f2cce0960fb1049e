/**
 * The attempt's clock is the server's (decision 052): the deadline is fixed at the start, and an
 * answer is taken until then and for GRACE_SECONDS more — the time a request sent just before the
 * deadline may spend on a slow connection — never later.
 */
import { formatIndiaMoment } from '../../../src/lib/india-time';
import type { Locale } from '../../../src/i18n/locales';

/** Seconds after the deadline during which an answer already on its way is still taken. */
export const GRACE_SECONDS = 2;

/** SQL: true when the attempt row `a` is past its deadline and grace by the database's clock. */
export const PAST_DEADLINE_SQL = `(a.deadline_at + make_interval(secs => ${GRACE_SECONDS}) < now())`;

/** A moment as the student reads it in their language, in India's time ('29 Nov 2026, 10:42 am'). */
export const momentWords = (at: Date | string, locale: Locale): string => formatIndiaMoment(at, locale);
