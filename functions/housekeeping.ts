/**
 * A scheduled function (daily, no public path): clears expired rate-limit windows, one-time-code
 * challenges and idempotency keys (functions/_shared/housekeeping.ts) and logs how many.
 * Locally it can be run by hand: POST /.netlify/functions/housekeeping on `npm start`'s server.
 */
import type { Config } from '@netlify/functions';
import { sweepExpired } from './_shared/housekeeping';

export default async (): Promise<Response> => {
  try {
    const swept = await sweepExpired();
    console.log('housekeeping:', JSON.stringify(swept));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('housekeeping failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '@daily' };
