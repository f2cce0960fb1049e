/**
 * The leads inbox's list (GET /api/admin/leads) and export (GET /api/admin/leads/export.csv):
 * every filter, the four sorts paged through without repeats or gaps, the kinds of search, bad
 * parameters, the audit lines, and a CSV that Excel opens safely. Each test makes its own leads
 * with a source (`channel`) of its own and filters by it, so leads other tests make meanwhile
 * never show up.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MAX } from '../../src/lib/schemas/records';
import { LEADS_EXPORT_COLUMNS, parseCsv } from '../support/csv';
import type { Target } from './global-setup';
import { db, post, targets, uniqueEmail, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A lead to insert: what the test cares about; the rest gets plain values. */
interface NewLead {
  name?: string;
  kind?: 'application' | 'contact';
  form?: string;
  phone?: string;
  email?: string | null;
  course?: string | null;
  subject?: string | null;
  message?: string | null;
  status?: string;
  /** SQL for the follow-up day, e.g. `today - 1` (today is India's), or null. */
  followUp?: string | null;
  assignedTo?: string | null;
  /** SQL timestamptz text, e.g. '2025-03-10 23:30+05:30'. */
  createdAt?: string;
  /** Another lead's person (several enquiries). */
  personOf?: string;
  lostReason?: string | null;
  utmSource?: string | null;
}

/** A source of this test's own: its leads are the only ones with it. */
const newTag = () => `t${randomBytes(5).toString('hex')}`;

/** A reference no form hands out (eight digits), so it never collides. */
const newReference = (prefix = 'AP') => `${prefix}-2026-${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Inserts `leads` under source `tag`, one after the other (ids rise in this order); gives their ids and references. */
async function insertLeads(target: Target, tag: string, leads: NewLead[]): Promise<{ id: string; reference: string }[]> {
  const made: { id: string; reference: string }[] = [];
  for (const lead of leads) {
    const phone = lead.phone ?? `+91${uniquePhone()}`;
    const email = lead.email === undefined ? uniqueEmail('leadslist') : lead.email;
    const today = `(now() at time zone 'Asia/Kolkata')::date`;
    const followUp = lead.followUp === undefined || lead.followUp === null ? 'null' : `(${lead.followUp.replaceAll('today', today)})`;
    const [row] = await db<{ id: string; reference: string }>(
      target,
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, email, phone, phone_norm, email_norm, person_id, course, subject, message,
                          status, follow_up_on, assigned_to, channel, created_at, lost_reason, utm_source)
       select $1, $2, $3, $4, $5, $6, right(regexp_replace($6, '\\D', '', 'g'), 10), lower($5),
              coalesce((select person_id from leads where id = $7::bigint), p.id), $8, $9, $10,
              $11, ${followUp}, $12, $13, coalesce($14::timestamptz, now()), $15, $16
         from p
       returning id::text, reference`,
      [
        newReference(lead.kind === 'contact' ? 'CT' : 'AP'),
        lead.kind ?? 'application',
        lead.form ?? (lead.kind === 'contact' ? 'contact-page' : 'apply-form'),
        lead.name ?? 'Asha Sharma',
        email,
        phone,
        lead.personOf ?? null,
        lead.course === undefined ? 'Tally Prime with GST' : lead.course,
        lead.subject ?? null,
        lead.message ?? null,
        lead.status ?? 'new',
        lead.assignedTo ?? null,
        tag,
        lead.createdAt ?? null,
        lead.lostReason ?? null,
        lead.utmSource ?? null,
      ],
    );
    made.push(row!);
  }
  return made;
}

/** GET as `admin`, expecting `status`; the JSON. */
async function getJson(target: Target, route: string, admin: Admin, status = 200): Promise<Json> {
  const res = await staffFetch(target, route, admin.cookie);
  const body = await res.json();
  expect(res.status, `GET ${route}: ${JSON.stringify(body)}`).toBe(status);
  return body;
}

