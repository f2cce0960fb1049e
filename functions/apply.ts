/**
 * POST /api/apply — an application from the Apply Now dialog: a department and course of
 * content/departments.json, or a course staff published, under its category. One statement stores it with its
 * reference and the institute's notification (leads.ts); the notification goes out after the
 * answer, so nothing outside the database is waited for.
 */
import type { Config } from '@netlify/functions';
import { ApplySchema, applySchemaWith } from '../src/lib/schemas/apply';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { storeLead } from './_shared/leads/leads';
import { applyLeadOf } from './_shared/leads/form-leads';
import { holdForm } from './_shared/consent/hold-form';
import { selfPurposes } from './_shared/consent/consents';
import { publishedCourses } from './_shared/records/published-courses';
import { SITE, byClient, byEmail, byPhone, enforce } from './_shared/platform/limits';
import { languageOf } from './_shared/platform/language';
import { deliver, leadMail, originFor } from './_shared/platform/outbox';
import { server_apply_thanks, server_apply_thanks_short } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const key = idempotencyKey(req);
  const body = await readJson(req);
  // A course of content/departments.json needs no database: the courses staff published are read
  // only when the choice is not one of those (the answer waits for one round trip fewer).
  const fromContent = ApplySchema.safeParse(body);
  const choiceUnknown = !fromContent.success && fromContent.error.issues.some((issue) => issue.path[0] === 'department' || issue.path[0] === 'course');
  const published = choiceUnknown ? await publishedCourses() : [];
  const input = validate(
    applySchemaWith(() => published),
    body,
  );
  // A filled honeypot is a bot: it is told the same as a person, and nothing is stored.
  if (input.website) return json({ message: server_apply_thanks_short({ name: input.name }) }, 201);
  // Per phone and e-mail on this network, not in total: strangers typing someone's number from
  // other networks must not stop their own application (decision 030). The site-wide ceiling
  // keeps the inbox from floods, and one number's applications are one person in it.
  const address = byClient(req, context);
  const ceiling = await enforce([
    ['apply:address', address],
    ['apply:phone', `${byPhone(input.phone)}@${address}`],
    ['apply:email', `${byEmail(input.email)}@${address}`],
    ['leads:site', SITE],
  ]);

  const language = languageOf(req);
  // An under-18's application waits, sealed, for a parent's or guardian's consent: 202.
  if (input.age === 'minor') return holdForm(context, ceiling, 'apply', req, key, body, input, input.guardian!);

  const lead = applyLeadOf(input, language);
  // A replay stores nothing, so it does not spend the site-wide ceiling.
  const { reference, replayed, notification } = await ceiling.spentBy(
    () => storeLead(lead, key, body, { noticeForm: 'apply', purposes: selfPurposes('apply') }),
    (stored) => !stored.replayed,
  );
  if (notification) await afterAnswer(context, () => deliver(notification.outboxId, leadMail(notification.lead, originFor(req))));
  const message = server_apply_thanks({ name: input.name, reference });
  return json({ message, reference }, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
});

export const config: Config = { path: '/api/apply' };
