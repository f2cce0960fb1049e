/// <reference types="astro/client" />

export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first click on an element matching this CSS selector. */
    'client:trigger'?: string;
    /** Hydrate when the visitor first focuses, clicks or touches inside the island (given a value, at once when the address's fragment starts with it). */
    'client:interact'?: boolean | string;
    /** Hydrate at once, but only when localStorage holds `token` (or one of the keys given). */
    'client:session'?: boolean | string;
  }
}
