// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import site from './content/site.json' with { type: 'json' };
import pageCsp from './src/integrations/page-csp.ts';
import messages from './src/integrations/messages.ts';

/** Custom hydration directives: see src/directives/. @type {import('astro').AstroIntegration} */
const directives = {
  name: 'client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'trigger', entrypoint: './src/directives/trigger.ts' });
      addClientDirective({ name: 'interact', entrypoint: './src/directives/interact.ts' });
      addClientDirective({ name: 'session', entrypoint: './src/directives/session.ts' });
    },
  },
};

/**
 * Pages left out of the sitemap: the 404 page, the account screens, the student's test pages,
 * the educator placeholders, the shells of pages with a segment from the address, the staff
 * pages, the documents-to-fix page, the certificate pages (a batch's printable file too) and the printable fee receipt (all marked noindex).
 */
const unlisted =
  /^(\/hi)?\/(404|login|register|verify|forgot-password|account|tests|tests\/(attempt|result)|(course|payment-success|player|loading|course-list|certificate|fees\/receipt)\/.*|certificate|certificates\/print|adminLogin|adminInvite|adminPanel|fixDocuments|guardian-consent)$/;

export default defineConfig({
  // Netlify sets URL to the site's primary address at build time.
  site: process.env.URL ?? site.website,
  trailingSlash: 'never',
  // English at the spec's paths, Hindi at the same paths under /hi/ (src/pages/hi/: each page's
  // twin). Pages read their language from Astro.currentLocale.
  i18n: {
    locales: ['en', 'hi'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  build: { format: 'file', inlineStylesheets: 'always' },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  markdown: { syntaxHighlight: false },
  integrations: [
    messages(),
    react(),
    directives,
    pageCsp(),
    sitemap({
      filter: (page) => !unlisted.test(new URL(page).pathname),
      // Each address listed with its twin in the other language (xhtml:link alternates).
      i18n: { defaultLocale: 'en', locales: { en: 'en-IN', hi: 'hi-IN' } },
    }),
  ],
});
