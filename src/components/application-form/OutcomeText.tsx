/**
 * The outcome of a send, under the form: the specification's text in bold, then the reference
 * and where to follow the application, or what went wrong.
 */
import type { Outcome } from './outcome';

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
        <p>
          Your reference is <strong className="form-outcome__reference">{outcome.reference}</strong>. Keep it: with it and your mobile number you can see where
          your application stands on the <a href={statusHref}>application status page</a>. We have also sent it to your e-mail.
        </p>
      )}
      {outcome.detail && <p>{outcome.detail}</p>}
    </div>
  );
}
