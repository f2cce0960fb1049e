/**
 * The actions on one lead (POST /api/admin/leads/{id}), inside the caller's transaction, on the
 * person's pipeline (person-pipeline.ts: a move, a follow-up or an assignment changes all their
 * enquiries, an assignment all their leads, after the person is locked): each checks what the pipeline needs, changes the lead only at the version the change was based on
 * (the UPDATE itself checks it: a change that lost a race is 409 with the lead as it is now),
 * and writes its timeline lines. A note never conflicts: it only marks the lead as touched.
 * An application's call or message may keep its status (its next step is staff's); asking for
 * documents again checks the slots against the form and queues the applicant's mail, which the
 * caller sends once the answer has gone.
 */
import type { PoolClient } from '@neondatabase/serverless';
import {
  isApplicationKind,
  NEXT_STATUSES,
  NEXT_STEP_MESSAGE,
  OPEN_STATUSES,
  type LeadAction,
  type LeadKind,
  type LeadStatus,
} from '../../../src/lib/schemas/lead';
import { LANGUAGE_WORDS, type PersonLanguage } from '../../../src/lib/person-language';
import { assignToBatch } from '../classes/batches';
import { checkFixSlots, requestFix, type QueuedMail } from '../applications/fix-request';
import { fieldErrors } from '../platform/http';
import { leadMissedOrChanged } from './lead-detail';
import { leadNotFound } from './lead-row';
import { applyStep, refusedMove, stepDetail, writeEvents } from './lead-steps';
import { lockPeopleOf, samePerson, samePipeline } from './person-pipeline';
import { dayLabel, statusLabel } from './lead-summary';

/** What an action did: the message for staff and what the audit line keeps. */
export interface ActionDone {
  message: string;
  detail: Record<string, unknown>;
  /** The student record an admission made. */
  studentId?: string;
  /** A mail to the applicant to send once the answer has gone. */
  mail?: QueuedMail;
}

/** Performs `action` on lead `id` as `staffId`; `origin` is the site's address (for links in mails). */
export async function performLeadAction(client: PoolClient, id: string, action: LeadAction, staffId: string, origin: string): Promise<ActionDone> {
  // The person's leads change together: a colleague's change to another of them waits for this one.
  await lockPeopleOf(client, [id]);
  const { rows } = await client.query<{ status: LeadStatus; kind: LeadKind; version: number }>('select status, kind, version from leads where id = $1', [id]);
  const lead = rows[0];
  if (!lead) throw leadNotFound();

  if (action.action === 'note') {
    // A note on one enquiry is a look at the person: none of their enquiries is untouched any more.
    await client.query(`update leads l set touched_at = now() where ${samePipeline(1)}`, [[id]]);
    await writeEvents(client, staffId, [{ lead: id, kind: 'note', detail: { text: action.text } }]);
    return { message: 'Note added.', detail: { action: 'note' } };
  }

  // Someone saved first: say so before judging the change against a state the sender never saw.
  if (action.version !== lead.version) throw await leadMissedOrChanged(client, id);

  switch (action.action) {
    case 'contact':
    case 'move': {
      const { next } = action;
      if (!next) {
        // Only a contact may leave the step out, and only for an application.
        if (!isApplicationKind(lead.kind)) throw fieldErrors({ 'next.status': NEXT_STEP_MESSAGE });
        return recordContactOnly(client, id, action, lead.status, staffId);
      }
      if (!NEXT_STATUSES[lead.status].includes(next.status)) throw refusedMove(lead.status, next.status);
      if (next.status === 'documents-to-fix' && isApplicationKind(lead.kind)) next.slots = checkFixSlots(lead.kind, next.slots);
      if (action.action === 'contact') {
        const { channel, outcome, template, note } = action;
        await writeEvents(client, staffId, [{ lead: id, kind: 'contact', detail: { channel, outcome, template: template ?? null, note: note ?? null } }]);
      }
      const [moved] = await applyStep(client, [id], next, staffId, action.version);
      if (!moved) throw await leadMissedOrChanged(client, id);
      // Into a batch in the same transaction: a full batch refuses, and then nothing of the admission is written.
      const placed =
        next.status === 'admitted' && next.batchId && moved.studentId ? await assignToBatch(client, next.batchId, moved.studentId, 'next.batchId') : null;
      const mail =
        next.status === 'documents-to-fix' && isApplicationKind(lead.kind)
          ? await requestFix(client, id, lead.kind, next.slots, next.note ?? null, origin)
          : undefined;
      const message =
        action.action === 'contact'
          ? 'Outcome recorded.'
          : next.status === 'admitted'
            ? `Admitted: student record created${placed ? ` and added to ${placed.batch}` : ''}.`
            : mail
              ? `Status changed to ${statusLabel(next.status)}: the applicant is e-mailed a link to upload ${next.status === 'documents-to-fix' && next.slots.length === 1 ? 'the document' : 'the documents'} again.`
              : `Status changed to ${statusLabel(next.status)}.`;
      const detail = {
        action: action.action,
        from: lead.status,
        ...stepDetail(next),
        ...(action.action === 'contact' ? { channel: action.channel, outcome: action.outcome } : {}),
      };
      return { message, detail, ...(moved.studentId ? { studentId: moved.studentId } : {}), ...(mail ? { mail } : {}) };
    }

    case 'follow-up': {
      if (!OPEN_STATUSES.includes(lead.status)) {
        throw fieldErrors({ followUp: `A lead that is ${statusLabel(lead.status)} needs no follow-up. Move it to Contacted or Interested first.` });
      }
      const updated = await client.query<{ from: string | null; asked: boolean }>(
        `update leads l set follow_up_on = $3::date, touched_at = now(), updated_at = now(), version = l.version + 1
           from leads o where ${samePipeline(1)} and o.id = l.id and l.status = any($4::text[])
            and exists (select 1 from leads v where v.id = any($1::bigint[]) and v.version = $2)
         returning o.follow_up_on::text as "from", l.id = any($1::bigint[]) as asked`,
        [[id], action.version, action.followUp, OPEN_STATUSES],
      );
      const asked = updated.rows.find((r) => r.asked);
      if (!asked) throw await leadMissedOrChanged(client, id);
      const from = asked.from;
      await writeEvents(client, staffId, [{ lead: id, kind: 'follow-up', detail: { from, to: action.followUp } }]);
      return { message: `Follow-up set for ${dayLabel(action.followUp)}.`, detail: { action: 'follow-up', from, to: action.followUp } };
    }

    case 'language':
      return changeLanguage(client, id, action, staffId);

    case 'assign': {
      const to = await activeStaff(client, action.assignedTo);
      // Every lead of the person changes hands (an application form's stays untouched: its documents wait for a look).
      const updated = await client.query<{ from: string | null; asked: boolean }>(
        `update leads l set assigned_to = $3, updated_at = now(), version = l.version + 1,
                touched_at = case when ${samePipeline(1)} then now() else l.touched_at end
           from leads o where ${samePerson(1)} and o.id = l.id
            and exists (select 1 from leads v where v.id = any($1::bigint[]) and v.version = $2)
         returning o.assigned_to::text as "from", l.id = any($1::bigint[]) as asked`,
        [[id], action.version, to?._id ?? null],
      );
      const asked = updated.rows.find((r) => r.asked);
      if (!asked) throw await leadMissedOrChanged(client, id);
      const from = asked.from;
      await writeEvents(client, staffId, [{ lead: id, kind: 'assigned', detail: { from, to } }]);
      return { message: to ? `Assigned to ${to.name}.` : 'No longer assigned.', detail: { action: 'assign', from, to: to?._id ?? null } };
    }
  }
}

