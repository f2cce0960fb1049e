/**
 * POST /api/applications/fix/open {token} — what a "documents to fix" link (/fixDocuments#<token>)
 * opens: the application's reference and form, staff's note, the link's expiry and the documents
 * asked for again. The token travels in the body, never in an address that servers and caches
 * write to their logs. A link that expired, was used, or never existed gets 410. Sending the new
 * documents is POST /api/applications/fix.
 */
import type { Config } from '@netlify/functions';
import { FixOpenSchema, type FixRequest } from '../src/lib/schemas/application-fix';
import { FORMS } from '../src/lib/schemas/application-forms';
import { APPLICATION_FORM_LABELS } from '../src/lib/schemas/application-status';
import { findFixTarget, fixLinkInvalid } from './_shared/applications/fix-token';
import { HttpError, allowMethods, endpoint, json, readJson } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';
import {} from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await enforce([['fix-link:address', byClient(req, context)]]);
  const input = FixOpenSchema.safeParse(await readJson(req, 1024));
  if (!input.success) throw new HttpError(410, fixLinkInvalid());
  const target = await findFixTarget(input.data.token);
  const def = FORMS[target.form];
  const answer: FixRequest = {
    reference: target.reference,
    form: target.form,
    formLabel: APPLICATION_FORM_LABELS[target.form],
    note: target.note,
    expiresAt: target.expiresAt,
    documents: def.documents.filter((d) => target.slots.includes(d.slot)).map((d) => ({ slot: d.slot, label: d.label, imagesOnly: d.imagesOnly ?? false })),
  };
  return json(answer);
});

export const config: Config = { path: '/api/applications/fix/open' };
