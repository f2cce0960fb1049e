import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text, words } from './fields';

/** Departments and courses offered in the Apply form: `content/departments.json`. */
export const departments = defineCollection({
  loader: fromContent('departments.json'),
  schema: z.object({
    /** The departments, in the order the form lists them. */
    departments: z
      .array(
        z.object({
          /** Key sent to the API (as in the spec: Boards, UGcourses, dl, …). */
          key: z.string().regex(/^[A-Za-z0-9]+$/, 'use letters and digits only'),
          /** Name shown in the department list, in English and Hindi (staff read the English). */
          label: words(),
          /** Courses of this department, as shown and stored. */
          courses: z.array(text()).min(1, 'a department needs at least one course'),
        }),
      )
      .min(1)
      .refine((list) => new Set(list.map((d) => d.key)).size === list.length, 'department keys must be unique'),
  }),
});
