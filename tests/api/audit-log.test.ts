/**
 * The audit log in words: each line says what happened to whom, by name, and keeps saying it after
 * the record is deleted; lines written before names were kept still read as sentences.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './global-setup';
import { db, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';
import { insertApplication } from './staff-application-fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Json = any;

describe.each(targets)('the audit log in words ($name)', (target: Target) => {
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;
  const as = (route: string, init: { method?: string; body?: unknown } = {}) => staffFetch(target, route, owner.cookie, init);
  /** The sentences of the log about one record, newest first. */
  const sentences = async (entity: string, entityId: string): Promise<string[]> => {
    const res = await as(`/api/admin/audit?entity=${entity}&entityId=${entityId}`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.items.map((line: Json) => line.summary);
  };

  beforeAll(async () => {
    owner = await signedInAdmin(target, 'Asha');
  });

  it('names who disabled and enabled whose account', async () => {
    const colleague = await signedInAdmin(target, 'Ravi');
    expect((await as(`/api/admin/staff/${colleague.staff.id}`, { method: 'PUT', body: { action: 'disable' } })).status).toBe(200);
    expect((await as(`/api/admin/staff/${colleague.staff.id}`, { method: 'PUT', body: { action: 'enable' } })).status).toBe(200);
    const said = await sentences('staff', colleague.staff.id);
    expect(said.slice(0, 2)).toEqual([
      `${owner.staff.name} enabled ${colleague.staff.name}’s staff account.`,
      `${owner.staff.name} disabled ${colleague.staff.name}’s staff account.`,
    ]);
    expect(said.join(' ')).not.toMatch(/[{}]|"sessions"/);
  });

  it('still names a deleted student, and says what was changed', async () => {
    const name = uniqueName('Sunita');
    const created = await as('/api/students', { body: { name, email: uniqueEmail('sunita'), course: 'CCC' } });
    const { item } = await created.json();
    const renamed = `${name} Sharma`;
    expect(
      (await as(`/api/students/${item._id}`, { method: 'PUT', body: { name: renamed, email: item.email, course: 'Tally Prime', version: 1 } })).status,
    ).toBe(200);
    expect((await as(`/api/students/${item._id}?version=2`, { method: 'DELETE' })).status).toBe(200);
    expect(await sentences('student', item._id)).toEqual([
      `${owner.staff.name} deleted the student record of ${renamed}.`,
      `${owner.staff.name} changed the student record of ${renamed} (name and course).`,
      `${owner.staff.name} added the student record of ${name}.`,
    ]);
  });

  it('says which ID number of which application was revealed, and which document was opened', async () => {
    const app = await insertApplication(target);
    expect((await as(`/api/admin/applications/${app.id}/reveal`, { body: { field: 'aadharNo' } })).status).toBe(200);
    expect((await as(`/api/admin/documents/${app.documents['applicantPhoto']}`)).status).toBe(200);
    const said = await sentences('application', app.id);
    expect(said[0]).toMatch(new RegExp(`^${owner.staff.name} opened the .+ of application ${app.reference}\\.$`));
    expect(said[1]).toBe(`${owner.staff.name} revealed the Aadhaar number of application ${app.reference}.`);
  });

  it('gives lines written before names were kept a sentence: the record as it is now, or its kind and number', async () => {
    const name = uniqueName('Kept');
    const { item } = await (await as('/api/students', { body: { name, email: uniqueEmail('kept'), course: 'CCC' } })).json();
    const gone = '987654321';
    await db(target, `insert into audit_log (staff_id, action, entity, entity_id, client, detail) values ($1, 'update', 'student', $2, '127.0.0.0', $3)`, [
      owner.staff.id,
      item._id,
      JSON.stringify({ changed: ['phone'], version: 2 }),
    ]);
    await db(target, `insert into audit_log (staff_id, action, entity, entity_id, client, detail) values ($1, 'delete', 'student', $2, '127.0.0.0', $3)`, [
      owner.staff.id,
      gone,
      JSON.stringify({ version: 1 }),
    ]);
    expect((await sentences('student', item._id))[0]).toBe(`${owner.staff.name} changed the student record of ${name} (phone).`);
    expect(await sentences('student', gone)).toEqual([`${owner.staff.name} deleted student record #${gone}.`]);
  });

  it('says a list view in words, with the count and the search', async () => {
    const tag = uniqueName('Search').split(' ')[1]!;
    expect((await as(`/api/students?q=${tag}`)).status).toBe(200);
    const res = await as(`/api/admin/audit?entity=student&staff=${owner.staff.id}&limit=5`);
    const { items } = await res.json();
    expect(items.map((line: Json) => line.summary)).toContain(`${owner.staff.name} looked at the list of student records (0 shown, search “${tag}”).`);
  });
});
