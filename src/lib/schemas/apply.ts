/** The application (lead) form: the Apply Now dialog and POST /api/apply. */
import { z } from './zod';
import departmentsFile from '../../../content/departments.json';
import { AttributionSchema } from './attribution';
import { EmailSchema, HoneypotSchema, IndianMobileSchema, NameSchema } from './fields';

/** Departments and their courses, as in content/departments.json. */
export const departments: { key: string; label: string; courses: string[] }[] = departmentsFile.departments;

/** The payload of POST /api/apply. */
export const ApplySchema = z
  .object({
    /** Applicant's full name. */
    name: NameSchema,
    /** Applicant's e-mail address. */
    email: EmailSchema,
    /** Applicant's mobile number. */
    phone: IndianMobileSchema,
    /** Department key, e.g. `dl`. */
    department: z
      .string({ message: 'Please choose a department.' })
      .refine((key) => departments.some((d) => d.key === key), 'Please choose a department from the list.'),
    /** Course within the department. */
    course: z.string({ message: 'Please choose a course.' }).min(1, 'Please choose a course.'),
    /** Permission to contact; must be given. */
    consent: z.literal(true, { message: 'Please tick the box to allow us to contact you.' }),
    /** Hidden anti-spam field. */
    website: HoneypotSchema,
    /** Where the visit came from (src/lib/keep-visit.ts); never a reason to refuse the form. */
    attribution: AttributionSchema,
  })
  .refine((v) => departments.find((d) => d.key === v.department)?.courses.includes(v.course) ?? true, {
    message: 'Please choose a course of the chosen department.',
    path: ['course'],
  });

export type ApplyInput = z.input<typeof ApplySchema>;
export type Application = z.output<typeof ApplySchema>;
