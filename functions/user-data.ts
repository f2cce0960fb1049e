/**
 * GET /api/user/data — the signed-in person's copy of their data (DataCopySchema): their account,
 * the student records that are theirs and the enquiries and applications filed with them
 * (functions/_shared/privacy/subject.ts), as a download `my-data-YYYY-MM-DD.json` (India's day) in
 * the page's language. Nothing of anyone else. Never cached; refused when another site asks.
 */
import type { Config } from '@netlify/functions';
import { server_cross_site } from '../src/i18n/messages';
import { indiaToday } from '../src/lib/schemas/real-day';
import { requireUser } from './_shared/auth/auth';
import { query } from './_shared/platform/db';
import { HttpError, allowMethods, crossSite, endpoint, json, requestLocale } from './_shared/platform/http';
import { dataCopyOf } from './_shared/privacy/data-copy';
import { subjectOfAccount } from './_shared/privacy/subject';

/** The shared pool's one-statement queries, as the shared readers take them. */
const db = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Parameters<typeof subjectOfAccount>[0];

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  // A download of personal data is never made on another site's behalf (a read, so `endpoint` does not check it).
  if (crossSite(req)) throw new HttpError(403, server_cross_site());
  const { user } = await requireUser(req);
  const subject = await subjectOfAccount(db, user._id);
  const copy = await dataCopyOf(db, subject, requestLocale(req));
  return json(copy, 200, {
    'Content-Disposition': `attachment; filename="my-data-${indiaToday()}.json"`,
    'Cache-Control': 'no-store',
  });
});

export const config: Config = { path: '/api/user/data' };
