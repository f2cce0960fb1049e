/**
 * What a signed-in student is told of their own classes (GET /api/user/classes), shown on /account:
 * their batches, their attendance and their certificates, in words and India's days only (no ids
 * of records, staff or other students). Shared by the function and the account page; no zod, so
 * the page's island stays small.
 */

/** One of the student's batches. */
export interface StudentBatch {
  /** The course's title. */
  course: string;
  /** The batch's name, e.g. 'RS-CIT Morning'. */
  batch: string;
  /** The days of the week, e.g. 'Mon, Wed, Fri'. */
  days: string;
  /** India's wall clock, e.g. '09:00'. */
  startsAt: string;
  endsAt: string;
  room: string;
  /** The teacher's name, or null when none is set. */
  teacher: string | null;
  /** 'Planned', 'Running' or 'Completed'. */
  status: string;
  /** The India day (YYYY-MM-DD) of the next class, or null when none is left. */
  nextClass: string | null;
}

/** A class the student missed. */
export interface StudentAbsence {
  /** India day, YYYY-MM-DD. */
  day: string;
  mark: 'Absent' | 'Leave';
  /** Why, when the teacher wrote it (leave). */
  reason?: string;
}

/** The student's attendance in one batch (functions/_shared/classes/attendance-summary.ts counts it). */
export interface StudentAttendance {
  /** The batch's name. */
  batch: string;
  /** Whole percent attended, rounded down; null before any class. */
  percent: number | null;
  /** Classes held in which the student was marked. */
  held: number;
  /** Classes attended (present or late). */
  attended: number;
  /** Oldest first. */
  absences: StudentAbsence[];
}

/** One certificate issued to the student. */
export interface StudentCertificate {
  number: string;
  course: string;
  /** India day, YYYY-MM-DD. */
  issuedOn: string;
  status: 'Valid' | 'Revoked';
  /** The public verification page. */
  verifyUrl: string;
  /** The printable page. */
  printUrl: string;
}

/** GET /api/user/classes. */
export interface StudentClasses {
  batches: StudentBatch[];
  attendance: StudentAttendance[];
  certificates: StudentCertificate[];
}

/** The student's two languages (no import of the i18n modules: this file is types and dates only). */
type Language = 'en' | 'hi';

// Hindi months are written out: their short forms ('नव॰') are not what people read.
const DAY_FORMATS = {
  en: { month: 'short', tag: 'en-IN' },
  hi: { month: 'long', tag: 'hi-IN' },
} as const;
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (language: Language, withYear: boolean) => {
  const key = `${language}${withYear ? '+y' : ''}`;
  let found = formats.get(key);
  if (!found) {
    const { month, tag } = DAY_FORMATS[language];
    found = new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month, ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
};

/**
 * An India day (YYYY-MM-DD) as a student reads it: 'Mon, 30 Nov', with the year when it is not
 * `thisYear` ('Tue, 26 Jan 2027'); in Hindi 'सोम, 30 नवंबर'. The text itself when it is not a day.
 */
export function studentDay(day: string, thisYear?: string, language: Language = 'en'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return format(language, !(thisYear && day.startsWith(thisYear))).format(date);
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const hindiWeekday = new Intl.DateTimeFormat('hi-IN', { weekday: 'short', timeZone: 'UTC' });

/** A batch's days as the server writes them ('Mon, Wed, Fri') in the student's language: 'सोम, बुध, शुक्र'. */
export function studentWeekdays(days: string, language: Language = 'en'): string {
  if (language === 'en') return days;
  return days
    .split(/,\s*/)
    .map((name) => {
      const index = SHORT_DAYS.indexOf(name.trim());
      // 1 January 2024 was a Monday.
      return index < 0 ? name : hindiWeekday.format(new Date(Date.UTC(2024, 0, 1 + index)));
    })
    .join(', ');
}
