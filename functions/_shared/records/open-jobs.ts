/**
 * The job openings still taking applications, read the one way every server-side reader of jobs
 * shares (the fields of jobRecords, as the API gives them), for the JobPosting data of /jobs.
 */
import type { Job, JobFields } from '../../../src/lib/schemas/job';
import { query } from '../platform/db';
import { jobRecords } from './record-kinds';
import { selectList, toRecord, type Row } from './records';

/** The most openings whose JobPosting one page carries. */
export const OPEN_JOBS_MAX = 100;

/** The openings whose closing day is today or later (India's calendar), newest first, at most `limit`. */
export async function openJobs(limit = OPEN_JOBS_MAX): Promise<Job[]> {
  const rows = await query<Row>(
    `select ${selectList(jobRecords)} from ${jobRecords.table}
      where closes_on >= (now() at time zone 'Asia/Kolkata')::date
      order by id desc limit $1`,
    [limit],
  );
  return rows.map((row) => toRecord<JobFields>(row));
}
