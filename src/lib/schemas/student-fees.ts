/**
 * What GET /api/user/fees answers the signed-in student (their /account's Fees section): their
 * plans, dues with the balance and, for each open due, the UPI payment link; their receipts; and
 * the UPI payments they reported with where each stands; and the reports staff confirm on Today.
 * Amounts in whole paise.
 */
import type { ClaimState, DueState, PaymentMode } from '../fee-words';

/** A fee plan of a course or batch the student owes for. */
export interface StudentFeePlan {
  course: string | null;
  batch: string | null;
  totalPaise: number;
  lateFeePaise: number;
  graceDays: number;
}

/** One due as the student sees it. */
export interface StudentDue {
  id: string;
  reference: string;
  label: string;
  course: string | null;
  batch: string | null;
  amountPaise: number;
  discountPaise: number;
  discountReason: string | null;
  lateFeePaise: number;
  paidPaise: number;
  balancePaise: number;
  dueOn: string;
  state: DueState;
  /** The state in words ('Overdue'). */
  stateWord: string;
  /** The `upi://pay` link for the balance (null when nothing is owed). */
  upi: string | null;
  /** What the student has reported and the office has not yet confirmed, on this due. */
  reportedPaise: number;
}

/** A receipt of the student (cancelled ones too, marked). */
export interface StudentReceipt {
  id: string;
  number: string;
  paidOn: string;
  amountPaise: number;
  mode: PaymentMode;
  modeWord: string;
  cancelled: boolean;
  /** The day the office cancelled it (India's), and why. */
  cancelledOn: string | null;
  cancelledReason: string | null;
  /** What was left to pay once it was paid, as the receipt says (fixed when it was issued; null: not recorded). */
  balancePaise: number | null;
}

/** A UPI payment the student reported. */
export interface StudentClaim {
  id: string;
  dueLabel: string;
  dueReference: string;
  course: string | null;
  amountPaise: number;
  utr: string;
  paidOn: string;
  status: ClaimState;
  /** The status in words ('Waiting for the office to confirm'). */
  statusWord: string;
  /** Why the office did not confirm it (a rejected report). */
  reason: string | null;
  receiptNumber: string | null;
}

/** The whole answer of GET /api/user/fees. */
export interface StudentFees {
  plans: StudentFeePlan[];
  dues: StudentDue[];
  receipts: StudentReceipt[];
  claims: StudentClaim[];
  /** The merchant UPI ID payments go to (shown beside the QR, for apps that cannot scan). */
  upiId: string;
}

/** A reported UPI payment waiting for staff (GET /api/admin/fees/claims: Today's "Payments to confirm"). */
export interface PendingClaim {
  id: string;
  student: string;
  phone: string | null;
  course: string | null;
  batch: string | null;
  dueLabel: string;
  dueReference: string;
  amountPaise: number;
  utr: string;
  paidOn: string;
  reportedAt: string;
}
