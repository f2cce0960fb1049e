/**
 * POST /api/admin/outbox/{id} (Owner only), {action: 'retry' | 'dismiss'} → {message: 'Sending
 * again.' | 'Dismissed.'} for a notification that failed for good: a retry makes it due again
 * from the first attempt (the housekeeping sends it within minutes); a dismissal takes it off the
 * Today screen. 404 for an unknown or malformed id, 409 when it is no longer failed (a colleague
 * dealt with it). The lead's timeline and the audit log say who did it, in the same transaction.
 */
import type { Config } from '@netlify/functions';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { OutboxActionSchema } from '../src/lib/schemas/today';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { writeEvents } from './_shared/leads/lead-steps';
import { requireStaff } from './_shared/auth/staff';

const notFound = () => new HttpError(404, 'This notification was not found.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'outbox' });
  const parsedId = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsedId.success) throw notFound();
  const id = parsedId.data;
  const { action } = validate(OutboxActionSchema, await readJson(req));

  await transaction(async (client) => {
    const { rows } = await client.query<{ lead_id: string | null }>(
      action === 'retry'
        ? `update mail_outbox set failed_at = null, last_error = null, attempts = 0, next_attempt_at = now(), locked_until = null
            where id = $1 and failed_at is not null and dismissed_at is null returning lead_id::text`
        : `update mail_outbox set dismissed_at = now(), dismissed_by = $2
            where id = $1 and failed_at is not null and dismissed_at is null returning lead_id::text`,
      action === 'retry' ? [id] : [id, staff.id],
    );
    if (!rows[0]) {
      const { rows: exists } = await client.query('select 1 from mail_outbox where id = $1', [id]);
      if (!exists[0]) throw notFound();
      throw new HttpError(409, 'This notification is no longer waiting for you: it was sent again or dismissed. Please reload.');
    }
    const lead = rows[0].lead_id;
    if (lead) await writeEvents(client, staff.id, [{ lead, kind: 'notification', detail: { action, outbox: id } }]);
    await audit({ staffId: staff.id, action: 'update', entity: 'outbox', entityId: id, detail: { action, lead } }, address, client);
  });
  return json({ message: action === 'retry' ? 'Sending again.' : 'Dismissed.' });
});

export const config: Config = { path: '/api/admin/outbox/:id' };
