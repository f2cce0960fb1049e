/**
 * "Guardian consent: given / waiting / withdrawn" on every record of a minor (a lead, an
 * application, a student's fees and record): who gave it, their relation, how (the code e-mailed
 * to them, or at the office with the identity document seen and who recorded it), when in India
 * time, and the notice's version and language. Nothing for an adult's record (no `guardianConsent`).
 */
import { GuardianConsentViewSchema, type GuardianConsentView, type GuardianDocument, type GuardianRelation } from '../../lib/schemas/guardian-consent';
import { formatMoment } from './dates';

const RELATIONS: Record<GuardianRelation, string> = { mother: 'mother', father: 'father', guardian: 'legal guardian' };

/** The identity documents staff may have seen, in words. */
export const DOCUMENT_WORDS: Record<GuardianDocument, string> = {
  aadhaar: 'Aadhaar card',
  pan: 'PAN card',
  'voter-id': 'Voter ID card',
  'driving-licence': 'Driving licence',
  passport: 'Passport',
  'ration-card': 'Ration card',
  other: 'Another identity document',
};

const STATUS_WORDS: Record<GuardianConsentView['status'], string> = { given: 'given', waiting: 'waiting', withdrawn: 'withdrawn' };

/** The `guardianConsent` of a staff answer (a lead, an application, a student), when it is a minor's; else null. */
export function guardianConsentOf(record: unknown): GuardianConsentView | null {
  const value = (record as { guardianConsent?: unknown } | null | undefined)?.guardianConsent;
  if (!value) return null;
  const view = GuardianConsentViewSchema.safeParse(value);
  return view.success ? view.data : null;
}

/** How the consent was given, in words. */
function howWords(view: GuardianConsentView): string | null {
  if (view.how === 'email-code') return 'with the code e-mailed to them';
  if (view.how === 'office')
    return `at the office${view.document ? `, ${DOCUMENT_WORDS[view.document]} seen` : ''}${view.staffName ? `, recorded by ${view.staffName}` : ''}`;
  return null;
}

/** The line for a minor's record (see the module's comment); nothing for an adult's. */
export function GuardianConsentLine({ record }: { record: unknown }) {
  const view = guardianConsentOf(record);
  if (!view) return null;
  const details = [
    `${view.status === 'waiting' ? 'asked of' : 'by'} ${view.guardianName} (${RELATIONS[view.relation]})`,
    howWords(view),
    view.at && `${formatMoment(view.at)} India time`,
    view.noticeVersion && `notice ${view.noticeVersion}${view.language ? ` in ${view.language === 'hi' ? 'Hindi' : 'English'}` : ''}`,
    view.status === 'given' && (view.whatsapp ? 'WhatsApp updates to the guardian: yes' : 'WhatsApp updates: no'),
  ].filter(Boolean);
  return (
    <p className={`guardian-consent-line guardian-consent-line--${view.status}`}>
      <strong>Guardian consent: {STATUS_WORDS[view.status]}</strong>
      {details.length > 0 && ` — ${details.join('; ')}`}
      {view.status === 'waiting' && '. Nothing of this minor reaches staff until the guardian consents.'}
    </p>
  );
}
