/**
 * POST /api/applications/fix — from the page a "documents to fix" mail links to
 * (/fixDocuments#<token>, which first asks POST /api/applications/fix/open what the link opens).
 * {token, documents: {slot: uploadId}} sends the new uploads of exactly those documents (each
 * uploaded with the same token and checked by its bytes); in one transaction the old uploads of
 * those documents are marked replaced (their objects are deleted once it committed, and the
 * deletion logged), the new ones attached, the application goes back to Submitted (untouched, so
 * it shows as new on Today), the link stops working, the timeline gets the move and the
 * institute a mail. A link that expired,
 * was used, or never existed gets 410.
 */
import type { Config } from '@netlify/functions';
import { FIX_RECEIVED_MESSAGE, FixDocumentsSchema } from '../src/lib/schemas/application-fix';
import { FORMS } from '../src/lib/schemas/application-forms';
import { uploadRequired } from '../src/lib/schemas/uploads';
import { documentsFixedMail } from './_shared/applications/application-mail';
import { attachDocuments, checkDocuments, givenIn } from './_shared/applications/applications';
import { transaction } from './_shared/platform/db';
import { documentStorage } from './_shared/storage/document-storage';
import { env } from './_shared/platform/env';
import { findFixTarget } from './_shared/applications/fix-token';
import { afterAnswer, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';
import { LEASE, deliver } from './_shared/platform/outbox';
import { objectKeys } from './_shared/storage/storage';
import { server_fix_document_not_asked } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await enforce([['fix-link:address', byClient(req, context)]]);

  const input = validate(FixDocumentsSchema, await readJson(req, 4 * 1024));
  const target = await findFixTarget(input.token);
  const def = FORMS[target.form];
  // Exactly the documents asked for: each one given, nothing else.
  const errors: Record<string, string> = {};
  for (const doc of def.documents) {
    const given = Object.hasOwn(input.documents, doc.slot);
    if (target.slots.includes(doc.slot) && !given) errors[`documents.${doc.slot}`] = uploadRequired(doc.label);
  }
  for (const slot of Object.keys(input.documents)) {
    if (!target.slots.includes(slot)) errors[`documents.${slot}`] = server_fix_document_not_asked();
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  const documents = givenIn(def, input.documents);
  await checkDocuments(def, target.draft, documents, { fix: target });

  const { URL: site } = env();
  const origin = site ? new URL(site).origin : new URL(req.url).origin;
  const done = await transaction(async (client) => {
    // Locks the application; a link used or expired meanwhile is refused here.
    const locked = await findFixTarget(input.token, client);
    const { rows: replaced } = await client.query<{ key: string; posted_key: string | null; slot: string }>(
      `update uploads set replaced_at = now(), deleted_at = now(), delete_reason = 'replaced'
        where lead_id = $1 and slot = any($2::text[]) and deleted_at is null
       returning key, posted_key, slot`,
      [locked.leadId, locked.slots],
    );
    await attachDocuments(client, locked.leadId, def, locked.draft, documents);
    const { rows: lead } = await client.query<{ name: string }>(
      `update leads set status = 'submitted', touched_at = null, updated_at = now(), version = version + 1 where id = $1 returning name`,
      [locked.leadId],
    );
    await client.query('update applications set fix_token_hash = null, fix_expires_at = null where lead_id = $1', [locked.leadId]);
    await client.query(`insert into lead_events (lead_id, kind, detail) values ($1, 'status', $2)`, [
      locked.leadId,
      JSON.stringify({ from: 'documents-to-fix', to: 'submitted', by: 'applicant', slots: locked.slots }),
    ]);
    if (replaced.length) {
      await client.query(`insert into deletion_log (reason, lead_id, reference, detail) values ('replaced', $1, $2, $3)`, [
        locked.leadId,
        locked.reference,
        JSON.stringify({ documents: replaced.length, slots: replaced.map((r) => r.slot), keys: replaced.map((r) => r.key) }),
      ]);
    }
    const labels = def.documents.filter((d) => locked.slots.includes(d.slot)).map((d) => d.label);
    const mail = documentsFixedMail({ reference: locked.reference, name: lead[0]!.name, form: locked.form, labels, leadId: locked.leadId }, origin);
    const { rows: outbox } = await client.query<{ id: string }>(
      `insert into mail_outbox (kind, subject, body, attempts, locked_until) values ('alert', $1, $2, 1, now() + $3::interval) returning id::text`,
      [mail.subject, mail.text, LEASE],
    );
    return { keys: objectKeys(replaced), mail, outboxId: outbox[0]!.id };
  });

  // The old files go once the new ones are safely in; a failure leaves a logged stray object.
  await documentStorage()
    .delete(done.keys)
    .catch((error: unknown) => console.error(`deleting the replaced documents of ${target.reference} failed:`, error));
  await afterAnswer(context, () => deliver(done.outboxId, done.mail));
  return json({ message: FIX_RECEIVED_MESSAGE });
});

export const config: Config = { path: '/api/applications/fix' };
