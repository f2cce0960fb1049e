/**
 * The documents of the application forms, from policy to deletion. A policy is made per file
 * (createUpload) and its `uploads` row written before the browser may send a byte, so every
 * object that can exist is known. After the upload the whole stored file is read (checkUpload):
 * one that is not what it claims, too large, or of another fill is refused with a clear message,
 * its object deleted and the deletion logged. What passes is kept as judged — written under a key
 * of its own that no policy names, an image re-encoded (kept-document.ts) — and that copy is the
 * document from then on: a policy works until it expires, so the object at its key may be
 * replaced after the check, and is deleted instead. Files a client sends with its form go through
 * the same check (storeReceivedFile); deleteUploads removes documents for housekeeping and fixes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { fileTypeFromBuffer } from 'file-type';
import { FORMS } from '../../../src/lib/schemas/application-forms';
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
} from '../../../src/lib/schemas/uploads';
import type { z } from 'zod';
import { query, transaction } from '../platform/db';
import { EXTENSIONS } from './document-name';
import { documentStorage } from './document-storage';
import { findFixTarget, type FixTarget } from '../applications/fix-token';
import { HttpError, fieldErrors } from '../platform/http';
import { keptDocument } from './kept-document';
import { SITE, byClient, enforce } from '../platform/limits';
import { objectKeys, type StoredObject } from './storage';
import { inLocale } from '../../../src/i18n/server-locale';
import {
  server_upload_contents_file,
  server_upload_contents_html,
  server_upload_contents_text,
  server_upload_contents_unknown,
  server_upload_draft_sent,
  server_upload_empty,
  server_upload_not_a_document,
  server_upload_not_a_real_pdf,
  server_upload_not_a_real_photo,
  server_upload_not_found,
  server_upload_other_draft,
  server_upload_removed,
  server_upload_unfinished,
  server_upload_unknown_document,
  server_upload_wrong_type,
} from '../../../src/i18n/messages';

/** A checked request for an upload policy. */
export type UploadRequestInput = z.output<typeof UploadRequestSchema>;

/** Whose upload may be checked: the fill of a form, or the application a fix link opens. */
export type UploadOwner = { draft: string } | { fix: FixTarget };

/** Why documents are deleted (deletion_log.reason, uploads.delete_reason). */
export type DeleteReason = 'refused' | 'orphan' | 'replaced' | 'retention';

/** The key a policy lets the browser post one file to (never the applicant's file name). */
const postedKey = (form: ApplicationForm, draft: string, slot: string, uploadId: string, type: DocumentType) =>
  `applications/${form}/${draft}/${slot}-${uploadId}.${EXTENSIONS[type]}`;

/**
 * The key of a checked document's kept copy: under `checked/`, which no policy ever names, and
 * never the same twice (two checks of one upload racing each other never share an object).
 */
const keptKey = (form: ApplicationForm, draft: string, slot: string, uploadId: string, type: DocumentType) =>
  `applications/${form}/${draft}/checked/${slot}-${uploadId}-${randomBytes(4).toString('hex')}.${EXTENSIONS[type]}`;

/** The message for a slot the form does not have (or a fix link did not ask for). */
export const unknownDocument = () => server_upload_unknown_document();
/** The message for a fill already sent. */
export const draftSent = () => server_upload_draft_sent();
/** The message for an upload id that names nothing (or nothing of this fill). */
export const uploadNotFound = () => server_upload_not_found();
/** The message for an upload made for another fill of a form. */
export const otherDraft = () => server_upload_other_draft();
/** The message for a file refused or removed before. */
export const uploadRemoved = () => server_upload_removed();
/** The message for an empty file. */
export const emptyFile = () => server_upload_empty();
/** The message for a file whose upload never arrived. */
export const unfinishedMessage = (label: string) => server_upload_unfinished({ label });

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
  if (!doc || (slots && !slots.includes(doc.slot))) throw fieldErrors({ slot: unknownDocument() });
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
    if (sent) throw new HttpError(409, draftSent());
  }

  const uploadId = randomUUID();
  const key = postedKey(form, draft, doc.slot, uploadId, type);
  const expiresAt = new Date(Date.now() + UPLOAD_POLICY_MINUTES * 60_000);
  // Until its check, the upload's object is the one at the policy's key.
  await query(
    `insert into uploads (id, draft, form, slot, key, posted_key, file_name, declared_type, max_bytes, expires_at)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9)`,
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
  checked_at: Date | null;
  detected_type: DocumentType | null;
  size: number | null;
  deleted_at: Date | null;
}

/** A refusal on the document's slot (the check endpoint and the form's submit show it there). */
const refusedOn = (status: number, slot: string, message: string) => new HttpError(status, message, { errors: { [slot]: message } });

