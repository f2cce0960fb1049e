/**
 * The final submit of an application form (POST /api/emitra, /api/CSC, /api/IIBF, /api/submit),
 * shared by the four endpoints. Two ways in:
 * - JSON (the site's forms): the fields, `documents` (slot → upload id: each file went straight to
 *   storage with its own policy), `draft`, `consent: true`; an optional Idempotency-Key header.
 * - multipart/form-data under MULTIPART_MAX_BYTES (the specification's contract, for other
 *   clients): text fields by name, each file under its document's name, `consent=true`; the
 *   files are stored here (uploads.ts, storeReceivedFile) and deleted again if the form is not
 *   stored after all.
 * Both are checked with the form's one schema (application-forms.ts), limited per address and per
 * mobile number, and stored all or nothing (applications.ts). The answer is 201
 * `{message, reference}` with the specification's success text.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { APPLICATION_SCHEMAS, type ApplicationPayload, type FormDefinition } from '../../../src/lib/schemas/application-forms';
import { checkDocuments, earlierSubmission, givenIn, requestHash, storeApplication, type StoredApplication, type Submission } from './applications';
import { holdSubmission, type Held } from '../consent/hold';
import { enforceGuardianLimit, mailAfter } from '../consent/hold-form';
import { env } from '../platform/env';
import { HttpError, afterAnswer, allowMethods, fieldErrors, json, readBody, readJson, validate } from '../platform/http';
import { idempotencyKey } from '../platform/idempotency';
import { SITE, byClient, byPhone, enforce } from '../platform/limits';
import { deliver } from '../platform/outbox';
import { languageOf } from '../platform/language';
import { deleteUploads, storeReceivedFile } from '../storage/uploads';
import { server_application_too_large, server_application_unreadable } from '../../../src/i18n/messages';

/** The largest multipart request: under Netlify's 6 MB body limit once base64-encoded. */
export const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;
/** The largest JSON request (the longest form's answers are a few kilobytes). */
const JSON_MAX_BYTES = 32 * 1024;

/** What a multipart request over the limit is told. */
export const multipartTooLarge = () => server_application_too_large();

/** Handles one submission of form `def`. */
export async function submitApplication(def: FormDefinition, req: Request, context: Context): Promise<Response> {
  allowMethods(req, 'POST');
  const key = idempotencyKey(req);
  const multipart = (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
  const received = multipart ? await readMultipart(def, req) : { body: await readJson(req, JSON_MAX_BYTES), files: new Map<string, File>(), hash: null };
  const input = validate(APPLICATION_SCHEMAS[def.form], received.body) as ApplicationPayload;
  // A filled honeypot is a bot: it is told the same as a person, and nothing is stored.
  if (input.website) return json({ message: def.messages.success }, 201);
  const mobile = (input as unknown as Record<string, string>)[def.person.mobile]!;
  // Per number on this network, not in total: strangers typing someone's number elsewhere must
  // not stop their own form (decision 030); the site-wide ceiling keeps the inbox from floods.
  const address = byClient(req, context);
  const ceiling = await enforce([
    ['application:address', address],
    ['application:phone', `${byPhone(`+91${mobile}`)}@${address}`],
    ['leads:site', SITE],
  ]);

  const { URL: site } = env();
  const submission = {
    key,
    hash: received.hash ?? requestHash(received.body),
    origin: site ? new URL(site).origin : new URL(req.url).origin,
    language: languageOf(req),
  };
  // An under-18's form waits, sealed, for a parent's or guardian's consent (consent/hold.ts): 202.
  if (input.age === 'minor') {
    const held = await ceiling.spentBy(
      async () => {
        await enforceGuardianLimit(req, context, input.guardian!.email);
        return holdApplication(def, input, received.files, submission);
      },
      (result) => !result.replayed,
    );
    return mailAfter(context, held);
  }
  // A form refused at storing (a document missing or wrong) or a replay does not spend the site-wide ceiling.
  const stored = await ceiling.spentBy(
    () => (received.files.size ? storeWithFiles(def, input, received.files, submission) : storeApplication(def, input, submission)),
    (result) => !result.replayed,
  );
  for (const { outboxId, mail } of stored.mails) await afterAnswer(context, () => deliver(outboxId, mail));
  return json({ message: def.messages.success, reference: stored.reference }, 201, stored.replayed ? { 'Idempotent-Replayed': 'true' } : {});
}

/**
 * Holds a minor's application: its documents are stored (multipart) or checked (JSON) now, so the
 * child hears of a wrong file at once, and stay while the hold lives; the request is sealed
 * without where the visit came from (no tracking of children).
 */
async function holdApplication(def: FormDefinition, input: ApplicationPayload, files: Map<string, File>, submission: Omit<Submission, 'minor'>): Promise<Held> {
  return withFiles(def, input, files, 'held', async (documents) => {
    if (!files.size) await checkDocuments(def, input.draft, givenIn(def, documents), { draft: input.draft });
    const values = input as unknown as Record<string, string>;
    const { attribution: _, website: __, ...kept } = { ...input, documents };
    return holdSubmission({
      form: def.form,
      request: { body: kept, origin: submission.origin, language: submission.language, key: submission.key, hash: submission.hash },
      childName: values[def.person.name]!,
      guardian: input.guardian!,
      draft: input.draft,
    });
  });
}

/**
 * The multipart path's storing: a repeat is answered before any file is stored; otherwise the
 * files are stored (each checked by its bytes; a refused one is deleted by uploads.ts), then the
 * application; whatever was stored is deleted again if the application was not.
 */
async function storeWithFiles(
  def: FormDefinition,
  input: ApplicationPayload,
  files: Map<string, File>,
  submission: Parameters<typeof storeApplication>[2],
): Promise<StoredApplication> {
  const earlier = await earlierSubmission(input.draft, submission);
  if (earlier) return earlier;
  return withFiles(def, input, files, 'stored', (documents) => storeApplication(def, { ...input, documents } as ApplicationPayload, submission));
}

/**
 * Stores a multipart request's `files` (each checked by its bytes; a refused one is deleted by
 * uploads.ts), then `use`s the form's documents with them; the files stored are deleted again when
 * `use` answers a repeat (the first request's files stand) or fails.
 */
async function withFiles<T extends { replayed: boolean }>(
  def: FormDefinition,
  input: ApplicationPayload,
  files: Map<string, File>,
  what: 'stored' | 'held',
  use: (documents: Record<string, string | undefined>) => Promise<T>,
): Promise<T> {
  const documents = { ...(input.documents as Record<string, string | undefined>) };
  const storedIds: string[] = [];
  try {
    for (const [slot, file] of files) {
      const checked = await storeReceivedFile({ form: def.form, draft: input.draft, slot, file });
      storedIds.push(checked.uploadId);
      documents[slot] = checked.uploadId;
    }
    const done = await use(documents);
    if (done.replayed && storedIds.length) await deleteUploads(storedIds, 'orphan', { why: `a repeat of a form already ${what}` });
    return done;
  } catch (error) {
    await deleteUploads(storedIds, 'orphan', { why: `the form was not ${what}` }).catch((cleanup: unknown) =>
      console.error('deleting the files of a failed submission failed:', cleanup),
    );
    throw rekeyed(error);
  }
}

/** A document's error from uploads.ts (keyed by slot) keyed as the form's field (`documents.<slot>`). */
function rekeyed(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const errors = error.extra['errors'] as Record<string, string> | undefined;
  if (!errors) return error;
  const keyed = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name.startsWith('documents.') ? name : `documents.${name}`, message]));
  return new HttpError(error.status, error.message, { ...error.extra, errors: keyed }, error.headers);
}

