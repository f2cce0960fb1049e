/**
 * What a student missed, in words, for staff and the student alike: leave apart from absence.
 * A module of its own, so the account page's island carries these few bytes and nothing else of
 * the attendance words.
 */

/** What was missed, leave apart from absence: '2 absent, 1 on leave', '1 on leave', '' when nothing. */
export function missedInWords(absent: number, leave: number): string {
  return [absent > 0 && `${absent} absent`, leave > 0 && `${leave} on leave`].filter(Boolean).join(', ');
}
