/**
 * The Today screen (GET /api/admin/today) and what staff do with a notification that failed
 * (POST /api/admin/outbox/{id}).
 */
import { z } from './zod';
import type { LowAttendance } from './attendance';
import type { LeadRow } from './lead';

/** `?mine=1`: only leads assigned to the caller or to nobody. */
export const TodayQuerySchema = z.object({
  /** 1: the caller's leads and the unassigned ones only. */
  mine: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '0'], { message: 'Please use mine=1 or leave it out.' }).optional()),
});

/** POST /api/admin/outbox/{id}: send a failed notification again, or put it aside. */
export const OutboxActionSchema = z.object({
  /** retry: the housekeeping sends it again; dismiss: it leaves the Today screen. */
  action: z.enum(['retry', 'dismiss'], { message: 'Please choose retry or dismiss.' }),
});
export type OutboxAction = z.infer<typeof OutboxActionSchema>;

/** At most this many leads in each list of Today. */
export const TODAY_MAX = 200;

/** A notification that could not be sent. */
export interface FailedNotice {
  /** The outbox row. */
  _id: string;
  /** The lead it told about (null: a notice or a staff mail). */
  lead: LeadRow | null;
  subject: string;
  error: string | null;
  failedAt: string;
}

/** GET /api/admin/today. */
export interface Today {
  /** Today in India (YYYY-MM-DD). */
  today: string;
  /** Open leads with a follow-up today or before, one per person, oldest follow-up first. */
  due: LeadRow[];
  /** Leads assigned to the caller that nobody has acted on yet (one per person), oldest first. */
  assigned: LeadRow[];
  /** Untouched enquiries of people who enquired before (one per person), oldest first. */
  again: LeadRow[];
  /** New leads nobody has touched yet (a person's first; not the caller's own), oldest first. */
  untouched: LeadRow[];
  /** Notifications that failed for good and were not dismissed, newest first. */
  failed: FailedNotice[];
  /**
   * Active students of running batches below the attendance threshold, lowest first (for a role
   * that can 'attendance' or 'batches'; a Teacher's own batches only; an empty list otherwise).
   */
  lowAttendance: LowAttendance[];
  /** The attendance threshold (a whole percentage) the list is below, as the Owner set it. */
  attendanceThreshold: number;
  /**
   * People's requests about their data waiting for an answer, and the soonest last day to answer
   * one (India's day, YYYY-MM-DD; null when none is open) — for a role with 'privacy' only (null otherwise).
   */
  rightsRequests: { open: number; answerBy: string | null } | null;
}
