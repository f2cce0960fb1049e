/** POST /api/apply — an application from the Apply Now dialog. */
import type { Config } from '@netlify/functions';
import { ApplySchema } from '../src/lib/schemas/apply';
import { CONSENT_VERSION } from '../src/lib/schemas/consent';
import { allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { idempotencyKey, once } from './_shared/idempotency';
import { insertLead, notifyInstitute, type Lead } from './_shared/leads';
import { rateLimit } from './_shared/rate-limit';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await rateLimit(`apply:ip:${clientIp(req, context)}`, 10, 10 * 60);
  const key = idempotencyKey(req);
  const body = await readJson(req);
  const input = validate(ApplySchema, body);
  const thanks = `Thank you, ${input.name}! We have received your application`;
  // A filled honeypot is a bot: it is told the same as a person, and nothing is stored.
  if (input.website) return json({ message: `${thanks}.` }, 201);

  const lead: Lead = {
    kind: 'application',
    source: 'apply-form',
    name: input.name,
    email: input.email,
    phone: input.phone,
    department: input.department,
    course: input.course,
    consentVersion: CONSENT_VERSION,
  };
  let stored: { id: string; reference: string } | undefined;
  const answer = await once('apply', key, body, async (client) => {
    stored = await insertLead(client, lead);
    const message = `${thanks} (reference ${stored.reference}). Our counsellor will call you soon.`;
    return { status: 201, body: { message, reference: stored.reference } };
  });
  if (stored) await notifyInstitute(stored.id, stored.reference, lead);
  return json(answer.body, answer.status, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
});

export const config: Config = { path: '/api/apply' };