/**
 * Reads the whole stored file of `uploadId` now and decides: its owner must be `owner` (the fill,
 * or the fix link's application and one of its slots) and, when given, its slot `slot`; its
 * bytes a type allowed for the slot (JPEG, PNG, WebP, PDF), whole (kept-document.ts); its size
 * within the policy. A file refused by its bytes or size is deleted with a line in deletion_log,
 * and a 422 names the slot; one never stored, or of another owner, is refused without changing
 * anything. What passes is written to a key of its own, the row points at it from then on, and
 * the object at the policy's key is deleted. An upload is judged once: asked again, the answer
 * is the first verdict, whatever was posted with the policy since.
 */
export async function checkUpload(uploadId: string, owner: UploadOwner, slot?: string): Promise<UploadChecked> {
  const [row] = await query<UploadRow>(
    `select id, draft::text, form, slot, key, declared_type, max_bytes, checked_at, detected_type, size, deleted_at
       from uploads where id = $1`,
    [uploadId],
  );
  const where = slot ?? row?.slot ?? 'uploadId';
  if (!row) throw refusedOn(404, where, uploadNotFound());
  const draft = 'fix' in owner ? owner.fix.draft : owner.draft;
  if (row.draft !== draft || ('fix' in owner && !owner.fix.slots.includes(row.slot))) throw refusedOn(422, where, otherDraft());
  if (slot && row.slot !== slot) throw refusedOn(422, slot, otherDraft());
  if (row.deleted_at) throw refusedOn(422, where, uploadRemoved());
  if (row.checked_at) return { uploadId: row.id, type: row.detected_type!, size: row.size! };
  // A row is made only for a slot of its form (createUpload, storeReceivedFile).
  const doc = documentOf(row.form, row.slot)!;

  const storage = documentStorage();
  const stored = await storage.read(row.key, row.max_bytes);
  if (!stored) throw refusedOn(422, where, unfinishedMessage(doc.label));
  const verdict = await judge(stored, row.max_bytes, row.declared_type, doc);
  if ('problem' in verdict) {
    // Only while unchecked: a check of the same upload that passed meanwhile stands.
    // The record is kept in English, as staff read it; the applicant is told in their language.
    const deleted = await deleteUploads([row.id], 'refused', { slot: row.slot, why: inLocale('en', verdict.problem) }, { uncheckedOnly: true });
    if (!deleted) return settledMeanwhile(row.id, where);
    throw refusedOn(422, where, verdict.problem());
  }
  const { type, bytes } = verdict;
  const kept = keptKey(row.form, row.draft, row.slot, row.id, type);
  await storage.put(kept, bytes, type);
  let taken: unknown[];
  try {
    taken = await query(
      `update uploads set key = $2, checked_at = now(), detected_type = $3, size = $4
        where id = $1 and checked_at is null and deleted_at is null returning 1`,
      [row.id, kept, type, bytes.length],
    );
  } catch (error) {
    await storage.delete([kept]).catch(() => {});
    throw error;
  }
  if (!taken.length) {
    // Another check of this upload, or its removal, came first: this copy is not needed.
    await storage.delete([kept]);
    return settledMeanwhile(row.id, where);
  }
  // The object the policy wrote goes now; anything posted with the policy later goes when
  // housekeeping clears its key after the policy expired (document-housekeeping.ts), unless it
  // has expired already (a file checked at the submit), when nothing can come any more.
  try {
    await storage.delete([row.key]);
    await query('update uploads set posted_cleared_at = now() where id = $1 and posted_key = $2 and expires_at < now()', [row.id, row.key]);
  } catch (error) {
    console.error(`deleting the posted object of upload ${row.id} failed:`, error);
  }
  return { uploadId: row.id, type, size: bytes.length };
}

/** The verdict another check of the upload reached first; refused when it was removed instead. */
async function settledMeanwhile(uploadId: string, where: string): Promise<UploadChecked> {
  const [row] = await query<Pick<UploadRow, 'checked_at' | 'detected_type' | 'size' | 'deleted_at'>>(
    'select checked_at, detected_type, size, deleted_at from uploads where id = $1',
    [uploadId],
  );
  if (!row?.checked_at || row.deleted_at) throw refusedOn(422, where, uploadRemoved());
  return { uploadId, type: row.detected_type!, size: row.size! };
}

/**
 * A whole file judged for the document `doc`: its type by its first bytes, then every byte
 * (kept-document.ts), and the bytes to keep — or what is wrong with it (its size too).
 * `declared` is the type it claimed (the browser's, from its name).
 */
