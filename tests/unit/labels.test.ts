/** Staff read names, never keys: departments, forms and templates named from content/, and the audit log in sentences. */
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import { departmentLabel, formLabel, leadKindLabel, templateLabel } from '../../src/lib/labels';

describe('labels', () => {
  it('names keys from content/ and leaves an unknown key as it is', () => {
    expect(departmentLabel('dl')).toBe('Digital Literacy');
    expect(departmentLabel('FA')).toBe('Finance and Accounts');
    expect(formLabel('apply-form')).toBe('Apply dialog');
    expect(formLabel('home')).toBe('Home page form');
    expect(formLabel('contact-page')).toBe('Contact page');
    expect(leadKindLabel('contact')).toBe('Message');
    expect(templateLabel('first-reply')).toBe('First reply to an enquiry');
    expect(departmentLabel('retired-key')).toBe('retired-key');
    expect(departmentLabel(null)).toBe('');
  });
});

describe('the audit log in words', () => {
  const line = { actor: 'Asha Verma', entityId: '12', detail: null };
  it('says who did what to whom', () => {
    expect(auditSentence({ ...line, action: 'disable', entity: 'staff', detail: { subject: 'Ravi Kumar', sessions: 1 } })).toBe(
      'Asha Verma disabled Ravi Kumar’s staff account.',
    );
    expect(auditSentence({ ...line, action: 'delete', entity: 'student', detail: { subject: 'Sunita Sharma', version: 2 } })).toBe(
      'Asha Verma deleted the student record of Sunita Sharma.',
    );
    expect(
      auditSentence({ ...line, action: 'reveal', entity: 'application', detail: { subject: 'CS-2026-00042', field: 'aadharNo', label: 'Aadhaar number' } }),
    ).toBe('Asha Verma revealed the Aadhaar number of application CS-2026-00042.');
    expect(auditSentence({ ...line, action: 'update', entity: 'course', detail: { subject: 'Tally Prime', fields: ['price', 'duration'] } })).toBe(
      'Asha Verma changed the course “Tally Prime” (price and duration).',
    );
    expect(
      auditSentence({ ...line, action: 'update', entity: 'lead', detail: { subject: 'AP-2026-00012', person: 'Meena', action: 'move', to: 'contacted' } }),
    ).toBe('Asha Verma moved to Contacted: lead AP-2026-00012 (Meena).');
    expect(auditSentence({ actor: 'Asha Verma', action: 'view', entity: 'lead', entityId: null, detail: { count: 50 } })).toBe(
      'Asha Verma looked at the list of leads (50 shown).',
    );
  });

  it('gives an old line without a name the record as it is now, or its kind and number', () => {
    expect(auditSentence({ ...line, action: 'enable', entity: 'staff', current: 'Ravi Kumar' })).toBe('Asha Verma enabled Ravi Kumar’s staff account.');
    expect(auditSentence({ ...line, action: 'delete', entity: 'student', current: null })).toBe('Asha Verma deleted student record #12.');
    expect(auditSentence({ ...line, actor: null, action: 'sign-in', entity: 'session' })).toBe('A former member of staff signed in.');
  });
});
