/**
 * The values of the forms that act on a lead (record a contact, change status, admit, ask for
 * documents again), checked in the browser by the same LeadActionSchema the server uses, so the
 * messages are the server's. An enquiry's contact always names its next step; an application's
 * may keep its status (the step's status left empty).
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { Resolver } from 'react-hook-form';
import { z } from '../../lib/schemas/zod';
import {
  EnquiryActionSchema,
  isApplicationStatus,
  LeadActionSchema,
  NEXT_STATUSES,
  type ContactOutcome,
  type LeadAction,
  type LeadDetail,
  type LeadRow,
  type LeadStatus,
} from '../../lib/schemas/lead';
import { dayAfter } from './waited';

/** The next step as the form holds it (every status's fields at once; the schema keeps only the chosen status's). */
export interface StepValues {
  status: LeadStatus | '';
  followUp: string | undefined;
  visitOn: string | undefined;
  lostReason: string;
  lostNote: string;
  student: { name: string; email: string; phone: string; course: string };
  /** Admitted: the batch to put the new student in ('' for none). */
  batchId?: string;
  /** Documents to fix: the slots asked for again and the note to the applicant. */
  slots: string[];
  note: string;
  /** Forwarded: the outside portal's reference. */
  portalReference: string;
  /** Rejected: why. */
  reason: string;
}

/** A contact or a move, as the form holds it. */
export interface LeadFormValues {
  action: 'contact' | 'move';
  version: number;
  channel?: string;
  outcome?: string;
  template?: string;
  note?: string;
  next: StepValues;
}

/**
 * The schema's resolver for the forms' looser values. The cast is sound: the schema checks the
 * values whatever their static type, and what it gives back is a LeadAction.
 */
export const leadActionResolver = standardSchemaResolver(EnquiryActionSchema) as unknown as Resolver<LeadFormValues, unknown, LeadAction>;

/** A contact about an application whose step's status was left empty keeps its status: no `next`. */
const ApplicationContactSchema = z.preprocess((values) => {
  const { next, ...rest } = values as { next?: { status?: string } };
  return next?.status ? values : rest;
}, LeadActionSchema);
/** The resolver of an application's contact form. */
export const applicationContactResolver = standardSchemaResolver(ApplicationContactSchema) as unknown as Resolver<LeadFormValues, unknown, LeadAction>;

/** The field names a 400's `errors` may name, to put the server's messages beside their fields. */
export const STEP_FIELDS = [
  'outcome',
  'note',
  'next.status',
  'next.followUp',
  'next.visitOn',
  'next.lostReason',
  'next.lostNote',
  'next.student.name',
  'next.student.email',
  'next.student.phone',
  'next.student.course',
  'next.batchId',
  'next.slots',
  'next.note',
  'next.portalReference',
  'next.reason',
] as const;

/** The next step's starting values: `status` with a follow-up `days` from today, the student fields from the lead. */
export function stepDefaults(lead: LeadRow | LeadDetail, status: LeadStatus | '', today: string, days = 1): StepValues {
  return {
    status: status && NEXT_STATUSES[lead.status].includes(status) ? status : '',
    followUp: dayAfter(today, days),
    // A visit already booked stays booked unless staff change it.
    visitOn: 'visitOn' in lead && lead.visitOn && lead.visitOn >= today ? lead.visitOn : undefined,
    lostReason: '',
    lostNote: '',
    student: { name: lead.name, email: lead.email ?? '', phone: lead.phone, course: lead.course ?? '' },
    slots: [],
    note: '',
    portalReference: '',
    reason: '',
  };
}

/**
 * The step that usually follows an outcome: no answer → try again tomorrow; a message sent or a
 * conversation → follow up in two days; a wrong number → lost for that reason.
 */
export function suggestedStep(outcome: ContactOutcome | '', current: LeadStatus): { status: LeadStatus | ''; days: number; lostReason?: string } {
  // An application keeps its status unless staff choose a step: a call does not verify documents.
  if (isApplicationStatus(current)) return { status: '', days: 1 };
  if (outcome === 'wrong-number')
    return NEXT_STATUSES[current].includes('lost') ? { status: 'lost', days: 1, lostReason: 'wrong-number' } : { status: 'contacted', days: 1 };
  const status: LeadStatus = current === 'interested' ? 'interested' : 'contacted';
  if (outcome === 'sent' || outcome === 'reached') return { status, days: 2 };
  return { status, days: 1 };
}
