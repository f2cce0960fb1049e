/**
 * POST /api/applications/status — where an application stands, for the public status page: the
 * reference and the mobile number the form was sent with in, the status and what it means out;
 * nothing personal (no name, no documents, no numbers). An unknown reference and a wrong mobile
 * number get the same answer, so the page tells nobody which references exist, and the limits
 * (per address, and on wrong numbers per reference, high enough that one client cannot lock the
 * owner out) stop anyone trying every mobile number.
 */
import type { Config } from '@netlify/functions';
import {
  APPLICATION_FORM_LABELS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUS_MEANINGS,
  StatusQuerySchema,
  type ApplicationStatus,
  type StatusAnswer,
} from '../src/lib/schemas/application-status';
import type { ApplicationForm } from '../src/lib/schemas/uploads';
import { query } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, enforce } from './_shared/platform/limits';

/** The one answer for a reference and mobile number that name no application together. */
const STATUS_NOT_FOUND = 'We found no application with this reference and mobile number. Please check both and try again.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const input = validate(StatusQuerySchema, await readJson(req, 1024));
  await enforce([['status:address', byClient(req, context)]]);

  // A wrong mobile number counts against the reference (the try is counted before the lookup,
  // and given back when it finds the application), so no one can try every number for it from
  // many networks, and the owner's own checks never use it up.
  const row = await attempt([['status-failures:reference', input.reference]], async (tries) => {
    // When the status last changed: its latest move in the timeline, else when it was sent.
    const [row] = await query<{ reference: string; form: ApplicationForm; status: ApplicationStatus; updated_at: Date }>(
      `select l.reference, a.form, l.status,
              coalesce((select max(e.at) from lead_events e where e.lead_id = l.id and e.kind = 'status'), l.created_at) as updated_at
         from leads l join applications a on a.lead_id = l.id
        where l.reference = $1 and l.phone_norm = $2`,
      [input.reference, input.mobile],
    );
    if (!row) {
      tries.failed();
      throw new HttpError(404, STATUS_NOT_FOUND);
    }
    return row;
  });

  const answer: StatusAnswer = {
    reference: row.reference,
    form: APPLICATION_FORM_LABELS[row.form],
    status: row.status,
    statusLabel: APPLICATION_STATUS_LABELS[row.status],
    meaning: APPLICATION_STATUS_MEANINGS[row.status],
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  return json(answer);
});

export const config: Config = { path: '/api/applications/status' };
