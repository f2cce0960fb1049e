/**
 * An application as staff review it (ApplicationDetail, the `application` of a lead's detail):
 * the answers in the form's order with their labels (a choice by its label, a day as '14 May
 * 1990') — every ID number only as its mask, never opened here — and the documents as a
 * checklist of every slot of the form, each with the file now attached and where it stands
 * (received, missing, asked again, a new file sent).
 */
import type { ApplicationDetail, DocumentState, ReviewDocument, ReviewSection } from '../../../src/lib/schemas/application-review';
import { FORMS } from '../../../src/lib/schemas/application-forms';
import { APPLICATION_FORM_LABELS } from '../../../src/lib/schemas/application-status';
import type { LeadStatus } from '../../../src/lib/schemas/lead';
import type { ApplicationForm, DocumentType } from '../../../src/lib/schemas/uploads';
import type { Queryable } from '../platform/db';
import { dayLabel } from '../leads/lead-summary';
import { formatMobile } from '../../../src/lib/mobile';

interface ApplicationRecord {
  form: ApplicationForm;
  fields: Record<string, unknown> | null;
  masks: Record<string, unknown> | null;
  consentVersion: string;
  consentAt: Date | string;
  portalReference: string | null;
  fixSlots: string[] | null;
  fixNote: string | null;
  fixRequestedAt: Date | string | null;
  fixExpiresAt: Date | string | null;
  closedAt: Date | string | null;
  purgedAt: Date | string | null;
}

interface UploadRecord {
  id: string;
  slot: string;
  fileName: string;
  type: DocumentType | null;
  size: number | null;
  attachedAt: Date | string | null;
  replaced: boolean;
  deleted: boolean;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A stored mask as staff read it: '•••• 1234' (a bare last four gets its dots). */
export const shownMask = (mask: unknown): string | null => {
  if (typeof mask !== 'string' || mask === '') return null;
  return mask.startsWith('•') ? mask : `•••• ${mask.slice(-4)}`;
};

/** The application of lead `leadId` (in `status`), or null when the lead has none. */
export async function readApplication(db: Queryable, leadId: string, status: LeadStatus): Promise<ApplicationDetail | null> {
  const { rows } = await db.query<ApplicationRecord>(
    `select form, fields, id_masks as masks, consent_version as "consentVersion", consent_at as "consentAt",
            portal_reference as "portalReference", fix_slots as "fixSlots", fix_note as "fixNote",
            fix_requested_at as "fixRequestedAt", fix_expires_at as "fixExpiresAt", closed_at as "closedAt", purged_at as "purgedAt"
       from applications where lead_id = $1`,
    [leadId],
  );
  const record = rows[0];
  if (!record) return null;
  const def = FORMS[record.form];
  const uploads = await db.query<UploadRecord>(
    `select id::text, slot, file_name as "fileName", detected_type as type, size, attached_at as "attachedAt",
            replaced_at is not null as replaced, deleted_at is not null as deleted
       from uploads where lead_id = $1 order by attached_at nulls last, created_at`,
    [leadId],
  );

  const fields = record.fields ?? {};
  const masks = record.masks ?? {};
  const sections: ReviewSection[] = def.sections.map((section) => ({
    title: section.title,
    fields: section.fields.map((field) => {
      const raw = field.sealed ? shownMask(masks[field.name]) : fields[field.name];
      const text = typeof raw === 'string' && raw !== '' ? raw : null;
      // A choice by its label, a day as staff read it ('14 May 1990'), the mobile number as '+91 98290 12345'.
      const shown =
        text && field.options
          ? (field.options[text] ?? text)
          : text && field.input === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)
            ? dayLabel(text)
            : text && field.name === def.person.mobile
              ? formatMobile(text)
              : text;
      return { name: field.name, label: field.label, value: shown, sealed: Boolean(field.sealed) };
    }),
  }));

  const fixSlots = new Set(record.fixSlots ?? []);
  const waiting = status === 'documents-to-fix';
  const documents: ReviewDocument[] = def.documents.map((doc) => {
    const mine = uploads.rows.filter((u) => u.slot === doc.slot);
    const current = mine.find((u) => !u.replaced && !u.deleted) ?? null;
    const state: DocumentState = waiting && fixSlots.has(doc.slot) ? 'to-fix' : !current ? 'missing' : mine.some((u) => u.replaced) ? 'replaced' : 'received';
    return {
      slot: doc.slot,
      label: doc.label,
      required: doc.required,
      imagesOnly: Boolean(doc.imagesOnly),
      state,
      uploadId: current?.id ?? null,
      fileName: current?.fileName ?? null,
      type: current?.type ?? null,
      size: current?.size ?? null,
      receivedAt: iso(current?.attachedAt ?? null),
    };
  });

  const requestedAt = iso(record.fixRequestedAt);
  const expiresAt = iso(record.fixExpiresAt);
  return {
    form: record.form,
    formLabel: APPLICATION_FORM_LABELS[record.form],
    sections,
    documents,
    portalReference: record.portalReference,
    consent: { version: record.consentVersion, at: iso(record.consentAt)! },
    fix: requestedAt
      ? {
          slots: [...fixSlots],
          note: record.fixNote,
          requestedAt,
          expiresAt,
          open: waiting && expiresAt !== null && new Date(expiresAt).getTime() > Date.now(),
        }
      : null,
    closedAt: iso(record.closedAt),
    purgedAt: iso(record.purgedAt),
  };
}
