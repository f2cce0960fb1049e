/** Who owes what, printed or shared as text: each due's student, mobile, course, amount, since when and reference. */
import { describe, expect, it } from 'vitest';
import { duesSheetText, sheetRow, sinceWords } from '../../src/lib/dues-sheet';
import type { DueToChase } from '../../src/lib/schemas/fee-dues';

const due = (over: Partial<DueToChase> = {}): DueToChase => ({
  id: '1',
  reference: 'D000042',
  studentId: '7',
  student: 'Asha Verma',
  phone: '+919829011111',
  course: 'Tally Prime',
  batch: 'Tally Morning',
  label: 'Instalment 2 of 3',
  dueOn: '2026-11-25',
  balancePaise: 320000,
  lateFeePaise: 20000,
  daysOverdue: 3,
  remindedAt: null,
  ...over,
});

describe('who owes what', () => {
  it('says since when a due is owed, or when it falls due', () => {
    expect(sinceWords(due())).toBe('since 25 Nov 2026 (3 days overdue)');
    expect(sinceWords(due({ daysOverdue: 1 }))).toBe('since 25 Nov 2026 (1 day overdue)');
    expect(sinceWords(due({ dueOn: '2026-11-28', daysOverdue: 0 }))).toBe('due today, 28 Nov 2026');
    expect(sinceWords(due({ dueOn: '2026-12-02', daysOverdue: -4 }))).toBe('due 2 Dec 2026');
  });

  it('writes a row in words: the mobile as people read it, the late fee named, a dash for what is missing', () => {
    expect(sheetRow(due())).toEqual({
      student: 'Asha Verma',
      mobile: '+91 98290 11111',
      course: 'Tally Prime (Tally Morning)',
      due: '₹3,200, Instalment 2 of 3 (includes a ₹200 late fee)',
      since: 'since 25 Nov 2026 (3 days overdue)',
      reference: 'D000042',
    });
    expect(sheetRow(due({ phone: null, course: null, batch: null, lateFeePaise: 0 }))).toMatchObject({
      mobile: '—',
      course: '—',
      due: '₹3,200, Instalment 2 of 3',
    });
  });

  it('shares both lists as text with their counts and totals, and says when a list is cut short', () => {
    const text = duesSheetText(
      '2026-11-28',
      { items: [due()], count: 3, totalPaise: 720000 },
      {
        items: [
          due({
            student: 'Ravi Meena',
            phone: '9829022222',
            dueOn: '2026-12-01',
            daysOverdue: -3,
            lateFeePaise: 0,
            balancePaise: 250050,
            reference: 'D000050',
          }),
        ],
        count: 1,
        totalPaise: 250050,
      },
    );
    expect(text).toBe(
      [
        'Fees owed on 28 Nov 2026',
        '',
        'Fees overdue: 3 (₹7,200, the first 1 listed)',
        '1. Asha Verma, +91 98290 11111: ₹3,200, Instalment 2 of 3 (includes a ₹200 late fee), Tally Prime (Tally Morning), since 25 Nov 2026 (3 days overdue), ref D000042',
        '',
        'Fees due this week: 1 (₹2,500.50)',
        '1. Ravi Meena, +91 98290 22222: ₹2,500.50, Instalment 2 of 3, Tally Prime (Tally Morning), due 1 Dec 2026, ref D000050',
      ].join('\n'),
    );
    expect(duesSheetText('2026-11-28', { items: [], count: 0, totalPaise: 0 }, { items: [], count: 0, totalPaise: 0 })).toBe(
      'Fees owed on 28 Nov 2026: nothing is overdue or due this week.',
    );
  });
});
