/**
 * A guardian's consent releases a held submission (hold.ts): the hold is claimed (released_at) so
 * it is stored once, the guardian's consent rows are written, and the submission is stored
 * exactly as its own function would (storeLead, storeApplication, the account's insert), as a
 * minor's record (no attribution, no follow-up day) linked to that consent. If storing fails, the
 * consent rows go and the hold waits again. The answer is the form's own success.
 */
import type { Application } from '../../../src/lib/schemas/apply';
import { FORMS, type ApplicationPayload } from '../../../src/lib/schemas/application-forms';
import type { GuardianDocument } from '../../../src/lib/schemas/guardian-consent';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import type { NoticeForm } from '../../../src/lib/privacy-notice';
import type { DataRequest } from '../../../src/lib/schemas/data-rights';
import { formatIndiaDay } from '../../../src/lib/india-time';
import { localeOf } from '../../../src/i18n/locales';
import { getLocale } from '../../../src/paraglide/runtime.js';
import { rights_request_thanks, server_account_verified, server_apply_thanks, server_contact_thanks } from '../../../src/i18n/messages';
import { accountExists } from '../auth/auth';
import { storeApplication } from '../applications/applications';
import { applyLeadOf, contactLeadOf, type ContactInput } from '../leads/form-leads';
import { storeLead } from '../leads/leads';
import { pool, query, transaction } from '../platform/db';
import { HttpError } from '../platform/http';
import type { Mail } from '../platform/mail';
import { leadMail } from '../platform/outbox';
import { formRequest, storeRequest } from '../privacy/requests';
import { GUARDIAN_PURPOSES, writeConsents } from './consents';
import { heldRequestOf, type HoldRow } from './hold';

/** How the guardian consented. */
export interface GivenConsent {
  method: 'email-code' | 'office';
  whatsapp: boolean;
  staff?: { id: string; name: string } | undefined;
  document?: GuardianDocument | undefined;
}

/** What storing a released hold gave: the form's answer, the record, mails to send after it. */
export interface Released {
  message: string;
  reference?: string | undefined;
  leadId?: string | undefined;
  userId?: string | undefined;
  /** A request about the child's data, made by the guardian. */
  requestId?: string | undefined;
  consentId: string;
  mails: { outboxId: string; mail: Mail }[];
}

/**
 * Stores `hold` (already claimed by the caller: released_at set) with the guardian's consent;
 * on failure the claim is undone and the error rethrown.
 */
export async function storeReleased(hold: HoldRow, given: GivenConsent): Promise<Released> {
  const request = heldRequestOf(hold);
  const guardian = { name: hold.guardian_name, relation: hold.guardian_relation, email: hold.guardian_email, phone: hold.guardian_phone };
  const consentIds = await writeConsents(pool(), {
    purposes: GUARDIAN_PURPOSES,
    guardian,
    method: given.method,
    whatsapp: given.whatsapp && Boolean(hold.guardian_phone),
    staff: given.staff,
    document: given.document,
    noticeForm: hold.form as NoticeForm,
    language: request.language,
  });
  const consentId = consentIds[0]!;
  try {
    const stored = await storeForm(hold, request, consentId);
    // The consent rows and the hold name what the submission became.
    await query(
      `with linked as (
         update consents set lead_id = $2::bigint, user_id = $3::uuid, person_id = (select person_id from leads where id = $2::bigint) where id = any($1::bigint[])
       )
       update held_submissions set lead_id = $2::bigint, user_id = $3::uuid, consent_id = $4::bigint where id = $5::uuid`,
      [consentIds, stored.leadId ?? null, stored.userId ?? null, consentId, hold.id],
    );
    return { ...stored, consentId };
  } catch (error) {
    await transaction(async (client) => {
      await client.query('update held_submissions set released_at = null where id = $1', [hold.id]);
      await client.query('delete from consents where id = any($1::bigint[])', [consentIds]);
    });
    throw error;
  }
}

/** The form's own storing of the held request, as a minor's record. */
async function storeForm(hold: HoldRow, request: ReturnType<typeof heldRequestOf>, consentId: string): Promise<Omit<Released, 'consentId'>> {
  const minor = { minor: true, guardianConsentId: consentId, attribution: undefined };
  switch (hold.form) {
    case 'apply': {
      const input = request.body as unknown as Application;
      const lead = { ...applyLeadOf(input, request.language), ...minor };
      const stored = await storeLead(lead, request.key, request.body);
      const n = stored.notification;
      return {
        message: server_apply_thanks({ name: input.name, reference: stored.reference }),
        reference: stored.reference,
        leadId: n?.lead.id ?? undefined,
        mails: n ? [{ outboxId: n.outboxId, mail: leadMail(n.lead, request.origin) }] : [],
      };
    }
    case 'contact': {
      const input = request.body as unknown as ContactInput;
      const lead = { ...contactLeadOf(input, request.language), ...minor };
      const stored = await storeLead(lead, request.key, request.body);
      const n = stored.notification;
      return {
        message: server_contact_thanks({ name: input.name, reference: stored.reference }),
        reference: stored.reference,
        leadId: n?.lead.id ?? undefined,
        mails: n ? [{ outboxId: n.outboxId, mail: leadMail(n.lead, request.origin) }] : [],
      };
    }
    case 'emitra':
    case 'csc':
    case 'iibf':
    case 'nielit': {
      const def = FORMS[hold.form as ApplicationForm];
      const input = request.body as unknown as ApplicationPayload;
      const stored = await storeApplication(def, input, {
        key: request.key,
        hash: request.hash,
        origin: request.origin,
        language: request.language,
        minor: { consentId },
      });
      const [row] = await query<{ id: string }>('select id::text from leads where reference = $1', [stored.reference]);
      return { message: def.says.success(), reference: stored.reference, leadId: row?.id, mails: stored.mails };
    }
    case 'register': {
      const { name, email, passwordHash } = request.body as { name: string; email: string; passwordHash: string };
      const [row] = await query<{ id: string }>(
        `insert into users (name, email, password_hash, language, minor, guardian_consent_id) values ($1, $2, $3, $4, true, $5)
         on conflict ((lower(email))) do nothing returning id::text`,
        [name, email, passwordHash, request.language, consentId],
      );
      if (!row) throw new HttpError(409, accountExists());
      return { message: server_account_verified(), userId: row.id, mails: [] };
    }
    case 'data-request': {
      // The request about the child's data, made by the guardian who consented: it names that consent.
      const input = request.body as unknown as DataRequest;
      const { row } = await transaction((client) => storeRequest(client, formRequest(input, request.language, request.key, consentId)));
      return {
        message: rights_request_thanks({ day: formatIndiaDay(row.answer_by, localeOf(getLocale())) }),
        reference: row.reference,
        requestId: row.id,
        mails: [],
      };
    }
    default:
      throw new Error(`A held ${hold.form} cannot be stored here.`);
  }
}
