/**
 * The 10 recovery codes, shown once (at the first sign-in, and when staff make new ones under
 * Security): a copy button, a print button (the page prints the codes alone, see
 * admin-signin.css), and moving on only after "I have saved my recovery codes". Shared by
 * the sign-in island and the admin app; it imports nothing but React and the toast queue.
 */
import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';

/** The recovery codes, shown this once; moving on needs "I have saved them". */
export default function AdminRecoveryCodes({
  heading,
  codes,
  onDone,
  doneLabel = 'Continue to the admin panel',
}: {
  heading: ReactNode;
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy: please write the codes down.');
    }
  };
  return (
    <section className="admin-codes" data-print-only>
      {heading}
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app. Save them now — print them, or write them down and keep them somewhere
        safe: they are not shown again.
      </p>
      <ol className="admin-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <button type="button" className="btn btn--sm btn--outline" onClick={copy}>
          Copy the codes
        </button>{' '}
        <button type="button" className="btn btn--sm btn--outline" onClick={() => window.print()}>
          Print the codes
        </button>
      </p>
      <div className="form-check">
        <input id={`${id}-saved`} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <label htmlFor={`${id}-saved`}>I have saved my recovery codes</label>
      </div>
      <button type="button" className="btn auth-form__submit" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
