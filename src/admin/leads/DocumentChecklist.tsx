/**
 * An application's documents as a checklist: every document of the form, required or optional,
 * where it stands (received, missing, asked again, a new file sent) with the file's name, type and
 * size, and View, which opens the viewer (loaded on first use). The viewer gives the focus back
 * to the View button that opened it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { DOCUMENT_STATES, type ApplicationDetail, type ReviewDocument } from '../../lib/schemas/application-review';
import { DOCUMENT_TYPES } from '../../lib/schemas/uploads';
import { formatMoment } from '../ui/dates';

const DocumentViewer = lazy(() => import('./DocumentViewer'));

/** A size as staff read it: '48 KB', '1.2 MB'. */
export const sizeText = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function DocumentChecklist({ application }: { application: ApplicationDetail }) {
  const [open, setOpen] = useState<ReviewDocument | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const { documents } = application;
  const required = documents.filter((d) => d.required);
  const received = required.filter((d) => d.uploadId && d.state !== 'to-fix');

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    <>
      {application.purgedAt ? (
        <p>The documents were deleted on {formatMoment(application.purgedAt)}, at the end of the retention period.</p>
      ) : (
        <p className="app-docs__count">
          {received.length} of {required.length} required documents received
          {required.length === received.length ? '.' : ': the others are missing or asked again.'}
        </p>
      )}
      <ul className="app-docs" aria-label="Documents">
        {documents.map((doc) => (
          <li key={doc.slot} className={`app-doc app-doc--${doc.state}`}>
            <div className="app-doc__head">
              <span className="app-doc__label">{doc.label}</span>
              <span className={`app-doc__state app-doc__state--${doc.state}`}>{DOCUMENT_STATES[doc.state]}</span>
            </div>
            <p className="app-doc__meta">
              {doc.required ? 'Required' : 'Optional'}
              {doc.imagesOnly && ' · photo'}
              {doc.fileName && (
                <>
                  {' · '}
                  <span className="app-doc__file">{doc.fileName}</span>
                  {doc.type && ` · ${DOCUMENT_TYPES[doc.type]}`}
                  {doc.size !== null && ` · ${sizeText(doc.size)}`}
                  {doc.receivedAt && ` · received ${formatMoment(doc.receivedAt)}`}
                </>
              )}
            </p>
            {doc.uploadId && !application.purgedAt && (
              <button
                type="button"
                className="btn btn--sm"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setOpen(doc);
                }}
              >
                View<span className="sr-only"> {doc.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={<p role="status">Opening the viewer...</p>}>
          <DocumentViewer document={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