/**
 * A new language for the person's messages and e-mails about this enquiry (this lead only: another
 * enquiry of theirs keeps the language it was made with). The same language again changes nothing.
 */
async function changeLanguage(client: PoolClient, id: string, action: Extract<LeadAction, { action: 'language' }>, staffId: string): Promise<ActionDone> {
  const updated = await client.query<{ from: PersonLanguage }>(
    `update leads l set language = $3, touched_at = now(), updated_at = now(), version = l.version + 1
       from leads o where l.id = $1 and o.id = l.id and l.version = $2 and l.language <> $3
     returning o.language as "from"`,
    [id, action.version, action.language],
  );
  const words = LANGUAGE_WORDS[action.language];
  if (!updated.rows[0]) {
    const { rows } = await client.query<{ language: PersonLanguage; version: number }>('select language, version from leads where id = $1', [id]);
    if (rows[0]?.version === action.version && rows[0].language === action.language)
      return { message: `Messages and e-mails are already in ${words}.`, detail: { action: 'language', to: action.language, unchanged: true } };
    throw await leadMissedOrChanged(client, id);
  }
  const { from } = updated.rows[0];
  await writeEvents(client, staffId, [{ lead: id, kind: 'language', detail: { from, to: action.language } }]);
  return { message: `Messages and e-mails will be in ${words}.`, detail: { action: 'language', from, to: action.language } };
}

/** A call or message about an application that keeps its status: the contact line, the lead touched. */
async function recordContactOnly(
  client: PoolClient,
  id: string,
  action: Extract<LeadAction, { action: 'contact' | 'move' }>,
  status: LeadStatus,
  staffId: string,
): Promise<ActionDone> {
  if (action.action !== 'contact') throw fieldErrors({ 'next.status': NEXT_STEP_MESSAGE });
  const updated = await client.query(
    'update leads set touched_at = now(), updated_at = now(), version = version + 1 where id = $1 and version = $2 returning id',
    [id, action.version],
  );
  if (!updated.rows[0]) throw await leadMissedOrChanged(client, id);
  const { channel, outcome, template, note } = action;
  await writeEvents(client, staffId, [{ lead: id, kind: 'contact', detail: { channel, outcome, template: template ?? null, note: note ?? null } }]);
  return { message: 'Outcome recorded.', detail: { action: 'contact', from: status, to: status, channel, outcome } };
}

/**
 * The member of staff `id` as the inbox names them, when their account is active (null for
 * nobody); 400 for an invited, disabled or unknown account.
 */
export async function activeStaff(client: PoolClient, id: string | null): Promise<{ _id: string; name: string } | null> {
  if (id === null) return null;
  const { rows } = await client.query<{ _id: string; name: string }>(
    'select id::text as _id, name from staff where id = $1 and disabled_at is null and password_hash is not null',
    [id],
  );
  if (!rows[0]) throw fieldErrors({ assignedTo: 'Please choose an active member of staff.' });
  return rows[0];
}
