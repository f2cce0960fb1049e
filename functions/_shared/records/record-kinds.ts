/** The records staff publish (migration 005): which column holds each field of the API. */
import type { CourseFields } from '../../../src/lib/schemas/course';
import type { JobFields } from '../../../src/lib/schemas/job';
import { defineRecordKind } from './records';

/** Courses of /course-list and /course/{id}. */
export const courseRecords = defineRecordKind<CourseFields>({
  table: 'courses',
  entity: 'course',
  columns: { title: 'title', category: 'category', price: 'price', duration: 'duration', description: 'description', image: 'image' },
  summary: 'title',
});

/** Job openings of /jobs. */
export const jobRecords = defineRecordKind<JobFields>({
  table: 'jobs',
  entity: 'job',
  columns: {
    role: 'role',
    company: 'company',
    location: 'location',
    type: 'type',
    experience: 'experience',
    qualification: 'qualification',
    salary: 'salary',
    candidate: 'candidate',
    post: 'post',
    applyLink: 'apply_link',
    closesOn: 'closes_on',
  },
  summary: 'role',
  days: ['closesOn'],
});
