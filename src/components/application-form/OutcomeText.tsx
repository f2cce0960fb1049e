/**
 * The outcome of a send, under the form: the specification's text in bold, then the reference
 * and where to follow the application, or what went wrong.
 */
import type { Outcome } from './outcome';
import { richText } from '../forms/rich-text';
import { appform_outcome_reference } from '../../i18n/messages';

interface Props {
  outcome: Outcome;
  /** The public status page. */
  statusHref: string;
}

/** The outcome's text (see the module's comment). */
export function OutcomeText({ outcome, statusHref }: Props) {
  return (
    <div className={`form-outcome form-outcome--${outcome.kind}`}>
      <p className="form-outcome__title">{outcome.title}</p>
      {outcome.reference && (
        <p>{richText(appform_outcome_reference({ reference: outcome.reference }), { href: statusHref, strongClass: 'form-outcome__reference' })}</p>
      )}
      {outcome.detail && <p>{outcome.detail}</p>}
    </div>
  );
}
