/**
 * Names found across scripts: a Hindi name typed in Latin letters ("sharma" finds शर्मा) and the
 * reverse, in the leads inbox (GET /api/admin/leads, and so its export) and the students list
 * (GET /api/students), through the Latin key kept beside each name (migration 012): written with
 * every new or renamed lead and student, and by the housekeeping run for rows from before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MAX } from '../../src/lib/schemas/records';
import { db, post, targets, uniqueEmail, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe.each(targets)('name search in either script on $name', (target) => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'namesearch');
  });

  /** The items of a list answer, whether it is a page ({items}) or a plain list. */
  const itemsOf = (body: Json): Json[] => (Array.isArray(body) ? body : body.items);

  /** The names of the leads a search for `q` lists. */
  const leadNames = async (q: string) => {
    const res = await staffFetch(target, `/api/admin/leads?q=${encodeURIComponent(q)}&limit=${PAGE_MAX}`, admin.cookie);
    expect(res.status).toBe(200);
    return itemsOf(await res.json())
      .map((lead) => lead.name as string)
      .sort();
  };

  /** The names of the students a search for `q` lists. */
  const studentNames = async (q: string) => {
    const res = await staffFetch(target, `/api/students?q=${encodeURIComponent(q)}&limit=${PAGE_MAX}`, admin.cookie);
    expect(res.status).toBe(200);
    return itemsOf(await res.json())
      .map((student) => student.name as string)
      .sort();
  };

  /** An enquiry from the contact page, as a visitor sends it. */
  const enquire = async (name: string) => {
    const res = await post(target, '/api/contact', {
      name,
      email: uniqueEmail('enquiry'),
      phone: `+91${uniquePhone()}`,
      subject: 'Batch timings',
      message: 'Please call me about the batches.',
    });
    expect(res.status).toBe(201);
  };

  it('finds a lead named in Devanagari by its Latin spelling, and one named in Latin letters by its Devanagari', async () => {
    for (const name of ['सुनीता शर्मा', 'Ravi Sharma', 'Amit Verma', 'मोहन लाल', 'Farhan Khan']) await enquire(name);

    expect(await leadNames('sharma')).toEqual(['Ravi Sharma', 'सुनीता शर्मा'].sort());
    expect(await leadNames('शर्मा')).toEqual(['Ravi Sharma', 'सुनीता शर्मा'].sort());
    expect(await leadNames('SUNEETA')).toEqual(['सुनीता शर्मा']);
    expect(await leadNames('वर्मा')).toEqual(['Amit Verma']);
    expect(await leadNames('mohan')).toEqual(['मोहन लाल']);
    // The plain search by a part of the name still works, in both scripts.
    expect(await leadNames('ravi')).toEqual(['Ravi Sharma']);
    expect(await leadNames('लाल')).toEqual(['मोहन लाल']);
    expect(await leadNames('Kapoor')).toEqual([]);
  });

  it('keys the leads and students written before the key existed in the housekeeping run', async () => {
    // Rows as they stood before migration 012: no key beside the name.
    await db(
      target,
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id) select 'CT-2025-90000001', 'contact', 'contact-page', 'राधा कुमारी', $1, $2, p.id from p`,
      [`+91${uniquePhone()}`, uniquePhone()],
    );
    await db(target, `insert into students (name, email, course) values ('गीता यादव', $1, 'Tally')`, [uniqueEmail('gita')]);
    expect(await leadNames('kumari')).toEqual([]);
    expect(await studentNames('yadav')).toEqual([]);

    const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(await leadNames('kumari')).toEqual(['राधा कुमारी']);
    expect(await studentNames('yadav')).toEqual(['गीता यादव']);
    const unkeyed = await db<{ n: number }>(
      target,
      `select (select count(*) from leads where name_latin is null) + (select count(*) from students where name_latin is null) as n`,
    );
    expect(Number(unkeyed[0]!.n)).toBe(0);
  });

  it('finds a student by either spelling, and by the new name after a rename', async () => {
    const add = async (name: string) => {
      const res = await staffFetch(target, '/api/students', admin.cookie, {
        body: { name, email: uniqueEmail('student'), phone: uniquePhone(), course: 'RS-CIT' },
      });
      expect(res.status).toBe(201);
      return (await res.json()).item as Json;
    };
    await add('सुनीता शर्मा');
    const ravi = await add('Ravi Sharma');
    await add('Kamla Devi');

    expect(await studentNames('sharma')).toEqual(['Ravi Sharma', 'सुनीता शर्मा'].sort());
    expect(await studentNames('शर्मा')).toEqual(['Ravi Sharma', 'सुनीता शर्मा'].sort());
    expect(await studentNames('कमला')).toEqual(['Kamla Devi']);

    const renamed = await staffFetch(target, `/api/students/${ravi._id}`, admin.cookie, {
      method: 'PUT',
      body: { name: 'Ravi Verma', email: ravi.email, phone: ravi.phone, course: ravi.course, version: ravi.version },
    });
    expect(renamed.status).toBe(200);
    expect(await studentNames('शर्मा')).toEqual(['सुनीता शर्मा']);
    expect(await studentNames('वर्मा')).toEqual(['Ravi Verma']);
  });
});
