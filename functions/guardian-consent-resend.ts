/**
 * POST /api/guardian-consent-resend {id} → {message}: a new code for a held submission, e-mailed
 * to the guardian (the old one stops working, the wrong tries start again). One a minute per
 * hold, a few an hour per client; a hold past its time, consented to or unknown is refused.
 */
import type { Config } from '@netlify/functions';
import { GuardianResendSchema } from '../src/lib/schemas/guardian-consent';
import { findHold, maskEmail, newCodeFor } from './_shared/consent/hold';
import { transaction } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';
import { deliver, originFor } from './_shared/platform/outbox';
import { refuseClosed } from './guardian-consent';
import { guardian_code_resent, guardian_resend_wait } from '../src/i18n/messages';

/** Seconds between two codes for one hold. */
const RESEND_WAIT_SECONDS = 60;

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { id } = validate(GuardianResendSchema, await readJson(req));
  await enforce([['guardian-resend:address', byClient(req, context)]]);
  const { queued, email } = await transaction(async (client) => {
    const hold = await findHold(client, { id }, true);
    refuseClosed(hold);
    if (Date.now() - new Date(hold.code_sent_at).getTime() < RESEND_WAIT_SECONDS * 1000) {
      throw new HttpError(429, guardian_resend_wait(), { retryAfter: RESEND_WAIT_SECONDS }, { 'Retry-After': String(RESEND_WAIT_SECONDS) });
    }
    return { queued: await newCodeFor(client, hold, originFor(req)), email: hold.guardian_email };
  });
  await afterAnswer(context, () => deliver(queued.outboxId, queued.mail));
  return json({ message: guardian_code_resent({ email: maskEmail(email) }) });
});

export const config: Config = { path: '/api/guardian-consent-resend' };
