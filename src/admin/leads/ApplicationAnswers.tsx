/**
 * An application's answers under the form's own headings. ID numbers (Aadhaar, PAN, Jan Aadhaar,
 * voter ID, bank accounts) show only their last four characters; "Show" asks the server for one
 * in full — it records in the audit log who saw which number — and "Hide" puts the mask back.
 * A full number lives only in this component's state, never in the page's cached data. A role
 * that may not see numbers in full (a Counsellor) is offered no "Show".
 */
import { Fragment, useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { ApplicationDetail, ReviewField } from '../../lib/schemas/application-review';
import { ApiError, messageOf } from '../api';
import { useCan } from '../app-info';
import { revealId } from './application-api';

interface Props {
  leadId: string;
  application: ApplicationDetail;
}

export default function ApplicationAnswers({ leadId, application }: Props) {
  const [shown, setShown] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ field: string; message: string } | null>(null);
  const purged = application.purgedAt !== null;
  const mayReveal = useCan()('reveal-ids');

  const show = async (field: ReviewField) => {
    setBusy(field.name);
    setFailure(null);
    try {
      const { value } = await revealId(leadId, field.name);
      setShown((now) => ({ ...now, [field.name]: value }));
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 410
          ? 'This number was deleted at the end of the retention period.'
          : messageOf(error, 'The number could not be shown. Please try again.');
      setFailure({ field: field.name, message });
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };
  const hide = (name: string) => setShown(({ [name]: _, ...rest }) => rest);

  return (
    <>
      {!purged && !mayReveal && <p className="form-hint app-answers__why">ID numbers are masked. Only an Owner of the institute can show one in full.</p>}
      {!purged && mayReveal && (
        <p className="form-hint app-answers__why">
          ID numbers are masked. <strong>Show</strong> displays one in full and records in the audit log that you saw it: use it only when you need the number,
          for example to enter it on the outside portal.
        </p>
      )}
      {application.sections.map((section) => (
        <section key={section.title} className="app-answers" aria-label={section.title}>
          <h3 className="lead-part__sub">{section.title}</h3>
          <dl className="lead-facts">
            {section.fields.map((field) => (
              <Fragment key={field.name}>
                <dt>{field.label}</dt>
                <dd>
                  {field.sealed ? (
                    <SealedValue
                      field={field}
                      value={shown[field.name]}
                      busy={busy === field.name}
                      failure={failure?.field === field.name ? failure.message : null}
                      purged={purged}
                      mayReveal={mayReveal}
                      onShow={() => void show(field)}
                      onHide={() => hide(field.name)}
                    />
                  ) : (
                    (field.value ?? '—')
                  )}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

interface SealedProps {
  field: ReviewField;
  /** The number in full, once shown. */
  value: string | undefined;
  busy: boolean;
  failure: string | null;
  purged: boolean;
  /** Whether the role may show the number in full. */
  mayReveal: boolean;
  onShow: () => void;
  onHide: () => void;
}

/** A masked ID number with Show, or the number in full with Hide. */
function SealedValue({ field, value, busy, failure, purged, mayReveal, onShow, onHide }: SealedProps) {
  if (purged || field.value === null) return <span className="app-answers__gone">{purged ? 'Deleted (retention period ended)' : '—'}</span>;
  if (!mayReveal) return <span className="app-answers__sealed">{field.value}</span>;
  return (
    <span className="app-answers__sealed">
      {value ? (
        <>
          <span className="app-answers__full">{value}</span>
          <button type="button" className="btn btn--sm btn--outline" onClick={onHide}>
            Hide<span className="sr-only"> {field.label}</span>
          </button>
        </>
      ) : (
        <>
          <span>{field.value}</span>
          <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onShow}>
            {busy ? 'Showing...' : 'Show'}
            <span className="sr-only"> {field.label}</span>
          </button>
        </>
      )}
      {failure && (
        <span className="form-error" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
