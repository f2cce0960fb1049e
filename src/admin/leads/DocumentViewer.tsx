/**
 * One document of an application, shown inline in a modal dialog: the server makes a link for
 * this one view (an audit line), the file is fetched from storage as a blob and shown from an
 * object URL — an image with zoom (the zoomed picture scrolls, by keyboard too), a PDF in the
 * browser's own viewer in a frame — with Download to keep a copy on purpose. Nothing is cached:
 * the object URL is revoked when the dialog closes. Escape or Close end it; Tab stays inside. The
 * browser's PDF viewer takes the focus when it loads, where Escape no longer reaches the dialog:
 * the focus goes back to Close.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DocumentLink, ReviewDocument } from '../../lib/schemas/application-review';
import { ApiError, messageOf } from '../api';
import { documentLink, fetchDocument } from './application-api';
import { trapFocus } from './focus-trap';

/** The zoom steps of an image (CSS classes, so the page's CSP needs no inline styles). */
const ZOOMS = ['Fit', '150 %', '200 %', '300 %'] as const;

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; url: string; link: DocumentLink };

interface Props {
  document: ReviewDocument;
  onClose: () => void;
}

export default function DocumentViewer({ document: doc, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [zoom, setZoom] = useState(0);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setLoaded({ state: 'loading' });
    (async () => {
      try {
        const link = await documentLink(doc.uploadId!);
        const blob = await fetchDocument(link);
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url, link });
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof ApiError && error.status === 410
            ? messageOf(error, 'This document was deleted.')
            : messageOf(error, 'The document could not be opened. Please try again.');
        setLoaded({ state: 'failed', message });
      }
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.uploadId, round]);

  const isImage = loaded.state === 'ready' && loaded.link.type.startsWith('image/');
  return (
    <dialog ref={dialog} className="modal doc-viewer" aria-labelledby={`${id}-title`} onClose={onClose} onKeyDown={trapFocus}>
      <div className="modal__head">
        <h2 id={`${id}-title`}>{doc.label}</h2>
        <button ref={close} type="button" className="modal__close" aria-label="Close" onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      {doc.fileName && <p className="doc-viewer__file">{doc.fileName}</p>}

      {loaded.state === 'loading' && <p role="status">Opening the document...</p>}
      {loaded.state === 'failed' && (
        <div role="alert">
          <p className="form-error">{loaded.message}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setRound((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {loaded.state === 'ready' && (
        <>
          <div className="btn-row doc-viewer__tools">
            {isImage && (
              <div role="group" aria-label="Zoom" className="doc-viewer__zoom">
                <button type="button" className="btn btn--sm btn--outline" disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
                  Zoom out
                </button>
                <span aria-live="polite" className="doc-viewer__level">
                  {ZOOMS[zoom]}
                </span>
                <button
                  type="button"
                  className="btn btn--sm btn--outline"
                  disabled={zoom === ZOOMS.length - 1}
                  onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                >
                  Zoom in
                </button>
              </div>
            )}
            <a className="btn btn--sm btn--outline" href={loaded.url} download={loaded.link.name}>
              Download<span className="sr-only"> {doc.label}</span>
            </a>
          </div>
          {isImage ? (
            // The frame scrolls a zoomed picture; it takes the focus so arrow keys scroll it.
            <div className="doc-viewer__frame" tabIndex={0} role="region" aria-label={`${doc.label}, zoom ${ZOOMS[zoom]}`}>
              <img className={`doc-viewer__img doc-viewer__img--z${zoom}`} src={loaded.url} alt={doc.label} />
            </div>
          ) : (
            <iframe className="doc-viewer__pdf" src={loaded.url} title={`${doc.label} (PDF)`} onLoad={() => close.current?.focus()} />
          )}
        </>
      )}
    </dialog>
  );
}
