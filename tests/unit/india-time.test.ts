/** Dates staff and visitors see are India's: a moment late in UTC's day belongs to India's next day. */
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment } from '../../src/admin/ui/dates';
import { formatIndiaDay, formatIndiaMoment, indiaDay } from '../../src/lib/india-time';
import { jobPosting } from '../../src/lib/job-posting';
import type { Job } from '../../src/lib/schemas/job';
import { jobFields } from '../support/record-fields';

/** 03:07 on 25 Nov in India is 21:37 on 24 Nov in UTC. */
const LATE_UTC = '2026-11-24T21:37:00.000Z';

describe('India time', () => {
  it('lists a moment under India’s day, not UTC’s', () => {
    expect(indiaDay(LATE_UTC)).toBe('2026-11-25');
    expect(formatDay(LATE_UTC)).toBe('25 Nov 2026');
    expect(formatMoment(LATE_UTC)).toBe('25 Nov 2026, 3:07 am');
    // Just before India's midnight stays on its day.
    expect(formatDay('2026-11-24T18:29:00.000Z')).toBe('24 Nov 2026');
  });

  it('shows a calendar day as it is, whatever the time zone', () => {
    expect(formatDay('2026-11-25')).toBe('25 Nov 2026');
    expect(formatDay(null)).toBe('—');
  });

  it('dates a job posting on India’s day', () => {
    const job: Job = {
      _id: '7',
      ...jobFields({ type: 'Full-Time' }),
      closesOn: '2026-12-24',
      version: 1,
      createdAt: LATE_UTC,
      updatedAt: LATE_UTC,
    };
    expect(jobPosting(job, 'https://example.in/jobs', 'Institute')).toMatchObject({ datePosted: '2026-11-25', validThrough: '2026-12-24T23:59:59+05:30' });
  });
});

describe('India time in Hindi', () => {
  it('writes the month in Hindi words, on India’s day, with Latin digits', () => {
    expect(formatIndiaDay('2026-11-28T10:00:00.000Z', 'hi')).toBe('28 नवंबर 2026');
    expect(formatIndiaDay(LATE_UTC, 'hi')).toBe('25 नवंबर 2026');
    expect(formatIndiaDay('2026-01-05', 'hi')).toBe('5 जनवरी 2026');
    expect(formatIndiaDay(null, 'hi')).toBe('—');
    expect(formatIndiaDay('not a date', 'hi')).toBe('not a date');
  });

  it('writes a moment as India’s day and time', () => {
    expect(formatIndiaMoment(LATE_UTC, 'hi')).toBe('25 नवंबर 2026, 3:07 am');
    expect(formatIndiaMoment('2026-11-28T09:30:00.000Z', 'hi')).toBe('28 नवंबर 2026, 3:00 pm');
  });

  it('leaves English as it was, with or without the language', () => {
    expect(formatIndiaDay(LATE_UTC)).toBe('25 Nov 2026');
    expect(formatIndiaDay(LATE_UTC, 'en')).toBe('25 Nov 2026');
    expect(formatIndiaMoment(LATE_UTC, 'en')).toBe('25 Nov 2026, 3:07 am');
    expect(formatIndiaMoment(LATE_UTC)).toBe('25 Nov 2026, 3:07 am');
  });

  it('never writes Devanagari digits', () => {
    for (const text of [formatIndiaDay('2026-12-31', 'hi'), formatIndiaMoment('2026-12-31T18:00:00.000Z', 'hi')]) expect(text).not.toMatch(/[०-९]/);
  });
});
