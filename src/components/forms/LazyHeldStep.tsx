/**
 * The waiting step (HeldStep) loaded only when an under-18 answers the age question: most people
 * who fill a form are adults and never need its code, consent and resend parts, so the form's
 * own island stays small, and the step is fetched while the under-18 types the guardian's details.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { consent_held_loading } from '../../i18n/messages';

/** Starts fetching the waiting step (the age question calls it when "under 18" is chosen). */
export const preloadHeldStep = () => import('./HeldStep');

const Step = lazy(() => preloadHeldStep().then((module) => ({ default: module.HeldStep })));

/** HeldStep, fetched on first use; a line in the page's language while it arrives. */
export function LazyHeldStep(props: ComponentProps<typeof Step>) {
  return (
    <Suspense fallback={<p role="status">{consent_held_loading()}</p>}>
      <Step {...props} />
    </Suspense>
  );
}
