/** Announcements of the scrolling line (marquee), shared by the admin island and /api/marquee. */
import { z } from './zod';
import { plainText } from './plain-text';

/** Longest announcement, in characters. */
export const MARQUEE_MAX = 300;

/** POST /api/marquee. */
export const MarqueeMessageSchema = z.object({
  /** The announcement; blank or whitespace-only is refused. */
  message: z
    .string({ message: 'Please write the announcement.' })
    .trim()
    .check(plainText('the announcement'))
    .min(1, 'Please write the announcement.')
    .max(MARQUEE_MAX, `Please keep the announcement to ${MARQUEE_MAX} characters.`),
});
export type MarqueeMessageInput = z.input<typeof MarqueeMessageSchema>;

/** An announcement as GET /api/marquee gives it. */
export interface MarqueeMessage {
  _id: string;
  message: string;
}
