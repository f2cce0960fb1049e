/**
 * POST /api/admin/leads/bulk (staff only), BulkActionSchema → {message: '{n} leads updated.',
 * updated, skipped: [{_id, reference, reason}]}: assigns many leads, or moves them along the
 * pipeline (admitting is one lead at a time); each lead's person changes with it (their other
 * enquiries move too, their other leads change hands: one status per person). A lead whose status cannot move that way is
 * skipped, not failed; an id that names no lead is skipped too. One transaction, one timeline
 * line per lead changed, one audit line listing the ids.
 */
import type { Config } from '@netlify/functions';
import { BulkActionSchema, type LeadStatus } from '../src/lib/schemas/lead';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { activeStaff } from './_shared/leads/lead-actions';
import { applyStep, refusedMoveReason, writeEvents } from './_shared/leads/lead-steps';
import { lockPeopleOf, onePerPerson, samePerson, samePipeline } from './_shared/leads/person-pipeline';
import { requireStaff } from './_shared/auth/staff';

interface Skipped {
  _id: string;
  reference: string | null;
  reason: string;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'leads' });
  const action = validate(BulkActionSchema, await readJson(req));
  const ids = [...new Set(action.ids)];

  const { updated, skipped } = await transaction(async (client) => {
    await lockPeopleOf(client, ids);
    const { rows: found } = await client.query<{ id: string; reference: string; status: LeadStatus }>(
      'select id::text, reference, status from leads where id = any($1::bigint[])',
      [ids],
    );
    let changed: string[];
    if (action.action === 'assign') {
      const to = await activeStaff(client, action.assignedTo);
      // The people's other leads change hands with them (one counsellor per person).
      const { rows: all } = await client.query<{ id: string; from: string | null; asked: boolean; person: string }>(
        `update leads l set assigned_to = $2, updated_at = now(), version = l.version + 1,
                touched_at = case when ${samePipeline(1)} then now() else l.touched_at end
           from leads o where ${samePerson(1)} and o.id = l.id
         returning l.id::text, o.assigned_to::text as "from", l.id = any($1::bigint[]) as asked, l.person_id::text as person`,
        [ids, to?._id ?? null],
      );
      const rows = all.filter((r) => r.asked);
      await writeEvents(
        client,
        staff.id,
        onePerPerson(rows).map((r) => ({ lead: r.id, kind: 'assigned', detail: { from: r.from, to } })),
      );
      changed = rows.map((r) => r.id);
    } else {
      changed = (await applyStep(client, ids, action.next, staff.id)).map((m) => m.id);
    }
    const moved = new Set(changed);
    const skipped: Skipped[] = ids
      .filter((id) => !moved.has(id))
      .map((id) => {
        const lead = found.find((f) => f.id === id);
        if (!lead) return { _id: id, reference: null, reason: 'This lead was not found.' };
        return { _id: id, reference: lead.reference, reason: action.action === 'move' ? refusedMoveReason(lead.status, action.next.status) : 'Not changed.' };
      });
    const detail = action.action === 'assign' ? { action: 'assign', to: action.assignedTo } : { action: 'move', to: action.next.status };
    await audit(
      { staffId: staff.id, action: 'update', entity: 'lead', detail: { ...detail, bulk: true, ids: changed, skipped: skipped.map((s) => s._id) } },
      address,
      client,
    );
    return { updated: changed.length, skipped };
  });
  return json({ message: `${updated} ${updated === 1 ? 'lead' : 'leads'} updated.`, updated, skipped });
});

export const config: Config = { path: '/api/admin/leads/bulk' };
