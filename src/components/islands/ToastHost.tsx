/**
 * Toasts, through react-hot-toast's headless API (its timing, queue and pause-on-hover, with our
 * own markup and CSS: the styled version injects <style> elements that the Content-Security-Policy
 * forbids). Rendered once per page, by whichever island mounts first; toasts from every island
 * appear here. The defaults match the spec: top-center, errors 4 s, successes 2 s, at most 20.
 * They are drawn at the end of <body>, so a toast stays visible when the part of the page that
 * holds its island is hidden (the account page after a logout, say).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { resolveValue, useToaster } from 'react-hot-toast/headless';

let claimed = false;

function Toasts() {
  const { toasts, handlers } = useToaster();
  return (
    <div className="toasts" onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {toasts.slice(0, 20).map((t) => (
        <div key={t.id} className={`toast toast--${t.type}${t.visible ? '' : ' toast--leaving'}`} {...t.ariaProps}>
          {resolveValue(t.message, t)}
        </div>
      ))}
    </div>
  );
}

export default function ToastHost() {
  const [owner, setOwner] = useState(false);
  useEffect(() => {
    if (claimed) return;
    claimed = true;
    setOwner(true);
    return () => {
      claimed = false;
    };
  }, []);
  // Claimed only after mounting, so the server's HTML and the first render agree.
  return owner ? createPortal(<Toasts />, document.body) : null;
}
