/** Students staff register (GET/POST /api/students, PUT/DELETE /api/students/{id}), staff-only. */
import { z } from './zod';
import { EmailSchema, IndianMobileSchema, NameSchema, TextSchema } from './fields';
import { isRealDay } from './real-day';
import { VersionSchema } from './records';

/** The fields of a student record. */
export const StudentFieldsSchema = z.object({
  /** The student's name. */
  name: NameSchema,
  /** Their e-mail address. */
  email: EmailSchema,
  /** Their mobile number (optional), stored as +91XXXXXXXXXX. */
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), IndianMobileSchema.optional()),
  /** The course they joined. */
  course: TextSchema('the course', 2, 120),
  /** The day they registered (YYYY-MM-DD); today when left out. */
  registrationDate: z
    .string({ message: 'Please enter the registration date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the registration date as YYYY-MM-DD.')
    .refine(isRealDay, 'Please enter a real date.')
    .optional(),
});
export type StudentFields = z.infer<typeof StudentFieldsSchema>;
export type StudentFieldsInput = z.input<typeof StudentFieldsSchema>;

/** PUT /api/students/{id}. */
export const StudentUpdateSchema = StudentFieldsSchema.extend({ version: VersionSchema });

/** A student as the API gives it (the spec's listing fields, and the rest). */
export interface Student {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  course: string;
  registrationDate: string;
  /** The lead this student was admitted from (the leads inbox), if any. */
  leadId: string | null;
  version: number;
}

/** A registered account as GET /api/user/all gives it. */
export interface UserListing {
  _id: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
}