/** Every lead of a filtered list, page by page (`limit` a page); fails on a repeat. */
async function walk(target: Target, admin: Admin, query: string, limit = 2): Promise<{ rows: Json[]; pages: number }> {
  const rows: Json[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: Json = await getJson(target, `/api/admin/leads?${query}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`, admin);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    rows.push(...page.items);
    after = page.next;
    pages += 1;
    expect(pages, 'the paging ends').toBeLessThan(100);
  } while (after);
  const ids = rows.map((r) => r._id);
  expect(new Set(ids).size, 'no lead repeats').toBe(ids.length);
  return { rows, pages };
}

/** The references a list of `query` gives (one page of 100). */
const references = async (target: Target, admin: Admin, query: string) =>
  ((await getJson(target, `/api/admin/leads?${query}&limit=${PAGE_MAX}`, admin)).items as Json[]).map((r) => r.reference).sort();
const refsOf = (leads: { reference: string }[]) => leads.map((l) => l.reference).sort();

/** The CSV export of `query` as `admin`: the response and its bytes. */
async function exportCsv(target: Target, admin: Admin | null, query: string, headers: Record<string, string> = {}) {
  const res = await staffFetch(target, `/api/admin/leads/export.csv?${query}`, admin?.cookie ?? null, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

const HEADINGS = LEADS_EXPORT_COLUMNS;

describe.each(targets)('the leads list on $name', (target) => {
  let admin: Admin;
  let colleague: Admin;

  beforeAll(async () => {
    [admin, colleague] = await Promise.all([signedInAdmin(target, 'leadslist'), signedInAdmin(target, 'leadscolleague')]);
  });

  it('filters by kind, status, form, course, days received (India time), follow-up due and assigned member of staff', async () => {
    const tag = newTag();
    const [appNew, contactNew, contacted, interested, lost, admitted, late, early] = await insertLeads(target, tag, [
      { kind: 'application', status: 'new', followUp: 'today - 3', assignedTo: admin.staff.id, course: 'CCC', createdAt: '2025-03-09 12:00+05:30' },
      { kind: 'contact', status: 'new', followUp: null, course: null, createdAt: '2025-03-10 00:10+05:30' },
      { kind: 'application', status: 'contacted', followUp: 'today', assignedTo: colleague.staff.id, createdAt: '2025-03-10 23:50+05:30' },
      { kind: 'application', status: 'interested', followUp: 'today + 6', assignedTo: admin.staff.id, createdAt: '2025-03-11 00:10+05:30' },
      { kind: 'application', status: 'lost', followUp: null, lostReason: 'fees', createdAt: '2025-03-12 09:00+05:30' },
      { kind: 'application', status: 'admitted', followUp: null, createdAt: '2025-03-12 10:00+05:30' },
      { kind: 'application', status: 'contacted', followUp: 'today + 7', createdAt: '2025-03-13 10:00+05:30' },
      { kind: 'contact', form: 'home', status: 'new', followUp: 'today - 1', course: null, createdAt: '2025-03-08 10:00+05:30' },
    ]);
    const all = [appNew!, contactNew!, contacted!, interested!, lost!, admitted!, late!, early!];
    const list = (query: string) => references(target, admin, `source=${tag}${query}`);

    expect(await list('')).toEqual(refsOf(all));
    // The source is matched whatever its case.
    expect(await references(target, admin, `source=${tag.toUpperCase()}`)).toEqual(refsOf(all));
    expect(await list('&kind=contact')).toEqual(refsOf([contactNew!, early!]));
    expect(await list('&status=contacted')).toEqual(refsOf([contacted!, late!]));
    expect(await list('&status=lost')).toEqual(refsOf([lost!]));
    expect(await list('&form=home')).toEqual(refsOf([early!]));
    expect(await list('&form=contact-page')).toEqual(refsOf([contactNew!]));
    expect(await list('&course=CCC')).toEqual(refsOf([appNew!]));
    // 10 March in India runs from 00:00 to 24:00 +05:30 (18:30 UTC the day before to 18:30 UTC).
    expect(await list('&from=2025-03-10&to=2025-03-10')).toEqual(refsOf([contactNew!, contacted!]));
    expect(await list('&from=2025-03-11')).toEqual(refsOf([interested!, lost!, admitted!, late!]));
    expect(await list('&to=2025-03-09')).toEqual(refsOf([appNew!, early!]));
    // Follow-ups: due before today, today, within the next 7 days (today … today + 6), none set on an open lead.
    expect(await list('&due=overdue')).toEqual(refsOf([appNew!, early!]));
    expect(await list('&due=today')).toEqual(refsOf([contacted!]));
    expect(await list('&due=week')).toEqual(refsOf([contacted!, interested!]));
    expect(await list('&due=none')).toEqual(refsOf([contactNew!]));
    expect(await list('&assigned=me')).toEqual(refsOf([appNew!, interested!]));
    expect(await references(target, colleague, `source=${tag}&assigned=me`)).toEqual(refsOf([contacted!]));
    expect(await list(`&assigned=${colleague.staff.id}`)).toEqual(refsOf([contacted!]));
    expect(await list('&assigned=none')).toEqual(refsOf([contactNew!, lost!, admitted!, late!, early!]));
    // Filters combine: what a member of staff opens each morning.
    expect(await list('&status=new&due=overdue&assigned=me')).toEqual(refsOf([appNew!]));
    // Empty parameters count as left out.
    expect(await list('&status=&kind=&due=&assigned=&q=&from=&to=&sort=')).toEqual(refsOf(all));
  });

  it('gives each lead as the inbox shows it, with how many enquiries its person made', async () => {
    const tag = newTag();
    const phone = `+91${uniquePhone()}`;
    const [first] = await insertLeads(target, tag, [
      { name: 'Kavita Meghwal', phone, followUp: 'today + 2', assignedTo: admin.staff.id, utmSource: 'facebook' },
    ]);
    const [second] = await insertLeads(target, tag, [
      { name: 'Kavita Meghwal', phone, personOf: first!.id, kind: 'contact', subject: 'Batch timings', course: null },
    ]);
    const { items } = await getJson(target, `/api/admin/leads?source=${tag}`, admin);
    expect(items).toHaveLength(2);
    const [row] = await db<{ person_id: string; follow: string; created: Date }>(
      target,
      `select person_id::text, follow_up_on::text as follow, created_at as created from leads where id = $1`,
      [first!.id],
    );
    expect(items[1]).toEqual({
      _id: first!.id,
      reference: first!.reference,
      kind: 'application',
      form: 'apply-form',
      source: tag,
      name: 'Kavita Meghwal',
      phone,
      email: expect.stringContaining('@example.in'),
      department: null,
      course: 'Tally Prime with GST',
      subject: null,
      status: 'new',
      followUp: row!.follow,
      assignedTo: { _id: admin.staff.id, name: expect.any(String) },
      personId: row!.person_id,
      enquiries: 2,
      createdAt: row!.created.toISOString(),
      touchedAt: null,
      version: 1,
    });
    expect(items[0]).toMatchObject({
      _id: second!.id,
      kind: 'contact',
      subject: 'Batch timings',
      personId: row!.person_id,
      enquiries: 2,
      assignedTo: null,
      followUp: null,
    });
  });

  it('pages through every sort without repeats or gaps, ties broken by id', async () => {
    const tag = newTag();
    // Same times, same names and same follow-up days on purpose: the id must break the ties.
    const leads = await insertLeads(target, tag, [
      { name: 'Usha Vyas', createdAt: '2025-05-01 10:00+05:30', followUp: 'today + 3' },
      { name: 'asha Jain', createdAt: '2025-05-01 10:00+05:30', followUp: null },
      { name: 'Bhavna Soni', createdAt: '2025-05-03 10:00+05:30', followUp: 'today + 1' },
      { name: 'Asha Jain', createdAt: '2025-05-02 10:00+05:30', followUp: 'today + 1' },
      { name: 'Chetan Mali', createdAt: '2025-05-01 10:00+05:30', followUp: null, status: 'lost' },
      { name: 'आशा शर्मा', createdAt: '2025-05-04 10:00+05:30', followUp: 'today - 2' },
      { name: 'Deepak Sen', createdAt: '2025-05-02 10:00+05:30', followUp: 'today + 1' },
    ]);
    const ids = leads.map((l) => l.id);
    const expected = async (order: string) =>
      (await db<{ id: string }>(target, `select id::text from leads where id = any($1::bigint[]) order by ${order}`, [ids])).map((r) => r.id);
    for (const [sort, order] of [
      ['newest', 'created_at desc, id desc'],
      ['oldest', 'created_at, id'],
      ['follow-up', 'follow_up_on nulls last, id'],
      ['name', 'lower(name), id'],
    ] as const) {
      const { rows, pages } = await walk(target, admin, `source=${tag}&sort=${sort}`, 2);
      expect(
        rows.map((r) => r._id),
        sort,
      ).toEqual(await expected(order));
      expect(pages, sort).toBe(4);
      // Any page size walks the same order.
      expect(
        (await walk(target, admin, `source=${tag}&sort=${sort}`, 3)).rows.map((r) => r._id),
        sort,
      ).toEqual(await expected(order));
    }
    // Undated leads come after the dated ones, also when a page ends between the two parts.
    const byFollowUp = (await walk(target, admin, `source=${tag}&sort=follow-up`, 5)).rows;
    expect(byFollowUp.map((r) => r.followUp === null)).toEqual([false, false, false, false, false, true, true]);
    expect(byFollowUp[0].name).toBe('आशा शर्मा');
    // A filter keeps its sort across pages.
    const dated = await walk(target, admin, `source=${tag}&sort=follow-up&due=week`, 1);
    expect(dated.rows.map((r) => r._id)).toEqual(
      (await expected('follow_up_on nulls last, id')).filter((id) => [leads[2], leads[3], leads[6], leads[0]].some((l) => l!.id === id)),
    );
  });

  it('a cursor keeps its place when leads arrive or go meanwhile', async () => {
    const tag = newTag();
    const leads = await insertLeads(target, tag, [{ name: 'Gita A' }, { name: 'Gita B' }, { name: 'Gita C' }, { name: 'Gita D' }]);
    const first = await getJson(target, `/api/admin/leads?source=${tag}&limit=2`, admin);
    expect(first.items.map((r: Json) => r._id)).toEqual([leads[3]!.id, leads[2]!.id]);
    await insertLeads(target, tag, [{ name: 'Gita E' }]);
    await db(target, 'delete from leads where id = $1', [leads[2]!.id]);
    const second = await getJson(target, `/api/admin/leads?source=${tag}&limit=2&after=${encodeURIComponent(first.next)}`, admin);
    expect(second).toEqual({ items: [expect.objectContaining({ _id: leads[1]!.id }), expect.objectContaining({ _id: leads[0]!.id })], next: null });
  });

  it('searches by a part of the name (any case, Hindi too), of the mobile number, of the e-mail address, and by reference', async () => {
    const tag = newTag();
    const phone = `+91${uniquePhone()}`;
    const email = uniqueEmail('Farhan.Khan');
    const [farhan, sita, percent, other] = await insertLeads(target, tag, [
      { name: 'Farhan Khan', phone, email },
      { name: 'सीताराम शर्मा', email: null },
      { name: 'Deepak 100% Verma' },
      { name: 'Imran Ali' },
    ]);
    const search = (q: string) => references(target, admin, `source=${tag}&q=${encodeURIComponent(q)}`);
    expect(await search('farh')).toEqual(refsOf([farhan!]));
    expect(await search('  KHAN ')).toEqual(refsOf([farhan!]));
    expect(await search('राम')).toEqual(refsOf([sita!]));
    expect(await search('शर्मा')).toEqual(refsOf([sita!]));
    // % and _ are letters here, not wildcards.
    expect(await search('100%')).toEqual(refsOf([percent!]));
    expect(await search('a_')).toEqual([]);
    const digits = phone.slice(3);
    expect(await search(digits.slice(2, 7))).toEqual(refsOf([farhan!]));
    expect(await search(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`)).toEqual(refsOf([farhan!]));
    expect(await search(`${digits.slice(0, 5)}-${digits.slice(5, 8)}`)).toEqual(refsOf([farhan!]));
    // With an @ it is a part of an e-mail address (any case); without, a part of a name.
    expect(await search(email.slice(7, -4).toUpperCase())).toEqual(refsOf([farhan!]));
    expect(await search(email.slice(0, 11))).toEqual([]);
    expect(await search(`@${email.split('@')[1]}`)).toEqual(refsOf([farhan!, percent!, other!]));
    // A reference matches whole and in any case; a part of one matches nothing.
    expect(await search(farhan!.reference.toLowerCase())).toEqual(refsOf([farhan!]));
    expect(await search(farhan!.reference.slice(0, 9))).toEqual([]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('refuses bad parameters with a message for each', async () => {
    const bad = async (query: string) => (await getJson(target, `/api/admin/leads?${query}`, admin, 400)).errors;
    expect(await bad('kind=letter&status=pending&form=fax&due=soon&assigned=someone&sort=random')).toEqual({
      kind: 'Please choose a kind from the list.',
      status: 'Please choose a status from the list.',
      form: 'Please choose a form from the list.',
      due: 'Please choose a follow-up filter from the list.',
      assigned: 'Please choose a member of staff from the list.',
      sort: 'Please choose a sort from the list.',
    });
    expect(await bad('from=2025-02-30&to=yesterday')).toEqual({ from: 'Please choose the first day.', to: 'Please choose the last day.' });
    expect(await bad('from=2025-03-02&to=2025-03-01')).toEqual({ to: 'The first day must not be after the last day.' });
    expect(await bad(`q=${'x'.repeat(101)}`)).toEqual({ q: 'Please shorten the search to 100 characters.' });
    expect(await bad('limit=0')).toEqual({ limit: 'Please ask for 1 to 100 records per page.' });
    expect(await bad(`limit=${PAGE_MAX + 1}`)).toEqual({ limit: 'Please ask for 1 to 100 records per page.' });
    const wrongPage = { after: 'This page of the list does not exist. Please start again from the first page.' };
    expect(await bad('after=garbage')).toEqual(wrongPage);
    // A cursor of another sort, or with something else than a position in it.
    const cursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const newest = cursor(['newest', '2025-01-01 10:00:00+00', '5']);
    expect(await bad(`sort=name&after=${newest}`)).toEqual(wrongPage);
    expect(await bad(`after=${cursor(['newest', "2025-01-01'; drop table leads; --", '5'])}`)).toEqual(wrongPage);
    expect(await bad(`sort=follow-up&after=${cursor(['follow-up', 'soon', '5'])}`)).toEqual(wrongPage);
    // The same cursor in its own sort is a place in the list.
    expect((await getJson(target, `/api/admin/leads?source=${newTag()}&after=${newest}`, admin)).items).toEqual([]);
    expect((await staffFetch(target, '/api/admin/leads', admin.cookie, { method: 'DELETE' })).status).toBe(405);
  });

  it('writes an audit line for every page viewed, with the filter and the count', async () => {
    const tag = newTag();
    await insertLeads(target, tag, [{}, {}, {}]);
    const first = await getJson(target, `/api/admin/leads?source=${tag}&status=new&limit=2`, colleague);
    await getJson(target, `/api/admin/leads?source=${tag}&status=new&limit=2&after=${encodeURIComponent(first.next)}`, colleague);
    const lines = await db<{ action: string; entity: string; detail: Json }>(
      target,
      `select action, entity, detail from audit_log where staff_id = $1 and entity = 'lead' order by id`,
      [colleague.staff.id],
    );
    expect(lines.slice(-2)).toEqual([
      { action: 'view', entity: 'lead', detail: { count: 2, source: tag, status: 'new', sort: 'newest', page: 'first' } },
      { action: 'view', entity: 'lead', detail: { count: 1, source: tag, status: 'new', sort: 'newest', page: 'later' } },
    ]);
  });

  it('is for signed-in staff only', async () => {
    const nobody = await staffFetch(target, '/api/admin/leads', null);
    expect(nobody.status).toBe(401);
    expect(Object.keys(await nobody.json()).sort()).toEqual(['error', 'message']);
  });

  describe('the CSV export', () => {
    it('opens in Excel: BOM, CRLF, the headings in order, Hindi intact, India time, formulas made text', async () => {
      const tag = newTag();
      const [hindi, formula, quoted] = await insertLeads(target, tag, [
        {
          name: 'सीताराम शर्मा',
          createdAt: '2025-03-10 23:50+05:30',
          course: 'आरएस-सीआईटी',
          status: 'contacted',
          followUp: 'today + 2',
          assignedTo: admin.staff.id,
        },
        {
          name: '=HYPERLINK("http://evil.example","Click")',
          kind: 'contact',
          subject: '+SUM(A1:A9)',
          message: '@cmd',
          course: '-2+3',
          createdAt: '2025-03-11 08:05+05:30',
        },
        {
          name: 'Asha "Ashu" Jain',
          message: 'Line one, with a comma\r\nLine two\n\tindented',
          status: 'lost',
          lostReason: 'fees',
          utmSource: 'google',
          createdAt: '2025-03-12 00:00+05:30',
        },
      ]);
      const { res, bytes, text } = await exportCsv(target, admin, `source=${tag}&sort=oldest`);
      expect(res.status, text).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const body = text.slice(1);
      // Every line ends CRLF; a bare LF only inside a quoted cell.
      expect(body.endsWith('\r\n')).toBe(true);
      const rows = parseCsv(body);
      expect(rows[0]).toEqual(HEADINGS);
      expect(rows).toHaveLength(4);
      const byRef = (ref: string) => Object.fromEntries(HEADINGS.map((h, i) => [h, rows.find((r) => r[0] === ref)![i]]));
      const [follow] = await db<{ d: string }>(target, `select ((now() at time zone 'Asia/Kolkata')::date + 2)::text as d`);
      expect(byRef(hindi!.reference)).toMatchObject({
        Received: '2025-03-10 23:50',
        Kind: 'Application',
        Form: 'Apply dialog',
        Source: tag,
        Name: 'सीताराम शर्मा',
        Course: 'आरएस-सीआईटी',
        Status: 'Contacted',
        'Follow-up': follow!.d,
        'Assigned to': admin.staff.name,
      });
      expect(byRef(hindi!.reference)['Phone']).toMatch(/^[6-9]\d{9}$/);
      expect(byRef(formula!.reference)).toMatchObject({
        Received: '2025-03-11 08:05',
        Kind: 'Message',
        Name: `'=HYPERLINK("http://evil.example","Click")`,
        Subject: "'+SUM(A1:A9)",
        Message: "'@cmd",
        Course: "'-2+3",
      });
      expect(byRef(quoted!.reference)).toMatchObject({
        Received: '2025-03-12 00:00',
        Name: 'Asha "Ashu" Jain',
        Message: 'Line one, with a comma\r\nLine two\n\tindented',
        Status: 'Lost',
        'Lost reason': 'Fees too high',
        'UTM source': 'google',
      });
      // The quoting as written: a quote doubled inside a quoted cell.
      expect(body).toContain('"Asha ""Ashu"" Jain"');
      expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      // Oldest first, as asked.
      expect(rows.slice(1).map((r) => r[0])).toEqual([hindi!.reference, formula!.reference, quoted!.reference]);
    });

    it('a tab or carriage return at the start of a cell is made text too', async () => {
      const tag = newTag();
      const [lead] = await insertLeads(target, tag, [{ subject: '\t=1+1', message: '\r=2+2' }]);
      const rows = parseCsv((await exportCsv(target, admin, `source=${tag}`)).text.slice(1));
      expect(rows[1]![0]).toBe(lead!.reference);
      expect(rows[1]![HEADINGS.indexOf('Subject')]).toBe("'\t=1+1");
      expect(rows[1]![HEADINGS.indexOf('Message')]).toBe("'\r=2+2");
    });

    it('exports only the leads selected with ids=, within the filter, and writes an audit line', async () => {
      const tag = newTag();
      const leads = await insertLeads(target, tag, [{}, {}, {}, { status: 'lost' }]);
      const ids = [leads[0]!.id, leads[2]!.id, leads[3]!.id];
      const { res, text } = await exportCsv(target, colleague, `source=${tag}&status=new&ids=${ids.join(',')}`);
      expect(res.status, text).toBe(200);
      expect(
        parseCsv(text.slice(1))
          .slice(1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(refsOf([leads[0]!, leads[2]!]));
      const [line] = await db<{ detail: Json }>(target, `select detail from audit_log where staff_id = $1 and action = 'export' order by id desc limit 1`, [
        colleague.staff.id,
      ]);
      expect(line!.detail).toEqual({ source: tag, status: 'new', sort: 'newest', ids, count: 2 });
    });

    it('refuses bad selections and filters with a message', async () => {
      const tooMany = Array.from({ length: 501 }, (_, i) => String(i + 1)).join(',');
      for (const [query, errors] of [
        [`ids=${tooMany}`, { ids: 'Please select at most 500 leads at a time.' }],
        ['ids=1,two,3', { ids: 'Please select leads from the list.' }],
        ['ids=1,,3', { ids: 'Please select leads from the list.' }],
        ['status=pending', { status: 'Please choose a status from the list.' }],
      ] as const) {
        const { res, text } = await exportCsv(target, admin, query);
        expect(res.status, query).toBe(400);
        expect(JSON.parse(text).errors, query).toEqual(errors);
      }
    });

    it('refuses more than 50,000 leads, asking to narrow the filter', async () => {
      const tag = newTag();
      // One person, an old date: out of every other test's way; removed afterwards.
      await db(
        target,
        `with p as (insert into people default values returning id)
         insert into leads (reference, kind, form, name, phone, phone_norm, person_id, channel, created_at)
         select 'BX-2020-' || $1 || lpad(i::text, 6, '0'), 'application', 'apply-form', 'Bulk Lead', '+915000000000', '5000000000', p.id, $1, '2020-01-01'
           from p, generate_series(1, 50001) i`,
        [tag],
      );
      try {
        const { res, text } = await exportCsv(target, admin, `source=${tag}`);
        expect(res.status).toBe(400);
        expect(JSON.parse(text).message).toBe(
          'These filters match 50,001 leads; an export holds at most 50,000. Please narrow the filters (for example by date) and export again.',
        );
        await db(target, `delete from leads where id = (select max(id) from leads where channel = $1)`, [tag]);
        const exactly = await exportCsv(target, admin, `source=${tag}`);
        expect(exactly.res.status).toBe(200);
        expect(exactly.text.split('\r\n')).toHaveLength(50_000 + 2);
      } finally {
        await db(target, 'delete from leads where channel = $1', [tag]);
      }
    }, 120_000);

    it('is refused to nobody, to a request from another site, and is reached before any /api/admin/leads/:id', async () => {
      const nobody = await exportCsv(target, null, '');
      expect(nobody.res.status).toBe(401);
      expect(Object.keys(JSON.parse(nobody.text)).sort()).toEqual(['error', 'message']);
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const { res, text } = await exportCsv(target, admin, '', headers);
        expect(res.status).toBe(403);
        expect(JSON.parse(text).message).toBe('This request came from another website, so it was refused. Please use the form on our own website.');
      }
      // The site's own page downloading it.
      const own = await exportCsv(target, admin, `source=${newTag()}`, { 'sec-fetch-site': 'same-origin', origin: new URL(target.url).origin });
      expect(own.res.status).toBe(200);
      expect(parseCsv(own.text.slice(1))).toEqual([HEADINGS]);
      // A lead made through the public form is exported like any other.
      const name = 'Pooja Prajapat';
      const apply = await post(target, '/api/apply', {
        name,
        email: uniqueEmail('leadsexport'),
        phone: uniquePhone(),
        department: 'dl',
        course: 'RS-CIT (Basic)',
        consent: true,
      });
      expect(apply.status).toBe(201);
      const { reference } = await apply.json();
      const { text } = await exportCsv(target, admin, `q=${reference}`);
      const rows = parseCsv(text.slice(1));
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(0, 6)).toEqual([
        reference,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        'Application',
        'Apply dialog',
        'Direct visit',
        name,
      ]);
      // Keys are exported as their names.
      expect(rows[1]![HEADINGS.indexOf('Department')]).toBe('Digital Literacy');
    });
  });
});
