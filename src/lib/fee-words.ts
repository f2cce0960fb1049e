/**
 * The words of fees that staff and students read: payment modes, the state of a due, of a
 * reported UPI payment and of a receipt. The one home of these words (no validation library:
 * the admin app, /account and the functions all read them). A student's page reads them in its
 * own language through student-fee-words.ts.
 */

/** How money was paid (fee_receipts.mode). */
export const PAYMENT_MODES = ['cash', 'upi', 'bank', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { cash: 'Cash', upi: 'UPI', bank: 'Bank transfer', cheque: 'Cheque' };
/** How it was paid, as a sentence says it: '₹4,000 in cash', '₹4,000 by UPI'. */
export const PAYMENT_MODE_PHRASES: Record<PaymentMode, string> = { cash: 'in cash', upi: 'by UPI', bank: 'by bank transfer', cheque: 'by cheque' };
export const PAYMENT_MODE_LABELS_HI: Record<PaymentMode, string> = { cash: 'नकद', upi: 'UPI', bank: 'बैंक ट्रांसफ़र', cheque: 'चेक' };

/** Where a due stands on a day. */
export const DUE_STATES = ['paid', 'overdue', 'due', 'upcoming', 'waived'] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DUE_STATE_LABELS: Record<DueState, string> = { paid: 'Paid', overdue: 'Overdue', due: 'Due this week', upcoming: 'Upcoming', waived: 'Waived' };

/** A student's report of a UPI payment (fee_upi_claims.status). */
export const CLAIM_STATES = ['pending', 'confirmed', 'rejected'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  pending: 'Waiting for the office to confirm',
  confirmed: 'Confirmed',
  rejected: 'Not confirmed',
};

/** A receipt as a list shows it. */
export const receiptStateWord = (cancelledAt: string | null): string => (cancelledAt ? 'Cancelled' : 'Valid');
