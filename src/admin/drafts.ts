/**
 * Unsaved work kept across a lost session: when a staff call answers 401 (idle timeout, account
 * disabled, signed out elsewhere), every open form that registered here writes what it holds to
 * sessionStorage under its screen's key before the browser goes to /adminLogin; back on that
 * screen after signing in, the form takes it back. sessionStorage, not localStorage: it stays in
 * this tab only and is gone when the tab is closed, so a lead's note never outlives the visit on
 * a shared computer. Nothing is written while the session is alive.
 */
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast/headless';

/** The prefix of the kept drafts' keys. */
const PREFIX = 'adminDraft:';

/** Reads what a form holds now: null when there is nothing worth keeping. */
type Reader = () => unknown;

const readers = new Map<string, Reader>();

/** Writes every registered form's unsaved work to sessionStorage (the session just ended). */
export function keepDrafts(): void {
  for (const [key, read] of readers) {
    const value = read();
    if (value === null || value === undefined) continue;
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage refused: that draft is lost, as before.
    }
  }
}

/** The draft kept under `key`, removed as it is read; null when there is none. */
export function takeDraft<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    if (text === null) return null;
    sessionStorage.removeItem(PREFIX + key);
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * Keeps a form's unsaved work if the session ends while it is open, and gives back what was kept
 * for `key` when the form opens again (`restore`, then a note saying so). `read` answers null when
 * the form holds nothing worth keeping. `what` names it in the note ('note', 'course').
 */
export function useDraft<T>(key: string, what: string, read: () => T | null, restore: (draft: T) => void): void {
  const reader = useRef(read);
  const restorer = useRef(restore);
  reader.current = read;
  restorer.current = restore;

  useEffect(() => {
    readers.set(key, () => reader.current());
    return () => {
      readers.delete(key);
    };
  }, [key]);

  useEffect(() => {
    const draft = takeDraft<T>(key);
    if (draft === null) return;
    restorer.current(draft);
    toast.success(`Your unsaved ${what} was kept and is back. Check it, then save it.`, { id: `draft-${key}` });
  }, [key, what]);
}
