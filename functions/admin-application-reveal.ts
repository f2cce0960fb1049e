/**
 * POST /api/admin/applications/{id}/reveal {field} (Owner only) → {field, value}: one ID number of
 * application `id` (its lead's id) in full — an Aadhaar, PAN, Jan Aadhaar, voter ID or bank
 * account number, which the inbox otherwise shows only masked. Opened from the sealed value
 * (id-vault.ts) for this request only, and recorded in the audit log ('reveal', which number) in
 * the same transaction, so no number is ever shown unrecorded. 404 for an unknown application or a
 * field that is not one of its form's ID numbers; 410 once the numbers were deleted at the end of
 * the retention period; 429 beyond 120 numbers an hour for one account (limits.ts, the institute
 * told once). Never cached (`no-store`), refused cross-site like every write.
 */
import type { Config } from '@netlify/functions';
import { RevealSchema, type Revealed } from '../src/lib/schemas/application-review';
import { FORMS, fieldsOf } from '../src/lib/schemas/application-forms';
import { RecordIdSchema } from '../src/lib/schemas/records';
import type { ApplicationForm } from '../src/lib/schemas/uploads';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { openIds } from './_shared/applications/id-vault';
import { enforce } from './_shared/platform/limits';
import { requireStaff } from './_shared/auth/staff';

const notFound = () => new HttpError(404, 'This application was not found.');
const noSuchNumber = () => new HttpError(404, 'This application has no such ID number.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'reveal-ids' });
  await enforce([['reveal:staff', staff.id]]);
  const parsedId = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsedId.success) throw notFound();
  const id = parsedId.data;
  const { field } = validate(RevealSchema, await readJson(req, 1024));

  const value = await transaction(async (client) => {
    const { rows } = await client.query<{
      form: ApplicationForm;
      draft: string;
      sealed: string | null;
      keyId: string | null;
      purged: boolean;
      reference: string;
    }>(
      `select a.form, a.draft::text, a.id_numbers as sealed, a.id_key as "keyId", a.purged_at is not null as purged, l.reference
         from applications a join leads l on l.id = a.lead_id where a.lead_id = $1`,
      [id],
    );
    const application = rows[0];
    if (!application) throw notFound();
    const def = fieldsOf(FORMS[application.form]).find((f) => f.name === field && f.sealed);
    if (!def) throw noSuchNumber();
    if (application.purged || !application.sealed || !application.keyId) {
      throw new HttpError(410, 'The ID numbers of this application were deleted at the end of the retention period.');
    }
    const number = openIds(application.sealed, application.keyId, application.draft)[field];
    if (!number) throw noSuchNumber();
    await audit(
      { staffId: staff.id, action: 'reveal', entity: 'application', entityId: id, subject: application.reference, detail: { field, label: def.label } },
      address,
      client,
    );
    return number;
  });
  const answer: Revealed = { field, value };
  return json(answer);
});

export const config: Config = { path: '/api/admin/applications/:id/reveal' };
