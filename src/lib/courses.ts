/** The catalogue's courses as one list, each with its category's name (build time only). */
import { single } from './content';

/** Every course of content/catalogue.json, in the catalogue's order, with its category. */
export async function allCourses() {
  const catalogue = await single('catalogue');
  const courses = catalogue.categories.flatMap((category) =>
    'courses' in category ? category.courses.map((course) => ({ ...course, category: category.name })) : [],
  );
  return { catalogue, courses };
}
