/** Whether the screen is wide enough for the leads table (narrower screens get cards). */
import { useSyncExternalStore } from 'react';

/** Wide enough for nine columns beside the sidebar without squeezing them. */
const WIDE = '(min-width: 70rem)';

const subscribe = (onChange: () => void) => {
  const media = matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** True on a screen of at least 70rem, following resizes and rotations. */
export const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => matchMedia(WIDE).matches,
    () => false,
  );
