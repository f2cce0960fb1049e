import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';

/** Texts of the contact page, the apply page and the 404 page: `content/contact.json`. */
export const contact = defineCollection({
  loader: fromContent('contact.json'),
  schema: z.object({
    /** The contact page (/contactForm). */
    contactPage: z.object({
      /** Title and description for search engines. */
      seo: seoWords(),
      /** The page heading. */
      title: words(),
      /** The line under the heading. */
      intro: words(),
      /** Heading above the form. */
      formHeading: words(),
      /** Labels of the form's fields and button. */
      labels: z.object({
        /** Name field. */
        name: words(),
        /** E-mail field. */
        email: words(),
        /** Phone field. */
        phone: words(),
        /** Subject field. */
        subject: words(),
        /** Message box. */
        message: words(),
        /** The submit button. */
        submit: words(),
      }),
      /** Heading of the address, phone and e-mail block. */
      detailsHeading: words(),
    }),
    /** The application page (/apply). */
    applyPage: z.object({
      /** Title and description for search engines. */
      seo: seoWords(),
      /** The page heading. */
      title: words(),
      /** The line under the heading. */
      intro: words(),
      /** Heading of the form (the spec's 'Get Started'). */
      formHeading: words(),
    }),
    /** The page shown for an unknown address. */
    notFound: z.object({
      /** Title and description. */
      seo: seoWords(),
      /** The page heading. */
      title: words(),
      /** The line under the heading. */
      intro: words(),
      /** Heading of the list of popular pages. */
      linksHeading: words(),
      /** Heading of the list of services. */
      servicesHeading: words(),
    }),
  }),
});
