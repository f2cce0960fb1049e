/**
 * The form kit's mapping of the server's per-field errors: which keys are fields of a form (taken
 * from its shared schema, the application forms' `documents.<slot>` included), and that an error
 * for a key the form has no field for is handed back instead of vanishing.
 */
import { describe, expect, it } from 'vitest';
import { fieldPathsOf, showFieldErrors } from '../../src/components/forms/server-errors';
import { ApplySchema } from '../../src/lib/schemas/apply';
import { APPLICATION_SCHEMAS } from '../../src/lib/schemas/application-forms';
import { StatusQuerySchema } from '../../src/lib/schemas/application-status';

describe('fieldPathsOf', () => {
  it('names every field of a flat schema, refinements and all', () => {
    expect(fieldPathsOf(ApplySchema)).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'department', 'course', 'consent', 'website']));
    expect(fieldPathsOf(StatusQuerySchema)).toEqual(['reference', 'mobile']);
  });

  it("names an application form's documents by slot, beside its fields", () => {
    const paths = fieldPathsOf(APPLICATION_SCHEMAS.nielit);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'mobile', 'neilitCourse', 'consent', 'documents', 'documents.photo', 'documents.signature', 'documents.apaarID']),
    );
    expect(paths).not.toContain('documents.panCard');
  });

  it('names nothing for a schema that is not an object', () => {
    expect(fieldPathsOf(StatusQuerySchema.shape.mobile)).toEqual([]);
    expect(fieldPathsOf(undefined)).toEqual([]);
  });
});

describe('showFieldErrors', () => {
  it('puts the errors of known fields on them and hands back the rest', () => {
    const set: [string, string | undefined][] = [];
    const rest = showFieldErrors(
      { 'documents.photo': 'Please upload required file: Photo', mobile: 'Please enter a valid 10-digit mobile number.', token: 'This link has expired.' },
      fieldPathsOf(APPLICATION_SCHEMAS.nielit),
      (name, error) => set.push([name, error.message]),
    );
    expect(set).toEqual([
      ['documents.photo', 'Please upload required file: Photo'],
      ['mobile', 'Please enter a valid 10-digit mobile number.'],
    ]);
    expect(rest).toEqual({ token: 'This link has expired.' });
  });

  it('does nothing without errors', () => {
    const set: string[] = [];
    expect(showFieldErrors(undefined, ['name'], (name) => set.push(name))).toEqual({});
    expect(set).toEqual([]);
  });
});
