/**
 * The documents of the application forms, from policy to deletion. A policy is made per file
 * (createUpload) and its `uploads` row written before the browser may send a byte, so every
 * object that can exist is known. After the upload the stored bytes are read (checkUpload): a
 * file that is not what it claims, too large, or of another fill is refused with a clear message,
 * its object deleted and the deletion logged. Files a client sends with its form go through the
 * same check (storeReceivedFile); deleteUploads removes documents for housekeeping and fixes.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { fileTypeFromBuffer } from 'file-type';
import { FORMS } from '../../src/lib/schemas/application-forms';
import {
  ANY_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  HEIC_MESSAGE,
  IMAGE_TYPES,
  MAX_DOCUMENT_BYTES,
  UPLOAD_POLICY_MINUTES,
  tooLargeMessage,
  wrongTypeMessage,
  type ApplicationForm,
  type DocumentDef,
  type DocumentType,
  type UploadChecked,
  type UploadPolicy,
  type UploadRequestSchema,
} from '../../src/lib/schemas/uploads';
import type { z } from 'zod';
import { query, transaction } from './db';
import { documentStorage } from './document-storage';
import { findFixTarget, type FixTarget } from './fix-token';
import { HttpError, fieldErrors } from './http';
import { SITE, byClient, enforce } from './limits';
import { HEAD_BYTES } from './storage-local';

/** A checked request for an upload policy. */
export type UploadRequestInput = z.output<typeof UploadRequestSchema>;

/** Whose upload may be checked: the fill of a form, or the application a fix link opens. */
export type UploadOwner = { draft: string } | { fix: FixTarget };

/** Why documents are deleted (deletion_log.reason, uploads.delete_reason). */
export type DeleteReason = 'refused' | 'orphan' | 'replaced' | 'retention';

/** The file extension of each document type (keys never carry the applicant's file name). */
const EXTENSIONS: Record<DocumentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** The message for a slot the form does not have (or a fix link did not ask for). */
export const UNKNOWN_DOCUMENT = 'Unknown document.';
/** The message for a fill already sent. */
export const DRAFT_SENT = 'This form was already sent. Please reload the page to fill in a new one.';
/** The message for an upload id that names nothing (or nothing of this fill). */
export const UPLOAD_NOT_FOUND = 'This file was not found. Please choose the file again.';
/** The message for an upload made for another fill of a form. */
export const OTHER_DRAFT = 'This file was uploaded for another form. Please choose the file again.';
/** The message for a file refused or removed before. */
export const UPLOAD_REMOVED = 'This file was removed. Please choose the file again.';
/** The message for an empty file. */
export const EMPTY_FILE = 'This file is empty. Please choose another.';
/** The message for a file whose upload never arrived. */
export const unfinishedMessage = (label: string) => `The upload of ${label} did not finish. Please choose the file again.`;

/** The document `slot` of `form`, or null. */
export function documentOf(form: ApplicationForm, slot: string): DocumentDef | null {
  return FORMS[form].documents.find((doc) => doc.slot === slot) ?? null;
}

/** The types a document may be. */
const allowedTypes = (doc: DocumentDef): readonly DocumentType[] => (doc.imagesOnly ? IMAGE_TYPES : ANY_DOCUMENT_TYPES);

/** True for a type the browser calls HEIC or HEIF. */
const isHeic = (type: string) => /^image\/hei[cf](-sequence)?$/i.test(type);

/**
 * Makes the policy for one file: the slot must be a document of the form (of the fix link's list,
 * with `fix`), the declared type one it may be, the fill not sent yet; limits per client, per
 * fill and for the whole site. The row is written before the answer. The policy's URL is made
 * absolute against the request's, for the local folder's endpoint.
 */
