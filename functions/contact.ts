/** POST /api/contact — a message from the contact page, or the home page's short form. */
import type { Config } from '@netlify/functions';
import { ContactPageSchema, HomeContactSchema } from '../src/lib/schemas/contact';
import { allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { idempotencyKey, once } from './_shared/idempotency';
import { insertLead, notifyInstitute, type Lead } from './_shared/leads';
import { rateLimit } from './_shared/rate-limit';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await rateLimit(`contact:ip:${clientIp(req, context)}`, 10, 10 * 60);
  const key = idempotencyKey(req);
  const body = await readJson(req);
  const fromHome = typeof body === 'object' && body !== null && (body as { source?: unknown }).source === 'home';

  let lead: Lead;
  let honeypot: string | undefined;
  if (fromHome) {
    const input = validate(HomeContactSchema, body);
    honeypot = input.website;
    lead = { kind: 'contact', source: 'home', name: input.name, phone: input.phone, message: input.message };
  } else {
    const input = validate(ContactPageSchema, body);
    honeypot = input.website;
    lead = { kind: 'contact', source: 'contact-page', name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message };
  }
  const thanks = `Thank you, ${lead.name}! Your message has been received`;
  if (honeypot) return json({ message: `${thanks}.` }, 201);

  let stored: { id: string; reference: string } | undefined;
  const answer = await once('contact', key, body, async (client) => {
    stored = await insertLead(client, lead);
    return { status: 201, body: { message: `${thanks} (reference ${stored.reference}). We will get back to you soon.`, reference: stored.reference } };
  });
  if (stored) await notifyInstitute(stored.id, stored.reference, lead);
  return json(answer.body, answer.status, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
});

export const config: Config = { path: '/api/contact' };
