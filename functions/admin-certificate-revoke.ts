/**
 * POST /api/admin/certificates/{number}/revoke {reason} (permission 'certificates-revoke': an
 * Owner): the certificate stops standing. Anyone who verifies its number from then on reads
 * "Revoked", the day and the reason (5 to 300 characters, so it must say something). The
 * revocation and its audit line are one transaction; a certificate already revoked answers 409
 * with when and why, and changes nothing.
 */
import type { Config } from '@netlify/functions';
import { RevokeCertificateSchema, normaliseCertificateNumber } from '../src/lib/schemas/certificate';
import { formatIndiaDay } from '../src/lib/india-time';
import { CERTIFICATE_COLUMNS, staffCertificateOf, type CertificateRow } from './_shared/classes/certificates';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';

const notFound = () => new HttpError(404, 'No certificate has this number.');

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'certificates-revoke' });
  const number = normaliseCertificateNumber(context.params?.['number']);
  if (!number) throw notFound();
  const { reason } = validate(RevokeCertificateSchema, await readJson(req, 4 * 1024));

  const certificate = await transaction(async (client) => {
    const { rows } = await client.query<CertificateRow>(
      `update certificates c set revoked_at = now(), revoked_reason = $2, revoked_by = $3
        where upper(c.number) = $1 and c.revoked_at is null
        returning ${CERTIFICATE_COLUMNS}, null::text as issued_by`,
      [number, reason, staff.id],
    );
    const row = rows[0];
    if (!row) {
      const { rows: found } = await client.query<CertificateRow>(
        `select ${CERTIFICATE_COLUMNS}, null::text as issued_by from certificates c where upper(c.number) = $1`,
        [number],
      );
      const revoked = found[0];
      if (!revoked) throw notFound();
      throw new HttpError(
        409,
        `Certificate ${revoked.number} was already revoked on ${formatIndiaDay(revoked.revoked_on)} (“${revoked.revoked_reason ?? ''}”). Nothing was changed.`,
      );
    }
    await audit(
      { staffId: staff.id, action: 'revoke', entity: 'certificate', entityId: row.number, subject: row.number, detail: { student: row.student_name, reason } },
      address,
      client,
    );
    return staffCertificateOf(row);
  });
  return json({ message: `Certificate ${certificate.number} of ${certificate.name} is revoked.`, certificate });
});

export const config: Config = { path: '/api/admin/certificates/:number/revoke' };
