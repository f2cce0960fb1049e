/**
 * The Collect form's fill, kept in this tab (sessionStorage) from the first keystroke until the
 * collection succeeds: its Idempotency-Key and what was typed. A reload, a dropped answer or a tap
 * again after a failure sends the same key, so the server answers the receipt already made instead
 * of making another. Closing the tab forgets it (a shared counter PC keeps nothing for the next day).
 */
import type { PaymentMode } from '../../lib/fee-words';

/** One collection being recorded. */
export interface CollectDraft {
  /** The Idempotency-Key of this collection: made when the fill began, sent with every try. */
  key: string;
  amount: string;
  mode: PaymentMode;
  utr: string;
  chequeNumber: string;
  paidOn: string;
  advance: boolean;
}

const storageKey = (studentId: string) => `collect:${studentId}`;

/** The fill being recorded for `studentId` in this tab, if any. */
export function readCollectDraft(studentId: string): CollectDraft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(studentId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<CollectDraft>;
    return typeof draft.key === 'string' && typeof draft.amount === 'string' ? (draft as CollectDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the fill (and its key) for `studentId` until clearCollectDraft. */
export function saveCollectDraft(studentId: string, draft: CollectDraft): void {
  try {
    sessionStorage.setItem(storageKey(studentId), JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): the key still lives in the form while the page is open.
  }
}

/** Forgets the fill of `studentId`: its collection is recorded. */
export function clearCollectDraft(studentId: string): void {
  try {
    sessionStorage.removeItem(storageKey(studentId));
  } catch {
    // Nothing was kept.
  }
}
