/** WhatsApp messages from the admin: templates filled in for a lead, and the wa.me link. */
import { describe, expect, it } from 'vitest';
import templatesFile from '../../content/whatsapp.json';
import { fillTemplate, PLACEHOLDERS, whatsAppLink } from '../../src/lib/whatsapp';

describe('fillTemplate', () => {
  it('fills every placeholder, as often as it appears', () => {
    const text = 'Namaste {name}, this is {staff} from {institute} about your enquiry for {course} ({reference}). {name}, reply here.';
    expect(
      fillTemplate(text, { name: 'Ravi Meena', staff: 'Asha', institute: 'Pragati Institute', course: 'RS-CIT (Basic)', reference: 'AP-2026-00042' }),
    ).toBe('Namaste Ravi Meena, this is Asha from Pragati Institute about your enquiry for RS-CIT (Basic) (AP-2026-00042). Ravi Meena, reply here.');
  });

  it('uses a readable fallback for a missing or blank value', () => {
    expect(fillTemplate('Namaste {name}, about {course} at {institute}, {staff}, {reference}.', { name: '  ', course: null })).toBe(
      'Namaste ji, about the course at the institute, our counsellor, your enquiry.',
    );
  });

  it('leaves unknown placeholders visible, and never fills in a value a second time', () => {
    expect(fillTemplate('Fees for {course}: {fees}. {}', { course: 'Tally' })).toBe('Fees for Tally: {fees}. {}');
    expect(fillTemplate('Namaste {name} about {course}', { name: '{course}', course: 'DCA' })).toBe('Namaste {course} about DCA');
  });

  it('fills the templates of content/whatsapp.json without a placeholder left over', () => {
    expect(templatesFile.templates.length).toBeGreaterThanOrEqual(4);
    const values = Object.fromEntries(PLACEHOLDERS.map((name) => [name, `<${name}>`]));
    for (const { key, text } of templatesFile.templates) {
      expect(fillTemplate(text, values), key).not.toMatch(/\{\w*\}/);
      expect(fillTemplate(text, {}), key).not.toMatch(/\{\w*\}/);
    }
    expect(templatesFile.templates.find((t) => t.key === 'first-reply')?.text).toMatch(
      /^Namaste \{name\}, this is \{staff\} from \{institute\} about your enquiry for \{course\}/,
    );
  });
});

describe('whatsAppLink', () => {
  it('opens a chat with the Indian mobile number however it is written, with the text encoded', () => {
    const text = 'Namaste Ravi & family, 100% sure?\nReply: yes/no #1';
    const expected = `https://wa.me/919829012345?text=${encodeURIComponent(text)}`;
    for (const phone of ['+919829012345', '+91 98290 12345', '09829012345', '9829012345', '91-98290-12345']) {
      expect(whatsAppLink(phone, text), phone).toBe(expected);
    }
    expect(new URL(expected).searchParams.get('text')).toBe(text);
  });

  it('lets WhatsApp ask for the contact when the number is no mobile number', () => {
    expect(whatsAppLink('0291 2345678', 'Hello')).toBe('https://wa.me/?text=Hello');
    expect(whatsAppLink('', 'Hello')).toBe('https://wa.me/?text=Hello');
  });
});
