/**
 * An Indian mobile number as people read it. Numbers are stored in their machine form
 * (`+919829012345`, IndianMobileSchema) and links keep that form (tel:, wa.me); every screen,
 * printed page and message that shows one to a person writes it with this.
 */

/**
 * '+91 98290 12345' for an Indian mobile number written any way (+919829012345, 9829012345,
 * 09829012345, 91-98290-12345); anything else (a landline, a foreign number) as it was, trimmed.
 */
export function formatMobile(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  if (!/^[6-9]\d{9}$/.test(digits)) return phone.trim();
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}
