/**
 * The language of a person's messages and e-mails in the staff admin: a register names each
 * Hindi student's language (their absence messages open in it); staff who may edit a lead or a
 * student change it (only English or Hindi, audited, on the lead's timeline), and a role that may
 * not is refused with nothing changed; the leads export has a Language column in words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { parseCsv, LEADS_EXPORT_COLUMNS } from '../support/csv';
import type { Target } from './global-setup';
import { db, targets, uniqueEmail, uniqueName } from './helpers';
import { act, detail, insertLead } from './lead-fixtures';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** A student record as stored, with `language`; its id. */
async function insertStudent(target: Target, language: 'en' | 'hi', name = uniqueName('Pupil')): Promise<string> {
  const [row] = await db<{ id: string }>(
    target,
    `insert into students (name, email, phone, course, language) values ($1, $2, '+919829011111', 'Tally Prime', $3) returning id::text`,
    [name, uniqueEmail('langpupil'), language],
  );
  return row!.id;
}

/** The lead's id of `reference`. */
const leadId = async (target: Target, reference: string) =>
  (await db<{ id: string }>(target, 'select id::text from leads where reference = $1', [reference]))[0]!.id;

/** The stored language and version of a lead or student (what a refused change must leave alone). */
const stored = async (target: Target, table: 'leads' | 'students', id: string) =>
  (await db<{ language: string; version: number }>(target, `select language, version from ${table} where id = $1`, [id]))[0]!;

