/**
 * Batches and their rosters (the admin app's Batch screens and /api/admin/batches…): the fields of
 * a batch, a place in its roster, and the words staff read for days and statuses. The same
 * schemas check the forms in the browser and the requests in the functions.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { indiaToday, isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { RecordIdSchema, VersionSchema } from './records';
import { BATCH_STATUSES, ROSTER_STATUSES, type BatchStatus, type RosterStatus } from '../batch-words';

export { BATCH_STATUSES, ROSTER_STATUSES, BATCH_STATUS_LABELS, ROSTER_STATUS_LABELS, DAY_NAMES, daysInWords, timeRange } from '../batch-words';
export type { BatchStatus, RosterStatus } from '../batch-words';

const DaySchema = (label: string) =>
  z
    .string({ message: `Please enter ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter ${label} as YYYY-MM-DD.`)
    .refine(isRealDay, 'Please enter a real date.')
    .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE);

const TimeSchema = (label: string) =>
  z.string({ message: `Please enter ${label}.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Please enter ${label} as HH:MM, like 09:30.`);

/** The fields of a batch (POST /api/admin/batches). */
export const BatchFieldsSchema = z
  .object({
    /** The course taught (a published course's id). */
    courseId: RecordIdSchema.or(z.number().int().positive().transform(String)).pipe(RecordIdSchema),
    /** The batch's name, e.g. "Tally Morning". */
    name: TextSchema('the batch name', 2, 80),
    /** The first and last day of the batch (India's days). */
    startsOn: DaySchema('the start date'),
    endsOn: DaySchema('the end date'),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    days: z
      .array(z.number({ message: 'Please choose the days of the week.' }).int().min(1).max(7), { message: 'Please choose the days of the week.' })
      .min(1, 'Please choose at least one day of the week.')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    /** India's wall-clock times, HH:MM. */
    startsAt: TimeSchema('the start time'),
    endsAt: TimeSchema('the end time'),
    /** Where the class meets. */
    room: TextSchema('the room', 1, 60),
    /** The teacher (a staff member's id), or none yet. */
    teacherId: z.preprocess((v) => (v === '' ? null : v), z.uuid({ message: 'Please choose a teacher from the list.' }).nullable().optional()),
    /** How many students fit. */
    seats: z.coerce
      .number({ message: 'Please enter the number of seats.' })
      .int('Please enter a whole number of seats.')
      .min(1, 'A batch needs at least 1 seat.')
      .max(500, 'A batch can have at most 500 seats.'),
    /** Planned, running or completed. */
    status: z.enum(BATCH_STATUSES, { message: 'Please choose the status: Planned, Running or Completed.' }).default('planned'),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: 'The end date must be on or after the start date.', path: ['endsOn'] })
  .refine((b) => b.endsAt > b.startsAt, { message: 'The end time must be after the start time.', path: ['endsAt'] });
export type BatchFields = z.infer<typeof BatchFieldsSchema>;
export type BatchFieldsInput = z.input<typeof BatchFieldsSchema>;

/** PUT /api/admin/batches/{id}: the fields and the version the edit was based on. */
export const BatchUpdateSchema = z.intersection(BatchFieldsSchema, z.object({ version: VersionSchema }));

/** POST /api/admin/batches/{id}/students. */
export const AssignSchema = z.object({
  /** The student to add. */
  studentId: RecordIdSchema.or(z.number().int().positive().transform(String)).pipe(RecordIdSchema),
  /** The day they joined (India's, YYYY-MM-DD; today when left out): not after today nor after the batch's last day. */
  joinedOn: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    DaySchema('the joining day')
      .refine((v) => !isRealDay(v) || v <= indiaToday(), 'The joining day cannot be after today.')
      .optional(),
  ),
});
export type AssignInput = z.input<typeof AssignSchema>;

/** PUT /api/admin/batches/{id}/students/{studentId}. */
export const RosterStatusSchema = z.object({
  /** Active, completed or left. */
  status: z.enum(ROSTER_STATUSES, { message: 'Please choose Active, Completed or Left.' }),
});

/** POST /api/admin/batches/{id}/students/{studentId}/move. */
export const MoveSchema = z.object({
  /** The batch the student moves to. */
  toBatchId: RecordIdSchema.or(z.number().int().positive().transform(String)).pipe(RecordIdSchema),
});

/** A batch as the API gives it. */
export interface Batch {
  _id: string;
  courseId: string;
  /** The course's title. */
  course: string;
  name: string;
  startsOn: string;
  endsOn: string;
  days: number[];
  startsAt: string;
  endsAt: string;
  room: string;
  teacherId: string | null;
  /** The teacher's name (null when none). */
  teacher: string | null;
  seats: number;
  /** Students in the batch now (active). */
  seatsTaken: number;
  status: BatchStatus;
  version: number;
}

/** One student of a batch's roster. */
/** One class of the week on the timetable (GET /api/admin/timetable). */
export interface WeekClass {
  day: number;
  dayName: string;
  startsAt: string;
  endsAt: string;
  batchId: string;
  batch: string;
  course: string;
  room: string;
  teacher: string | null;
}

/** A student on a batch's roster. */
export interface RosterEntry {
  studentId: string;
  name: string;
  phone: string | null;
  email: string;
  status: RosterStatus;
  joinedOn: string;
  statusChangedOn: string | null;
}
