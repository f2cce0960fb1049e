/**
 * POST /api/contact — a message from the contact page, or the home page's short form. Stored
 * with the institute's notification in one statement; the notification goes out after the answer.
 */
import type { Config } from '@netlify/functions';
import { ContactPageSchema, HomeContactSchema } from '../src/lib/schemas/contact';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { storeLead } from './_shared/leads/leads';
import { contactLeadOf } from './_shared/leads/form-leads';
import { holdForm } from './_shared/consent/hold-form';
import { selfPurposes } from './_shared/consent/consents';
import { SITE, byClient, byPhone, enforce } from './_shared/platform/limits';
import { languageOf } from './_shared/platform/language';
import { deliver, leadMail, originFor } from './_shared/platform/outbox';
import { server_contact_thanks, server_contact_thanks_short } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const key = idempotencyKey(req);
  const body = await readJson(req);
  const fromHome = typeof body === 'object' && body !== null && (body as { source?: unknown }).source === 'home';

  const input = fromHome ? validate(HomeContactSchema, body) : validate(ContactPageSchema, body);
  const honeypot = input.website;
  const language = languageOf(req);
  const lead = contactLeadOf(input, language);
  if (honeypot) return json({ message: server_contact_thanks_short({ name: lead.name }) }, 201);
  const ceiling = await enforce([
    ['contact:address', byClient(req, context)],
    ['contact:phone', byPhone(lead.phone)],
    ['leads:site', SITE],
  ]);

  // An under-18's message waits, sealed, for a parent's or guardian's consent: 202.
  if (input.age === 'minor') return holdForm(context, ceiling, 'contact', req, key, body, input, input.guardian!);

  // A replay stores nothing, so it does not spend the site-wide ceiling.
  const { reference, replayed, notification } = await ceiling.spentBy(
    () => storeLead(lead, key, body, { noticeForm: 'contact', purposes: selfPurposes('contact') }),
    (stored) => !stored.replayed,
  );
  if (notification) await afterAnswer(context, () => deliver(notification.outboxId, leadMail(notification.lead, originFor(req))));
  const message = server_contact_thanks({ name: lead.name, reference });
  return json({ message, reference }, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
});

export const config: Config = { path: '/api/contact' };
