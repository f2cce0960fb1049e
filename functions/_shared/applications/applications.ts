/**
 * Storing a submitted application form: all of it or nothing. Its documents are checked first
 * (each upload of this fill of the form, for its slot, its bytes read once — uploads.ts); then one
 * transaction writes the lead (status 'submitted', in the inbox under its person; lead-insert.ts),
 * the application (its answers, the ID numbers sealed, their masks, the consent), attaches the
 * uploads, and queues the institute's notification and the applicant's confirmation. An upload
 * deleted meanwhile, or any failure, rolls it all back.
 *
 * A submission is stored once: the same Idempotency-Key, or the same fill of the form (its draft
 * id) sent again with another key, gets the first reference back (`replayed`). The same key with
 * a different body is refused, as for the other forms.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import { fieldsOf, type ApplicationPayload, type FormDefinition } from '../../../src/lib/schemas/application-forms';
import { applicationConsentVersion } from '../../../src/lib/schemas/application-consent';
import { confirmationMail } from './application-mail';
import { query, transaction } from '../platform/db';
import { HttpError } from '../platform/http';
import { sealIds } from './id-vault';
import { LEAD_PARAMS, leadInsert } from '../leads/lead-insert';
import type { Mail } from '../platform/mail';
import { LEASE, leadMail } from '../platform/outbox';
import { checkUpload, type UploadOwner } from '../storage/uploads';
import { selfPurposes, writeConsents } from '../consent/consents';
import type { Locale } from '../../../src/i18n/locales';
import {
  server_document_no_longer_stored,
  server_document_not_this_form,
  server_documents_problem,
  server_idempotency_key_reused,
} from '../../../src/i18n/messages';

/** The request an application came in: its idempotency key and its body's hash. */
export interface Submission {
  key: string | null;
  hash: string;
  /** Where the site is (links in the confirmation). */
  origin: string;
  /** The language of the form's page: stored with the lead, and the confirmation's. */
  language: Locale;
  /** An under-18's application, stored once a guardian consented (consent/release.ts): that consent, and no attribution. */
  minor?: { consentId: string } | undefined;
}

/** An outbox row to send after the answer, and what it says. */
export interface Queued {
  outboxId: string;
  mail: Mail;
}

export interface StoredApplication {
  reference: string;
  /** True when this repeated an earlier submission (same key, or same draft). */
  replayed: boolean;
  /** For a new application: the institute's notification and the applicant's confirmation. */
  mails: Queued[];
}

/** The hash an idempotent replay is compared by. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** What a submission whose documents cannot be used is told (with a message per document). */
export const documentsProblem = () => server_documents_problem();
/** An upload id that is not an upload of this fill of the form, for this document. */
export const notThisForm = (label: string) => server_document_not_this_form({ label });
/** An upload deleted since (refused, or left too long before sending). */
export const noLongerStored = (label: string) => server_document_no_longer_stored({ label });

/** Thrown inside the transaction when a twin submission got there first: roll back, answer as it. */
class AlreadyStored extends Error {}

/**
 * The earlier submission this one repeats, if any: by the same Idempotency-Key (422 when its
 * body differed) or by the same draft.
 */
export async function earlierSubmission(draft: string, submission: Pick<Submission, 'key' | 'hash'>): Promise<StoredApplication | null> {
  const rows = await query<{ reference: string; request_hash: string | null; same_key: boolean }>(
    `select reference, request_hash, true as same_key from leads where $1::uuid is not null and idempotency_key = $1::uuid
     union all
     select l.reference, l.request_hash, false from applications a join leads l on l.id = a.lead_id where a.draft = $2::uuid`,
    [submission.key, draft],
  );
  const earlier = rows.find((r) => r.same_key) ?? rows[0];
  if (!earlier) return null;
  if (earlier.same_key && earlier.request_hash !== submission.hash) {
    throw new HttpError(422, server_idempotency_key_reused());
  }
  return { reference: earlier.reference, replayed: true, mails: [] };
}

