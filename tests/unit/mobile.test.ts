/** Mobile numbers as people read them (src/lib/mobile.ts). */
import { describe, expect, it } from 'vitest';
import { formatMobile } from '../../src/lib/mobile';
import { IndianMobileSchema } from '../../src/lib/schemas/fields';

describe('formatMobile', () => {
  it('writes an Indian mobile number as +91 98290 12345, however it was stored or typed', () => {
    for (const phone of ['+919829012345', '9829012345', '09829012345', '919829012345', '+91 98290 12345', '+91-98290-12345', ' (98290) 12345 '])
      expect(formatMobile(phone), phone).toBe('+91 98290 12345');
  });

  it('writes every number the schema stores in that form', () => {
    const stored = IndianMobileSchema.parse('98290 12345');
    expect(stored).toBe('+919829012345');
    expect(formatMobile(stored)).toBe('+91 98290 12345');
    expect(formatMobile(IndianMobileSchema.parse('6000000001'))).toBe('+91 60000 00001');
  });

  it('leaves what is not an Indian mobile number as it was', () => {
    for (const phone of ['0291 2650123', '+44 20 7946 0958', '12345', '5829012345', '']) expect(formatMobile(phone), phone).toBe(phone.trim());
  });
});
