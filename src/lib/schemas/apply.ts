/** The application (lead) form: the Apply Now dialog and POST /api/apply. */
import { z } from './zod';
import departmentsFile from '../../../content/departments.json';
import { AttributionSchema } from './attribution';
import { EmailSchema, HoneypotSchema, IndianMobileSchema, NameSchema } from './fields';
import { AgeFields, checkGuardian } from './guardian-consent';
import {
  apply_consent_required,
  apply_course_of_department,
  apply_course_required,
  apply_department_required,
  apply_department_unknown,
} from '../../i18n/messages';

/** A department of the Apply form and its courses. */
export interface Department {
  key: string;
  /** Its name in English: what the server and staff read (and a published course's category is compared with). */
  label: string;
  /** Its name in each language, for the form (content's departments; a published category has only its own name). */
  labels?: { en: string; hi: string };
  courses: string[];
}

/** Departments and their courses, as in content/departments.json. */
export const departments: Department[] = departmentsFile.departments.map(({ key, label, courses }) => ({ key, label: label.en, labels: label, courses }));

/** A department's name in `locale` (a category staff typed is shown as typed). */
export const departmentName = (department: Department, locale: 'en' | 'hi') => department.labels?.[locale] ?? department.label;

/** A course staff published (the courses table): its title and its category. */
export interface PublishedCourse {
  title: string;
  category: string;
}

/** A name compared without regard to case or spacing. */
const folded = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The departments of content/departments.json with the published courses added under their
 * category: a category named like a department (its label or key) joins that department's
 * courses; any other category is a department of its own, its name as its key.
 */
export function offeredDepartments(published: readonly PublishedCourse[]): Department[] {
  const merged = departments.map((d) => ({ ...d, courses: [...d.courses] }));
  for (const course of published) {
    const title = course.title.trim();
    const category = course.category.trim().replace(/\s+/g, ' ');
    if (!title || !category) continue;
    let department = merged.find((d) => folded(d.label) === folded(category) || folded(d.key) === folded(category));
    if (!department) {
      department = { key: category, label: category, courses: [] };
      merged.push(department);
    }
    if (!department.courses.some((c) => folded(c) === folded(title))) department.courses.push(title);
  }
  return merged;
}

/**
 * The schema of POST /api/apply, whose department and course must be among `published()`'s
 * offer (content's departments and the published courses): the server reads the courses table,
 * the form the list it showed.
 */
export const applySchemaWith = (published: () => readonly PublishedCourse[]) =>
  z
    .object({
      /** "Are you under 18?" and, if so, a parent's or guardian's details (a minor's application waits for their consent). */
      ...AgeFields,
      /** Applicant's full name. */
      name: NameSchema,
      /** Applicant's e-mail address. */
      email: EmailSchema,
      /** Applicant's mobile number. */
      phone: IndianMobileSchema,
      /** Department key, e.g. `dl`. */
      department: z
        .string({ error: () => apply_department_required() })
        .refine((key) => offeredDepartments(published()).some((d) => d.key === key), { error: () => apply_department_unknown() }),
      /** Course within the department. */
      course: z.string({ error: () => apply_course_required() }).min(1, { error: () => apply_course_required() }),
      /** Permission to contact; must be given. */
      consent: z.literal(true, { error: () => apply_consent_required() }),
      /** Hidden anti-spam field. */
      website: HoneypotSchema,
      /** Where the visit came from (src/lib/keep-visit.ts); never a reason to refuse the form. */
      attribution: AttributionSchema,
    })
    .refine(
      (v) =>
        offeredDepartments(published())
          .find((d) => d.key === v.department)
          ?.courses.includes(v.course) ?? true,
      {
        error: () => apply_course_of_department(),
        path: ['course'],
      },
    )
    .superRefine(checkGuardian((v) => ({ age: v.age, guardian: v.guardian, email: v.email })));

/** The payload of POST /api/apply with content's departments only (no published course). */
export const ApplySchema = applySchemaWith(() => []);

export type ApplyInput = z.input<typeof ApplySchema>;
export type Application = z.output<typeof ApplySchema>;