/** A text field's JSON, or the text itself when it is not JSON (the schema then says what is wrong). */
function parsedOr(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A multipart request: its text fields as the JSON payload would be, its files by slot, a hash of both. */
interface Received {
  body: Record<string, unknown>;
  files: Map<string, File>;
  hash: string;
}

/**
 * Reads a multipart body of at most MULTIPART_MAX_BYTES (413 beyond). Text fields become the
 * payload's fields (`consent` 'true' or 'on' → true; a document's name with text → an upload id
 * already uploaded); a file under a document's name is that document (a placeholder id stands in
 * for it until it is stored, so the schema checks which required files are missing); an empty
 * file counts as none. The draft is the request's `draft` field, else a new one.
 */
async function readMultipart(def: FormDefinition, req: Request): Promise<Received> {
  const bytes = await readBody(req, MULTIPART_MAX_BYTES);
  if (bytes === null) throw new HttpError(413, multipartTooLarge());
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
  } catch {
    throw new HttpError(400, server_application_unreadable());
  }
  const slots = new Set(def.documents.map((d) => d.slot));
  const body: Record<string, unknown> = {};
  const documents: Record<string, string> = {};
  const files = new Map<string, File>();
  const unknownFiles: Record<string, string> = {};
  const digests: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      if (value.size === 0) continue;
      if (!slots.has(name)) {
        unknownFiles[`documents.${name}`] = `This form has no document called "${name}".`;
        continue;
      }
      files.set(name, value);
      documents[name] = randomUUID();
      digests[name] = `${value.name}:${value.size}:${requestHash(Buffer.from(await value.arrayBuffer()).toString('base64'))}`;
    } else if (slots.has(name)) {
      if (value) documents[name] = value;
    } else if (name === 'consent') {
      body[name] = value === 'true' || value === 'on' ? true : value;
    } else if (name === 'guardian') {
      // The guardian's details as one JSON text field (name, relation, email, phone).
      body[name] = parsedOr(value);
    } else {
      body[name] = value;
    }
  }
  if (Object.keys(unknownFiles).length) throw fieldErrors(unknownFiles);
  body['documents'] = documents;
  body['draft'] ??= randomUUID();
  const { documents: _, draft: __, ...fields } = body;
  return {
    body,
    files,
    hash: requestHash({ fields, documents: Object.fromEntries(Object.entries(documents).filter(([slot]) => !files.has(slot))), files: digests }),
  };
}