describe.each(targets)('the language of messages and e-mails in the staff admin, on $name', (target) => {
  let owner: Staff;
  let counsellor: Staff;
  let teacher: Staff;
  let accountant: Staff;
  beforeAll(async () => {
    [owner, counsellor, teacher, accountant] = await Promise.all([
      signedInAdmin(target, 'langowner'),
      signedInAdmin(target, 'langcounsellor', 'counsellor'),
      signedInAdmin(target, 'langteacher', 'teacher'),
      signedInAdmin(target, 'langaccountant', 'accountant'),
    ]);
  });

  it('a register names the language of each Hindi student, and none for an English one', async () => {
    const [course] = await db<{ id: string }>(
      target,
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 4500, '3 months', 'Vouchers.', '/images/tally.webp') returning id::text`,
      [uniqueName('Lang Course')],
    );
    const [batch] = await db<{ id: string }>(
      target,
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, current_date - 60, current_date + 60, '{1,2,3,4,5,6,7}', '07:00', '08:00', $3, $4, 20, 'running') returning id::text`,
      [course!.id, uniqueName('Lang Batch'), uniqueName('Room'), teacher.staff.id],
    );
    const hindi = await insertStudent(target, 'hi', 'Sunita Sharma');
    const english = await insertStudent(target, 'en', 'Arjun Singh');
    for (const student of [hindi, english])
      await db(target, `insert into batch_students (batch_id, student_id, joined_on) values ($1, $2, current_date - 30)`, [batch!.id, student]);

    const res = await staffFetch(target, `/api/admin/batches/${batch!.id}/attendance/${indiaToday()}`, teacher.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const register = (await res.json()) as { students: Record<string, unknown>[] };
    const byId = (id: string) => register.students.find((s) => s['studentId'] === id)!;
    expect(byId(hindi)).toMatchObject({ name: 'Sunita Sharma', language: 'hi' });
    expect(byId(english)['name']).toBe('Arjun Singh');
    expect(byId(english)).not.toHaveProperty('language');
  });

  describe('a lead', () => {
    it('a Counsellor sets it to Hindi and back: saved, on the timeline, audited, and shown on the lead', async () => {
      const lead = await insertLead(target);
      const id = await leadId(target, lead.reference);
      const before = await stored(target, 'leads', id);
      expect(before.language).toBe('en');

      const res = await act(target, counsellor.cookie, id, { action: 'language', version: before.version, language: 'hi' });
      expect(res.status, await res.clone().text()).toBe(200);
      const answer = await res.json();
      expect(answer.message).toBe('Messages and e-mails will be in Hindi.');
      expect(answer.item).toMatchObject({ reference: lead.reference, language: 'hi', version: before.version + 1 });
      expect(answer.item.timeline).toContainEqual(
        expect.objectContaining({ kind: 'language', summary: 'Language for messages and e-mails: English → Hindi.' }),
      );
      expect(await stored(target, 'leads', id)).toEqual({ language: 'hi', version: before.version + 1 });
      const [line] = await db<{ staff_id: string; action: string; detail: Record<string, unknown> }>(
        target,
        `select staff_id::text, action, detail from audit_log where entity = 'lead' and entity_id = $1 order by id desc limit 1`,
        [id],
      );
      expect(line).toMatchObject({ staff_id: counsellor.staff.id, action: 'update', detail: { action: 'language', from: 'en', to: 'hi' } });

      // Shown afterwards: the lead as GET gives it.
      expect(await (await detail(target, owner.cookie, id)).json()).toMatchObject({ language: 'hi' });

      // Back to English: the lead's shape is an English one again.
      const back = await act(target, owner.cookie, id, { action: 'language', version: before.version + 1, language: 'en' });
      expect(back.status).toBe(200);
      expect((await back.json()).item).not.toHaveProperty('language');
    });

    it('refuses a language other than English or Hindi, and a role that may not edit leads, changing nothing', async () => {
      const lead = await insertLead(target);
      const id = await leadId(target, lead.reference);
      const before = await stored(target, 'leads', id);
      const events = async () => (await db(target, 'select 1 from lead_events where lead_id = $1', [id])).length;
      const eventsBefore = await events();
      for (const language of ['fr', 'HI', '', null, 1, 'hindi']) {
        const res = await act(target, owner.cookie, id, { action: 'language', version: before.version, language });
        expect(res.status, String(language)).toBe(400);
        const body = await res.json();
        expect(body.errors).toEqual({ language: 'Please choose the language for messages and e-mails: English or Hindi.' });
      }
      for (const who of [teacher, accountant]) {
        const res = await act(target, who.cookie, id, { action: 'language', version: before.version, language: 'hi' });
        expect(res.status).toBe(403);
      }
      expect(await stored(target, 'leads', id)).toEqual(before);
      expect(await events()).toBe(eventsBefore);
    });

    it('is refused with 409 when based on an older version', async () => {
      const lead = await insertLead(target);
      const id = await leadId(target, lead.reference);
      const before = await stored(target, 'leads', id);
      await db(target, 'update leads set version = version + 1 where id = $1', [id]);
      const res = await act(target, owner.cookie, id, { action: 'language', version: before.version, language: 'hi' });
      expect(res.status).toBe(409);
      expect((await stored(target, 'leads', id)).language).toBe('en');
    });
  });

  describe('a student', () => {
    /** The PUT body of student `id` as GET gives it, with `changes`. */
    async function edited(id: string, changes: Record<string, unknown>) {
      const student = await (await staffFetch(target, `/api/students/${id}`, owner.cookie)).json();
      return { ...student, ...changes };
    }

    it('a Counsellor sets it to Hindi: saved, audited, and shown; an edit that names no language keeps it', async () => {
      const id = await insertStudent(target, 'en');
      const res = await staffFetch(target, `/api/students/${id}`, counsellor.cookie, { method: 'PUT', body: await edited(id, { language: 'hi' }) });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).item).toMatchObject({ _id: id, language: 'hi', version: 2 });
      const [line] = await db<{ staff_id: string; detail: Record<string, unknown> }>(
        target,
        `select staff_id::text, detail from audit_log where entity = 'student' and entity_id = $1 and action = 'update' order by id desc limit 1`,
        [id],
      );
      expect(line).toMatchObject({ staff_id: counsellor.staff.id, detail: { changed: ['language'], language: { from: 'en', to: 'hi' } } });
      expect(await (await staffFetch(target, `/api/students/${id}`, owner.cookie)).json()).toMatchObject({ language: 'hi' });

      // The mobile app (or any client) that sends no language leaves it as it is.
      const { language: _language, ...withoutLanguage } = await edited(id, { course: 'Tally Prime with GST' });
      const again = await staffFetch(target, `/api/students/${id}`, owner.cookie, { method: 'PUT', body: withoutLanguage });
      expect(again.status).toBe(200);
      expect(await stored(target, 'students', id)).toEqual({ language: 'hi', version: 3 });
    });

    it('a new record takes the language given', async () => {
      const res = await staffFetch(target, '/api/students', owner.cookie, {
        body: { name: uniqueName('New Pupil'), email: uniqueEmail('langnew'), course: 'Tally Prime', language: 'hi' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { item } = await res.json();
      expect(item.language).toBe('hi');
      expect((await stored(target, 'students', item._id)).language).toBe('hi');
    });

    it('refuses a language other than English or Hindi, and a role that may not edit students, changing nothing', async () => {
      const id = await insertStudent(target, 'en');
      const before = await stored(target, 'students', id);
      for (const language of ['fr', 'Hindi', null, 7]) {
        const res = await staffFetch(target, `/api/students/${id}`, owner.cookie, { method: 'PUT', body: await edited(id, { language }) });
        expect(res.status, String(language)).toBe(400);
        expect((await res.json()).errors).toEqual({ language: 'Please choose the language for messages and e-mails: English or Hindi.' });
      }
      for (const who of [teacher, accountant]) {
        const res = await staffFetch(target, `/api/students/${id}`, who.cookie, { method: 'PUT', body: await edited(id, { language: 'hi' }) });
        expect(res.status).toBe(403);
      }
      expect(await stored(target, 'students', id)).toEqual(before);
    });
  });

  it('the leads export has a Language column in words, after the e-mail', async () => {
    expect(LEADS_EXPORT_COLUMNS.indexOf('Language')).toBe(LEADS_EXPORT_COLUMNS.indexOf('E-mail') + 1);
    const tag = `lang${Date.now().toString(36)}`;
    const hindi = await insertLead(target, { channel: tag, language: 'hi' });
    const english = await insertLead(target, { channel: tag });
    const res = await staffFetch(target, `/api/admin/leads/export.csv?source=${tag}`, owner.cookie);
    expect(res.status).toBe(200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(LEADS_EXPORT_COLUMNS);
    expect(rows).toHaveLength(3);
    const column = LEADS_EXPORT_COLUMNS.indexOf('Language');
    const languageOf = (reference: string) => rows.find((r) => r[0] === reference)![column];
    expect(languageOf(hindi.reference)).toBe('Hindi');
    expect(languageOf(english.reference)).toBe('English');
  });
});
