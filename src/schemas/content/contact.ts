import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';

/** Texts of the contact page, the apply page and the 404 page: `content/contact.json`. */
export const contact = defineCollection({
  loader: fromContent('contact.json'),
  schema: z.object({
    /** The contact page (/contactForm). */
    contactPage: z.object({
      /** Title and description for search engines. */
      seo: seo(),
      /** The page heading. */
      title: text(),
      /** The line under the heading. */
      intro: text(),
      /** Heading above the form. */
      formHeading: text(),
      /** Labels of the form's fields and button. */
      labels: z.object({
        /** Name field. */
        name: text(),
        /** E-mail field. */
        email: text(),
        /** Phone field. */
        phone: text(),
        /** Subject field. */
        subject: text(),
        /** Message box. */
        message: text(),
        /** The submit button. */
        submit: text(),
      }),
      /** Heading of the address, phone and e-mail block. */
      detailsHeading: text(),
    }),
    /** The application page (/apply). */
    applyPage: z.object({
      /** Title and description for search engines. */
      seo: seo(),
      /** The page heading. */
      title: text(),
      /** The line under the heading. */
      intro: text(),
      /** Heading of the form (the spec's 'Get Started'). */
      formHeading: text(),
    }),
    /** The page shown for an unknown address. */
    notFound: z.object({
      /** Title and description. */
      seo: seo(),
      /** The page heading. */
      title: text(),
      /** The line under the heading. */
      intro: text(),
      /** Heading of the list of popular pages. */
      linksHeading: text(),
      /** Heading of the list of services. */
      servicesHeading: text(),
    }),
  }),
});
