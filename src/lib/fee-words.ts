/**
 * The words of fees that staff and students read: payment modes, the state of a due, of a
 * reported UPI payment and of a receipt. The one home of these words (no validation library:
 * the admin app, /account and the functions all read them). The maps are the staff's English; the
 * `…Word` functions give a student's page its own language (English unless one is given).
 */
import {
  account_claim_confirmed,
  account_claim_pending,
  account_claim_rejected,
  account_due_due,
  account_due_overdue,
  account_due_paid,
  account_due_upcoming,
  account_due_waived,
  account_mode_bank,
  account_mode_cash,
  account_mode_cheque,
  account_mode_upi,
} from '../i18n/messages';
import type { Locale } from '../i18n/locales';

/** A message of this module in a given language. */
type Words = (inputs: Record<string, never>, options: { locale: Locale }) => string;

/** How money was paid (fee_receipts.mode). */
export const PAYMENT_MODES = ['cash', 'upi', 'bank', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { cash: 'Cash', upi: 'UPI', bank: 'Bank transfer', cheque: 'Cheque' };
/** How it was paid, as a sentence says it: '₹4,000 in cash', '₹4,000 by UPI'. */
export const PAYMENT_MODE_PHRASES: Record<PaymentMode, string> = { cash: 'in cash', upi: 'by UPI', bank: 'by bank transfer', cheque: 'by cheque' };
export const PAYMENT_MODE_LABELS_HI: Record<PaymentMode, string> = { cash: 'नकद', upi: 'UPI', bank: 'बैंक ट्रांसफ़र', cheque: 'चेक' };
const MODE_WORDS: Record<PaymentMode, Words> = { cash: account_mode_cash, upi: account_mode_upi, bank: account_mode_bank, cheque: account_mode_cheque };
/** How it was paid, in `locale`: 'Cash', 'नकद'; a mode this page does not know, as it came. */
export const paymentModeWord = (mode: PaymentMode, locale: Locale = 'en'): string => MODE_WORDS[mode]?.({}, { locale }) ?? String(mode);

/** Where a due stands on a day. */
export const DUE_STATES = ['paid', 'overdue', 'due', 'upcoming', 'waived'] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DUE_STATE_LABELS: Record<DueState, string> = { paid: 'Paid', overdue: 'Overdue', due: 'Due this week', upcoming: 'Upcoming', waived: 'Waived' };
const DUE_WORDS: Record<DueState, Words> = {
  paid: account_due_paid,
  overdue: account_due_overdue,
  due: account_due_due,
  upcoming: account_due_upcoming,
  waived: account_due_waived,
};
/** Where a due stands, in `locale`: 'Overdue', 'तारीख़ निकल गई'. */
export const dueStateWord = (state: DueState, locale: Locale = 'en'): string => DUE_WORDS[state]?.({}, { locale }) ?? String(state);

/** A student's report of a UPI payment (fee_upi_claims.status). */
export const CLAIM_STATES = ['pending', 'confirmed', 'rejected'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  pending: 'Waiting for the office to confirm',
  confirmed: 'Confirmed',
  rejected: 'Not confirmed',
};
const CLAIM_WORDS: Record<ClaimState, Words> = { pending: account_claim_pending, confirmed: account_claim_confirmed, rejected: account_claim_rejected };
/** Where a reported UPI payment stands, in `locale`. */
export const claimStateWord = (state: ClaimState, locale: Locale = 'en'): string => CLAIM_WORDS[state]?.({}, { locale }) ?? String(state);

/** A receipt as a list shows it. */
export const receiptStateWord = (cancelledAt: string | null): string => (cancelledAt ? 'Cancelled' : 'Valid');
