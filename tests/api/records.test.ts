/**
 * The records staff keep public: announcements (marquee), courses and job openings. Anyone reads
 * them; only a signed-in member of staff writes, each write with its audit line; bad input, an
 * unknown id and an edit based on an old version are refused and change nothing; lists come in
 * keyset pages, newest first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MARQUEE_MAX } from '../../src/lib/schemas/marquee';
import { CONFLICT_MESSAGE, PAGE_MAX } from '../../src/lib/schemas/records';
import { nextLink } from '../../src/lib/link-header';
import { createAccount, login } from './accounts';
import type { Target } from './global-setup';
import { db, get, targets } from './helpers';
import { signedInAdmin, staffFetch } from './staff';
import { courseFields, jobFields } from '../support/record-fields';

/** India's day ten days from now: a job's closing day that every check accepts. */
const IN_TEN_DAYS = new Date(Date.now() + 10 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

interface AuditRow {
  staff_id: string;
  action: string;
  entity: string;
  entity_id: string;
  detail: Record<string, unknown> | null;
}

/** The audit lines of one record, oldest first. */
const auditOf = (target: Target, entity: string, id: string) =>
  db<AuditRow>(target, 'select staff_id::text, action, entity, entity_id, detail from audit_log where entity = $1 and entity_id = $2 order by id', [
    entity,
    id,
  ]);

const count = async (target: Target, table: string) => (await db<{ n: number }>(target, `select count(*)::int as n from ${table}`))[0]!.n;

let serial = 0;
/** A word unique to this run, so that records made by one test are told apart. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${(serial++).toString(36)}`;

/** What differs between courses and jobs; the rest of the contract is the same. */
interface Kind {
  name: 'courses' | 'jobs';
  route: string;
  table: string;
  entity: string;
  noun: string;
  /** The field a delete's audit line keeps. */
  summary: string;
  /** A valid body whose summary field is `label`. */
  valid: (label: string) => Record<string, unknown>;
  /** One field changed by an update. */
  change: Record<string, unknown>;
  /** Each required field and the message its absence gets. */
  required: Record<string, string>;
}

const kinds: Kind[] = [
  {
    name: 'courses',
    route: '/api/courses',
    table: 'courses',
    entity: 'course',
    noun: 'Course',
    summary: 'title',
    valid: courseFields,
    change: { price: 4800 },
    required: {
      title: 'Please enter the title.',
      category: 'Please enter the category.',
      price: 'Please enter the price in rupees.',
      duration: 'Please enter the duration.',
      description: 'Please enter the description.',
    },
  },
  {
    name: 'jobs',
    route: '/api/jobs',
    table: 'jobs',
    entity: 'job',
    noun: 'Job',
    summary: 'role',
    valid: (role) => ({ ...jobFields({ role }), closesOn: IN_TEN_DAYS }),
    change: { salary: '₹14,000 a month' },
    required: {
      role: 'Please enter the role.',
      company: 'Please enter the company.',
      location: 'Please enter the location.',
      experience: 'Please enter the experience.',
      qualification: 'Please enter the qualification.',
      salary: 'Please enter the salary.',
      candidate: 'Please enter the candidate.',
      post: 'Please enter the post.',
      applyLink: 'Please enter the apply link.',
    },
  },
];

describe.each(targets)('records on $name', (target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'records');
  });
  const as = (route: string, init: Parameters<typeof staffFetch>[3] = {}) => staffFetch(target, route, admin.cookie, init);

  describe('announcements (marquee)', () => {
    it('staff add one: 201 Message added., listed before older ones, audited', async () => {
      const older = await as('/api/marquee', { body: { message: unique('Older announcement') } });
      const res = await as('/api/marquee', { body: { message: `  ${unique('Admissions open')}  ` } });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toEqual({
        message: 'Message added.',
        item: { _id: expect.stringMatching(/^\d+$/), message: expect.stringMatching(/^Admissions open \S+$/), endsOn: null },
      });

      const list = (await (await get(target, '/api/marquee')).json()) as { _id: string; message: string }[];
      const at = (id: string) => list.findIndex((m) => m._id === id);
      expect(at(body.item._id)).toBeGreaterThanOrEqual(0);
      expect(at(body.item._id)).toBeLessThan(at((await older.json()).item._id));

      const [line] = await auditOf(target, 'marquee', body.item._id);
      expect(line).toEqual({
        staff_id: admin.staff.id,
        action: 'create',
        entity: 'marquee',
        entity_id: body.item._id,
        detail: { fields: ['message'], subject: body.item.message },
      });
      const [row] = await db<{ created_by: string }>(target, 'select created_by::text from marquee_messages where id = $1', [body.item._id]);
      expect(row!.created_by).toBe(admin.staff.id);
    });

    it('refuses a blank or whitespace-only announcement, and anyone not signed in, adding nothing', async () => {
      const before = await count(target, 'marquee_messages');
      for (const message of ['', '   \n\t ', undefined]) {
        const res = await as('/api/marquee', { body: message === undefined ? {} : { message } });
        expect(res.status).toBe(400);
        expect((await res.json()).errors).toEqual({ message: 'Please write the announcement.' });
      }
      const anonymous = await staffFetch(target, '/api/marquee', null, { body: { message: 'Not from staff' } });
      expect(anonymous.status).toBe(401);
      const tooLong = await as('/api/marquee', { body: { message: 'x'.repeat(MARQUEE_MAX + 1) } });
      expect((await tooLong.json()).errors.message).toBe('Please keep the announcement to 300 characters.');
      expect(await count(target, 'marquee_messages')).toBe(before);
    });

    it('staff delete one: Message deleted., gone from the list, audited; unknown ids 404', async () => {
      const message = unique('Short-lived news');
      const { item } = await (await as('/api/marquee', { body: { message } })).json();
      expect((await staffFetch(target, `/api/marquee/${item._id}`, null, { method: 'DELETE' })).status).toBe(401);

      const res = await as(`/api/marquee/${item._id}`, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'Message deleted.' });
      const list = (await (await get(target, '/api/marquee')).json()) as { message: string }[];
      expect(list.map((m) => m.message)).not.toContain(message);
      const lines = await auditOf(target, 'marquee', item._id);
      expect(lines.map((l) => [l.staff_id, l.action])).toEqual([
        [admin.staff.id, 'create'],
        [admin.staff.id, 'delete'],
      ]);

      for (const id of [item._id, '999999999999', 'abc', '0']) {
        const gone = await as(`/api/marquee/${id}`, { method: 'DELETE' });
        expect(gone.status, id).toBe(404);
        expect((await gone.json()).message).toBe('This announcement was not found. It may have been deleted.');
      }
    });
  });

  describe.each(kinds)('$name', (kind) => {
    const create = async (label: string, extra: Record<string, unknown> = {}) => {
      const res = await as(kind.route, { body: { ...kind.valid(label), ...extra } });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()).item as Record<string, unknown> & { _id: string; version: number };
    };

    it('anyone reads the list and one record; the list is cacheable but checked each time', async () => {
      const item = await create(unique(`Public ${kind.noun}`));
      const list = await get(target, kind.route);
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      // A bare list, as the specification's calls table says.
      const page = await list.json();
      expect(Array.isArray(page)).toBe(true);
      expect(page).toContainEqual(item);

      const one = await get(target, `${kind.route}/${item._id}`);
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual(item);
    });

    it(`staff add one: 201 ${kind.noun} added., version 1, audited`, async () => {
      const label = unique(`New ${kind.noun}`);
      const res = await as(kind.route, { body: { ...kind.valid(`  ${label} `), unknownField: 'ignored' } });
      expect(res.status).toBe(201);
      const { message, item } = await res.json();
      expect(message).toBe(`${kind.noun} added.`);
      expect(item).toEqual({
        ...kind.valid(label),
        _id: expect.stringMatching(/^\d+$/),
        version: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: item.createdAt,
      });
      const [line] = await auditOf(target, kind.entity, item._id);
      expect(line).toEqual({
        staff_id: admin.staff.id,
        action: 'create',
        entity: kind.entity,
        entity_id: item._id,
        detail: { fields: Object.keys(kind.valid('x')), subject: item[kind.summary] },
      });
    });

    it('refuses each missing field with its message, and anyone not staff, adding nothing', async () => {
      const before = await count(target, kind.table);
      const empty = await as(kind.route, { body: {} });
      expect(empty.status).toBe(400);
      const body = await empty.json();
      expect(body.message).toBe('Please check the highlighted fields and try again.');
      expect(body.errors).toEqual(kind.required);

      for (const [field, text] of Object.entries(kind.required)) {
        const { [field]: _left, ...rest } = kind.valid(unique('Missing one'));
        const res = await as(kind.route, { body: rest });
        expect(res.status, field).toBe(400);
        expect((await res.json()).errors, field).toEqual({ [field]: text });
      }
      const blank = await as(kind.route, { body: { ...kind.valid('   '), [kind.summary]: '   ' } });
      expect(Object.keys((await blank.json()).errors)).toEqual([kind.summary]);

      const valid = kind.valid(unique('Refused'));
      expect((await staffFetch(target, kind.route, null, { body: valid })).status).toBe(401);
      const crossSite = await as(kind.route, { body: valid, headers: { origin: 'https://evil.example' } });
      expect(crossSite.status).toBe(403);
      expect(await count(target, kind.table)).toBe(before);
    });

    it('updates with the version it was based on: new version, only the changed fields audited', async () => {
      const item = await create(unique(`Edited ${kind.noun}`));
      const res = await as(`${kind.route}/${item._id}`, { method: 'PUT', body: { ...item, ...kind.change } });
      expect(res.status).toBe(200);
      const { message, item: updated } = await res.json();
      expect(message).toBe(`${kind.noun} updated.`);
      expect(updated).toEqual({ ...item, ...kind.change, version: 2, updatedAt: expect.any(String) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(item.createdAt as string));
      expect(await (await get(target, `${kind.route}/${item._id}`)).json()).toEqual(updated);

      const lines = await auditOf(target, kind.entity, item._id);
      expect(lines.at(-1)).toEqual({
        staff_id: admin.staff.id,
        action: 'update',
        entity: kind.entity,
        entity_id: item._id,
        detail: { fields: Object.keys(kind.change), subject: updated[kind.summary] },
      });
    });

    it('answers 409 with the current record to an edit or delete based on an old version, changing nothing', async () => {
      const item = await create(unique(`Contested ${kind.noun}`));
      const first = await as(`${kind.route}/${item._id}`, { method: 'PUT', body: { ...item, ...kind.change } });
      const current = (await first.json()).item;
      const auditLines = (await auditOf(target, kind.entity, item._id)).length;

      const staleEdit = await as(`${kind.route}/${item._id}`, { method: 'PUT', body: { ...item, [kind.summary]: 'Lost edit' } });
      expect(staleEdit.status).toBe(409);
      expect(await staleEdit.json()).toEqual({ message: CONFLICT_MESSAGE, error: CONFLICT_MESSAGE, current });
      const staleDelete = await as(`${kind.route}/${item._id}?version=1`, { method: 'DELETE' });
      expect(staleDelete.status).toBe(409);
      expect((await staleDelete.json()).current).toEqual(current);
      const farFuture = await as(`${kind.route}/${item._id}`, { method: 'PUT', body: { ...item, version: 1e12 } });
      expect(farFuture.status).toBe(409);

      expect(await (await get(target, `${kind.route}/${item._id}`)).json()).toEqual(current);
      expect(await auditOf(target, kind.entity, item._id)).toHaveLength(auditLines);
    });

    it('lets exactly one of two editors who started from the same version save', async () => {
      const item = await create(unique(`Raced ${kind.noun}`));
      const answers = await Promise.all(
        ['First editor', 'Second editor'].map((label) => as(`${kind.route}/${item._id}`, { method: 'PUT', body: { ...item, [kind.summary]: label } })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = (await answers.find((a) => a.status === 200)!.json()).item;
      expect(winner.version).toBe(2);
      expect((await answers.find((a) => a.status === 409)!.json()).current).toEqual(winner);
      expect((await auditOf(target, kind.entity, item._id)).map((l) => l.action)).toEqual(['create', 'update']);
    });

    it(`deletes with ?version: ${kind.noun} deleted., audited with what it was; then 404`, async () => {
      const label = unique(`Removed ${kind.noun}`);
      const item = await create(label);
      const route = `${kind.route}/${item._id}`;
      const noVersion = await as(route, { method: 'DELETE' });
      expect(noVersion.status).toBe(400);
      expect((await noVersion.json()).errors).toEqual({ version: 'Please reload: the version of this record is missing.' });
      expect((await staffFetch(target, `${route}?version=1`, null, { method: 'DELETE' })).status).toBe(401);
      expect((await get(target, route)).status).toBe(200);

      const res = await as(`${route}?version=1`, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: `${kind.noun} deleted.` });
      expect((await auditOf(target, kind.entity, item._id)).at(-1)).toEqual({
        staff_id: admin.staff.id,
        action: 'delete',
        entity: kind.entity,
        entity_id: item._id,
        detail: { version: 1, [kind.summary]: label, subject: label },
      });

      const notFound = `This ${kind.entity} was not found. It may have been deleted.`;
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['PUT', '', { ...item }],
        ['DELETE', '?version=1', undefined],
      ] as const) {
        const gone = method === 'GET' ? await get(target, route) : await as(`${route}${suffix}`, { method, body });
        expect(gone.status, method).toBe(404);
        expect((await gone.json()).message, method).toBe(notFound);
      }
    });

    it('answers 404 for an unknown or malformed id, and 400 for an edit without its version', async () => {
      for (const id of ['999999999999', 'abc', '0', '1e3', '-1']) {
        const res = await get(target, `${kind.route}/${id}`);
        expect(res.status, id).toBe(404);
        expect((await as(`${kind.route}/${id}?version=1`, { method: 'DELETE' })).status, id).toBe(404);
      }
      const unknownEdit = await as(`${kind.route}/999999999999`, { method: 'PUT', body: { ...kind.valid('Nobody'), version: 1 } });
      expect(unknownEdit.status).toBe(404);

      const item = await create(unique(`Versionless ${kind.noun}`));
      const noVersion = await as(`${kind.route}/${item._id}`, { method: 'PUT', body: kind.valid('Changed without a version') });
      expect(noVersion.status).toBe(400);
      expect((await noVersion.json()).errors).toEqual({ version: 'Please reload: the version of this record is missing.' });
      expect((await (await get(target, `${kind.route}/${item._id}`)).json()).version).toBe(1);
    });

    it('pages the list newest first with ?limit and ?after, never repeating or skipping a record', async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i += 1) made.push((await create(unique(`Paged ${kind.noun} ${i}`)))._id);
      const seen: string[] = [];
      let next: string | null = `${kind.route}?limit=2`;
      let pages = 0;
      do {
        const res = await get(target, next);
        expect(res.status).toBe(200);
        const page = (await res.json()) as { _id: string }[];
        expect(page.length).toBeLessThanOrEqual(2);
        // The next page is named in the Link header, its cursor opaque (paging.ts): not a bare id.
        next = nextLink(res.headers.get('link'));
        if (next) expect(new URL(next, 'http://x').searchParams.get('after')).not.toBe(page.at(-1)!._id);
        if (next) expect(new URL(next, 'http://x').searchParams.get('limit')).toBe('2');
        seen.push(...page.map((i) => i._id));
        pages += 1;
      } while (next && made.some((id) => !seen.includes(id)));
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length);
      const ids = seen.map(Number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(seen.slice(0, 5)).toEqual([...made].reverse());

      const all = await (await get(target, `${kind.route}?limit=${PAGE_MAX}`)).json();
      expect(all.length).toBeGreaterThanOrEqual(5);
      const wrongLimit = { limit: 'Please ask for 1 to 100 records per page.' };
      const wrongPage = { after: 'This page of the list does not exist. Please start again from the first page.' };
      for (const [query, errors] of [
        ['limit=0', wrongLimit],
        [`limit=${PAGE_MAX + 1}`, wrongLimit],
        ['limit=many', wrongLimit],
        ['after=abc', wrongPage],
        [`after=${made[0]}`, wrongPage],
      ] as const) {
        const bad = await get(target, `${kind.route}?${query}`);
        expect(bad.status, query).toBe(400);
        expect((await bad.json()).errors, query).toEqual(errors);
      }
      // An empty cursor is left out, as in every list: the first page.
      const first = await get(target, `${kind.route}?after=&limit=2`);
      expect(first.status).toBe(200);
      expect(await first.json()).toHaveLength(2);
    });
  });

  it('job type is Full-Time unless chosen, and only one of the three', async () => {
    const { type: _type, ...body } = kinds[1]!.valid(unique('Default type'));
    const res = await as('/api/jobs', { body });
    expect(res.status).toBe(201);
    expect((await res.json()).item.type).toBe('Full-Time');
    const wrong = await as('/api/jobs', { body: { ...body, type: 'Contract' } });
    expect((await wrong.json()).errors).toEqual({ type: 'Please choose Full-Time, Part-Time or Internship.' });
  });

  it('a job closes 30 days from India’s today unless staff choose its closing day, which must be a real day ahead', async () => {
    const [{ today, later } = { today: '', later: '' }] = await db<{ today: string; later: string }>(
      target,
      `select (now() at time zone 'Asia/Kolkata')::date::text as today, ((now() at time zone 'Asia/Kolkata')::date + 30)::text as later`,
    );
    const { closesOn: _chosen, ...unset } = kinds[1]!.valid(unique('Default closing'));
    const defaulted = await as('/api/jobs', { body: unset });
    expect(defaulted.status).toBe(201);
    const item = (await defaulted.json()).item;
    expect(item.closesOn).toBe(later);
    const chosen = await as('/api/jobs', { body: { ...kinds[1]!.valid(unique('Chosen closing')), closesOn: today } });
    expect((await chosen.json()).item.closesOn).toBe(today);
    const [stored] = await db<{ closes_on: string }>(target, 'select closes_on::text from jobs where id = $1', [item._id]);
    expect(stored!.closes_on).toBe(later);

    for (const [closesOn, message] of [
      ['2020-01-01', 'Please choose the closing day from today onwards.'],
      ['2026-02-30', 'Please choose the closing day.'],
      ['soon', 'Please choose the closing day.'],
    ]) {
      const wrong = await as(`/api/jobs/${item._id}`, { method: 'PUT', body: { ...kinds[1]!.valid('Unchanged'), closesOn, version: item.version } });
      expect(wrong.status, closesOn).toBe(400);
      expect((await wrong.json()).errors, closesOn).toEqual({ closesOn: message });
    }
    const [after] = await db<{ version: number; closes_on: string }>(target, 'select version, closes_on::text from jobs where id = $1', [item._id]);
    expect(after).toEqual({ version: item.version, closes_on: later });
  });

  it("takes nothing from a student's token", async () => {
    const student = await createAccount(target, 'records');
    const token = await login(target, student.email, student.password);
    const before = await count(target, 'jobs');
    for (const headers of [{ token }, { authorization: `Bearer ${token}` }]) {
      const res = await staffFetch(target, '/api/jobs', null, { body: kinds[1]!.valid('Student job'), headers });
      expect(res.status).toBe(401);
    }
    expect(await count(target, 'jobs')).toBe(before);
  });
});
