/**
 * The walk-in form's fill, kept in this tab (sessionStorage) from the first keystroke until the
 * admission succeeds: its Idempotency-Key and what was typed. A reload, a dropped answer or a tap
 * again after a failure sends the same key, so the server answers the admission already made
 * instead of making another. Closing the tab forgets it (a shared counter PC keeps nothing).
 */
import type { PaymentMode } from '../../lib/fee-words';

/** One admission being made. */
export interface WalkInDraft {
  /** The Idempotency-Key of this admission: made when the fill began, sent with every try. */
  key: string;
  name: string;
  phone: string;
  email: string;
  guardianName: string;
  guardianPhone: string;
  language: 'en' | 'hi';
  courseId: string;
  batchId: string;
  amount: string;
  mode: PaymentMode;
  utr: string;
  chequeNumber: string;
  advance: boolean;
}

const STORAGE_KEY = 'walk-in';

/** The fill being made in this tab, if any. */
export function readWalkInDraft(): WalkInDraft | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<WalkInDraft>;
    return typeof draft.key === 'string' && typeof draft.name === 'string' ? (draft as WalkInDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the fill (and its key) until clearWalkInDraft. */
export function saveWalkInDraft(draft: WalkInDraft): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): the key still lives in the form while the page is open.
  }
}

/** Forgets the fill: its admission is made. */
export function clearWalkInDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