export async function createUpload(input: UploadRequestInput, req: Request, context?: Context): Promise<UploadPolicy> {
  let form: ApplicationForm;
  let draft: string;
  let slots: string[] | null = null;
  if ('fix' in input) {
    await enforce([['fix-link:address', byClient(req, context)]]);
    const target = await findFixTarget(input.fix);
    ({ form, draft, slots } = target);
  } else {
    ({ form, draft } = input);
  }
  const doc = documentOf(form, input.slot);
  if (!doc || (slots && !slots.includes(doc.slot))) throw fieldErrors({ slot: UNKNOWN_DOCUMENT });
  if (!(allowedTypes(doc) as readonly string[]).includes(input.type)) {
    throw fieldErrors({ type: isHeic(input.type) ? HEIC_MESSAGE : wrongTypeMessage(Boolean(doc.imagesOnly)) });
  }
  const type = input.type as DocumentType;
  await enforce([
    ['uploads:address', byClient(req, context)],
    ['uploads:draft', draft],
    ['uploads:site', SITE],
  ]);
  if (!slots) {
    const [sent] = await query('select 1 from applications where draft = $1', [draft]);
    if (sent) throw new HttpError(409, DRAFT_SENT);
  }

  const uploadId = randomUUID();
  const key = `applications/${form}/${draft}/${doc.slot}-${uploadId}.${EXTENSIONS[type]}`;
  const expiresAt = new Date(Date.now() + UPLOAD_POLICY_MINUTES * 60_000);
  await query(
    `insert into uploads (id, draft, form, slot, key, file_name, declared_type, max_bytes, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [uploadId, draft, form, doc.slot, key, input.name, type, MAX_DOCUMENT_BYTES, expiresAt],
  );
  const policy = await documentStorage().presignPost({ key, contentType: type, maxBytes: MAX_DOCUMENT_BYTES, expiresAt });
  return { uploadId, key, url: new URL(policy.url, req.url).href, fields: policy.fields, expiresAt: expiresAt.toISOString() };
}

interface UploadRow {
  id: string;
  draft: string;
  form: ApplicationForm;
  slot: string;
  key: string;
  declared_type: string;
  max_bytes: number;
  lead_id: string | null;
  deleted_at: Date | null;
}

/** A refusal on the document's slot (the check endpoint and the form's submit show it there). */
const refusedOn = (status: number, slot: string, message: string) => new HttpError(status, message, { errors: { [slot]: message } });

/**
 * Reads the stored file of `uploadId` now and decides: its owner must be `owner` (the fill, or
 * the fix link's application and one of its slots) and, when given, its slot `slot`; its bytes a
 * type allowed for the slot (JPEG, PNG, WebP, PDF); its size within the policy. A file refused
 * by its bytes or size is deleted with a line in deletion_log, and a 422 names the slot; one
 * never stored, or of another owner, is refused without changing anything. On success the
 * row records when, what and how large.
 */
export async function checkUpload(uploadId: string, owner: UploadOwner, slot?: string): Promise<UploadChecked> {
  const [row] = await query<UploadRow>(
    'select id, draft::text, form, slot, key, declared_type, max_bytes, lead_id::text, deleted_at from uploads where id = $1',
    [uploadId],
  );
  const where = slot ?? row?.slot ?? 'uploadId';
  if (!row) throw refusedOn(404, where, UPLOAD_NOT_FOUND);
  const draft = 'fix' in owner ? owner.fix.draft : owner.draft;
  if (row.draft !== draft || ('fix' in owner && !owner.fix.slots.includes(row.slot))) throw refusedOn(422, where, OTHER_DRAFT);
  if (slot && row.slot !== slot) throw refusedOn(422, slot, OTHER_DRAFT);
  if (row.deleted_at) throw refusedOn(422, where, UPLOAD_REMOVED);
  // A row is made only for a slot of its form (createUpload, storeReceivedFile).
  const doc = documentOf(row.form, row.slot)!;
  const label = doc.label;

  const start = await documentStorage().readStart(row.key);
  if (!start) throw refusedOn(422, where, unfinishedMessage(label));
  const verdict = await judge(start.head, start.size, row.max_bytes, row.declared_type, doc);
  if ('problem' in verdict) {
    await deleteUploads([row.id], 'refused', { slot: row.slot, why: verdict.problem });
    throw refusedOn(422, where, verdict.problem);
  }
  const { type } = verdict;
  await query('update uploads set checked_at = now(), detected_type = $2, size = $3 where id = $1', [row.id, type, start.size]);
  return { uploadId: row.id, type, size: start.size };
}

/**
 * A file's type by its first bytes, or what is wrong with it (its size too) for the document
 * `doc`. `declared` is the type it claimed (the browser's, from its name).
 */
async function judge(head: Uint8Array, size: number, maxBytes: number, declared: string, doc: DocumentDef): Promise<{ type: DocumentType } | { problem: string }> {
  if (size < 1) return { problem: EMPTY_FILE };
  if (size > maxBytes) return { problem: tooLargeMessage(size) };
  const found = await fileTypeFromBuffer(head);
  if (found && isHeic(found.mime)) return { problem: HEIC_MESSAGE };
  const imagesOnly = Boolean(doc.imagesOnly);
  if (!found || !(found.mime in DOCUMENT_TYPES)) {
    const contents = found ? `a ${found.ext.toUpperCase()} file` : textKind(head);
    return { problem: notWhatItClaims(declared, contents, imagesOnly) };
  }
  const type = found.mime as DocumentType;
  if (!allowedTypes(doc).includes(type)) return { problem: `This file is a ${DOCUMENT_TYPES[type]}. ${wrongTypeMessage(imagesOnly)}` };
  return { type };
}

/** The message for a file whose bytes are not the document type it claimed. */
function notWhatItClaims(declared: string, contents: string, imagesOnly: boolean): string {
  const name = DOCUMENT_TYPES[declared as DocumentType];
  if (!name) return `This file is not a JPEG, PNG, WebP or PDF: its contents are ${contents}. ${wrongTypeMessage(imagesOnly)}`;
  const what = declared === 'application/pdf' ? 'PDF' : `${name} photo`;
  const again = declared === 'application/pdf' ? 'PDF' : 'photo';
  return `This file is not a real ${what}: its contents are ${contents}. Please choose the ${again} again.`;
}

/** What text-like bytes are (file-type knows only binary formats). */
function textKind(head: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(head.subarray(0, 1024)).replace(/^\ufeff/, '').trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype html|<html|<head|<body|<script|<meta|<title)/.test(text)) return 'an HTML page';
  // Printable text with line breaks and tabs, and no bytes that are not UTF-8.
  if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return 'plain text';
  return 'in a format we cannot open';
}

/** A file the form itself carried (the multipart contract). */
export interface ReceivedFile {
  form: ApplicationForm;
  draft: string;
  slot: string;
  file: File;
}

/**
 * Stores a file the server received with a form: checked as checkUpload checks an uploaded one
 * (a refused file is never stored, and the 422 names its slot), then recorded and put under a
 * key like any upload's. Call it before the form's transaction; attach the returned id in it.
 */
export async function storeReceivedFile({ form, draft, slot, file }: ReceivedFile): Promise<UploadChecked> {
  const doc = documentOf(form, slot);
  if (!doc) throw refusedOn(400, slot, UNKNOWN_DOCUMENT);
  if (file.size > MAX_DOCUMENT_BYTES) throw refusedOn(422, slot, tooLargeMessage(file.size));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const verdict = await judge(bytes.subarray(0, HEAD_BYTES), bytes.length, MAX_DOCUMENT_BYTES, file.type, doc);
  if ('problem' in verdict) throw refusedOn(422, slot, verdict.problem);
  const { type } = verdict;

  const uploadId = randomUUID();
  const key = `applications/${form}/${draft}/${slot}-${uploadId}.${EXTENSIONS[type]}`;
  // The row first: if the put fails half-way, housekeeping still knows of the object.
  await query(
    `insert into uploads (id, draft, form, slot, key, file_name, declared_type, max_bytes, expires_at, checked_at, detected_type, size)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now(), $9, $10)`,
    [uploadId, draft, form, slot, key, fileNameOf(file), type, MAX_DOCUMENT_BYTES, type, bytes.length],
  );
  await documentStorage().put(key, bytes, type);
  return { uploadId, type, size: bytes.length };
}

/** A received file's name as the uploads row keeps it (as FileNameSchema cleans it). */
function fileNameOf(file: File): string {
  const name = file.name.normalize('NFC').replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim().slice(0, 200);
  return name || 'document';
}

/**
 * Deletes the objects of uploads `ids` (those not deleted yet), then marks their rows deleted for
 * `reason` (and replaced, for 'replaced') and writes deletion_log: one line per application, one
 * for documents of no application, with the keys. `detail` is added to each line. Returns how
 * many were deleted. The objects go first: a row never says deleted while its object remains.
 */
export async function deleteUploads(ids: string[], reason: DeleteReason, detail: Record<string, unknown> = {}): Promise<number> {
  if (!ids.length) return 0;
  const rows = await query<{ id: string; key: string }>('select id, key from uploads where id = any($1::uuid[]) and deleted_at is null', [ids]);
  if (!rows.length) return 0;
  await documentStorage().delete(rows.map((row) => row.key));
  return transaction(async (client) => {
    const marked = await client.query<{ key: string; lead_id: string | null; reference: string | null }>(
      `update uploads u set deleted_at = now(), delete_reason = $2, replaced_at = case when $2 = 'replaced' then now() else u.replaced_at end
         from (select id from uploads where id = any($1::uuid[]) and deleted_at is null for update) pending
        where u.id = pending.id
        returning u.key, u.lead_id::text, (select reference from leads where id = u.lead_id) as reference`,
      [rows.map((row) => row.id), reason],
    );
    const byLead = new Map<string | null, { reference: string | null; keys: string[] }>();
    for (const { key, lead_id, reference } of marked.rows) {
      const group = byLead.get(lead_id) ?? { reference, keys: [] };
      group.keys.push(key);
      byLead.set(lead_id, group);
    }
    for (const [leadId, { reference, keys }] of byLead) {
      await client.query('insert into deletion_log (reason, lead_id, reference, detail) values ($1, $2, $3, $4)', [
        reason,
        leadId,
        reference,
        JSON.stringify({ ...detail, documents: keys.length, keys }),
      ]);
    }
    return marked.rows.length;
  });
}
