/**
 * The line at the top of a form restored from what was typed earlier on this device: when it was
 * saved, which ID numbers must be typed again (they are not kept once the tab is closed), and a
 * button to start afresh.
 */

/** What was restored. */
export interface Restored {
  /** When the fill was last saved (ms since the epoch). */
  savedAt: number;
  /** How many uploaded documents came back with it. */
  documents: number;
  /** Labels of the ID numbers to type again. */
  idsMissing: string[];
}

interface Props {
  restored: Restored;
  onClear: () => void;
}

/** "Saved on 24 November, 10:32 am". */
const when = (ms: number) =>
  new Date(ms).toLocaleString('en-IN', { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** The restored-fill line (see the module's comment). */
export function DraftNotice({ restored, onClear }: Props) {
  const files = restored.documents === 1 ? ' and the file you uploaded' : restored.documents > 1 ? ` and the ${restored.documents} files you uploaded` : '';
  return (
    <div className="form-draft" role="status">
      <p>
        We restored what you typed on this device ({when(restored.savedAt)}){files}.
      </p>
      {restored.idsMissing.length > 0 && (
        <p>ID numbers are not kept once the page is closed, for your safety. Please type them again: {restored.idsMissing.join(', ')}.</p>
      )}
      <button type="button" className="btn btn--outline btn--sm" onClick={onClear}>
        Clear the form
      </button>
    </div>
  );
}