/** Stores the checked `input` of form `def` once (see above). */
export async function storeApplication(def: FormDefinition, input: ApplicationPayload, submission: Submission): Promise<StoredApplication> {
  const earlier = await earlierSubmission(input.draft, submission);
  if (earlier) return earlier;
  const documents = givenIn(def, input.documents as Record<string, string | undefined>);
  try {
    await checkDocuments(def, input.draft, documents, { draft: input.draft });
    return await transaction((client) => insertApplication(client, def, input, documents, submission));
  } catch (error) {
    // A twin sent at the same moment (a double tap, a retry racing the first try) may have been
    // stored meanwhile: its documents are then taken (checkDocuments' 422) or its row is there
    // (AlreadyStored). Either way this request gets the twin's reference.
    if (!(error instanceof AlreadyStored || (error instanceof HttpError && error.status === 422))) throw error;
    const twin = await earlierSubmission(input.draft, submission);
    if (!twin) throw error;
    return twin;
  }
}

/** One document of a submission: its slot, label and upload. */
export interface Given {
  slot: string;
  label: string;
  uploadId: string;
}

/** The documents a payload names (slot → upload id), in the form's order. */
export function givenIn(def: FormDefinition, chosen: Record<string, string | undefined>): Given[] {
  return def.documents.flatMap((doc) => {
    const uploadId = chosen[doc.slot];
    return uploadId ? [{ slot: doc.slot, label: doc.label, uploadId }] : [];
  });
}

/**
 * Every document must be an upload of this draft, form and slot, not deleted, not taken by
 * another application, and its bytes checked (read now, as `owner`, when they were not yet). Any
 * failure is a 422 naming each document (`documents.<slot>`), and nothing is stored.
 */
export async function checkDocuments(def: FormDefinition, draft: string, documents: Given[], owner: UploadOwner): Promise<void> {
  const rows = await query<{ id: string; draft: string; form: string; slot: string; checked: boolean; deleted: boolean; attached: boolean }>(
    `select id::text, draft::text, form, slot, checked_at is not null as checked, deleted_at is not null as deleted, lead_id is not null as attached
       from uploads where id = any($1::uuid[])`,
    [documents.map((d) => d.uploadId)],
  );
  const errors: Record<string, string> = {};
  const unchecked: Given[] = [];
  for (const doc of documents) {
    const row = rows.find((r) => r.id === doc.uploadId);
    if (!row || row.draft !== draft || row.form !== def.form || row.slot !== doc.slot || row.attached) errors[`documents.${doc.slot}`] = notThisForm(doc.label);
    else if (row.deleted) errors[`documents.${doc.slot}`] = noLongerStored(doc.label);
    else if (!row.checked) unchecked.push(doc);
  }
  const checks = await Promise.allSettled(unchecked.map((doc) => checkUpload(doc.uploadId, owner, doc.slot)));
  checks.forEach((check, i) => {
    if (check.status === 'fulfilled') return;
    const doc = unchecked[i]!;
    if (!(check.reason instanceof HttpError)) throw check.reason;
    const said = Object.values((check.reason.extra['errors'] as Record<string, string> | undefined) ?? {})[0];
    errors[`documents.${doc.slot}`] = said ?? check.reason.message;
  });
  if (Object.keys(errors).length) throw new HttpError(422, documentsProblem(), { errors });
}

/**
 * Attaches `documents` to the application `leadId`, each only if it is still checked, undeleted
 * and free: one that changed since its check (deleted by housekeeping, taken by a twin) throws a
 * 422 naming it, and the caller's transaction stores nothing.
 */
export async function attachDocuments(client: PoolClient, leadId: string, def: FormDefinition, draft: string, documents: Given[]): Promise<void> {
  const { rows: attached } = await client.query<{ slot: string }>(
    `update uploads u set lead_id = $1, attached_at = now()
       from unnest($2::uuid[], $3::text[]) as d(id, slot)
      where u.id = d.id and u.slot = d.slot and u.draft = $4 and u.form = $5
        and u.checked_at is not null and u.deleted_at is null and u.lead_id is null
     returning u.slot`,
    [leadId, documents.map((d) => d.uploadId), documents.map((d) => d.slot), draft, def.form],
  );
  const missing = documents.filter((d) => !attached.some((a) => a.slot === d.slot));
  if (missing.length) {
    throw new HttpError(422, documentsProblem(), { errors: Object.fromEntries(missing.map((d) => [`documents.${d.slot}`, noLongerStored(d.label)])) });
  }
}

