/**
 * Attendance, shared by the admin app and the functions: the marks and their words, what a saved
 * register carries (PUT /api/admin/batches/{id}/attendance/{day}), and the answers of the day's
 * classes, the register and the monthly grid.
 */
import type { Messaging } from './messaging';
import { MARKS, type Mark } from '../attendance-words';
import { isOfficeDay, isOfficeMonth, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { z } from './zod';

export { MARKS, MARK_LABELS, MARK_LETTERS, isoWeekday, dayInWords, monthInWords, type Mark } from '../attendance-words';
export { DAY_NAMES, daysInWords } from '../batch-words';

/** The most a reason may say. */
export const REASON_MAX = 200;
/** The most students one register holds (a batch has at most 500 seats). */
export const REGISTER_MAX = 500;

/** A day written YYYY-MM-DD that the calendar has. */
export const DaySchema = z
  .string({ message: 'Please give the day as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the day as YYYY-MM-DD, e.g. 2027-01-25.')
  .refine(isRealDay, 'That day is not in the calendar.')
  .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE);

/** A month written YYYY-MM, in the office's years. */
export const MonthSchema = z
  .string({ message: 'Please give the month as YYYY-MM.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give the month as YYYY-MM, e.g. 2027-01.')
  .refine((v) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(v) || isOfficeMonth(v), OFFICE_YEARS_MESSAGE);

/** One student's mark in a saved register. */
export const MarkSchema = z
  .object({
    studentId: z.string({ message: 'Please choose a student of the register.' }).regex(/^[1-9]\d{0,17}$/, 'Please choose a student of the register.'),
    mark: z.enum(MARKS, { message: 'Please mark the student Present, Absent, Late or Leave.' }),
    reason: z
      .string({ message: 'Please write the reason as text.' })
      .trim()
      .max(REASON_MAX, `Please keep the reason under ${REASON_MAX} characters.`)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.mark === 'leave' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Please write the reason for the leave.' });
  });

/** PUT /api/admin/batches/{id}/attendance/{day}: the register as marked, and the version it was read at. */
export const SaveRegisterSchema = z.object({
  marks: z
    .array(MarkSchema, { message: 'Please send the marks of the register.' })
    .min(1, 'Please mark at least one student.')
    .max(REGISTER_MAX, `A register holds at most ${REGISTER_MAX} students.`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((m, i) => {
        if (seen.has(m.studentId)) ctx.addIssue({ code: 'custom', path: [i, 'studentId'], message: 'Each student may be marked once.' });
        seen.add(m.studentId);
      });
    }),
  /** The register's version when it was read (absent for a day not saved yet). */
  version: z.number({ message: 'Please send the version as a number.' }).int().min(1).max(1_000_000).optional(),
});
export type SaveRegister = z.infer<typeof SaveRegisterSchema>;

/** A class of the day (GET /api/admin/classes). */
export interface ClassOfDay {
  batchId: string;
  batch: string;
  course: string;
  /** India's wall clock, HH:MM. */
  startsAt: string;
  endsAt: string;
  room: string;
  teacher: string | null;
  /** Whether the caller teaches it. */
  mine: boolean;
  /** Active students on the roster. */
  students: number;
  /** Whether its register was saved that day. */
  taken: boolean;
}

/** GET /api/admin/classes. */
export interface ClassesOfDay {
  /** The day (India's), YYYY-MM-DD. */
  day: string;
  /** Today in India. */
  today: string;
  /** The holiday's name when no class is expected, else null. */
  holiday: string | null;
  classes: ClassOfDay[];
  /** Whether the caller may open days before today (and every batch). */
  anyDay: boolean;
  /** The caller's students below the attendance threshold (every batch's for 'attendance-any'). */
  lowAttendance: LowAttendance[];
  /** The attendance threshold (a whole percentage), as the Owner set it. */
  attendanceThreshold: number;
}

/** One student of a register. */
export interface RegisterStudent {
  studentId: string;
  name: string;
  phone: string | null;
  guardianName: string | null;
  guardianPhone: string | null;
  mark: Mark;
  reason: string | null;
  /** False for a student marked that day who has since left the batch or been removed. */
  onRoster: boolean;
  /** 'hi' when the student's messages are in Hindi (their absence messages open in it); absent for English, the default. */
  language?: 'hi';
  /** Whom absence messages may go to: absent as usual; a minor's consenting guardian only, or nobody (decision 053). */
  messaging?: Messaging;
}

/** GET /api/admin/batches/{id}/attendance/{day} (and the answer of a save). */
export interface Register {
  batchId: string;
  batch: string;
  course: string;
  day: string;
  /** Whether the register was saved for that day (else every mark is the default, present). */
  saved: boolean;
  /** The saved register's version (0 before the first save). */
  version: number;
  savedBy: string | null;
  savedAt: string | null;
  /** Whether the caller may save it (today, or any day for an Owner). */
  editable: boolean;
  /** Why not, in words, when not editable. */
  notEditable: string | null;
  students: RegisterStudent[];
}

/** A saved register's answer: the register, and what the save did. */
export interface SavedRegister extends Register {
  /** 'created' (first save), 'corrected' (marks changed), 'unchanged' (the same marks again). */
  outcome: 'created' | 'corrected' | 'unchanged';
}

/** One student's row of the monthly grid. */
export interface GridRow {
  studentId: string;
  name: string;
  /** The mark of each class day of the month (null: not marked that day), in `days`' order. */
  marks: (Mark | null)[];
  /** Classes of the month they were marked in, and of those attended (present or late). */
  held: number;
  attended: number;
  /** The month's percentage (rounded down like every count), null before any class. */
  percent: number | null;
  /** The percentage over the whole batch so far (attendance-summary.ts), null before any class. */
  overall: number | null;
  /** Whether the whole batch's percentage is below the threshold. */
  below: boolean;
}

/** GET /api/admin/batches/{id}/attendance?month=YYYY-MM. */
export interface AttendanceGrid {
  batchId: string;
  batch: string;
  course: string;
  month: string;
  /** The days of the month whose register was saved. */
  days: string[];
  rows: GridRow[];
  legend: { letter: string; label: string }[];
  threshold: number;
}

/** A student below the threshold (Today, Today's classes). */
export interface LowAttendance {
  studentId: string;
  name: string;
  batchId: string;
  batch: string;
  course: string;
  percent: number;
  /** Classes they were marked in; of those attended (present or late), absent, and on leave (excused, not absent). */
  held: number;
  attended: number;
  absent: number;
  leave: number;
}
