/**
 * The list of what to correct, at the top of a long form after a send that did not go: each
 * message links to its field (the link moves the focus there, not just the scroll). The form
 * moves the focus to this box, so a screen reader reads it and a phone scrolls to it.
 */
import type { MouseEvent, Ref } from 'react';
import { appform_summary_many, appform_summary_one } from '../../i18n/messages';

/** One thing to correct: the id of its control and the message shown under it. */
export interface SummaryItem {
  id: string;
  message: string;
}

interface Props {
  items: readonly SummaryItem[];
  headingId: string;
  /** The box, for the form to move the focus to. */
  ref?: Ref<HTMLDivElement> | undefined;
}

/** Focuses (and shows) the control a summary link points at. */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
  // An input kept out of sight (a file input under its button) shows its slot instead.
  (target.closest('.doc-slot, .form-field, .form-check') ?? target).scrollIntoView({ block: 'center' });
}

/**
 * Moves the focus to the summary and scrolls its heading to the top of the screen: focusing alone
 * scrolls a box taller than a phone's screen only until its end shows, its heading out of sight.
 */
export function revealSummary(box: HTMLElement | null) {
  if (!box) return;
  box.focus({ preventScroll: true });
  box.scrollIntoView({ block: 'start' });
}

/** The summary of what to correct (see the module's comment); nothing when all is well. */
export function ErrorSummary({ items, headingId, ref }: Props) {
  if (!items.length) return null;
  return (
    <div className="form-summary" ref={ref} tabIndex={-1} aria-labelledby={headingId}>
      <h2 id={headingId} className="form-summary__title">
        {items.length === 1 ? appform_summary_one() : appform_summary_many({ count: items.length })}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={(event) => goTo(event, item.id)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
