import { z } from 'astro/zod';
import { defineCollection } from 'astro:content';
import { fromContent } from './loader';
import { text, words } from './fields';

/** Institute-wide settings: `content/site.json`. */
export const siteSchema = z.object({
  /** Full name of the institute, shown in the header, titles and footer. */
  name: text(),
  /** Short name for tight spaces (logo text, app name). */
  shortName: text(),
  /** The institute's short code that starts every certificate number (PCI in PCI-2027-7F3K9Q): 2 to 8 capital letters. */
  certificatePrefix: z.string().regex(/^[A-Z]{2,8}$/, 'must be 2 to 8 capital letters, e.g. PCI'),
  /** One-line description used on the home page and in search results. */
  tagline: words(),
  /** When the institute was established, e.g. "April 2014" (अप्रैल 2014). */
  established: words(),
  /** Year and month established as YYYY-MM, for structured data. */
  foundingDate: z.string().regex(/^\d{4}-\d{2}$/, 'write it as YYYY-MM, e.g. 2014-04'),
  /** Postal address. */
  address: z.object({
    street: words(),
    locality: words(),
    district: words(),
    state: words(),
    postalCode: z.string().regex(/^\d{6}$/, 'must be a 6-digit PIN code'),
    country: words(),
  }),
  /** Phone number shown to visitors, with the +91 prefix. */
  phone: z.string().regex(/^\+91 ?[6-9]\d{4} ?\d{5}$/, 'must look like +91 98290 12345'),
  /** Helpline shown on the terms page (may equal phone). */
  helpline: z.string().regex(/^\+91 ?[6-9]\d{4} ?\d{5}$/, 'must look like +91 98290 12345'),
  /** Public e-mail address. */
  email: z.email('must be an e-mail address'),
  /** The site's public address; canonical links and the sitemap are built from it. */
  website: z.url('must be a full address such as https://www.example.in'),
  /** Opening hours as shown to visitors. */
  hours: words(),
  /** Social media profiles. */
  social: z
    .array(
      z.object({
        /** Network name, e.g. Facebook. */
        name: z.enum(['Facebook', 'Instagram', 'YouTube', 'X', 'LinkedIn']),
        /** Profile address. */
        href: z.url(),
      }),
    )
    .min(1),
  /** The institute's WhatsApp channel (the footer's messaging-channel link). */
  messagingChannel: z.object({ label: words(), href: z.url() }),
  /** Store listing of the institute's app: Download App and Buy Now go here. */
  appStoreUrl: z.url(),
  /** Announcement shown when there is no live announcement; {phone} is replaced by the phone. */
  announcementDefault: words(text().refine((v) => v.includes('{phone}'), 'must contain {phone}')),
  /** Bank account shown in the Pay Now dialog (the UPI ID it shows is `fees.upiId`). */
  bank: z.object({
    accountName: text(),
    bankName: text(),
    /** Current or savings, in both languages. */
    accountType: words(),
    accountNumber: z.string().regex(/^\d{9,18}$/, 'must be 9 to 18 digits'),
    ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code like SBIN0001234'),
    branchCode: text(),
  }),
  /**
   * Fees: the merchant UPI ID every payment link and QR code pays (a merchant ID: payer apps often
   * flag payments to a personal ID as risky), the receipt numbers' prefix and, when the institute
   * is registered for GST, what a tax invoice must show (CGST Rules, rule 46).
   */
  fees: z
    .object({
      /** The merchant UPI ID (pa of the upi://pay link). */
      upiId: z.string().regex(/^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, 'must be a UPI ID like name@bank'),
      /** The payee's name the payer's app shows (pn). */
      payeeName: text().max(60, 'keep the payee name under 60 characters'),
      /** Starts every receipt number: PCI in PCI/26-27/00042 (2 to 4 capital letters, so the number fits 16 characters). */
      receiptPrefix: z.string().regex(/^[A-Z]{2,4}$/, 'must be 2 to 4 capital letters, e.g. PCI'),
      /** The GSTIN when registered for GST (receipts become tax invoices); null when not. */
      gstin: z
        .string()
        .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN like 08ABCDE1234F1Z5')
        .nullable(),
      /** The services' accounting code (SAC) on a tax invoice, e.g. 999293 (commercial training and coaching). */
      sac: z.string().regex(/^\d{6}$/, 'must be a 6-digit SAC code'),
      /** CGST and SGST rates in percent (each half of the GST rate), e.g. 9 and 9. */
      cgstPercent: z.number().min(0).max(14),
      sgstPercent: z.number().min(0).max(14),
      /** The place of supply on a tax invoice: the state and its code, e.g. "Rajasthan (08)". */
      placeOfSupply: text(),
    })
    .refine((f) => f.cgstPercent === f.sgstPercent, { message: 'CGST and SGST are equal halves of the GST rate', path: ['sgstPercent'] }),
  /** The consent wording beside the Apply form's checkbox, and its version (stored with each application). */
  applyConsent: z.object({
    /** Change the version whenever the text changes, e.g. 2026-11 → 2027-01. */
    version: text(),
    /** The wording the applicant agrees to, in the language of the form. */
    text: words(),
  }),
  /** Year shown in the footer's copyright line. */
  copyrightYear: z.number().int().min(2014).max(2100),
  /** Footer credit line. */
  credit: words(),
});

export type Site = z.infer<typeof siteSchema>;

/** The `site` collection: the single file `content/site.json`. */
export const site = defineCollection({ loader: fromContent('site.json'), schema: siteSchema });
