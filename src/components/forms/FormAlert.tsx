/**
 * The lines under a form that say how its sending went. They are always in the page, empty or
 * not, so that a message put into them is announced.
 */
import type { ReactNode } from 'react';

/** The form's failure line (role="alert": read out at once). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className="form-error form-status" role="alert">
      {children}
    </p>
  );
}

/** The form's status line ('Sending...', then success or failure), read out politely. */
export function FormStatus({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <p className={['form-status', className].filter(Boolean).join(' ')} role="status" aria-live="polite">
      {children}
    </p>
  );
}
