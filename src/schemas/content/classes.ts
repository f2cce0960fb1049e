import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { isRealDay } from '../../lib/schemas/real-day';
import { fromContent } from './loader';
import { text, words } from './fields';

/** A day of the institute's calendar on which no class is held. */
const holiday = z.object({
  /** The day, YYYY-MM-DD (India's calendar). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD, e.g. 2027-01-26')
    .refine(isRealDay, 'must be a real day of the calendar'),
  /** Its name, e.g. 'Republic Day' (staff see the English). */
  name: words(text().max(60, 'keep the name under 60 characters')),
});

/** How the institute runs its classes: `content/classes.json`. */
export const classes = defineCollection({
  loader: fromContent('classes.json'),
  schema: z.object({
    /** Below this attendance (a percentage), a student is listed on Today and a certificate warns. */
    attendanceThreshold: z.number({ message: 'must be a number between 1 and 100, without quotes' }).int('must be a whole number').min(1).max(100),
    /** Holidays: no class is expected on these days. */
    holidays: z.array(holiday).superRefine((list, ctx) => {
      list.forEach((item, i) => {
        if (list.findIndex((other) => other.day === item.day) !== i) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: `${item.day} is listed twice` });
      });
    }),
  }),
});
