/**
 * WhatsApp messages from the admin: the templates in content/whatsapp.json filled in for one
 * lead, and the wa.me link that opens WhatsApp with the message ready to send (staff still press
 * Send themselves, from their own phone).
 */

/** The placeholders a template may use; the content schema refuses any other. */
export const PLACEHOLDERS = ['name', 'institute', 'course', 'reference', 'staff'] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** One template of content/whatsapp.json. */
export interface WhatsAppTemplate {
  /** A short stable name, e.g. `first-reply`. */
  key: string;
  /** What staff see in the list, e.g. 'First reply to an enquiry'. */
  label: string;
  /** The message, with `{name}`-style placeholders. */
  text: string;
}

/** What a placeholder becomes when the lead has no value for it: still a readable sentence. */
const FALLBACKS: Record<Placeholder, string> = {
  name: 'ji',
  institute: 'the institute',
  course: 'the course',
  reference: 'your enquiry',
  staff: 'our counsellor',
};

/**
 * The template's text with each known placeholder replaced by its value (trimmed; a missing or
 * blank value by a fallback such as 'the course'). Unknown placeholders stay as written, so a
 * mistake shows instead of silently vanishing; a value is never itself filled in again.
 */
export function fillTemplate(text: string, values: Partial<Record<Placeholder, string | null | undefined>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    return values[name as Placeholder]?.trim() || FALLBACKS[name as Placeholder];
  });
}

/**
 * The wa.me link that opens a chat with an Indian mobile number (any of +91 98290 12345,
 * 09829012345, 9829012345) with `text` typed in. For a number that is not a mobile number, the
 * link lets WhatsApp ask whom to send it to.
 */
export function whatsAppLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  const to = /^[6-9]\d{9}$/.test(digits) ? `91${digits}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
