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

  it('says a new language of a lead’s and a student’s messages in words', () => {
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'update',
        entity: 'lead',
        entityId: '12',
        detail: { action: 'language', from: 'en', to: 'hi', subject: 'AP-2026-00012', person: 'Sunita Sharma' },
      }),
    ).toMatch(/^Asha Verma set messages and e-mails in Hindi for .*AP-2026-00012.*\.$/);
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'update',
        entity: 'student',
        entityId: '7',
        detail: { changed: ['language'], language: { from: 'en', to: 'hi' }, subject: 'Sunita Sharma' },
      }),
    ).toMatch(/^Asha Verma changed .*Sunita Sharma.* \(language\)\.$/);
  });

  it('says an unlocked sign-in in words', () => {
    expect(auditSentence({ actor: 'Asha Verma', action: 'unlock', entity: 'staff', entityId: 'x', detail: null, current: 'Ravi Kumar' })).toBe(
      'Asha Verma unlocked the sign-in of Ravi Kumar’s staff account.',
    );
  });

  it('says a change of the office settings in words, not keys', () => {
    expect(auditSentence({ actor: 'Asha Verma', action: 'update', entity: 'settings', entityId: 'attendance-threshold', detail: { from: 75, to: 80 } })).toBe(
      'Asha Verma changed the attendance threshold from 75% to 80%.',
    );
    expect(auditSentence({ actor: 'Asha Verma', action: 'update', entity: 'settings', entityId: 'late-fee-grace-days', detail: { from: 0, to: 1 } })).toBe(
      'Asha Verma changed the grace days a new fee plan starts with from 0 days to 1 day.',
    );
    expect(
      auditSentence({ actor: 'Asha Verma', action: 'create', entity: 'settings', entityId: 'holiday', detail: { day: '2026-11-28', name: 'Flood closure' } }),
    ).toBe('Asha Verma added the holiday “Flood closure” on Saturday, 28 November 2026.');
    expect(
      auditSentence({ actor: 'Asha Verma', action: 'delete', entity: 'settings', entityId: 'holiday', detail: { day: '2026-12-25', name: 'Christmas' } }),
    ).toBe('Asha Verma removed the holiday “Christmas” on Friday, 25 December 2026.');
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
    ).toBe('Kavita Joshi opened receipt PCI/26-27/00042 of Ravi Kumar.');
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

  it('says a walk-in admitted at the counter, with the enquiry it closed', () => {
    const facts = {
      actor: 'Kavita Joshi',
      action: 'create',
      entity: 'student',
      entityId: '9',
      detail: { subject: 'सुनीता शर्मा', walkIn: true, batch: 'Tally Morning' },
    };
    expect(auditSentence(facts)).toBe('Kavita Joshi admitted the student record of सुनीता शर्मा at the counter into batch Tally Morning.');
    expect(auditSentence({ ...facts, detail: { ...facts.detail, enquiry: 'CT-2026-00012' } })).toBe(
      'Kavita Joshi admitted the student record of सुनीता शर्मा at the counter into batch Tally Morning, closing enquiry CT-2026-00012 as admitted.',
    );
  });

  it('says a fee collected (with an advance), a receipt cancelled, a student’s fees opened and a fees search in words', () => {
    const receipt = { subject: 'PCI/26-27/00042', student: 'Sunita Sharma', amountPaise: 250050, advancePaise: 0, mode: 'bank' };
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'create', entity: 'receipt', entityId: '42', detail: receipt })).toBe(
      'Kavita Joshi collected ₹2,500.50 by Bank transfer: receipt PCI/26-27/00042 of Sunita Sharma.',
    );
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'create',
        entity: 'receipt',
        entityId: '42',
        detail: { ...receipt, amountPaise: 950000, advancePaise: 50000, mode: 'cash' },
      }),
    ).toBe('Kavita Joshi collected ₹9,500 (₹500 as an advance) by Cash: receipt PCI/26-27/00042 of Sunita Sharma.');
    expect(
      auditSentence({ actor: 'Kavita Joshi', action: 'revoke', entity: 'receipt', entityId: '42', detail: { ...receipt, reason: 'Wrong student.' } }),
    ).toBe('Kavita Joshi cancelled receipt PCI/26-27/00042 of Sunita Sharma: “Wrong student.”.');
    expect(auditSentence({ actor: 'Ravi Kumar', action: 'view', entity: 'fees', entityId: '7', detail: { subject: 'Sunita Sharma', receipts: 2 } })).toBe(
      'Ravi Kumar opened the fees of Sunita Sharma.',
    );
    expect(auditSentence({ actor: 'Ravi Kumar', action: 'view', entity: 'fees', entityId: null, detail: { q: '3210', count: 1 } })).toBe(
      'Ravi Kumar looked at the list of students’ fees (1 shown, search “3210”).',
    );
  });

  it('says a fee reminder sent, the dues to chase and the fee reports looked at, and the receipts exported', () => {
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'create',
        entity: 'fee-reminder',
        entityId: '12',
        detail: { subject: 'D000012', student: 'Asha Verma', language: 'hi' },
      }),
    ).toBe('Kavita Joshi sent a WhatsApp reminder of due D000012 to Asha Verma (Hindi).');
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'create',
        entity: 'fee-reminder',
        entityId: '12',
        detail: { subject: 'D000012', student: 'Asha Verma', language: 'en', emailed: true },
      }),
    ).toBe('Kavita Joshi sent a WhatsApp reminder of due D000012 to Asha Verma (English), also by e-mail.');
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'view', entity: 'fee-dues', entityId: null, detail: { count: 4 } })).toBe(
      'Kavita Joshi looked at the fees overdue and due this week (4 dues).',
    );
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'view', entity: 'fee-report', entityId: null, detail: { view: 'collection' } })).toBe(
      'Kavita Joshi looked at the fee reports.',
    );
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'export',
        entity: 'fee-receipts',
        entityId: null,
        detail: { from: '2026-04-01', to: '2026-04-30', count: 31, file: 'csv' },
      }),
    ).toBe('Kavita Joshi exported the fee receipts from Wednesday, 1 April 2026 to Thursday, 30 April 2026 (31 receipts) to a spreadsheet.');
  });

  it('says a reported UPI payment confirmed with its receipt, rejected with the reason, and the list looked at', () => {
    const detail = { subject: 'Asha Verma', due: 'Instalment 1 of 3', amountPaise: 250000, utr: '412345678901' };
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'update',
        entity: 'fee-claim',
        entityId: '7',
        detail: { ...detail, action: 'confirm', receipt: 'PCI/26-27/00042' },
      }),
    ).toBe('Kavita Joshi confirmed the UPI payment of ₹2,500 reported by Asha Verma (receipt PCI/26-27/00042).');
    expect(
      auditSentence({
        actor: 'Kavita Joshi',
        action: 'update',
        entity: 'fee-claim',
        entityId: '7',
        detail: { ...detail, action: 'reject', reason: 'Not in the bank statement.' },
      }),
    ).toBe('Kavita Joshi rejected the UPI payment of ₹2,500 reported by Asha Verma: “Not in the bank statement.”.');
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'view', entity: 'fee-claim', entityId: null, detail: { count: 3 } })).toBe(
      'Kavita Joshi looked at the list of payments to confirm (3 shown).',
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

describe('the cash book in words', () => {
  it('names the day or month looked at, and a hand-over with what was counted against what was expected', () => {
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'view', entity: 'cash-book', entityId: null, detail: { day: '2026-10-15', staff: 2 } })).toBe(
      'Kavita Joshi looked at the cash book of Thursday, 15 October 2026.',
    );
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'view', entity: 'cash-book', entityId: null, detail: { month: '2026-10' } })).toBe(
      'Kavita Joshi looked at the cash book of October 2026.',
    );
    const handover = { subject: 'Ravi Mathur', day: '2026-10-15', expectedPaise: 235000, countedPaise: 230000, reason: 'Change given twice' };
    expect(auditSentence({ actor: 'Asha Verma', action: 'create', entity: 'cash-handover', entityId: '4', detail: handover })).toBe(
      'Asha Verma received the cash of Thursday, 15 October 2026 from Ravi Mathur: ₹2,300 counted, ₹50 short of ₹2,350 (“Change given twice”).',
    );
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'create',
        entity: 'cash-handover',
        entityId: '5',
        detail: { ...handover, countedPaise: 235000, reason: null },
      }),
    ).toBe('Asha Verma received the cash of Thursday, 15 October 2026 from Ravi Mathur: ₹2,350 counted, as expected.');
  });
});
