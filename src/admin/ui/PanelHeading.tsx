/**
 * A panel's h1. It names the page in the tab's title, and after a move within the app (not on the
 * first page) takes the focus, so a screen reader announces the new panel and the keyboard starts
 * at its top, as on a page load.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useAppInfo } from '../app-info';

/** Whether a panel has been shown yet in this page load. */
let shownBefore = false;

export default function PanelHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { siteName } = useAppInfo();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Admin Panel | ${siteName}`;
    if (shownBefore) heading.current?.focus({ preventScroll: false });
    shownBefore = true;
  }, [title, siteName]);
  return (
    <div className="admin-panel__head">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
