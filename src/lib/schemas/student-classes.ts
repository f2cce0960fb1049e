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

const shortDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDayWithYear = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * An India day (YYYY-MM-DD) as a student reads it: 'Mon, 30 Nov', with the year when it is not
 * `thisYear` ('Tue, 26 Jan 2027'). The text itself when it is not a day.
 */
export function studentDay(day: string, thisYear?: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return (thisYear && day.startsWith(thisYear) ? shortDay : shortDayWithYear).format(date);
}
