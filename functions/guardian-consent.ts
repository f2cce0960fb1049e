/**
 * /api/guardian-consent — a parent's or guardian's consent to an under-18's held submission
 * (consent/hold.ts; DPDP Rules 2025 r.10):
 * - GET ?id= → HoldView: what the guardian's page shows (the form, the child's name, the guardian
 *   as the child gave them, until when it waits), in the request's language;
 * - POST GuardianConsentSchema → the form's own 201 {message, reference}: the e-mailed code is
 *   checked (CODE_TRIES wrong ones, then a new code is needed), the consent recorded and the
 *   submission stored as a minor's (release.ts).
 * A hold not found (or deleted after its time) is 404; one past its time 410; one already
 * consented to 409.
 */
import type { Config } from '@netlify/functions';
import { GuardianConsentSchema, type HoldView } from '../src/lib/schemas/guardian-consent';
import { NOTICE_VERSION } from '../src/lib/privacy-notice';
import { z } from '../src/lib/schemas/zod';
import { CODE_TRIES, childNameOf, codeIsRight, findHold, formWords, holdExpired, maskEmail, type HoldRow } from './_shared/consent/hold';
import { storeReleased } from './_shared/consent/release';
import { pool, transaction } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { languageOf } from './_shared/platform/language';
import { byClient, enforce } from './_shared/platform/limits';
import { deliver } from './_shared/platform/outbox';
import { guardian_code_used_up, guardian_code_wrong, guardian_hold_expired, guardian_hold_given, guardian_hold_not_found } from '../src/i18n/messages';

const notFound = () => new HttpError(404, guardian_hold_not_found());

/** Refuses a hold that cannot be consented to any more. */
export function refuseClosed(hold: HoldRow | null): asserts hold is HoldRow {
  if (!hold) throw notFound();
  if (hold.released_at) throw new HttpError(409, guardian_hold_given());
  if (holdExpired(hold)) throw new HttpError(410, guardian_hold_expired());
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    const id = z.uuid().safeParse(new URL(req.url).searchParams.get('id'));
    if (!id.success) throw notFound();
    await enforce([['guardian-code:address', byClient(req, context)]]);
    const hold = await findHold(pool(), { id: id.data });
    if (!hold) throw notFound();
    const locale = languageOf(req);
    const view: HoldView = {
      id: hold.id,
      number: hold.number,
      status: hold.released_at ? 'given' : holdExpired(hold) ? 'expired' : 'waiting',
      form: formWords(hold.form, locale),
      noticeForm: hold.form,
      noticeVersion: NOTICE_VERSION,
      childName: childNameOf(hold),
      guardian: { name: hold.guardian_name, relation: hold.guardian_relation, email: maskEmail(hold.guardian_email), phone: hold.guardian_phone },
      expiresAt: new Date(hold.expires_at).toISOString(),
    };
    return json(view);
  }

  const input = validate(GuardianConsentSchema, await readJson(req));
  await enforce([['guardian-code:address', byClient(req, context)]]);
  // A wrong code is counted on its hold, so that answer leaves the transaction as a value.
  const checked = await transaction(async (client) => {
    const hold = await findHold(client, { id: input.id }, true);
    refuseClosed(hold);
    if (hold.code_attempts >= CODE_TRIES) return { usedUp: true as const };
    if (!codeIsRight(hold, input.code)) {
      await client.query('update held_submissions set code_attempts = code_attempts + 1 where id = $1', [hold.id]);
      return { left: CODE_TRIES - hold.code_attempts - 1 };
    }
    await client.query('update held_submissions set released_at = now() where id = $1', [hold.id]);
    return { hold };
  });
  if ('usedUp' in checked) throw new HttpError(429, guardian_code_used_up(), { errors: { code: guardian_code_used_up() } });
  if (!('hold' in checked)) {
    if (checked.left <= 0) throw new HttpError(429, guardian_code_used_up(), { errors: { code: guardian_code_used_up() } });
    throw fieldErrors({ code: guardian_code_wrong({ left: checked.left }) });
  }
  const released = await storeReleased(checked.hold, { method: 'email-code', whatsapp: input.whatsapp });
  for (const { outboxId, mail } of released.mails) await afterAnswer(context, () => deliver(outboxId, mail));
  return json({ message: released.message, ...(released.reference ? { reference: released.reference } : {}) }, 201);
});

export const config: Config = { path: '/api/guardian-consent' };
