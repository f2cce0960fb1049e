/**
 * A notice to a student that staff send by WhatsApp from the screen where it happened (a receipt,
 * a UPI payment confirmed or not, a receipt cancelled): the server writes it in both languages,
 * the student's own first, and says whether an e-mail went too. The admin's WhatsAppNotice shows it.
 */
import type { PersonLanguage } from '../person-language';
import type { Messaging } from './messaging';

/** One language's message and the wa.me link that opens it on the student's number ('' where no message may go). */
export interface NoticeMessage {
  text: string;
  link: string;
}

/** What an action answers under `notice`. */
export interface StudentNotice {
  /** The student's name, for the buttons' words. */
  student: string;
  /** The student's language (people.language): the message staff usually send. */
  language: PersonLanguage;
  /** Whether the record has a mobile number WhatsApp can open (else WhatsApp asks whom to send it to). */
  hasMobile: boolean;
  /** The message in each language. */
  messages: Record<PersonLanguage, NoticeMessage>;
  /** Whether an e-mail went to the student record's address as well (false: it has none). */
  emailed: boolean;
  /** Whom it may go to when not the student: a minor's guardian (the links open on their mobile), or nobody (no links; decision 053). */
  messaging?: Messaging;
}
