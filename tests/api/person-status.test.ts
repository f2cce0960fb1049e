import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, LeadRow } from '../../src/lib/schemas/lead';
import type { Today } from '../../src/lib/schemas/today';
import { formatMobile } from '../../src/lib/mobile';
import { db, eventually, outboxMessages, targets, uniquePhone } from './helpers';
import { act, applyLead, contactLead, dayFromToday, detail, type TestLead } from './lead-fixtures';
import { signedInAdmin, staffFetch } from './staff';

describe.each(targets)('one person, one status, and leads assigned in turn on $name', (target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'personstatus');
  });

  const post = async (id: string, body: unknown) => {
    const res = await act(target, admin.cookie, id, body);
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer as { message: string; item: LeadDetail };
  };
  const today = async (cookie = admin.cookie) => {
    const res = await staffFetch(target, '/api/admin/today', cookie);
    expect(res.status).toBe(200);
    return (await res.json()) as Today;
  };
  const ids = (rows: LeadRow[]) => rows.map((r) => r._id);
  const stored = (lead: TestLead) =>
    db<{ status: string; follow_up_on: string | null; assigned_to: string | null }>(
      target,
      'select status, follow_up_on::text, assigned_to::text from leads where id = $1',
      [lead.id],
    ).then((rows) => rows[0]!);
  const versionOf = async (lead: TestLead) => (await db<{ version: number }>(target, 'select version from leads where id = $1', [lead.id]))[0]!.version;
  const runDigest = async (day?: string) => {
    const res = await target.fetch(`/.netlify/functions/follow-ups-digest${day ? `?day=${day}` : ''}`, { method: 'POST' });
    expect(res.status).toBe(204);
  };
  const mailsTo = (email: string) => outboxMessages(target, `To: ${email}\n`);
  const dueList = async (phone: string) => {
    const res = await staffFetch(target, `/api/admin/leads?due=week&q=${phone}`, admin.cookie);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: LeadRow[] }).items;
  };

  it('a person who enquires twice and is admitted leaves every follow-up list: both enquiries closed, none due on Today, in the inbox or in the mail', async () => {
    const phone = uniquePhone();
    const counsellor = await signedInAdmin(target, 'personcounsellor');
    const first = await applyLead(target, { phone });
    await post(first.id, { action: 'assign', version: 1, assignedTo: counsellor.staff.id });
    await post(first.id, { action: 'contact', version: 2, channel: 'call', outcome: 'reached', next: { status: 'contacted', followUp: dayFromToday(0) } });
    // The second enquiry joins the person with their status, follow-up and counsellor.
    const second = await contactLead(target, { phone });
    expect(second.personId).toBe(first.personId);
    expect(await stored(second)).toEqual({ status: 'contacted', follow_up_on: dayFromToday(0), assigned_to: counsellor.staff.id });

    // One person, one line: Today, the inbox's due filter and the mail list them once.
    const due = ids((await today()).due);
    expect(due.filter((id) => id === first.id || id === second.id)).toEqual([second.id]);
    expect((await dueList(phone)).map((l) => l.status)).toEqual(['contacted', 'contacted']);
    const before = dayFromToday(200);
    await runDigest(before);
    const [mail] = await eventually(async () => {
      const found = await mailsTo(counsellor.staff.email);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail!.split(formatMobile(first.phone))).toHaveLength(2);

    const student = { name: first.name, email: first.email, phone: first.phone, course: 'RS-CIT (Basic)' };
    const admitted = await post(second.id, { action: 'move', version: await versionOf(second), next: { status: 'admitted', student } });
    expect(admitted.message).toBe('Admitted: student record created.');
    // Both enquiries are closed: no follow-up anywhere, one status on the lead's page.
    for (const lead of [first, second]) expect(await stored(lead)).toEqual({ status: 'admitted', follow_up_on: null, assigned_to: counsellor.staff.id });
    expect(admitted.item.person.leads.map((l) => l.status)).toEqual(['admitted', 'admitted']);
    const status = admitted.item.timeline.filter((t) => t.kind === 'status').map((t) => t.summary);
    expect(status).toEqual([`Status: New → Contacted; follow up on ${dayLabel(dayFromToday(0))}.`, 'Status: Contacted → Admitted.']);

    const after = await today();
    for (const list of [after.due, after.again, after.untouched]) {
      expect(ids(list)).not.toContain(first.id);
      expect(ids(list)).not.toContain(second.id);
    }
    expect(await dueList(phone)).toEqual([]);
    await runDigest(dayFromToday(201));
    const later = await mailsTo(counsellor.staff.email);
    for (const sent of later.slice(1)) expect(sent).not.toContain(formatMobile(first.phone));
  });

  it('an enquiry after staff spoke to the person keeps Contacted and shows as enquired again, not untouched, until someone looks', async () => {
    const phone = uniquePhone();
    const first = await applyLead(target, { phone });
    await post(first.id, { action: 'contact', version: 1, channel: 'call', outcome: 'reached', next: { status: 'contacted', followUp: dayFromToday(2) } });
    const again = await contactLead(target, { phone });
    expect(await stored(again)).toEqual({ status: 'contacted', follow_up_on: dayFromToday(2), assigned_to: null });

    let screen = await today();
    expect(ids(screen.again)).toContain(again.id);
    expect(ids(screen.untouched)).not.toContain(again.id);
    expect(screen.again.find((l) => l._id === again.id)).toMatchObject({ status: 'contacted', enquiries: 2 });
    const item = (await (await detail(target, admin.cookie, again.id)).json()) as LeadDetail;
    expect(item.person.leads.map((l) => l.status)).toEqual(['contacted', 'contacted']);

    // A note on the person's first enquiry is a look at the person: the new one is seen to.
    await post(first.id, { action: 'note', text: 'They wrote again about the timings.' });
    screen = await today();
    expect(ids(screen.again)).not.toContain(again.id);
    expect(ids(screen.untouched)).not.toContain(again.id);

    // Moving one moves both: never two statuses for one person.
    await post(again.id, { action: 'move', version: await versionOf(again), next: { status: 'lost', lostReason: 'fees' } });
    expect((await stored(first)).status).toBe('lost');
    expect((await stored(again)).status).toBe('lost');
  });

  it('merging two people settles their enquiries on one status; undone, each keeps it', async () => {
    const a = await applyLead(target);
    const b = await contactLead(target);
    await post(a.id, { action: 'move', version: 1, next: { status: 'interested', visitOn: dayFromToday(3) } });
    await post(b.id, { action: 'move', version: 1, next: { status: 'contacted', followUp: dayFromToday(1) } });
    const res = await staffFetch(target, '/api/admin/people/merge', admin.cookie, { body: { from: b.personId, into: a.personId } });
    expect(res.status).toBe(200);
    const merge = ((await res.json()) as { merge: { _id: string } }).merge._id;
    // The most advanced open status, with the earliest follow-up.
    for (const lead of [a, b]) expect(await stored(lead)).toMatchObject({ status: 'interested', follow_up_on: dayFromToday(1) });
    const undo = await staffFetch(target, '/api/admin/people/unmerge', admin.cookie, { body: { merge } });
    expect(undo.status).toBe(200);
    for (const lead of [a, b]) expect(await stored(lead)).toMatchObject({ status: 'interested', follow_up_on: dayFromToday(1) });
  });

  it('the dashboard counts people and enquiries apart; an admitted person counts under the course they joined', async () => {
    const figures = async () => {
      const res = await staffFetch(target, '/api/admin/dashboard', admin.cookie);
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown> & { leadsByCourse: { course: string; people: number; leads: number; admitted: number }[] };
    };
    const start = await figures();
    const phone = uniquePhone();
    const first = await applyLead(target, { phone });
    await contactLead(target, { phone });
    const course = `Course ${randomBytes(4).toString('hex')}`;
    const student = { name: first.name, email: first.email, phone: first.phone, course };
    await post(first.id, { action: 'move', version: 1, next: { status: 'admitted', student } });
    const end = await figures();
    const delta = (key: string) => Number(end[key]) - Number(start[key]);
    expect({
      peopleToday: delta('peopleToday'),
      leadsToday: delta('leadsToday'),
      peopleLast30Days: delta('peopleLast30Days'),
      leadsLast30Days: delta('leadsLast30Days'),
      admittedLast30Days: delta('admittedLast30Days'),
    }).toEqual({ peopleToday: 1, leadsToday: 2, peopleLast30Days: 1, leadsLast30Days: 2, admittedLast30Days: 1 });
    // Admitted to a course neither enquiry named: counted there, once.
    expect(end.leadsByCourse.find((r) => r.course === course)).toEqual({ course, people: 1, leads: 0, admitted: 1 });
  });

  it('assigns nothing by default; switched on, new people go to the active counsellors in turn (at the same moment too), a known person keeps theirs, and each counsellor is told', async () => {
    const counsellors = [];
    for (const label of ['turnone', 'turntwo', 'turnthree']) counsellors.push(await signedInAdmin(target, label));
    const mine = counsellors.map((c) => c.staff.id);
    // Only these three are counsellors in this test (accounts are made Counsellors by default).
    await db(target, `update staff set role = case when id = any($1::uuid[]) then 'counsellor' else 'owner' end`, [mine]);

    // Off by default: no setting, or switched off.
    const unset = await applyLead(target);
    expect((await stored(unset)).assigned_to).toBeNull();
    await db(target, `insert into institute_settings (key, value) values ('auto-assign', '{"enabled": false}')`);
    expect((await stored(await applyLead(target))).assigned_to).toBeNull();
    expect(await db(target, 'select last_staff from assign_turn')).toEqual([{ last_staff: null }]);

    await db(target, `update institute_settings set value = '{"enabled": true}' where key = 'auto-assign'`);
    try {
      // Six people at the same moment: two each.
      const leads = await Promise.all(Array.from({ length: 6 }, () => applyLead(target)));
      const owners = await Promise.all(leads.map(async (l) => (await stored(l)).assigned_to));
      for (const id of mine) expect(owners.filter((o) => o === id)).toHaveLength(2);
      // In turn: the order they were stored in goes round the counsellors in the order their accounts were made.
      const inOrder = await db<{ assigned_to: string }>(target, 'select assigned_to::text from leads where id = any($1::bigint[]) order by id', [
        leads.map((l) => l.id),
      ]);
      expect(inOrder.map((r) => r.assigned_to)).toEqual([...mine, ...mine]);
      const item = (await (await detail(target, admin.cookie, leads[0]!.id)).json()) as LeadDetail;
      const owner = counsellors.find((c) => c.staff.id === owners[0])!;
      expect(item.timeline.map((t) => t.summary)).toContain(`Assigned to ${owner.staff.name} in turn (automatic assignment).`);

      // A known person keeps their counsellor, and the turn does not move.
      const known = await contactLead(target, { phone: leads[0]!.phone });
      expect((await stored(known)).assigned_to).toBe(owners[0]);
      const next = await applyLead(target);
      expect((await stored(next)).assigned_to).toBe(mine[0]);
      // A disabled counsellor's turn is skipped.
      await db(target, 'update staff set disabled_at = now() where id = $1', [mine[1]]);
      expect((await stored(await applyLead(target))).assigned_to).toBe(mine[2]);
      await db(target, 'update staff set disabled_at = null where id = $1', [mine[1]]);

      // Told in the app: Today's "Assigned to you", one card per person.
      const first = counsellors[0]!;
      const theirs = [leads[0]!, leads[3]!, next];
      const assigned = ids((await today(first.cookie)).assigned);
      // leads[0]'s person enquired again: their latest enquiry stands for them.
      expect(assigned).toEqual(expect.arrayContaining([known.id, leads[3]!.id, next.id]));
      expect(assigned).not.toContain(leads[0]!.id);
      expect(ids((await today(counsellors[2]!.cookie)).assigned)).not.toContain(next.id);

      // And in the morning mail.
      await runDigest();
      const [mail] = await eventually(async () => {
        const found = await mailsTo(first.staff.email);
        expect(found).toHaveLength(1);
        return found;
      });
      expect(mail).toMatch(/Subject: Your follow-ups for .*: \d+; new leads for you: 3\n/);
      for (const lead of theirs) expect(mail).toContain(`${lead.name}, ${formatMobile(lead.phone)}`);
      expect(mail).toContain('New leads assigned to you since yesterday morning: 3');
    } finally {
      await db(target, `delete from institute_settings where key = 'auto-assign'`);
    }
  });
});

/** '26 Nov 2026' for a YYYY-MM-DD day. */
function dayLabel(day: string) {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`;
}
