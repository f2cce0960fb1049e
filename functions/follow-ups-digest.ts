/**
 * A scheduled function (every day at 02:30 UTC, 8:00 in India; no public path): e-mails each
 * member of staff their follow-ups for the day (functions/_shared/leads/follow-ups.ts), and nothing to
 * those with nothing due. It logs what it did.
 * Locally it can be run by hand: POST /.netlify/functions/follow-ups-digest on `npm start`'s
 * server, and there only `?day=YYYY-MM-DD` runs it for another day (to try the mail out).
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/lead';
import { isRealDay } from '../src/lib/schemas/real-day';
import { env } from './_shared/platform/env';
import { sendFollowUpDigests } from './_shared/leads/follow-ups';

export default async (req: Request): Promise<Response> => {
  try {
    const { URL: site, local } = env();
    // The links go to the site's own address, as every mail's do.
    const origin = site ? new URL(site).origin : new URL(req.url).origin;
    const asked = local ? new URL(req.url).searchParams.get('day') : null;
    const day = asked && isRealDay(asked) ? asked : indiaToday();
    const done = await sendFollowUpDigests(day, origin);
    console.log('follow-ups digest:', JSON.stringify({ day, ...done }));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('follow-ups digest failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '30 2 * * *' };
