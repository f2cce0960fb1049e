/** Who is under 18 on India's day, and what a form's age answer and guardian must say (decision 053). */
import { describe, expect, it } from 'vitest';
import { guardianProblems, minorOn } from '../../src/lib/schemas/guardian-consent';
import { inLocale } from '../../src/i18n/server-locale';

describe('minorOn', () => {
  it('turns 18 on the 18th birthday, India’s day', () => {
    expect(minorOn('2008-11-29', '2026-11-29')).toBe(false);
    expect(minorOn('2008-11-30', '2026-11-29')).toBe(true);
    expect(minorOn('2011-05-01', '2026-11-29')).toBe(true);
    // Born on 29 February: 18 on 1 March of a year without one.
    expect(minorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(minorOn('2008-02-29', '2026-03-01')).toBe(false);
  });
});

describe('guardianProblems', () => {
  const guardian = { name: 'Sunita Sharma', relation: 'mother' as const, email: 'sunita@example.in' };
  it('asks a minor for a guardian whose e-mail is not their own, in the request’s language', () => {
    expect(guardianProblems({ age: 'minor' }).map(([path]) => path.join('.'))).toEqual(['guardian']);
    expect(guardianProblems({ age: 'minor', guardian, email: 'Sunita@Example.in' })[0]![0]).toEqual(['guardian', 'email']);
    expect(guardianProblems({ age: 'minor', guardian, email: 'ravi@example.in' })).toEqual([]);
    const [[, hindi]] = inLocale('hi', () => guardianProblems({ age: 'minor' })) as [[unknown, string]];
    expect(hindi).toMatch(/[\u0900-\u097F]/);
  });
  it('refuses "adult" when the date of birth says under 18, and takes an adult’s as it is', () => {
    const young = `${new Date().getUTCFullYear() - 15}-06-15`;
    expect(guardianProblems({ age: 'adult', dob: young }).map(([path]) => path.join('.'))).toEqual(['age']);
    expect(guardianProblems({ age: 'adult', dob: '1990-05-12' })).toEqual([]);
    expect(guardianProblems({ age: 'minor', guardian, dob: young })).toEqual([]);
  });
});
