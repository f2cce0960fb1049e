/**
 * Courses (/adminCourse): the courses of /course-list and /course/{id} (GET /api/courses), added,
 * edited ('Update Course') and deleted here ('Are you sure you want to delete the course Tally Prime?').
 * The picture is uploaded here (PictureUpload: straight to storage, kept at a web size, served
 * from /api/course-pictures/…), or a path on this site typed in. Published courses also appear in
 * the Apply dialog's course list under their category. The prospectus of /coursePage is a different thing: it is edited in content/catalogue.json.
 */
import { CourseFieldsSchema, type Course } from '../../lib/schemas/course';
import RecordManager, { type FieldSpec } from '../ui/RecordManager';

const FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', hint: 'For example: Tally Prime with GST' },
  { name: 'category', label: 'Category', hint: 'For example: Accounting' },
  { name: 'price', label: 'Price (₹)', kind: 'number', inputMode: 'numeric', hint: 'Whole rupees, e.g. 4200' },
  { name: 'duration', label: 'Duration', hint: 'For example: 3 months' },
  {
    name: 'image',
    label: 'Picture (optional)',
    kind: 'picture',
    inputMode: 'url',
    wide: true,
    hint: 'Upload a picture (JPEG, PNG or WebP), or type the path of a file in the site’s public/ folder (public/og-image.jpg is /og-image.jpg). Without one, the course pages show the institute’s logo.',
  },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true, hint: 'What the course teaches (at least 10 characters)' },
];

const EMPTY = { title: '', category: '', price: '', duration: '', image: '', description: '' };
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

export default function Courses() {
  return (
    <RecordManager<Course>
      title="Courses"
      noun="course"
      endpoint="/api/courses"
      schema={CourseFieldsSchema}
      fields={FIELDS}
      empty={EMPTY}
      renderRecord={(course) => ({
        heading: course.title,
        // Pictures of this site only: the page's policy loads no image from elsewhere.
        extra: course.image.startsWith('/') ? <img className="admin-record__image" src={course.image} alt="" width={320} height={160} loading="lazy" /> : null,
        facts: [
          ['Category', course.category],
          ['Price', rupees.format(course.price)],
          ['Duration', course.duration],
          ['Picture', course.image || 'None: the course pages show the logo'],
          ['Description', course.description],
        ],
      })}
      addLabel="Add Course"
      updateLabel="Update Course"
      emptyText="No courses available."
      intro={
        <p className="admin-box admin-box--info">
          These are the courses of the <a href="/course-list">course list</a> and of each course&apos;s own page (/course/…). The prospectus on{' '}
          <a href="/coursePage">/coursePage</a> is separate: it is edited in <code>content/catalogue.json</code>.
        </p>
      }
    />
  );
}
