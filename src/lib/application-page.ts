/**
 * What the four application-form pages (and /fixDocuments) share: the image sources their
 * Content-Security-Policy adds (previews of chosen photos and the shrinking of photos are drawn
 * from `blob:` URLs made in the page; the files go to the bucket's origin), the status page named in their success text and the
 * pages' description.
 */

import { uploadsConnectSrc } from './upload-csp';
import { appform_description } from '../i18n/messages';

/** img-src of the form pages: the site's own, data: and the page's own object URLs. */
export const FORM_PAGE_IMAGES = "img-src 'self' data: blob:" as const;

/** A directive as Astro's CSP takes it. */
type UploadPageDirective = `img-src${string}` | `connect-src${string}`;

/** The directives a page that uploads documents adds to the site's policy: its images, and the bucket it posts to (when there is one). */
export function uploadPageDirectives(): UploadPageDirective[] {
  // uploadsConnectSrc answers `connect-src <origin>`.
  const bucket = uploadsConnectSrc() as `connect-src${string}` | null;
  return bucket ? [FORM_PAGE_IMAGES, bucket] : [FORM_PAGE_IMAGES];
}

/** The public page where an applicant sees where an application stands. */
export const STATUS_PAGE = '/applicationStatus';

/** The meta description of a form's page, in the page's language. */
export const formDescription = (title: string) => appform_description({ form: title });
