/**
 * A scheduled function (every 10 minutes, no public path): sends the outbox mail that is due —
 * notifications whose send failed or whose request died before sending — and clears expired
 * bookkeeping (functions/_shared/platform/housekeeping.ts), and deletes application documents no
 * application took and those of applications closed beyond the retention period
 * (functions/_shared/storage/document-housekeeping.ts), and course pictures no course shows a
 * day after their upload (functions/_shared/storage/course-pictures.ts), and writes the Latin key of
 * names written before migration 012 (functions/_shared/records/name-keys.ts), and applies the retention
 * schedule (functions/_shared/privacy/retention.ts). It logs what it did.
 * Locally it can be run by hand: POST /.netlify/functions/housekeeping on `npm start`'s server.
 */
import type { Config } from '@netlify/functions';
import { sweepCoursePictures } from './_shared/storage/course-pictures';
import { sweepDocuments } from './_shared/storage/document-housekeeping';
import { env } from './_shared/platform/env';
import { sweepExpired } from './_shared/platform/housekeeping';
import { deliverDue } from './_shared/platform/outbox';
import { keyMissingNames } from './_shared/records/name-keys';
import { applyRetention } from './_shared/privacy/retention';

export default async (): Promise<Response> => {
  try {
    env();
    const mail = await deliverDue();
    const swept = await sweepExpired();
    const documents = await sweepDocuments();
    const coursePictures = await sweepCoursePictures();
    const keyed = await keyMissingNames();
    const retention = await applyRetention();
    console.log('housekeeping:', JSON.stringify({ mail, swept, documents, coursePictures, keyed, retention }));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('housekeeping failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '*/10 * * * *' };
