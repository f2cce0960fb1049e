/**
 * GET /api/certificate/{number} — public, no sign-in: whether the institute issued a certificate
 * with this number (case does not matter), and what it says: name, course, the batch's dates,
 * grade, marks, issue day, valid or revoked (with the day and reason). Nothing else about the
 * student: no contact details, no record ids. 404 "No certificate has this number.", 400 for
 * what cannot be a number. Limited per client address in Postgres (no site-wide ceiling, so one
 * client cannot stop everyone verifying). Not for search engines (X-Robots-Tag), and a found
 * certificate may be kept a minute by browsers and the CDN.
 */
import type { Config } from '@netlify/functions';
import { MALFORMED_NUMBER_MESSAGE, normaliseCertificateNumber } from '../src/lib/schemas/certificate';
import { CERTIFICATE_COLUMNS, publicCertificateOf, type CertificateRow } from './_shared/classes/certificates';
import { query } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';

const NOINDEX = { 'X-Robots-Tag': 'noindex' };

/** The endpoint's work; every answer, refusals included, carries noindex. */
const verify = endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  // Counted before the number is even read: a guesser's malformed tries count too.
  await enforce([['certificate:address', byClient(req, context)]]);
  const number = normaliseCertificateNumber(context.params?.['number']);
  if (!number) throw new HttpError(400, MALFORMED_NUMBER_MESSAGE);
  const [row] = await query<CertificateRow>(`select ${CERTIFICATE_COLUMNS} from certificates c where upper(c.number) = $1`, [number]);
  if (!row) throw new HttpError(404, 'No certificate has this number.');
  // A revocation shows everywhere within a minute.
  return json(publicCertificateOf(row), 200, { 'Cache-Control': 'public, max-age=60' });
});

export default async (req: Request, context: Parameters<typeof verify>[1]): Promise<Response> => {
  const response = await verify(req, context);
  for (const [name, value] of Object.entries(NOINDEX)) response.headers.set(name, value);
  return response;
};

export const config: Config = { path: '/api/certificate/:number' };
