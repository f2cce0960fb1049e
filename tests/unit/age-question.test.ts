import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heldOf, withAgeQuestion } from '../../src/components/forms/age-question';
import { AgeFields } from '../../src/lib/schemas/guardian-consent';

const schema = withAgeQuestion(z.object({ name: z.string().min(1) }));
const guardian = { name: 'Sunita Sharma', relation: 'mother', email: 'sunita@example.com', phone: '' };

describe('the age question added to a form', () => {
  it('sends an adult without any guardian, even one typed before the answer changed', () => {
    expect(schema.parse({ name: 'Ravi', age: 'adult', guardian })).toEqual({ name: 'Ravi', age: 'adult' });
  });

  it('sends a minor with the guardian, an empty mobile left out', () => {
    expect(schema.parse({ name: 'Ravi', age: 'minor', guardian })).toEqual({
      name: 'Ravi',
      age: 'minor',
      guardian: { name: 'Sunita Sharma', relation: 'mother', email: 'sunita@example.com' },
    });
  });

  it('says which guardian field is missing, and the form’s own errors with them', () => {
    const result = schema.safeParse({ name: '', age: 'minor', guardian: { name: 'Sunita', relation: '', email: 'x' } });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'guardian.relation', 'guardian.email']));
  });

  it('asks the question when it is not answered', () => {
    const result = schema.safeParse({ name: 'Ravi', age: '' });
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['age', 'Please tell us whether you are under 18.']]);
  });
});

describe('the age question added to a form whose own schema has the age fields (the endpoint’s)', () => {
  const withOwn = withAgeQuestion(z.object({ ...AgeFields, name: z.string().min(1) }));
  it('checks neither a guardian left typed when the answer is “18 or older” nor an empty mobile', () => {
    expect(withOwn.parse({ name: 'Ravi', age: 'adult', guardian: { name: '', relation: '', email: '', phone: '' } })).toEqual({ name: 'Ravi', age: 'adult' });
    expect(withOwn.parse({ name: 'Ravi', age: 'minor', guardian })).toEqual({
      name: 'Ravi',
      age: 'minor',
      guardian: { name: 'Sunita Sharma', relation: 'mother', email: 'sunita@example.com' },
    });
  });
});

describe('a held answer', () => {
  const held = { id: '4b7f3c1e-2a9d-4f7e-9c1b-2d3e4f5a6b7c', number: 'H-7K3P-Q2', guardianEmail: 's•••@example.com', expiresAt: '2026-12-02T10:00:00.000Z' };
  it('is read from a 202 answer only', () => {
    expect(heldOf({ status: 202, data: { message: 'Waiting', held } })?.number).toBe('H-7K3P-Q2');
    expect(heldOf({ status: 201, data: { message: 'Stored', held } })).toBeNull();
    expect(heldOf({ status: 202, data: { message: 'no hold' } })).toBeNull();
  });
});
