/**
 * /api/admin/leads/{id} (staff only):
 * - GET → LeadDetail: the lead, the person's enquiries and merges, and the timeline of all the
 *   person's enquiries (an audit line 'view');
 * - POST LeadActionSchema → {message, item: LeadDetail}: a note, a call or message with its
 *   outcome and the next step, a move along the pipeline, a follow-up day, an assignment.
 * A move the pipeline does not allow is 400 (errors.status); a change based on an older
 * `version` is 409 {message, current}; admitting creates the student record (linked both ways).
 * Each change is written with its timeline lines and its audit line in one transaction; an
 * unknown or malformed id is 404. An application's lead also carries `application` (its answers
 * with ID numbers masked, its documents' checklist); asking for documents again e-mails the
 * applicant a link once the answer has gone.
 */
import type { Config } from '@netlify/functions';
import { LeadActionSchema } from '../src/lib/schemas/lead';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { env } from './_shared/platform/env';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { performLeadAction } from './_shared/leads/lead-actions';
import { readLeadDetail } from './_shared/leads/lead-detail';
import { leadNotFound } from './_shared/leads/lead-row';
import { deliver } from './_shared/platform/outbox';
import { requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'leads' });
  const parsedId = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsedId.success) throw leadNotFound();
  const id = parsedId.data;

  if (req.method === 'GET') {
    const item = await transaction(async (client) => {
      const lead = await readLeadDetail(client, id);
      if (!lead) throw leadNotFound();
      await audit({ staffId: staff.id, action: 'view', entity: 'lead', entityId: id, subject: lead.reference, detail: { person: lead.name } }, address, client);
      return lead;
    });
    return json(item);
  }

  const action = validate(LeadActionSchema, await readJson(req));
  const site = env().URL;
  const origin = site ? new URL(site).origin : new URL(req.url).origin;
  const { message, item, mail } = await transaction(async (client) => {
    const done = await performLeadAction(client, id, action, staff.id, origin);
    const item = (await readLeadDetail(client, id))!;
    await audit(
      { staffId: staff.id, action: 'update', entity: 'lead', entityId: id, subject: item.reference, detail: { ...done.detail, person: item.name } },
      address,
      client,
    );
    if (done.studentId) {
      await audit(
        {
          staffId: staff.id,
          action: 'create',
          entity: 'student',
          entityId: done.studentId,
          subject: item.name,
          detail: { lead: id, reference: item.reference },
        },
        address,
        client,
      );
    }
    return { message: done.message, item, mail: done.mail };
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));
  return json({ message, item });
});

// The export and the bulk actions are functions of their own under the same prefix.
export const config: Config = { path: '/api/admin/leads/:id', excludedPath: ['/api/admin/leads/export.csv', '/api/admin/leads/bulk'] };
