/**
 * GET /api/admin/guardian-hold?number=H-XXXX-XX (staff with 'guardian-consent': Owner, Counsellor,
 * Accountant) → OfficeHoldView: the held form a parent or guardian came to the office about —
 * the form in words, the child's name, the guardian as the child named them, until when it waits —
 * so staff can check the person and their identity document before recording the consent. Each
 * look is an audit line; an unknown number is 404.
 */
import type { Config } from '@netlify/functions';
import { HoldNumberSchema, type OfficeHoldView } from '../src/lib/schemas/guardian-consent';
import { requireStaff } from './_shared/auth/staff';
import { childNameOf, findHold, formWords, holdExpired, normalHoldNumber } from './_shared/consent/hold';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, validate } from './_shared/platform/http';

/** What staff are told of a number that names no hold. */
export const noSuchHold = () =>
  new HttpError(
    404,
    'No form is waiting under this number: check it with the parent (H- and six letters or digits), or the form may have been deleted after 72 hours.',
  );

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'guardian-consent' });
  const { number } = validate(HoldNumberSchema, { number: new URL(req.url).searchParams.get('number') ?? '' });
  const view = await transaction(async (client) => {
    const hold = await findHold(client, { number: normalHoldNumber(number) });
    if (!hold) throw noSuchHold();
    const childName = childNameOf(hold);
    await audit(
      { staffId: staff.id, action: 'view', entity: 'held-submission', entityId: hold.id, subject: hold.number, detail: { person: childName } },
      address,
      client,
    );
    const found: OfficeHoldView = {
      id: hold.id,
      number: hold.number,
      status: hold.released_at ? 'given' : holdExpired(hold) ? 'expired' : 'waiting',
      form: formWords(hold.form, 'en'),
      childName,
      guardian: { name: hold.guardian_name, relation: hold.guardian_relation, email: hold.guardian_email, phone: hold.guardian_phone },
      expiresAt: new Date(hold.expires_at).toISOString(),
    };
    return found;
  });
  return json(view);
});

export const config: Config = { path: '/api/admin/guardian-hold' };
