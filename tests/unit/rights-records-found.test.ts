import { describe, expect, it } from 'vitest';
import { recordsFound, type CopyLists } from '../../src/admin/privacy/records-found';

const empty = (): CopyLists => ({
  account: null,
  enquiries: [],
  applications: [],
  studentRecords: [],
  classes: [],
  attendance: [],
  fees: { dues: [], receipts: [], refunds: [], upiReports: [] },
  certificates: [],
  practiceTests: [],
  consents: [],
});

describe('the records found for a request, in words', () => {
  it('names nothing when nothing is kept', () => {
    expect(recordsFound(empty())).toEqual([]);
  });

  it('counts each kind, says which the law keeps, and counts an application’s documents', () => {
    const copy: CopyLists = {
      ...empty(),
      account: { name: 'Asha', email: 'asha@example.com', createdAt: '2026-01-01', language: 'hi' },
      enquiries: [{}, {}],
      applications: [{ documents: [{}, {}, {}] }],
      attendance: Array.from({ length: 24 }, () => ({})),
      fees: { dues: [{}], receipts: [{}], refunds: [], upiReports: [] },
      certificates: [{}],
    };
    expect(recordsFound(copy)).toEqual([
      'A website account',
      '2 enquiries',
      '1 application (3 documents)',
      '24 days of attendance',
      '1 due',
      '1 receipt (kept by law)',
      '1 certificate (kept by law)',
    ]);
  });
});
