/**
 * A scheduled function (every 5 minutes, no public path): submits the practice-test attempts
 * whose deadline has passed, with the answers that reached the server (submitted_by 'deadline';
 * decision 052), by the same marking as a student's submission. Reads of such an attempt do it
 * too, so nothing waits on this schedule; this is for the phone that never comes back. It logs
 * how many it submitted. Locally: POST /.netlify/functions/tests-deadlines on `npm start`'s server.
 */
import type { Config } from '@netlify/functions';
import { env } from './_shared/platform/env';
import { submitOverdue } from './_shared/practice/attempts';

export default async (): Promise<Response> => {
  try {
    env();
    let submitted = 0;
    // A batch at a time, until none is left (a lab's 300 attempts share one deadline).
    for (let batch = await submitOverdue(null, 200); batch > 0; batch = await submitOverdue(null, 200)) submitted += batch;
    console.log('tests-deadlines:', JSON.stringify({ submitted }));
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('tests-deadlines failed:', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = { schedule: '*/5 * * * *' };
