/**
 * POST /api/applications/status — where an application stands, for the public status page: the
 * reference and the mobile number the form was sent with in, the status and what it means out;
 * nothing personal (no name, no documents, no numbers). An unknown reference and a wrong mobile
 * number get the same answer, so the page tells nobody which references exist, and the limits
 * (per address; on wrong numbers per reference and wider network, and per reference, high enough
 * that one network cannot lock the owner out) stop anyone trying every mobile number. The status
 * link of the confirmation e-mail ({reference, key}: status-link.ts) needs no mobile number and
 * counts no failures, so the applicant gets in however many wrong numbers strangers typed
 * (decision 030).
 */
import type { Config } from '@netlify/functions';
import {
  APPLICATION_FORM_LABELS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUS_MEANINGS,
  StatusLinkQuerySchema,
  StatusQuerySchema,
  type ApplicationStatus,
  type StatusAnswer,
} from '../src/lib/schemas/application-status';
import type { ApplicationForm } from '../src/lib/schemas/uploads';
import { query } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byNetwork, enforce } from './_shared/platform/limits';
import { statusLinkMatches } from './_shared/applications/status-link';
import { server_status_not_found } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const body = await readJson(req, 1024);
  const linked = typeof body === 'object' && body !== null && 'key' in body;
  const input = linked ? validate(StatusLinkQuerySchema, body) : validate(StatusQuerySchema, body);
  await enforce([['status:address', byClient(req, context)]]);

  const row =
    'key' in input
      ? // The link's key cannot be guessed: nothing to count, and a wrong one is "not found" like a wrong number.
        statusLinkMatches(input.reference, input.key)
        ? await statusOf(input.reference, null)
        : undefined
      : // A wrong mobile number counts against the reference, from this wider network and from all
        // together (the try is counted before the lookup, and given back when it finds the
        // application), so no one can try every number for it from many networks, and the
        // owner's own checks never use it up.
        await attempt(
          [
            ['status-failures:reference-network', `${input.reference}@${byNetwork(req, context)}`],
            ['status-failures:reference', input.reference],
          ],
          async (tries) => {
            const found = await statusOf(input.reference, input.mobile);
            if (!found) tries.failed();
            return found;
          },
        );
  if (!row) throw new HttpError(404, server_status_not_found());

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

/** The application of `reference` (sent with `mobile`, unless it came by its status link) and when its status last changed. */
async function statusOf(reference: string, mobile: string | null) {
  const [row] = await query<{ reference: string; form: ApplicationForm; status: ApplicationStatus; updated_at: Date }>(
    `select l.reference, a.form, l.status,
            coalesce((select max(e.at) from lead_events e where e.lead_id = l.id and e.kind = 'status'), l.created_at) as updated_at
       from leads l join applications a on a.lead_id = l.id
      where l.reference = $1 and ($2::text is null or l.phone_norm = $2)`,
    [reference, mobile],
  );
  return row;
}

export const config: Config = { path: '/api/applications/status' };
