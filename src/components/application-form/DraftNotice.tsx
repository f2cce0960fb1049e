/**
 * The line at the top of a form restored from what was typed earlier on this device: when it was
 * saved, which ID numbers must be typed again (they are not kept once the tab is closed), and a
 * button to start afresh.
 */
import { pageTag } from '../forms/page-locale';
import { appform_draft_clear, appform_draft_ids, appform_draft_restored, appform_draft_restored_many, appform_draft_restored_one } from '../../i18n/messages';

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

/** "24 November, 10:32 am" ("24 नवंबर, 10:32 am" on a Hindi page). */
const when = (ms: number) =>
  new Date(ms).toLocaleString(pageTag(), { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** The restored-fill line (see the module's comment). */
export function DraftNotice({ restored, onClear }: Props) {
  const saved = when(restored.savedAt);
  const count = restored.documents;
  return (
    <div className="form-draft" role="status">
      <p>
        {count === 1
          ? appform_draft_restored_one({ when: saved })
          : count > 1
            ? appform_draft_restored_many({ when: saved, count })
            : appform_draft_restored({ when: saved })}
      </p>
      {restored.idsMissing.length > 0 && <p>{appform_draft_ids({ fields: restored.idsMissing.join(', ') })}</p>}
      <button type="button" className="btn btn--outline btn--sm" onClick={onClear}>
        {appform_draft_clear()}
      </button>
    </div>
  );
}
