/**
 * GET /api/admin/person-data?request= (permission 'privacy': the Owner) — the copy of the records
 * found for a request (DataCopySchema, in the request's language) as a download
 * `data-<reference>.json`, to hand over to the person once staff confirmed who asks. An audit line
 * 'export'. Refused when another site asks.
 */
import type { Config } from '@netlify/functions';
import { PersonDataQuerySchema } from '../src/lib/schemas/data-rights';
import { requireStaff } from './_shared/auth/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { CROSS_SITE_MESSAGE, HttpError, allowMethods, crossSite, endpoint, json, validate } from './_shared/platform/http';
import { dataCopyOf } from './_shared/privacy/data-copy';
import { subjectOfRequest } from './_shared/privacy/request-subject';
import { requestById } from './_shared/privacy/requests';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  if (crossSite(req)) throw new HttpError(403, CROSS_SITE_MESSAGE);
  const { staff, address } = await requireStaff(req, context, { need: 'privacy' });
  const { request: id } = validate(PersonDataQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return transaction(async (client) => {
    const request = await requestById(client, id);
    if (!request) throw new HttpError(404, 'This request was not found. The list may be out of date: please open it again.');
    const subject = await subjectOfRequest(client, request);
    const copy = await dataCopyOf(client, subject, request.language);
    await audit(
      {
        staffId: staff.id,
        action: 'export',
        entity: 'person',
        subject: request.reference,
        detail: { request: request.reference, records: subject.leadIds.length + subject.studentIds.length + subject.userIds.length },
      },
      address,
      client,
    );
    return json(copy, 200, { 'Content-Disposition': `attachment; filename="data-${request.reference}.json"`, 'Cache-Control': 'no-store' });
  });
});

export const config: Config = { path: '/api/admin/person-data' };
