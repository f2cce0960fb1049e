/**
 * The calls of an application's review: one ID number in full (each call an audit line on the
 * server), and a document — a link made for one view, then the file itself fetched from storage
 * as a blob, so it is shown inline (the link answers as an attachment) and never cached.
 */
import type { DocumentLink, Revealed } from '../../lib/schemas/application-review';
import { api, ApiError } from '../api';

/** POST /api/admin/applications/{leadId}/reveal: the ID number `field` in full. */
export const revealId = (leadId: string, field: string) => api<Revealed>(`/api/admin/applications/${encodeURIComponent(leadId)}/reveal`, { body: { field } });

/** GET /api/admin/documents/{uploadId}: a short-lived link to the document. */
export const documentLink = (uploadId: string) => api<DocumentLink>(`/api/admin/documents/${encodeURIComponent(uploadId)}`);

/** The document behind `link`, typed as its bytes were found to be. */
export async function fetchDocument(link: DocumentLink): Promise<Blob> {
  let response: Response;
  try {
    // No cookie goes to storage, and nothing is kept in the browser's cache.
    response = await fetch(link.url, { credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' });
  } catch {
    throw new ApiError(0, { message: 'The document could not be fetched. Please check the connection and try again.' });
  }
  if (!response.ok) throw new ApiError(response.status, { message: 'The document could not be fetched from storage. Please try again.' });
  return new Blob([await response.arrayBuffer()], { type: link.type });
}
