/**
 * GET /api/certificate/{number} — public, no sign-in: whether the institute issued a certificate
 * with this number (case does not matter), and what it says: name, course, the batch's dates,
 * grade, marks, issue day, valid or revoked (with the day and reason). Nothing else about the
 * student: no contact details, no record ids. 404 "No certificate has this number.", 400 for
 * what cannot be a number. Limited per client address in Postgres (no site-wide ceiling, so one
 * client cannot stop everyone verifying), and the lookups that find nothing are limited per
 * address, per site (/48, /24) and per provider block (/32, /16): a find never counts, so honest
 * verifiers are not refused, while a sweep of the numbers would take any network centuries
 * (docs/decisions/034-certificate-lookups.md). Not for search engines (X-Robots-Tag), and a found
 * certificate may be kept a minute by browsers and the CDN.
 */
import type { Config } from '@netlify/functions';
import { normaliseCertificateNumber } from '../src/lib/schemas/certificate';
import { CERTIFICATE_COLUMNS, publicCertificateOf, type CertificateRow } from './_shared/classes/certificates';
import { query } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json } from './_shared/platform/http';
import { clientIp, networksOf } from './_shared/platform/client';
import { recordEvent } from './_shared/platform/events';
import { attempt, byClient, enforce } from './_shared/platform/limits';
import { refuseWhenSpent } from './_shared/platform/spent-limits';
import { server_certificate_malformed, server_certificate_not_found } from '../src/i18n/messages';

const NOINDEX = { 'X-Robots-Tag': 'noindex' };

/** The endpoint's work; every answer, refusals included, carries noindex. */
const verify = endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  // Counted before the number is even read: a guesser's malformed tries count too.
  await enforce([['certificate:address', byClient(req, context)]]);
  const number = normaliseCertificateNumber(context.params?.['number']);
  if (!number) throw new HttpError(400, server_certificate_malformed());
  // Misses are counted per address, per site and per provider block; a find never counts, so any
  // number of verifiers on one network are answered at once. A network past any of its budgets
  // is refused every lookup, found or not, or its refusals would tell misses from finds.
  const { address, site, provider } = networksOf(clientIp(req, context));
  const uses = [
    ['certificate-miss:address', address],
    ['certificate-miss:site', site],
    ['certificate-miss:provider', provider],
  ] as const;
  const [row] = await query<CertificateRow>(`select ${CERTIFICATE_COLUMNS} from certificates c where upper(c.number) = $1`, [number]);
  if (!row) {
    // Counted in every budget at once, only while each is under its max (parallel misses take
    // turns), else 429 with nothing counted.
    await attempt(uses, async (tries) => {
      // The last miss a budget allowed: worth a line in the security log (someone may be sweeping).
      if (tries.failed()) await recordEvent({ kind: 'rate-limited', detail: { limit: 'certificate-miss' } }, clientIp(req, context));
    });
    throw new HttpError(404, server_certificate_not_found());
  }
  await refuseWhenSpent(uses);
  // A revocation shows everywhere within a minute.
  return json(publicCertificateOf(row), 200, { 'Cache-Control': 'public, max-age=60' });
});

export default async (req: Request, context: Parameters<typeof verify>[1]): Promise<Response> => {
  const response = await verify(req, context);
  for (const [name, value] of Object.entries(NOINDEX)) response.headers.set(name, value);
  return response;
};

export const config: Config = { path: '/api/certificate/:number' };
