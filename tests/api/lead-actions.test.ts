import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../src/lib/schemas/lead';
import { CONFLICT_MESSAGE } from '../../src/lib/schemas/records';
import { db, targets, uniqueEmail, uniquePhone } from './helpers';
import { act, applyLead, contactLead, dayFromToday, detail, leadState } from './lead-fixtures';
import { createStaffAccount, signedInAdmin, staffFetch } from './staff';

/** '26 Nov 2026' for a YYYY-MM-DD day. */
const label = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`;
};

describe.each(targets)('one lead, its timeline and its actions on $name', (target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let colleague: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    [admin, colleague] = await Promise.all([signedInAdmin(target, 'leadactions'), signedInAdmin(target, 'leadcolleague')]);
  });

  const auditLines = (id: string) =>
    db<{ action: string; entity: string; detail: Record<string, unknown> | null }>(
      target,
      `select action, entity, detail from audit_log where staff_id = any($1::uuid[]) and entity_id = $2 order by id`,
      [[admin.staff.id, colleague.staff.id], id],
    );
  const events = (id: string) =>
    db<{ kind: string; staff_id: string; detail: Record<string, unknown> }>(
      target,
      'select kind, staff_id::text, detail from lead_events where lead_id = $1 order by id',
      [id],
    );
  const post = async (id: string, body: unknown, cookie = admin.cookie) => {
    const res = await act(target, cookie, id, body);
    return { status: res.status, body: await res.json() };
  };

  it('gives the lead with its timeline, and notes the view in the audit log', async () => {
    const lead = await applyLead(target);
    const res = await detail(target, admin.cookie, lead.id);
    expect(res.status).toBe(200);
    const item = (await res.json()) as LeadDetail;
    expect(item).toMatchObject({
      _id: lead.id,
      reference: lead.reference,
      name: lead.name,
      status: 'new',
      version: 1,
      kind: 'application',
      form: 'apply-form',
      course: 'RS-CIT (Basic)',
    });
    expect(item.person.leads.map((l) => l.reference)).toEqual([lead.reference]);
    expect(item.timeline[0]).toMatchObject({
      kind: 'received',
      lead: { _id: lead.id, reference: lead.reference },
      staff: null,
      summary: 'Application received from the Apply dialog.',
    });
    expect(await auditLines(lead.id)).toEqual([expect.objectContaining({ action: 'view', entity: 'lead' })]);
  });

  it('answers 404 for an unknown or malformed id, to a read and to an action', async () => {
    for (const id of ['999999999', '0', 'abc', '12abc', '1e3']) {
      const res = await detail(target, admin.cookie, id);
      expect(res.status, id).toBe(404);
      expect((await res.json()).message).toBe('This lead was not found.');
      const posted = await post(id, { action: 'note', text: 'Hello' });
      expect(posted.status, id).toBe(404);
    }
  });

  it('adds a note: the lead is touched, its version stays, the timeline and the audit log say so', async () => {
    const lead = await applyLead(target);
    const { status, body } = await post(lead.id, { action: 'note', text: 'Asked for the Hindi batch.' });
    expect(status).toBe(200);
    expect(body.message).toBe('Note added.');
    expect(body.item).toMatchObject({ version: 1, status: 'new' });
    expect(body.item.touchedAt).not.toBeNull();
    const entry = body.item.timeline.at(-1);
    expect(entry).toMatchObject({ kind: 'note', summary: 'Note: Asked for the Hindi batch.', staff: { _id: admin.staff.id, name: admin.staff.name } });
    expect(await events(lead.id)).toEqual([{ kind: 'note', staff_id: admin.staff.id, detail: { text: 'Asked for the Hindi batch.' } }]);
    expect((await auditLines(lead.id)).map((a) => a.action)).toEqual(['update']);
  });

  it('records a call outcome with the next step, then moves, follows up and assigns, each with its message', async () => {
    const lead = await applyLead(target);
    const tomorrow = dayFromToday(1);
    const visit = dayFromToday(3);
    const later = dayFromToday(10);

    let res = await post(lead.id, { action: 'contact', version: 1, channel: 'call', outcome: 'no-answer', next: { status: 'contacted', followUp: tomorrow } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Outcome recorded.');
    expect(res.body.item).toMatchObject({ status: 'contacted', followUp: tomorrow, version: 2 });
    const summaries = (res.body.item as LeadDetail).timeline.map((t) => t.summary);
    expect(summaries).toContain('Call: No answer.');
    expect(summaries).toContain(`Status: New → Contacted; follow up on ${label(tomorrow)}.`);

    res = await post(lead.id, {
      action: 'contact',
      version: 2,
      channel: 'whatsapp',
      outcome: 'sent',
      template: 'first-reply',
      note: 'Sent the fees.',
      next: { status: 'interested', visitOn: visit },
    });
    expect(res.body.message).toBe('Outcome recorded.');
    // Interested without a follow-up day: the visit day is the follow-up.
    expect(res.body.item).toMatchObject({ status: 'interested', visitOn: visit, followUp: visit, version: 3 });
    expect(res.body.item.timeline.map((t: { summary: string }) => t.summary)).toContain(
      'WhatsApp: Message sent. Template: First reply to an enquiry. Sent the fees.',
    );

    res = await post(lead.id, { action: 'follow-up', version: 3, followUp: later });
    expect(res.body.message).toBe(`Follow-up set for ${label(later)}.`);
    expect(res.body.item).toMatchObject({ followUp: later, version: 4, visitOn: visit });

    res = await post(lead.id, { action: 'assign', version: 4, assignedTo: colleague.staff.id });
    expect(res.body.message).toBe(`Assigned to ${colleague.staff.name}.`);
    expect(res.body.item.assignedTo).toEqual({ _id: colleague.staff.id, name: colleague.staff.name });

    res = await post(lead.id, { action: 'assign', version: 5, assignedTo: null });
    expect(res.body.message).toBe('No longer assigned.');
    expect(res.body.item).toMatchObject({ assignedTo: null, version: 6 });

    res = await post(lead.id, { action: 'move', version: 6, next: { status: 'contacted', followUp: tomorrow } });
    expect(res.body.message).toBe('Status changed to Contacted.');
    expect(res.body.item).toMatchObject({ status: 'contacted', followUp: tomorrow, visitOn: null, version: 7 });

    res = await post(lead.id, { action: 'move', version: 7, next: { status: 'lost', lostReason: 'other', lostNote: 'Moved to Jodhpur' } });
    expect(res.body.message).toBe('Status changed to Lost.');
    expect(res.body.item).toMatchObject({ status: 'lost', followUp: null, lostReason: 'other', lostNote: 'Moved to Jodhpur', version: 8 });
    expect(res.body.item.timeline.at(-1).summary).toBe('Status: Contacted → Lost; Other reason: Moved to Jodhpur.');

    expect((await events(lead.id)).map((e) => e.kind)).toEqual([
      'contact',
      'status',
      'contact',
      'status',
      'follow-up',
      'assigned',
      'assigned',
      'status',
      'status',
    ]);
    const audits = await auditLines(lead.id);
    expect(audits.map((a) => a.detail?.['action'])).toEqual(['contact', 'contact', 'follow-up', 'assign', 'assign', 'move', 'move']);
  });

  it('refuses every move the pipeline does not allow, with its message, and changes nothing', async () => {
    const lead = await applyLead(target);
    // Lost first (allowed from New), then what a lost lead may not do.
    expect((await post(lead.id, { action: 'move', version: 1, next: { status: 'lost', lostReason: 'fees' } })).status).toBe(200);
    const before = await leadState(target, lead.id);
    const refusals: [unknown, string, string][] = [
      [{ action: 'move', version: 2, next: { status: 'lost', lostReason: 'fees' } }, 'status', 'A lead that is Lost cannot move to Lost.'],
      [
        { action: 'move', version: 2, next: { status: 'admitted', student: { name: lead.name, email: lead.email, course: 'Tally Prime' } } },
        'status',
        'A lead that is Lost cannot move to Admitted.',
      ],
      [
        { action: 'contact', version: 2, channel: 'call', outcome: 'reached', next: { status: 'lost', lostReason: 'timing' } },
        'status',
        'A lead that is Lost cannot move to Lost.',
      ],
      [
        { action: 'follow-up', version: 2, followUp: dayFromToday(2) },
        'followUp',
        'A lead that is Lost needs no follow-up. Move it to Contacted or Interested first.',
      ],
      // What each step needs.
      [{ action: 'move', version: 2, next: { status: 'contacted' } }, 'next.followUp', 'Please choose the next follow-up date.'],
      [
        { action: 'move', version: 2, next: { status: 'contacted', followUp: dayFromToday(-1) } },
        'next.followUp',
        'Please choose the next follow-up date from today onwards.',
      ],
      [{ action: 'move', version: 2, next: { status: 'interested' } }, 'next.visitOn', 'Please choose the day of the visit.'],
      [{ action: 'move', version: 2, next: { status: 'lost', lostReason: 'other' } }, 'next.lostNote', 'Please write the reason.'],
      [{ action: 'move', version: 2, next: { status: 'done' } }, 'next.status', 'Please choose the next step.'],
      [
        { action: 'contact', version: 2, channel: 'pigeon', outcome: 'sent', next: { status: 'contacted', followUp: dayFromToday(1) } },
        'channel',
        'Please choose how you reached out.',
      ],
      [{ action: 'assign', version: 2, assignedTo: 'nobody' }, 'assignedTo', 'Please choose a member of staff.'],
      [{ action: 'shout', version: 2 }, 'action', 'Please choose an action.'],
      [{ action: 'note', text: '' }, 'text', 'Please enter the note.'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await post(lead.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await leadState(target, lead.id)).toEqual(before);

    // Admitted is final.
    const admitted = await applyLead(target);
    const student = { name: admitted.name, email: admitted.email, course: 'RS-CIT (Basic)' };
    expect((await post(admitted.id, { action: 'move', version: 1, next: { status: 'admitted', student } })).status).toBe(200);
    const closed = await leadState(target, admitted.id);
    for (const [next, to] of [
      [{ status: 'contacted', followUp: dayFromToday(1) }, 'Contacted'],
      [{ status: 'lost', lostReason: 'fees' }, 'Lost'],
    ] as const) {
      const res = await post(admitted.id, { action: 'move', version: 2, next });
      expect(res.status).toBe(400);
      expect(res.body.errors.status).toBe(`A lead that is Admitted cannot move to ${to}.`);
    }
    expect((await post(admitted.id, { action: 'follow-up', version: 2, followUp: dayFromToday(1) })).body.errors.followUp).toMatch(
      /^A lead that is Admitted needs no follow-up/,
    );
    expect(await leadState(target, admitted.id)).toEqual(closed);
  });

  it('refuses to assign a disabled or invited account, and changes nothing', async () => {
    const lead = await applyLead(target);
    const disabled = await createStaffAccount(target, 'assigndisabled');
    await db(target, 'update staff set disabled_at = now() where id = $1', [disabled.id]);
    const [invited] = await db<{ id: string }>(target, `insert into staff (name, email) values ('Invited Person', $1) returning id::text`, [
      uniqueEmail('invited'),
    ]);
    const before = await leadState(target, lead.id);
    for (const id of [disabled.id, invited!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(lead.id, { action: 'assign', version: 1, assignedTo: id });
      expect(res.status).toBe(400);
      expect(res.body.errors.assignedTo).toBe('Please choose an active member of staff.');
    }
    expect(await leadState(target, lead.id)).toEqual(before);
  });

  it('refuses the second of two edits made from the same version with 409 and the lead as it is now', async () => {
    const lead = await applyLead(target);
    // Both opened version 1; the colleague saves first.
    const first = await post(lead.id, { action: 'assign', version: 1, assignedTo: colleague.staff.id }, colleague.cookie);
    expect(first.status).toBe(200);
    const before = await leadState(target, lead.id);
    const second = await post(lead.id, {
      action: 'contact',
      version: 1,
      channel: 'call',
      outcome: 'reached',
      next: { status: 'contacted', followUp: dayFromToday(2) },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CONFLICT_MESSAGE);
    expect(second.body.current).toMatchObject({ _id: lead.id, version: 2, status: 'new', assignedTo: { _id: colleague.staff.id } });
    expect(second.body.current.timeline.at(-1).summary).toBe(`Assigned to ${colleague.staff.name}.`);
    // Nothing of the refused call was written (not even its call outcome).
    expect(await leadState(target, lead.id)).toEqual(before);
    // A note never conflicts.
    expect((await post(lead.id, { action: 'note', text: 'Called at noon.' })).status).toBe(200);
    // Made again from the current version, it goes through.
    expect(
      (await post(lead.id, { action: 'contact', version: 2, channel: 'call', outcome: 'reached', next: { status: 'contacted', followUp: dayFromToday(2) } }))
        .status,
    ).toBe(200);
  });

  it('admits a lead: the student record is created from it, linked both ways', async () => {
    const lead = await applyLead(target);
    await post(lead.id, { action: 'move', version: 1, next: { status: 'interested', visitOn: dayFromToday(0) } });
    const student = { name: lead.name, email: lead.email, phone: lead.phone, course: 'RS-CIT (Basic)' };
    const res = await post(lead.id, { action: 'move', version: 2, next: { status: 'admitted', student } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Admitted: student record created.');
    expect(res.body.item).toMatchObject({ status: 'admitted', followUp: null, version: 3 });
    const studentId = res.body.item.studentId as string;
    const [row] = await db(target, `select name, email, phone, course, registration_date::text as day, lead_id::text from students where id = $1`, [studentId]);
    expect(row).toEqual({ name: lead.name, email: lead.email, phone: lead.phone, course: 'RS-CIT (Basic)', day: dayFromToday(0), lead_id: lead.id });
    const [linked] = await db(target, 'select student_id::text from leads where id = $1', [lead.id]);
    expect(linked!['student_id']).toBe(studentId);
    expect((await events(lead.id)).map((e) => e.kind)).toEqual(['status', 'status', 'admitted']);
    expect(res.body.item.timeline.at(-1).summary).toBe(`Admitted: the student record of ${lead.name} was created.`);
    const audits = await db(target, `select action from audit_log where staff_id = $1 and entity = 'student' and entity_id = $2`, [admin.staff.id, studentId]);
    expect(audits).toEqual([{ action: 'create' }]);
    // The student's fields are checked like any student's.
    const other = await applyLead(target);
    const refused = await post(other.id, {
      action: 'move',
      version: 1,
      next: { status: 'admitted', student: { name: other.name, email: 'not-an-address', course: 'x' } },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['next.student.course', 'next.student.email']);
    expect(await db(target, 'select 1 from students where lead_id = $1', [other.id])).toEqual([]);
  });

  it('files a second enquiry with the same mobile number under the same person, with one timeline', async () => {
    const phone = uniquePhone();
    const first = await applyLead(target, { phone });
    // Written differently, with another e-mail address, on the contact page.
    const second = await contactLead(target, { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    expect(second.personId).toBe(first.personId);
    const res = await detail(target, admin.cookie, first.id);
    const item = (await res.json()) as LeadDetail;
    expect(item.enquiries).toBe(2);
    expect(item.person.leads.map((l) => l.reference)).toEqual([second.reference, first.reference]);
    const received = item.timeline.filter((t) => t.kind === 'received');
    expect(received.map((t) => [t.lead.reference, t.summary])).toEqual([
      [first.reference, 'Application received from the Apply dialog.'],
      [second.reference, 'Message received from the Contact page.'],
    ]);
    // The same e-mail address, in other letters, also finds the person.
    const third = await applyLead(target, { email: first.email.toUpperCase() });
    expect(third.personId).toBe(first.personId);
  });

  it('merges two people and undoes it; an enquiry that came after the merge stays; a second undo is 409', async () => {
    const a = await applyLead(target);
    const b = await contactLead(target);
    expect(a.personId).not.toBe(b.personId);
    const merge = async (body: unknown) => {
      const res = await staffFetch(target, '/api/admin/people/merge', admin.cookie, { body });
      return { status: res.status, body: await res.json() };
    };
    const unmerge = async (body: unknown) => {
      const res = await staffFetch(target, '/api/admin/people/unmerge', admin.cookie, { body });
      return { status: res.status, body: await res.json() };
    };

    expect((await merge({ from: b.personId, into: b.personId })).body.errors.into).toBe('Please choose two different people.');
    expect((await merge({ from: '999999999', into: a.personId })).status).toBe(404);
    expect(await leadState(target, b.id)).toMatchObject({ person_id: b.personId, events: 0 });

    const merged = await merge({ from: b.personId, into: a.personId });
    expect(merged.status).toBe(200);
    expect(merged.body.message).toBe('Merged: 2 enquiries now belong to one person.');
    const mergeId = merged.body.merge._id as string;
    // The lead of the person merged away still opens, now with both enquiries.
    const item = (await (await detail(target, admin.cookie, b.id)).json()) as LeadDetail;
    expect(item.personId).toBe(a.personId);
    expect(item.person.leads.map((l) => l._id).sort()).toEqual([a.id, b.id].sort());
    expect(item.person.merges).toEqual([expect.objectContaining({ _id: mergeId, from: b.personId, into: a.personId })]);
    expect(item.timeline.filter((t) => t.kind === 'merged').map((t) => t.lead._id)).toEqual([b.id]);
    // Said with the name the enquiries now go under, not the people's ids.
    const [{ name: aName }] = (await db(target, 'select name from leads where id = $1', [a.id])) as [{ name: string }];
    expect(item.timeline.filter((t) => t.kind === 'merged').map((t) => t.summary)).toEqual([`Merged: this enquiry joined the enquiries of ${aName}.`]);
    // A person already merged away cannot be merged again.
    expect((await merge({ from: b.personId, into: a.personId })).status).toBe(409);

    // B writes again after the merge: the enquiry joins the merged person, and stays there.
    const later = await contactLead(target, { phone: b.phone });
    expect(later.personId).toBe(a.personId);

    const undone = await unmerge({ merge: mergeId });
    expect(undone).toEqual({ status: 200, body: { message: 'Merge undone.' } });
    expect((await leadState(target, b.id))!['person_id']).toBe(b.personId);
    expect((await leadState(target, later.id))!['person_id']).toBe(a.personId);
    expect((await leadState(target, a.id))!['person_id']).toBe(a.personId);
    expect((await events(b.id)).map((e) => e.kind)).toEqual(['merged', 'unmerged']);
    const [row] = await db(target, 'select undone_at is not null as undone, lead_ids::text[] as ids from person_merges where id = $1', [mergeId]);
    expect(row).toEqual({ undone: true, ids: [b.id] });

    const again = await unmerge({ merge: mergeId });
    expect(again).toEqual({ status: 409, body: { message: 'This merge was already undone.', error: 'This merge was already undone.' } });
    expect((await unmerge({ merge: '999999999' })).status).toBe(404);
    const audits = await db(
      target,
      `select detail->>'action' as action from audit_log where staff_id = $1 and entity = 'person' and entity_id = $2 order by id`,
      [admin.staff.id, b.personId],
    );
    expect(audits.map((r) => r['action'])).toEqual(['merge', 'unmerge']);
  });

  it('assigns and moves many leads at once, skipping those that cannot move that way', async () => {
    const [one, two, admitted] = await Promise.all([applyLead(target), applyLead(target), applyLead(target)]);
    await post(admitted.id, {
      action: 'move',
      version: 1,
      next: { status: 'admitted', student: { name: admitted.name, email: admitted.email, course: 'RS-CIT (Basic)' } },
    });
    const bulk = async (body: unknown) => {
      const res = await staffFetch(target, '/api/admin/leads/bulk', admin.cookie, { body });
      return { status: res.status, body: await res.json() };
    };
    const ids = [one.id, two.id, admitted.id];

    const followUp = dayFromToday(4);
    const moved = await bulk({ action: 'move', ids: [...ids, '999999999'], next: { status: 'contacted', followUp } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({
      message: '2 leads updated.',
      updated: 2,
      skipped: [
        { _id: admitted.id, reference: admitted.reference, reason: 'A lead that is Admitted cannot move to Contacted.' },
        { _id: '999999999', reference: null, reason: 'This lead was not found.' },
      ],
    });
    for (const lead of [one, two])
      expect(await leadState(target, lead.id)).toMatchObject({ status: 'contacted', follow_up_on: followUp, version: 2, events: 1 });
    expect(await leadState(target, admitted.id)).toMatchObject({ status: 'admitted', version: 2 });

    const assigned = await bulk({ action: 'assign', ids, assignedTo: colleague.staff.id });
    expect(assigned.body).toMatchObject({ message: '3 leads updated.', updated: 3, skipped: [] });
    for (const lead of [one, two, admitted]) expect((await leadState(target, lead.id))!['assigned_to']).toBe(colleague.staff.id);
    expect((await events(one.id)).map((e) => e.kind)).toEqual(['status', 'assigned']);

    const audits = await db<{ detail: { action: string; ids: string[] } }>(
      target,
      `select detail from audit_log where staff_id = $1 and entity = 'lead' and detail->>'bulk' = 'true' and detail->'ids' ?| $2::text[] order by id`,
      [admin.staff.id, [one.id]],
    );
    expect(audits.map((a) => [a.detail.action, [...a.detail.ids].sort()])).toEqual([
      ['move', [one.id, two.id].sort()],
      ['assign', [...ids].sort()],
    ]);

    // Refused whole: admitting in bulk, nothing selected, a disabled colleague.
    const before = await Promise.all(ids.map((id) => leadState(target, id)));
    const student = { name: one.name, email: one.email, course: 'RS-CIT (Basic)' };
    expect((await bulk({ action: 'move', ids, next: { status: 'admitted', student } })).body.errors['next.status']).toBe('Please admit leads one at a time.');
    expect((await bulk({ action: 'assign', ids: [], assignedTo: null })).body.errors.ids).toBe('Please select at least one lead.');
    const gone = await createStaffAccount(target, 'bulkdisabled');
    await db(target, 'update staff set disabled_at = now() where id = $1', [gone.id]);
    expect((await bulk({ action: 'assign', ids, assignedTo: gone.id })).body.errors.assignedTo).toBe('Please choose an active member of staff.');
    expect(await Promise.all(ids.map((id) => leadState(target, id)))).toEqual(before);
  });
});