async function judge(
  stored: StoredObject,
  maxBytes: number,
  declared: string,
  doc: DocumentDef,
): Promise<{ type: DocumentType; bytes: Uint8Array } | { problem: () => string }> {
  if (stored.size < 1) return { problem: emptyFile };
  const size = stored.size;
  if (size > maxBytes || !stored.bytes) return { problem: () => tooLargeMessage(size) };
  const found = await fileTypeFromBuffer(stored.bytes);
  if (found && isHeic(found.mime)) return { problem: () => HEIC_MESSAGE };
  const imagesOnly = Boolean(doc.imagesOnly);
  if (!found || !(found.mime in DOCUMENT_TYPES)) {
    const bytes = stored.bytes;
    const contents = () => (found ? server_upload_contents_file({ format: found.ext.toUpperCase() }) : textKind(bytes));
    return { problem: () => notWhatItClaims(declared, contents(), imagesOnly) };
  }
  const type = found.mime as DocumentType;
  if (!allowedTypes(doc).includes(type))
    return { problem: () => server_upload_wrong_type({ format: DOCUMENT_TYPES[type], advice: wrongTypeMessage(imagesOnly) }) };
  const kept = await keptDocument(stored.bytes, type);
  return 'problem' in kept ? kept : { type, bytes: kept.bytes };
}

/** The message for a file whose bytes are not the document type it claimed. */
function notWhatItClaims(declared: string, contents: string, imagesOnly: boolean): string {
  const name = DOCUMENT_TYPES[declared as DocumentType];
  if (!name) return server_upload_not_a_document({ contents, advice: wrongTypeMessage(imagesOnly) });
  return declared === 'application/pdf' ? server_upload_not_a_real_pdf({ contents }) : server_upload_not_a_real_photo({ format: name, contents });
}

/** What text-like bytes are (file-type knows only binary formats). */
function textKind(head: Uint8Array): string {
  const text = new TextDecoder('utf-8')
    .decode(head.subarray(0, 1024))
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype html|<html|<head|<body|<script|<meta|<title)/.test(text)) return server_upload_contents_html();
  // Printable text with line breaks and tabs, and no bytes that are not UTF-8.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return server_upload_contents_text();
  return server_upload_contents_unknown();
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
 * (a refused file is never stored, and the 422 names its slot), then recorded and kept as a
 * checked upload's copy is (no policy ever named its key). Call it before the form's transaction;
 * attach the returned id in it.
 */
export async function storeReceivedFile({ form, draft, slot, file }: ReceivedFile): Promise<UploadChecked> {
  const doc = documentOf(form, slot);
  if (!doc) throw refusedOn(400, slot, unknownDocument());
  if (file.size > MAX_DOCUMENT_BYTES) throw refusedOn(422, slot, tooLargeMessage(file.size));
  const received = new Uint8Array(await file.arrayBuffer());
  const verdict = await judge({ size: received.length, bytes: received }, MAX_DOCUMENT_BYTES, file.type, doc);
  if ('problem' in verdict) throw refusedOn(422, slot, verdict.problem());
  const { type, bytes } = verdict;

  const uploadId = randomUUID();
  const key = keptKey(form, draft, slot, uploadId, type);
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
  const name = file.name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .slice(0, 200);
  return name || 'document';
}

/**
 * Deletes the objects of uploads `ids` (those not deleted yet; with `uncheckedOnly`, those not
 * checked either), marks their rows deleted for `reason` (and replaced, for 'replaced') and
 * writes deletion_log: one line per application, one for documents of no application, with the
 * keys. `detail` is added to each line. Returns how many were deleted. The rows are locked while
 * their objects go, and nothing is marked unless storage deleted them: a row never says deleted
 * while its object remains, and a check cannot move a row to a new object meanwhile.
 */
export async function deleteUploads(
  ids: string[],
  reason: DeleteReason,
  detail: Record<string, unknown> = {},
  { uncheckedOnly = false } = {},
): Promise<number> {
  if (!ids.length) return 0;
  return transaction(async (client) => {
    const marked = await client.query<{ key: string; posted_key: string | null; lead_id: string | null; reference: string | null }>(
      `update uploads u set deleted_at = now(), delete_reason = $2, replaced_at = case when $2 = 'replaced' then now() else u.replaced_at end,
              posted_cleared_at = case when u.posted_key is not null and u.expires_at < now() then coalesce(u.posted_cleared_at, now()) else u.posted_cleared_at end
         from (select id from uploads
                where id = any($1::uuid[]) and deleted_at is null and (not $3::boolean or checked_at is null)
                for update) pending
        where u.id = pending.id
        returning u.key, u.posted_key, u.lead_id::text, (select reference from leads where id = u.lead_id) as reference`,
      [ids, reason, uncheckedOnly],
    );
    if (!marked.rows.length) return 0;
    await documentStorage().delete(objectKeys(marked.rows));
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
