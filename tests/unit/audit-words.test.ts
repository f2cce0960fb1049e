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

  it('says a fee plan added, changed and deleted', () => {
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'create',
        entity: 'fee-plan',
        entityId: '4',
        detail: { subject: 'Tally Prime', total: '₹9,000', instalments: 3 },
      }),
    ).toBe('Kavita Joshi added the fee plan of Tally Prime (₹9,000 in 3 instalments).');
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'update',
        entity: 'fee-plan',
        entityId: '4',
        detail: { subject: 'Tally Prime', changed: ['total', 'instalments'] },
      }),
    ).toBe('Kavita Joshi changed the fee plan of Tally Prime (total and instalments).');
    expect(
      auditSentence({ actor: 'Kavita Joshi', action: 'delete', entity: 'fee-plan', entityId: '4', detail: { subject: 'batch Tally Morning (Tally Prime)' } }),
    ).toBe('Kavita Joshi deleted the fee plan of batch Tally Morning (Tally Prime).');
  });

  it('says a change to a student’s due in words: the discount and what it is for, the amount, the day, the late fee waived, and the reason', () => {
    const detail = { subject: 'D000123', student: 'Sunita Sharma', label: 'Instalment 2 of 3', reason: 'Topped the batch test' };
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'update',
        entity: 'fee-due',
        entityId: '9',
        detail: {
          ...detail,
          changes: [
            { field: 'discount', from: 0, to: 100000, for: 'Merit scholarship' },
            { field: 'amount', from: 300000, to: 250050 },
            { field: 'dueOn', from: '2026-12-25', to: '2027-01-05' },
            { field: 'lateFee', from: 20000, to: 0 },
          ],
        },
      }),
    ).toBe(
      'Kavita Joshi changed due D000123 (Instalment 2 of 3) of Sunita Sharma: a discount of ₹1,000 (Merit scholarship); the amount from ₹3,000 to ₹2,500.50; ' +
        'the due date from Friday, 25 December 2026 to Tuesday, 5 January 2027; waived the late fee of ₹200. Reason: “Topped the batch test”.',
    );
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'update',
        entity: 'fee-due',
        entityId: '9',
        detail: { ...detail, changes: [{ field: 'discount', from: 100000, to: 0, for: null }, { field: 'waive' }] },
      }),
    ).toBe(
      'Kavita Joshi changed due D000123 (Instalment 2 of 3) of Sunita Sharma: removed the discount of ₹1,000; waived the due. Reason: “Topped the batch test”.',
    );
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'create',
        entity: 'fee-due',
        entityId: '10',
        detail: { subject: 'D000130', student: 'Sunita Sharma', label: 'Exam fee', amount: 50000, dueOn: '2027-01-05', reason: 'RS-CIT exam in January' },
      }),
    ).toBe('Kavita Joshi added due D000130 (Exam fee) of Sunita Sharma: ₹500 due on Tuesday, 5 January 2027. Reason: “RS-CIT exam in January”.');
    expect(
      auditSentence({ actor: 'Asha Verma', action: 'view', entity: 'fee-due', entityId: '9', detail: { subject: 'D000123', student: 'Sunita Sharma' } }),
    ).toBe('Asha Verma opened due D000123 of Sunita Sharma.');
  });
});
