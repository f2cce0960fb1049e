/**
 * GET /api/admin/documents/{uploadId} (staff only) → DocumentLink {url, expiresAt, type, name}: a
 * link to one document of a submitted application — the copy its check kept — made for this view
 * and working for DOCUMENT_LINK_SECONDS; storage answers it as an attachment with `Cache-Control:
 * private, no-store`, so neither a CDN nor the browser keeps a copy. Its name is the server's,
 * from the document and its checked type ('aadhaar-card.pdf'), never the applicant's. Each link is a line in the audit log
 * ('view-document'), written before the link is given. Only a document attached to an
 * application: 404 for any other id (an upload of a form never sent, another's), 410 for one
 * deleted since (replaced by the applicant, or at the end of the retention period). Refused when a
 * browser asks on behalf of another site: the link is personal data.
 */
import type { Config } from '@netlify/functions';
import { DOCUMENT_LINK_SECONDS, type DocumentLink } from '../src/lib/schemas/application-review';
import { UploadIdSchema, type ApplicationForm, type DocumentType } from '../src/lib/schemas/uploads';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { documentFileName } from './_shared/storage/document-name';
import { documentStorage } from './_shared/storage/document-storage';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';

const notFound = () => new HttpError(404, 'This document was not found.');

/** Why a document that was attached is gone, in staff's words. */
const GONE: Record<string, string> = {
  replaced: 'This file was replaced by a newer one the applicant sent. Please open the document again from the checklist.',
  retention: 'This document was deleted at the end of the retention period.',
};

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'applications' });
  const parsed = UploadIdSchema.safeParse(context.params?.['uploadId']);
  if (!parsed.success) throw notFound();
  const uploadId = parsed.data;

  const link = await transaction(async (client) => {
    // Attached means checked (applications.ts): `key` is the kept copy, `detected_type` its type.
    const { rows } = await client.query<{
      key: string;
      form: ApplicationForm;
      type: DocumentType;
      slot: string;
      leadId: string;
      deleteReason: string | null;
      deleted: boolean;
      reference: string;
    }>(
      `select u.key, u.form, u.detected_type as type, u.slot, u.lead_id::text as "leadId",
              u.delete_reason as "deleteReason", u.deleted_at is not null as deleted, l.reference
         from uploads u join leads l on l.id = u.lead_id
        where u.id = $1 and u.lead_id is not null and u.attached_at is not null and u.checked_at is not null`,
      [uploadId],
    );
    const document = rows[0];
    if (!document) throw notFound();
    if (document.deleted) throw new HttpError(410, GONE[document.deleteReason ?? ''] ?? 'This document was deleted.');
    const expiresAt = new Date(Date.now() + DOCUMENT_LINK_SECONDS * 1000).toISOString();
    const name = documentFileName(document.form, document.slot, document.type);
    const url = await documentStorage().signedLink({ key: document.key, fileName: name, contentType: document.type, seconds: DOCUMENT_LINK_SECONDS });
    await audit(
      {
        staffId: staff.id,
        action: 'view-document',
        entity: 'application',
        entityId: document.leadId,
        subject: document.reference,
        detail: { uploadId, slot: document.slot, form: document.form },
      },
      address,
      client,
    );
    const answer: DocumentLink = { url, expiresAt, type: document.type, name };
    return answer;
  });
  return json(link);
});

export const config: Config = { path: '/api/admin/documents/:uploadId' };
