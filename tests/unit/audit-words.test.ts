/** The audit log's sentences for the staff roles and the institute's settings. */
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';

describe('auditSentence', () => {
  it('says a role change and an invitation in a role in words', () => {
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'change-role',
        entity: 'staff',
        entityId: 'x',
        detail: { from: 'counsellor', to: 'owner' },
        current: 'Ravi Kumar',
      }),
    ).toBe('Asha Verma changed the role of Ravi Kumar’s staff account from Counsellor to Owner.');
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'invite',
        entity: 'staff',
        entityId: 'x',
        detail: { again: false, role: 'teacher', subject: 'Meena Joshi' },
      }),
    ).toBe('Asha Verma invited a colleague as Teacher: Meena Joshi’s staff account.');
  });

  it('says the switch of automatic assignment', () => {
    expect(auditSentence({ actor: 'Asha Verma', action: 'update', entity: 'settings', entityId: 'auto-assign', detail: { enabled: true } })).toBe(
      'Asha Verma switched on the assignment of new leads to counsellors in turn.',
    );
  });

  it('says a fee receipt opened, naming its student', () => {
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'view',
        entity: 'receipt',
        entityId: '42',
        detail: { subject: 'PCI/26-27/00042', student: 'Ravi Kumar' },
      }),
    ).toBe('Kavita Joshi opened fee receipt PCI/26-27/00042 of Ravi Kumar.');
  });

  it('says a certificate issued, issued despite low attendance, revoked, and a batch’s certificates looked at', () => {
    const detail = { subject: 'PCI-2027-7F3K9Q', student: 'Sunita Sharma', course: 'Tally Prime', batch: 'Morning A' };
    expect(auditSentence({ actor: 'Meena Joshi', action: 'create', entity: 'certificate', entityId: 'PCI-2027-7F3K9Q', detail })).toBe(
      'Meena Joshi issued certificate PCI-2027-7F3K9Q of Sunita Sharma (Tally Prime, batch Morning A).',
    );
    expect(auditSentence({ actor: 'Meena Joshi', action: 'create', entity: 'certificate', entityId: 'x', detail: { ...detail, attendance: 62 } })).toBe(
      'Meena Joshi issued certificate PCI-2027-7F3K9Q of Sunita Sharma (Tally Prime, batch Morning A) despite attendance of 62%.',
    );
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'revoke',
        entity: 'certificate',
        entityId: 'x',
        detail: { ...detail, reason: 'Issued to the wrong student.' },
      }),
    ).toBe('Asha Verma revoked certificate PCI-2027-7F3K9Q of Sunita Sharma: “Issued to the wrong student.”.');
    expect(auditSentence({ actor: 'Asha Verma', action: 'view', entity: 'certificate', entityId: null, detail: { batch: 'Morning A', count: 12 } })).toBe(
      'Asha Verma looked at the certificates of batch Morning A (12 students).',
    );
  });
});
