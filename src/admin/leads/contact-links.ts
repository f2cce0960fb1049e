/** The one-tap links to a lead: a phone call and an e-mail (WhatsApp's comes from src/lib/whatsapp.ts). */

/** The 10-digit Indian mobile number in `phone`, whatever spaces or +91 it was typed with. */
export const mobileOf = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** A `tel:` link with the country code, so it dials from any phone. */
export const telHref = (phone: string) => `tel:+91${mobileOf(phone)}`;

/** A `mailto:` link with a subject naming the enquiry. */
export const mailHref = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
