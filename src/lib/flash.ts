/**
 * A message for the next page: the login, registration and verification screens move on to
 * another page as the spec says, and the success message they got from the server is shown
 * there (by `showFlash`, which every page runs after its first paint) instead of vanishing with
 * the page. Kept in sessionStorage, which the spec's "clear all localStorage" leaves alone, and
 * shown once.
 */
const KEY = 'flash';

/** Keeps `message` for the next page this tab opens. */
export function setFlash(message: string) {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused: the message is simply not carried over.
  }
}

/** The waiting message, removed as it is read; null when there is none. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}

/** How long a success toast stays, as the spec's toasts (and react-hot-toast's default). */
const SUCCESS_MS = 2000;

/** Shows the waiting message, if any, once, like a success toast. */
export function showFlash(): void {
  const message = takeFlash();
  if (!message) return;
  const host = document.createElement('div');
  host.className = 'toasts';
  const note = document.createElement('div');
  note.className = 'toast toast--success';
  note.setAttribute('role', 'status');
  host.append(note);
  document.body.append(host);
  // Filled after insertion, so screen readers announce it.
  setTimeout(() => (note.textContent = message), 50);
  setTimeout(() => note.classList.add('toast--leaving'), 50 + SUCCESS_MS);
  setTimeout(() => host.remove(), 50 + SUCCESS_MS + 300);
}
