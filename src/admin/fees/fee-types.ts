/** What the counter's endpoints answer (functions/_shared/fees/counter.ts), as the admin app reads it. */
import type { StudentFees, FeeStudentHit } from '../../../functions/_shared/fees/counter';
import type { StudentNotice } from '../../lib/schemas/student-notice';

export type { StudentFees, FeeStudentHit };

/** GET /api/admin/fees/students?q= */
export interface FeeSearchAnswer {
  q: string;
  today: string;
  students: FeeStudentHit[];
}

/** POST /api/admin/fees/collect */
export interface CollectAnswer {
  message: string;
  receipt: { id: string; number: string; amountPaise: number; advancePaise: number };
  /** The receipt's WhatsApp notice to the student (absent when nothing new was recorded). */
  notice?: StudentNotice;
}
