/** What the pages showing the courses staff publish (/course-list, /course/{id}) share at build time. */

/** The spec's text when staff have published no course. */
export const NO_COURSES = 'No courses available.';

/**
 * The pictures of published courses may be any https:// address (the admin's course schema allows
 * it), so these pages, and only these, let images come from https: as well as from the site.
 */
export const COURSE_IMAGES = "img-src 'self' data: https:";
