/**
 * A message for the next page: the login, registration and verification screens move on to
 * another page as the spec says, and the success message they got from the server is shown
 * there (by BaseLayout's script) instead of vanishing with the page. Kept in sessionStorage,
 * which the spec's "clear all localStorage" leaves alone, and shown once.
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
