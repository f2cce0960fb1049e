/**
 * Giving a fee plan's dues to the students already in its course or batch (GET and POST
 * /api/admin/fee-plans/{id}/apply): what the confirmation shows, and what it sends back.
 */
import { z } from './zod';
import { VersionSchema } from './records';

/** POST /api/admin/fee-plans/{id}/apply: the plan's version the confirmation was shown at. */
export const PlanApplySchema = z.object({
  /** The plan's version when staff read how many students it reaches: a plan changed since is 409. */
  version: VersionSchema,
});

/** GET /api/admin/fee-plans/{id}/apply: whom the plan reaches now. */
export interface PlanReachAnswer {
  planId: string;
  /** The plan as people name it ('Tally Prime', 'batch Tally Morning (Tally Prime)'). */
  plan: string;
  version: number;
  /** The students it would give dues to, by name, each with the day their months count from. */
  students: { studentId: string; name: string; start: string }[];
  /** How many are left alone: already owing from a plan for the course. */
  owing: number;
  /** How many are left alone: in a batch with a plan of its own. */
  ownPlan: number;
}

const students = (k: number) => `${k} ${k === 1 ? 'student' : 'students'}`;

/** Who a plan leaves alone, in words (' Left alone: 1 student …'), or ''. */
export function leftAloneInWords(reach: Pick<PlanReachAnswer, 'owing' | 'ownPlan'>): string {
  const alone = [
    reach.owing ? `${students(reach.owing)} already ${reach.owing === 1 ? 'has' : 'have'} dues from a plan for this course` : '',
    reach.ownPlan ? `${students(reach.ownPlan)} ${reach.ownPlan === 1 ? 'is' : 'are'} in a batch with its own plan` : '',
  ].filter(Boolean);
  return alone.length ? ` Left alone: ${alone.join('; ')}.` : '';
}

/** What applying a plan will do, in words: 'This plan will give dues to 2 students already in Tally Prime, …'. */
export function reachInWords(reach: Pick<PlanReachAnswer, 'plan' | 'students' | 'owing' | 'ownPlan'>): string {
  const n = reach.students.length;
  const left = leftAloneInWords(reach);
  if (!n) return `No student already in ${reach.plan} needs dues from this plan.${left}`;
  return `This plan will give dues to ${students(n)} already in ${reach.plan}, each from their own joining day.${left}`;
}
