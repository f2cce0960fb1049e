/**
 * Attendance counts in words, where staff and students read them: leave is an excused absence,
 * never called "absent" (Today's students below the threshold, the student's /account).
 */
import { describe, expect, it } from 'vitest';
import { attendanceLine } from '../../src/components/islands/AccountClasses';
import { attendedInWords } from '../../src/lib/attendance-words';

describe('a student’s classes in words for staff', () => {
  it('says leave as leave, never as absent', () => {
    expect(attendedInWords({ held: 1, attended: 0, absent: 0, leave: 1 })).toBe('attended 0 of 1 class (1 on leave)');
    expect(attendedInWords({ held: 4, attended: 2, absent: 2, leave: 0 })).toBe('attended 2 of 4 classes (2 absent)');
    expect(attendedInWords({ held: 4, attended: 1, absent: 2, leave: 1 })).toBe('attended 1 of 4 classes (2 absent, 1 on leave)');
    expect(attendedInWords({ held: 3, attended: 3, absent: 0, leave: 0 })).toBe('attended 3 of 3 classes');
  });
});

describe('a student’s own attendance line on /account', () => {
  it('counts the classes missed on leave apart from the absences', () => {
    const leave = { day: '2026-11-20', mark: 'Leave' as const, reason: 'Exam at school' };
    const absent = { day: '2026-11-21', mark: 'Absent' as const };
    expect(attendanceLine({ held: 1, attended: 0, percent: 0, absences: [leave] })).toBe('You attended 0 of 1 class (0%); 1 on leave.');
    expect(attendanceLine({ held: 4, attended: 2, percent: 50, absences: [absent, leave] })).toBe('You attended 2 of 4 classes (50%); 1 absent, 1 on leave.');
    expect(attendanceLine({ held: 2, attended: 2, percent: 100, absences: [] })).toBe('You attended 2 of 2 classes (100%).');
    expect(attendanceLine({ held: 0, attended: 0, percent: null, absences: [] })).toBe('No classes held yet.');
  });
});
