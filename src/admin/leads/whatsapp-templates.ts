/**
 * The WhatsApp message templates the admin page passes to the app (content/whatsapp.json), with
 * their filling and the wa.me link. Stand-in until src/lib/whatsapp.ts and AppInfo's
 * `whatsappTemplates` are on this branch; then this file only re-exports them.
 */
import { useAppInfo, type AppInfo } from '../app-info';
import { mobileOf } from './contact-links';

/** A template of content/whatsapp.json. */
export interface WhatsAppTemplate {
  key: string;
  label: string;
  text: string;
}

/** The templates of the app's context (none when the page gave none). */
export const useWhatsAppTemplates = (): WhatsAppTemplate[] => (useAppInfo() as AppInfo & { whatsappTemplates?: WhatsAppTemplate[] }).whatsappTemplates ?? [];

/** `text` with each `{placeholder}` replaced by its value (unknown ones left as written). */
export const fillTemplate = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The wa.me link that opens a chat with `phone` (an Indian mobile) with `text` typed in. */
export const whatsAppLink = (phone: string, text: string) => `https://wa.me/91${mobileOf(phone)}?text=${encodeURIComponent(text)}`;
