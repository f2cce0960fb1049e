/**
 * A scheduled function (every 10 minutes, no public path): sends the outbox mail that is due —
 * notifications whose send failed or whose request died before sending — and clears expired
 * bookkeeping (functions/_shared/housekeeping.ts). It logs what it did.
 * Locally it can be run by hand: POST /.netlify/functions/housekeeping on `npm start`'s server.
 */
import type { Config } from '@netlify/functions';
import { env } from './_shared/env';
import { sweepExpired } from './_shared/housekeeping';
import { deliverDue } from './_shared/outbox';

export default async (): Promise<Response> => {
  try {
    env();
    const mail = await deliverDue();
    const swept = await sweepExpired();
    console.log('housekeeping:', JSON.stringify({ mail, swept }));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('housekeeping failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '*/10 * * * *' };
