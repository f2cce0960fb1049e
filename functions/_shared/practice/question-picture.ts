/**
 * The address a question's picture is shown from, for its storage key (question_versions.picture):
 * served from this site, as course pictures are (/api/course-pictures/{id}), so the pages'
 * Content-Security-Policy lets it show. A key that is already an address is kept as it is.
 */

/** The picture's address, or null when the question has none. */
export function questionPictureAddress(key: string | null): string | null {
  if (!key) return null;
  if (key.startsWith('/') || /^https?:\/\//.test(key)) return key;
  return `/api/question-pictures/${encodeURIComponent(key)}`;
}
