/**
 * POST /api/admin/guardian-consent (staff with 'guardian-consent': Owner, Counsellor, Accountant)
 * OfficeConsentSchema → {message, reference}: staff record that they saw the child's parent or
 * guardian at the office and which kind of identity document (never its number); the held form is
 * stored as a minor's with that consent (method 'office', the staff member's name), as the code
 * would have done. A hold already consented to is 409, one past its time 410. Audit lines: the
 * consent and what the form became.
 */
import type { Config } from '@netlify/functions';
import { OfficeConsentSchema } from '../src/lib/schemas/guardian-consent';
import { requireStaff } from './_shared/auth/staff';
import { childNameOf, findHold, formWords, normalHoldNumber } from './_shared/consent/hold';
import { storeReleased } from './_shared/consent/release';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { deliver } from './_shared/platform/outbox';
import { noSuchHold } from './admin-guardian-hold';
import { refuseClosed } from './guardian-consent';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'guardian-consent' });
  const input = validate(OfficeConsentSchema, await readJson(req));
  const hold = await transaction(async (client) => {
    const found = await findHold(client, { number: normalHoldNumber(input.number) }, true);
    if (!found) throw noSuchHold();
    refuseClosed(found);
    await client.query('update held_submissions set released_at = now() where id = $1', [found.id]);
    return found;
  });
  const released = await storeReleased(hold, {
    method: 'office',
    whatsapp: input.whatsapp,
    staff: { id: staff.id, name: staff.name },
    document: input.document,
  });
  await audit(
    {
      staffId: staff.id,
      action: 'create',
      entity: 'consent',
      entityId: released.consentId,
      subject: childNameOf(hold),
      detail: {
        form: formWords(hold.form, 'en'),
        number: hold.number,
        guardian: hold.guardian_name,
        document: input.document,
        reference: released.reference ?? null,
      },
    },
    address,
  );
  for (const { outboxId, mail } of released.mails) await afterAnswer(context, () => deliver(outboxId, mail));
  const what = released.reference ? `stored as ${released.reference}` : 'the account was made';
  return json({ message: `Consent recorded: ${formWords(hold.form, 'en')} of ${childNameOf(hold)} is ${what}.`, reference: released.reference ?? null }, 201);
});

export const config: Config = { path: '/api/admin/guardian-consent' };
