/** The courses staff published (Courses in the admin), as the Apply form offers them under their category. */
import type { PublishedCourse } from '../../../src/lib/schemas/apply';
import { query } from '../platform/db';

/** Every published course's title and category (the list is short: one institute's courses). */
export const publishedCourses = () => query<PublishedCourse>('select title, category from courses order by title, id limit 500');