/** The transaction's work: lead, application, documents, mails. */
async function insertApplication(
  client: PoolClient,
  def: FormDefinition,
  input: ApplicationPayload,
  documents: Given[],
  submission: Submission,
): Promise<StoredApplication> {
  const values = input as unknown as Record<string, string>;
  const fields = fieldsOf(def);
  const answers = Object.fromEntries(fields.filter((f) => !f.sealed).map((f) => [f.name, values[f.name]]));
  const ids = Object.fromEntries(fields.filter((f) => f.sealed).map((f) => [f.name, values[f.name]!]));
  const vault = sealIds(ids, input.draft);
  const person = { name: values[def.person.name]!, email: values[def.person.email]!, phone: `+91${values[def.person.mobile]}` };

  const { ctes, params } = leadInsert(
    {
      prefix: def.referencePrefix,
      kind: def.form,
      form: def.path,
      status: 'submitted',
      ...person,
      // Which wording was read: the English's version, or the Hindi's ('….hi') for a Hindi page.
      consentVersion: applicationConsentVersion(),
      attribution: submission.minor ? undefined : input.attribution,
      language: submission.language,
      minor: Boolean(submission.minor),
      guardianConsentId: submission.minor?.consentId,
    },
    submission.key,
    submission.hash,
  );
  const p = (n: number) => `$${LEAD_PARAMS + n}`;
  // A twin with the same key makes `lead` empty; one with the same draft makes `application` empty.
  const { rows } = await client.query<{ id: string; reference: string; stored: number }>(
    `with ${ctes}, application as (
       insert into applications (lead_id, form, draft, fields, id_numbers, id_key, id_masks, consent_version, consent_at)
       select id, ${p(1)}, ${p(2)}::uuid, ${p(3)}::jsonb, ${p(4)}, ${p(5)}, ${p(6)}::jsonb, ${p(7)}, now() from lead
       on conflict (draft) do nothing
       returning lead_id
     )
     select lead.id::text, lead.reference, (select count(*) from application)::int as stored from lead`,
    [...params, def.form, input.draft, JSON.stringify(answers), vault.sealed, vault.keyId, JSON.stringify(vault.masks), applicationConsentVersion()],
  );
  const lead = rows[0];
  if (!lead || lead.stored === 0) throw new AlreadyStored();

  await attachDocuments(client, lead.id, def, input.draft, documents);
  // An adult's own consent to the form's notice; a minor's guardian's was written before (release.ts).
  if (!submission.minor) {
    await writeConsents(client, { purposes: selfPurposes(def.form), method: 'form', noticeForm: def.form, language: submission.language, leadId: lead.id });
  }

  const notification = leadMail(
    { id: lead.id, reference: lead.reference, receivedAt: new Date(), kind: def.form, form: def.path, ...person },
    submission.origin,
  );
  const confirmation = confirmationMail(def, { reference: lead.reference, email: person.email }, submission.origin, submission.language);
  const { rows: outbox } = await client.query<{ id: string; kind: 'lead' | 'applicant' }>(
    `insert into mail_outbox (kind, lead_id, recipient, subject, body, attempts, locked_until)
     values ('lead', $1, null, null, null, 1, now() + $2::interval), ('applicant', $1, $3, $4, $5, 1, now() + $2::interval)
     returning id::text, kind`,
    [lead.id, LEASE, confirmation.to, confirmation.subject, confirmation.text],
  );
  const mails = outbox.map((row) => ({ outboxId: row.id, mail: row.kind === 'lead' ? notification : confirmation }));
  return { reference: lead.reference, replayed: false, mails };
}
