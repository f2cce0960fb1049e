/** Announcements of the scrolling line (marquee), shared by the admin island and /api/marquee. */
import { z } from './zod';
import { plainText } from './plain-text';
import { indiaToday, isOfficeDay } from './real-day';

/** Longest announcement, in characters. */
export const MARQUEE_MAX = 300;

/** The message for an end date that is not a day, or has passed. */
export const ENDS_ON_MESSAGE = 'Please choose an end date that is today or later, or leave it empty.';

/** POST /api/marquee. */
export const MarqueeMessageSchema = z.object({
  /** The announcement; blank or whitespace-only is refused. */
  message: z
    .string({ message: 'Please write the announcement.' })
    .trim()
    .check(plainText('the announcement'))
    .min(1, 'Please write the announcement.')
    .max(MARQUEE_MAX, `Please keep the announcement to ${MARQUEE_MAX} characters.`),
  /** The last day (India's) it is shown, YYYY-MM-DD; empty or left out: until it is deleted. */
  endsOn: z
    .union([z.string({ message: ENDS_ON_MESSAGE }), z.null()], { message: ENDS_ON_MESSAGE })
    .optional()
    .transform((v) => (v ? v.trim() : '') || null)
    .refine((v) => v === null || (isOfficeDay(v) && v >= indiaToday()), ENDS_ON_MESSAGE),
});
export type MarqueeMessageInput = z.input<typeof MarqueeMessageSchema>;

/** An announcement as GET /api/marquee gives it to everyone (only those still shown). */
export interface MarqueeMessage {
  _id: string;
  message: string;
}

/** An announcement as staff see it (GET /api/marquee?all=1): with its end date, ended ones too. */
export interface MarqueeListing extends MarqueeMessage {
  /** The last day it is shown (YYYY-MM-DD, India), or null. */
  endsOn: string | null;
  /** Whether that day has passed, so visitors no longer see it. */
  ended: boolean;
}
