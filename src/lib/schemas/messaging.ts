/**
 * Whom staff may message about a person, on WhatsApp or by a call (DPDP Act 2023 ss.6(4), 9(3);
 * decision 053): a minor only through their parent or guardian, and only if the guardian agreed to
 * WhatsApp; nobody who withdrew their consent to updates. Staff answers that list people (leads,
 * dues, a register's absent students, certificates, a receipt's notice) carry it as `messaging`,
 * present only when it is not the person's own number as usual.
 */

/** Why staff may not message the person. */
export type NoMessagingWhy = 'guardian-no-whatsapp' | 'withdrawn';

export type Messaging =
  /** A minor whose guardian agreed to WhatsApp: messages and calls go to the guardian's mobile. */
  | { to: 'guardian'; phone: string; guardian: string }
  /** No WhatsApp at all (see `why`). */
  | { to: 'nobody'; why: NoMessagingWhy };

/** What staff's screens say instead of the WhatsApp button. */
export const NO_MESSAGING_WORDS: Record<NoMessagingWhy, string> = {
  'guardian-no-whatsapp': 'No WhatsApp: the guardian did not agree',
  withdrawn: 'Consent to messages withdrawn',
};

/** The number a WhatsApp message or call to the person goes to; null: none may go. */
export function messagingPhone(person: { phone: string | null; messaging?: Messaging | undefined }): string | null {
  if (!person.messaging) return person.phone;
  return person.messaging.to === 'guardian' ? person.messaging.phone : null;
}

/** The words staff see instead of the WhatsApp button, or null when it may be sent. */
export const noMessagingWords = (messaging: Messaging | undefined): string | null => (messaging?.to === 'nobody' ? NO_MESSAGING_WORDS[messaging.why] : null);
