/**
 * Courses staff publish appear in the Apply form under their category: a category named like a
 * department joins its courses, any other is a department of its own; POST /api/apply accepts
 * them as it does content's courses, and still refuses a course that no department offers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import departmentsFile from '../../content/departments.json';
import { offeredDepartments } from '../../src/lib/schemas/apply';
import { db, post, targets, uniqueName, uniquePhone } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

const firstDepartment = departmentsFile.departments[0]!;

describe.each(targets)('published courses in the Apply form on $name', (target) => {
  const stamp = Date.now().toString(36);
  const ownCategory = `Spoken English ${stamp}`;
  const ownCourse = `Spoken English for interviews ${stamp}`;
  const joinedCourse = `Extra course ${stamp}`;

  beforeAll(async () => {
    const { cookie } = await signedInAdmin(target, 'publisher');
    const publish = async (title: string, category: string) => {
      const res = await staffFetch(target, '/api/courses', cookie, {
        body: { title, category, price: 1500, duration: '2 months', image: '/images/course.jpg', description: 'Taught at the institute in small groups.' },
      });
      expect(res.status).toBe(201);
    };
    await publish(ownCourse, ownCategory);
    // Named like an existing department (its label, in other letters' case).
    await publish(joinedCourse, firstDepartment.label.en.toUpperCase());
  });

  const application = (department: string, course: string) => ({
    name: uniqueName('Kavita'),
    email: `kavita.${uniquePhone()}@example.in`,
    phone: `+91 ${uniquePhone()}`,
    department,
    course,
    consent: true,
  });

  it('accepts a published course under its own category, and one under the department its category names', async () => {
    const own = await post(target, '/api/apply', application(ownCategory, ownCourse));
    expect(own.status).toBe(201);
    const { reference } = await own.json();
    const [row] = await db(target, 'select department, course from leads where reference = $1', [reference]);
    expect(row).toEqual({ department: ownCategory, course: ownCourse });

    expect((await post(target, '/api/apply', application(firstDepartment.key, joinedCourse))).status).toBe(201);
  });

  it('refuses a published course under another department, and a category nobody published', async () => {
    const wrong = await post(target, '/api/apply', application(firstDepartment.key, ownCourse));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.course).toBe('Please choose a course of the chosen department.');
    const unknown = await post(target, '/api/apply', application(`Cooking ${stamp}`, ownCourse));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.department).toBe('Please choose a department from the list.');
  });

  it('lists a published course once, under its category, after the departments of the content', () => {
    const offered = offeredDepartments([
      { title: ownCourse, category: ` ${ownCategory} ` },
      { title: ownCourse.toUpperCase(), category: ownCategory },
      { title: joinedCourse, category: firstDepartment.key },
    ]);
    expect(offered.slice(0, departmentsFile.departments.length).map((d) => d.key)).toEqual(departmentsFile.departments.map((d) => d.key));
    expect(offered.at(-1)).toEqual({ key: ownCategory, label: ownCategory, courses: [ownCourse] });
    expect(offered[0]!.courses.at(-1)).toBe(joinedCourse);
  });
});
