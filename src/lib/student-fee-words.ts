/**
 * The fee words of fee-words.ts in a student's language (their /account and /payment-success):
 * English unless a language is given. Apart from fee-words.ts so the staff app and the receipt
 * page, which share that module, do not carry the Hindi; written out here rather than as interface
 * messages, so no message runtime comes with them.
 */
import type { Locale } from '../i18n/locales';
import {
  CLAIM_STATE_LABELS,
  DUE_STATE_LABELS,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODE_LABELS_HI,
  type ClaimState,
  type DueState,
  type PaymentMode,
} from './fee-words';

/** How it was paid, in `locale`: 'Cash', 'नकद'; a mode this page does not know, as it came. */
export const paymentModeWord = (mode: PaymentMode, locale: Locale = 'en'): string =>
  (locale === 'hi' ? PAYMENT_MODE_LABELS_HI : PAYMENT_MODE_LABELS)[mode] ?? String(mode);

/** Where a due stands, in Hindi. */
const DUE_STATE_LABELS_HI: Record<DueState, string> = {
  paid: 'भर दी',
  overdue: 'तारीख़ निकल गई',
  due: 'इस हफ़्ते भरनी है',
  upcoming: 'आगे भरनी है',
  waived: 'माफ़',
};
/** Where a due stands, in `locale`: 'Overdue', 'तारीख़ निकल गई'. */
export const dueStateWord = (state: DueState, locale: Locale = 'en'): string =>
  (locale === 'hi' ? DUE_STATE_LABELS_HI : DUE_STATE_LABELS)[state] ?? String(state);

/** Where a reported UPI payment stands, in Hindi. */
const CLAIM_STATE_LABELS_HI: Record<ClaimState, string> = {
  pending: 'ऑफ़िस की पुष्टि का इंतज़ार',
  confirmed: 'पुष्टि हो गई',
  rejected: 'पुष्टि नहीं हुई',
};
/** Where a reported UPI payment stands, in `locale`. */
export const claimStateWord = (state: ClaimState, locale: Locale = 'en'): string =>
  (locale === 'hi' ? CLAIM_STATE_LABELS_HI : CLAIM_STATE_LABELS)[state] ?? String(state);
