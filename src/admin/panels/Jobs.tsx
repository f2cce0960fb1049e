/**
 * Jobs Opening (/addJobs): the openings of the careers page /jobs (GET /api/jobs), added, edited
 * ('Update Job') and deleted here after a confirmation. Type: Full-Time (the default), Part-Time
 * or Internship. The closing day (30 days ahead unless changed) is the JobPosting's validThrough.
 */
import { defaultClosingDay, JOB_OPEN_DAYS, JOB_TYPES, JobFieldsSchema, type Job } from '../../lib/schemas/job';
import RecordManager, { type FieldSpec } from '../ui/RecordManager';

const FIELDS: FieldSpec[] = [
  { name: 'role', label: 'Role', hint: 'For example: Computer Operator' },
  { name: 'company', label: 'Company' },
  { name: 'location', label: 'Location' },
  { name: 'type', label: 'Type', kind: 'select', options: JOB_TYPES },
  { name: 'experience', label: 'Experience', hint: 'For example: Fresher, or 1–2 years' },
  { name: 'qualification', label: 'Qualification', hint: 'For example: 12th pass with RS-CIT' },
  { name: 'salary', label: 'Salary', hint: 'As it should read, e.g. ₹12,000 a month' },
  { name: 'candidate', label: 'Candidate', hint: 'Who should apply' },
  { name: 'post', label: 'Posts', hint: 'Number of posts, or the post’s name' },
  {
    name: 'applyLink',
    label: 'Apply link',
    kind: 'url',
    inputMode: 'url',
    wide: true,
    hint: 'The https:// address where candidates apply (opens in a new tab on /jobs)',
  },
  {
    name: 'closesOn',
    label: 'Closing day',
    kind: 'date',
    hint: `The last day it takes applications; search engines stop showing it after. ${JOB_OPEN_DAYS} days from today unless changed.`,
  },
];

const EMPTY = {
  role: '',
  company: '',
  location: '',
  type: 'Full-Time',
  experience: '',
  qualification: '',
  salary: '',
  candidate: '',
  post: '',
  applyLink: '',
  // The page stays open for days: the default is today's, worked out when the panel loads.
  closesOn: defaultClosingDay(),
};

export default function Jobs() {
  return (
    <RecordManager<Job>
      title="Jobs Opening"
      noun="job"
      endpoint="/api/jobs"
      schema={JobFieldsSchema}
      fields={FIELDS}
      empty={EMPTY}
      renderRecord={(job) => ({
        heading: job.role,
        facts: [
          ['Company', job.company],
          ['Location', job.location],
          ['Type', job.type],
          ['Experience', job.experience],
          ['Qualification', job.qualification],
          ['Salary', job.salary],
          ['Candidate', job.candidate],
          ['Posts', job.post],
          ['Apply link', job.applyLink],
          ['Closing day', job.closesOn],
        ],
      })}
      addLabel="Add Job"
      updateLabel="Update Job"
      emptyText="No job openings yet."
      intro={
        <p className="admin-box admin-box--info">
          Openings saved here appear on the careers page, <a href="/jobs">/jobs</a>.
        </p>
      }
    />
  );
}
