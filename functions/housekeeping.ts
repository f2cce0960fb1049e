/**
 * A scheduled function (every 10 minutes, no public path): sends the outbox mail that is due —
 * notifications whose send failed or whose request died before sending — and clears expired
 * bookkeeping (functions/_shared/housekeeping.ts), and deletes application documents no
 * application took and those of applications closed beyond the retention period
 * (functions/_shared/document-housekeeping.ts). It logs what it did.
 * Locally it can be run by hand: POST /.netlify/functions/housekeeping on `npm start`'s server.
 */
import type { Config } from '@netlify/functions';
import { sweepDocuments } from './_shared/document-housekeeping';
import { env } from './_shared/env';
import { sweepExpired } from './_shared/housekeeping';
import { deliverDue } from './_shared/outbox';

export default async (): Promise<Response> => {
  try {
    env();
    const mail = await deliverDue();
    const swept = await sweepExpired();
    const documents = await sweepDocuments();
    console.log('housekeeping:', JSON.stringify({ mail, swept, documents }));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('housekeeping failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '*/10 * * * *' };
