import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../src/lib/schemas/lead';
import type { Today } from '../../src/lib/schemas/today';
import { db, eventually, outboxMessages, targets } from './helpers';
import { dayFromToday, detail, insertLead } from './lead-fixtures';
import { createStaffAccount, signedInAdmin, staffFetch } from './staff';
import { formatMobile } from '../../src/lib/mobile';

describe.each(targets)('the Today screen and the daily follow-ups mail on $name', (target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let colleague: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    [admin, colleague] = await Promise.all([signedInAdmin(target, 'today'), signedInAdmin(target, 'todaycolleague')]);
  });

  const today = async (query = '') => {
    const res = await staffFetch(target, `/api/admin/today${query}`, admin.cookie);
    expect(res.status).toBe(200);
    return (await res.json()) as Today;
  };
  const ids = (rows: LeadRow[]) => rows.map((r) => r._id);
  const outboxAction = async (id: string, body: unknown) => {
    const res = await staffFetch(target, `/api/admin/outbox/${id}`, admin.cookie, { body });
    return { status: res.status, body: await res.json() };
  };

  it('lists the follow-ups due, the leads nobody touched and, with mine=1, only the caller’s and the unassigned', async () => {
    // Days long past put these leads first in lists ordered oldest first.
    const mine = await insertLead(target, { status: 'contacted', follow_up_on: '2005-03-01', assigned_to: admin.staff.id, touched_at: new Date() });
    const nobodys = await insertLead(target, { status: 'interested', follow_up_on: '2005-03-02', visit_on: '2005-03-02', touched_at: new Date() });
    const theirs = await insertLead(target, { status: 'contacted', follow_up_on: '2005-03-03', assigned_to: colleague.staff.id, touched_at: new Date() });
    const closed = await insertLead(target, { status: 'lost', lost_reason: 'fees', follow_up_on: '2005-03-01', touched_at: new Date() });
    const later = await insertLead(target, { status: 'contacted', follow_up_on: dayFromToday(1), touched_at: new Date() });
    const fresh = await insertLead(target, { created_at: '2000-01-01T05:00:00Z' });

    const all = await today();
    expect(all.today).toBe(dayFromToday(0));
    const due = ids(all.due);
    expect(due.slice(0, 3)).toEqual([mine.id, nobodys.id, theirs.id]);
    for (const id of [closed.id, later.id, fresh.id]) expect(due).not.toContain(id);
    expect(all.due[0]).toMatchObject({ name: mine.name, followUp: '2005-03-01', assignedTo: { _id: admin.staff.id }, status: 'contacted' });
    expect(ids(all.untouched)[0]).toBe(fresh.id);
    for (const id of [mine.id, nobodys.id, theirs.id]) expect(ids(all.untouched)).not.toContain(id);

    const own = await today('?mine=1');
    expect(ids(own.due).slice(0, 2)).toEqual([mine.id, nobodys.id]);
    expect(ids(own.due)).not.toContain(theirs.id);
    expect(ids(own.untouched)[0]).toBe(fresh.id);

    // Touched (a note), it leaves the untouched list.
    expect((await staffFetch(target, `/api/admin/leads/${fresh.id}`, admin.cookie, { body: { action: 'note', text: 'Seen.' } })).status).toBe(200);
    expect(ids((await today()).untouched)).not.toContain(fresh.id);

    const views = await db(
      target,
      `select detail->>'screen' as screen, detail->>'mine' as mine from audit_log where staff_id = $1 and action = 'view' and entity = 'lead' order by id`,
      [admin.staff.id],
    );
    expect(views.filter((v) => v['screen'] === 'today').map((v) => v['mine'])).toEqual(['false', 'true', 'false']);
    expect((await staffFetch(target, '/api/admin/today?mine=yes', admin.cookie)).status).toBe(400);
  });

  it('lists failed notifications; one is sent again, another dismissed', async () => {
    const lead = await insertLead(target);
    const [failed] = await db<{ id: string }>(
      target,
      `insert into mail_outbox (kind, lead_id, attempts, failed_at, last_error) values ('lead', $1, 8, now(), 'SendGrid refused the message') returning id::text`,
      [lead.id],
    );
    const [notice] = await db<{ id: string }>(
      target,
      `insert into mail_outbox (kind, subject, body, attempts, failed_at, last_error) values ('alert', 'Limit reached', 'Too many messages.', 8, now(), 'timeout') returning id::text`,
    );
    const listed = (await today()).failed;
    expect(listed.find((f) => f._id === failed!.id)).toMatchObject({
      lead: { _id: lead.id, reference: lead.reference },
      subject: `New application ${lead.reference}: ${lead.name}`,
      error: 'SendGrid refused the message',
    });
    expect(listed.find((f) => f._id === notice!.id)).toMatchObject({ lead: null, subject: 'Limit reached', error: 'timeout' });

    expect(await outboxAction(failed!.id, { action: 'retry' })).toEqual({ status: 200, body: { message: 'Sending again.' } });
    const [row] = await db(target, 'select failed_at, last_error, attempts from mail_outbox where id = $1', [failed!.id]);
    expect(row).toEqual({ failed_at: null, last_error: null, attempts: 0 });
    // The housekeeping sends it.
    expect((await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' })).status).toBe(204);
    await eventually(async () => expect(await outboxMessages(target, lead.reference)).toHaveLength(1));
    const item = await (await detail(target, admin.cookie, lead.id)).json();
    expect(item.timeline.map((t: { summary: string }) => t.summary)).toEqual(
      expect.arrayContaining(['The e-mail to the institute is being sent again.', 'The institute was told by e-mail.']),
    );

    expect(await outboxAction(notice!.id, { action: 'dismiss' })).toEqual({ status: 200, body: { message: 'Dismissed.' } });
    const [dismissed] = await db(target, 'select dismissed_by::text from mail_outbox where id = $1', [notice!.id]);
    expect(dismissed).toEqual({ dismissed_by: admin.staff.id });
    const after = (await today()).failed.map((f) => f._id);
    expect(after).not.toContain(notice!.id);
    expect(after).not.toContain(failed!.id);

    expect((await outboxAction(notice!.id, { action: 'dismiss' })).status).toBe(409);
    expect((await outboxAction(failed!.id, { action: 'retry' })).status).toBe(409);
    for (const id of ['999999999', 'abc']) expect((await outboxAction(id, { action: 'retry' })).body.message).toBe('This notification was not found.');
    expect((await outboxAction(notice!.id, { action: 'resend' })).body.errors.action).toBe('Please choose retry or dismiss.');
    const audits = await db(target, `select detail->>'action' as action from audit_log where staff_id = $1 and entity = 'outbox' order by id`, [
      admin.staff.id,
    ]);
    expect(audits.map((a) => a['action'])).toEqual(['retry', 'dismiss']);
  });

  describe('the daily follow-ups mail', () => {
    const runDigest = async (day?: string) => {
      // How the emulator runs a scheduled function by hand (on Netlify it has no public address).
      const res = await target.fetch(`/.netlify/functions/follow-ups-digest${day ? `?day=${day}` : ''}`, { method: 'POST' });
      expect(res.status).toBe(204);
    };
    const mailsTo = (email: string) => outboxMessages(target, `To: ${email}\n`);
    const digestRows = (staffId: string) =>
      db(target, `select digest_on::text as day, sent_at is not null as sent from mail_outbox where kind = 'staff' and staff_id = $1 order by digest_on`, [
        staffId,
      ]);

    it('mails only the staff with something due, lists it with links, and sends nothing more the same day', async () => {
      // Days in 2001: no lead of another test is due that early, so who gets mail depends on these alone.
      const [due, idle, disabled] = await Promise.all([
        signedInAdmin(target, 'digestdue'),
        signedInAdmin(target, 'digestidle'),
        signedInAdmin(target, 'digestdisabled'),
      ]);
      const unenrolled = await createStaffAccount(target, 'digestunenrolled');
      await db(target, 'update staff set disabled_at = now() where id = $1', [disabled.staff.id]);
      const lead = await insertLead(target, { status: 'contacted', follow_up_on: '2001-01-03', assigned_to: due.staff.id, course: 'Tally Prime' });
      await insertLead(target, { status: 'contacted', follow_up_on: '2001-01-02', assigned_to: disabled.staff.id });
      await insertLead(target, { status: 'contacted', follow_up_on: '2001-01-04', assigned_to: unenrolled.id });
      await insertLead(target, { status: 'lost', lost_reason: 'fees', follow_up_on: '2001-01-01', assigned_to: idle.staff.id });

      await runDigest('2001-01-05');
      const [mail] = await eventually(async () => {
        const found = await mailsTo(due.staff.email);
        expect(found).toHaveLength(1);
        return found;
      });
      const origin = new URL(target.url).origin;
      expect(mail).toContain('Subject: Your follow-ups for 5 Jan 2001: 1\n');
      expect(mail).toContain(`Dear ${due.staff.name},`);
      expect(mail).toContain(
        `1. ${lead.name}, ${formatMobile(lead.phone)}\n   About: Tally Prime\n   Contacted, due since 3 Jan 2001\n   ${origin}/adminLeads/${lead.id}`,
      );
      for (const nobody of [idle.staff.email, disabled.staff.email, unenrolled.email]) expect(await mailsTo(nobody), nobody).toEqual([]);
      expect(await digestRows(due.staff.id)).toEqual([{ day: '2001-01-05', sent: true }]);
      expect(await digestRows(idle.staff.id)).toEqual([]);

      // A second run the same day writes and sends nothing more.
      await runDigest('2001-01-05');
      expect(await mailsTo(due.staff.email)).toHaveLength(1);
      expect(await digestRows(due.staff.id)).toEqual([{ day: '2001-01-05', sent: true }]);

      // A lead assigned to nobody is everybody's: the idle colleague is mailed too, another day.
      const open = await insertLead(target, { follow_up_on: '2001-06-01', course: null, kind: 'contact', form: 'contact-page', subject: 'Fees of Tally' });
      await runDigest('2001-06-05');
      const [idleMail] = await eventually(async () => {
        const found = await mailsTo(idle.staff.email);
        expect(found).toHaveLength(1);
        return found;
      });
      expect(idleMail).toContain('Subject: Your follow-ups for 5 Jun 2001: 1\n');
      expect(idleMail).toContain(
        `1. ${open.name}, ${formatMobile(open.phone)}\n   About: Fees of Tally\n   New, due since 1 Jun 2001\n   ${origin}/adminLeads/${open.id}`,
      );
      const dueMails = await eventually(async () => {
        const found = await mailsTo(due.staff.email);
        expect(found).toHaveLength(2);
        return found;
      });
      expect(dueMails.find((m) => m.includes('5 Jun 2001: 2'))).toBeDefined();
      expect(await mailsTo(disabled.staff.email)).toEqual([]);
    });

    it('gives those who collect fees the dues to chase, overdue and due this week with their totals, and no one else', async () => {
      // Days in 2002: no other test's due or lead falls then, so these alone are listed.
      const [accountant, counsellor] = await Promise.all([
        signedInAdmin(target, 'digestfees', 'accountant'),
        signedInAdmin(target, 'digestnofees', 'counsellor'),
      ]);
      await insertLead(target, { status: 'contacted', follow_up_on: '2002-03-09', assigned_to: counsellor.staff.id });
      const [student] = await db<{ id: string }>(
        target,
        `insert into students (name, email, phone, course) values ('Dues Student', 'dues.student@example.in', '9829012345', 'Tally Prime') returning id::text`,
      );
      const due = (label: string, paise: number, day: string, paid = 0) =>
        db(
          target,
          `insert into fee_dues (reference, student_id, seq, label, amount_paise, paid_paise, due_on)
           values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, $2, $3, $4, $5)`,
          [student!.id, label, paise, paid, day],
        );
      await due('Instalment 1 of 3', 300000, '2002-03-01', 100000);
      await due('Instalment 2 of 3', 300000, '2002-03-10');
      await due('Instalment 3 of 3', 250050, '2002-03-17');
      await due('Exam fee', 50000, '2002-03-18');

      await runDigest('2002-03-10');
      const [mail] = await eventually(async () => {
        const found = await mailsTo(accountant.staff.email);
        expect(found).toHaveLength(1);
        return found;
      });
      // The lead assigned to nobody in the test above is still everybody's follow-up.
      expect(mail).toMatch(/\nSubject: Your follow-ups for 10 Mar 2002: \d+; dues to chase: 3\n/);
      expect(mail).toContain(
        [
          'Dues to chase',
          '',
          'Overdue: 1, ₹2,000 in all',
          '1. Dues Student, +91 98290 12345: ₹2,000, Instalment 1 of 3, due 1 Mar 2002 (9 days overdue)',
          '',
          'Due this week: 2, ₹5,500.50 in all',
          '1. Dues Student, +91 98290 12345: ₹3,000, Instalment 2 of 3, due today',
          '2. Dues Student, +91 98290 12345: ₹2,500.50, Instalment 3 of 3, due 17 Mar 2002',
        ].join('\n'),
      );
      expect(mail).not.toContain('Exam fee');
      const [counsellorMail] = await eventually(async () => {
        const found = (await mailsTo(counsellor.staff.email)).filter((m) => m.includes('10 Mar 2002'));
        expect(found).toHaveLength(1);
        return found;
      });
      expect(counsellorMail).not.toContain('Dues to chase');
      // Settled, they are no longer listed: the accountant's mail of the next day has no dues to chase.
      await db(target, `update fee_dues set paid_paise = amount_paise, settled_on = '2002-03-10' where student_id = $1`, [student!.id]);
      await runDigest('2002-03-11');
      const next = await eventually(async () => {
        const found = (await mailsTo(accountant.staff.email)).filter((m) => m.includes('11 Mar 2002'));
        expect(found).toHaveLength(1);
        return found;
      });
      expect(next[0]).not.toContain('Dues to chase');
    });

    it('runs for today by default, once', async () => {
      const member = await signedInAdmin(target, 'digesttoday');
      const lead = await insertLead(target, { status: 'interested', follow_up_on: dayFromToday(0), visit_on: dayFromToday(0), assigned_to: member.staff.id });
      await runDigest();
      await runDigest();
      const mails = await eventually(async () => {
        const found = await mailsTo(member.staff.email);
        expect(found).toHaveLength(1);
        return found;
      });
      expect(mails[0]).toContain(`Interested (visit booked), due today\n`);
      expect(mails[0]).toContain(`/adminLeads/${lead.id}`);
      expect(await digestRows(member.staff.id)).toEqual([{ day: dayFromToday(0), sent: true }]);
    });
  });
});
