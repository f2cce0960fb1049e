/** What the pages showing the courses staff publish (/course-list, /course/{id}) share at build time. */

/** The spec's text when staff have published no course. */
export const NO_COURSES = 'No courses available.';

/**
 * The pictures of published courses may be any https:// address (the admin's course schema allows
 * it), so these pages, and only these, let images come from https: as well as from the site.
 */
export const COURSE_IMAGES = "img-src 'self' data: https:";

/** The picture a course without one of its own shows: the institute's logo (public/logo.svg). */
export const COURSE_PICTURE_FALLBACK = '/logo.svg';

/**
 * Puts a published course's picture in `img`: its address when it is one the schema allows (an
 * https:// address or a path on this site), else — none given, or one that fails to load — the
 * institute's logo on the card's colour, marked `data-fallback` for the styles.
 */
export function showCoursePicture(img: HTMLImageElement, address: string): void {
  const fallback = () => {
    img.dataset['fallback'] = '';
    img.src = COURSE_PICTURE_FALLBACK;
  };
  if (!/^(https:\/\/|\/[^/])/i.test(address)) return fallback();
  img.addEventListener('error', () => img.dataset['fallback'] === undefined && fallback(), { once: true });
  img.src = address;
}
