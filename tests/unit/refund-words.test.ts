/** A refund in words: its audit lines, its voucher's facts in English and Hindi, and the student's WhatsApp message. */
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import { voucherAmountWords, voucherDueLabel, voucherFacts } from '../../src/lib/refund-voucher-words';
import type { RefundVoucher } from '../../src/lib/refund-voucher';
import { refundMessage } from '../../functions/_shared/fees/refund-text';

const voucher: RefundVoucher = {
  number: 'PCI/RF/26-27/0001',
  paidOn: '2026-11-28',
  mode: 'cash',
  utr: null,
  chequeNumber: null,
  amountPaise: 200000,
  returns: 'receipt',
  reason: 'The batch did not start.',
  student: { name: 'Asha Verma', phone: '9829012345', language: 'hi' },
  course: 'Tally Prime',
  batch: 'Morning',
  receipt: { number: 'PCI/26-27/00042', paidOn: '2026-11-01', amountPaise: 500000 },
  dues: [{ label: 'Instalment 2 of 3', reference: 'D000123', amountPaise: 200000, courseId: '1' }],
  requestedBy: 'Kavita Joshi',
  approvedBy: 'Ravi Owner',
  paidBy: 'Kavita Joshi',
};

describe('a refund in the audit log', () => {
  it('says each step in words', () => {
    const line = (action: 'create' | 'update', detail: Record<string, unknown>) =>
      auditSentence({ actor: 'Kavita Joshi', action, entity: 'refund', entityId: '7', detail });
    expect(
      line('create', { subject: 'PCI/26-27/00042', student: 'Asha Verma', amountPaise: 200000, returns: 'receipt', reason: 'The batch did not start.' }),
    ).toBe('Kavita Joshi asked for a refund of ₹2,000 from receipt PCI/26-27/00042 of Asha Verma: “The batch did not start.”.');
    expect(line('update', { action: 'approve', subject: 'PCI/26-27/00042', student: 'Asha Verma', amountPaise: 200000 })).toBe(
      'Kavita Joshi approved the refund of ₹2,000 from receipt PCI/26-27/00042 of Asha Verma.',
    );
    expect(
      line('update', { action: 'pay', subject: 'PCI/RF/26-27/0001', receipt: 'PCI/26-27/00042', student: 'Asha Verma', amountPaise: 200000, mode: 'cash' }),
    ).toBe('Kavita Joshi paid back ₹2,000 to Asha Verma by Cash: refund voucher PCI/RF/26-27/0001 (from receipt PCI/26-27/00042).');
  });
});

describe('the voucher', () => {
  it('prints its facts in Hindi with the figures of the snapshot', () => {
    const facts = voucherFacts(voucher, 'hi');
    expect(facts.find((f) => f.key === 'returns')).toEqual({ key: 'returns', label: 'किसकी वापसी', value: 'रसीद से जमा फ़ीस' });
    expect(facts.find((f) => f.key === 'phone')?.value).toBe('+91 98290 12345');
    expect(facts.find((f) => f.key === 'mode')?.value).toBe('नकद');
    expect(facts.find((f) => f.key === 'dues')?.value).toBe('किस्त 2 (3 में से) (D000123) ₹2,000');
    expect(facts.some((f) => f.key === 'utr')).toBe(false);
    expect(voucherAmountWords(voucher, 'en')).toMatch(/two thousand/i);
    expect(voucherDueLabel('Course fee', 'hi')).toBe('कोर्स फ़ीस');
  });
});

describe('the WhatsApp message', () => {
  it('is in the student’s language, to their mobile', () => {
    const hi = refundMessage(voucher, 'hi');
    expect(hi.text).toContain('₹2,000 की राशि नकद में वापस कर दी है (रिफ़ंड वाउचर PCI/RF/26-27/0001, रसीद PCI/26-27/00042 के लिए)');
    expect(hi.text).not.toMatch(/\{\w+\}/);
    expect(hi.link).toMatch(/^https:\/\/wa\.me\/919829012345\?text=/);
    expect(refundMessage(voucher, 'en').text).toContain('has paid you a refund of ₹2,000 in cash on 28 November 2026');
  });
});
