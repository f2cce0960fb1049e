/** WhatsApp messages from the admin: templates filled in for a lead, and the wa.me link. */
import { describe, expect, it } from 'vitest';
import templatesFile from '../../content/whatsapp.json';
import { dayInWords } from '../../src/lib/schemas/attendance';
import { ABSENCE_PLACEHOLDERS, fillAbsence, fillTemplate, PLACEHOLDERS, whatsAppLink } from '../../src/lib/whatsapp';

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

describe('fillAbsence', () => {
  const values = { name: 'Sunita Sharma', guardian: 'Ramesh Sharma', batch: 'RS-CIT Morning', course: 'RS-CIT (Basic)', institute: 'Pragati Institute' };

  it('fills the English messages to the student and the guardian with the day in words', () => {
    const en = templatesFile.absence.find((t) => t.language === 'en')!;
    const day = dayInWords('2027-01-25');
    expect(day).toBe('Monday, 25 January 2027');
    expect(fillAbsence(en.guardian, 'en', { ...values, day })).toBe(
      'Namaste Ramesh Sharma, this is Pragati Institute. Sunita Sharma was absent from the RS-CIT (Basic) class (RS-CIT Morning) on Monday, 25 January 2027. Regular attendance matters for the exam and the certificate. Please reply here or call us if there is any problem.',
    );
    expect(fillAbsence(en.student, 'en', { ...values, day })).toMatch(
      /^Namaste Sunita Sharma, you were marked absent from your RS-CIT \(Basic\) class \(RS-CIT Morning\) at Pragati Institute on Monday, 25 January 2027\./,
    );
  });

  it('fills the Hindi messages in Devanagari, the day in Hindi, and keeps a Hindi name intact in the link', () => {
    const hi = templatesFile.absence.find((t) => t.language === 'hi')!;
    const day = dayInWords('2027-01-25', 'hi');
    expect(day).toBe('सोमवार, 25 जनवरी 2027');
    const text = fillAbsence(hi.guardian, 'hi', { ...values, name: 'सीमा कुमारी', guardian: 'राम लाल', day });
    expect(text).toBe(
      'नमस्ते राम लाल, Pragati Institute से संदेश: सोमवार, 25 जनवरी 2027 को RS-CIT (Basic) की कक्षा (RS-CIT Morning) में सीमा कुमारी की अनुपस्थिति दर्ज हुई है। परीक्षा और प्रमाणपत्र के लिए नियमित उपस्थिति ज़रूरी है। कोई परेशानी हो तो कृपया यहाँ जवाब दें या हमें फ़ोन करें।',
    );
    const link = whatsAppLink('9001054321', text);
    expect(link.startsWith('https://wa.me/919001054321?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toBe(text);
  });

  it('words the Hindi messages so that they fit a girl and a boy alike (records have no gender)', () => {
    const hi = templatesFile.absence.find((t) => t.language === 'hi')!;
    for (const text of [hi.student, hi.guardian]) {
      // The student is never the subject a verb agrees with (अनुपस्थित रहे / रही): their name is
      // only greeted or followed by a postposition ('{name} की अनुपस्थिति').
      expect(text.match(/\{name\}(?!(,| (की|के|का|को|से|ने|में) ))/g), text).toBeNull();
      // And no verb form of a gender is said of them or of 'you' (आप … गए / गई, रहे / रहीं).
      expect(text, text).not.toMatch(/(रहे|रहीं|रहा|रही|गए|गई|गया|थे|थीं|था|थी|सकते|सकती|चुके|चुकी)(\s|।|$)/);
    }
    // With no name on record, the fallback fits the sentence too.
    expect(fillAbsence(hi.guardian, 'hi', {})).toContain('आपके बच्चे की अनुपस्थिति दर्ज हुई है।');
  });

  it('uses fallbacks in the message’s language, and leaves a lead’s placeholder visible', () => {
    expect(fillAbsence('Namaste {guardian}, {name} on {day} ({reference})', 'en', {})).toBe('Namaste ji, your ward on today ({reference})');
    expect(fillAbsence('नमस्ते {guardian}, {institute}', 'hi', { guardian: ' ' })).toBe('नमस्ते जी, संस्थान');
  });

  it('leaves no placeholder in any absence message of content/whatsapp.json', () => {
    expect(templatesFile.absence.map((t) => t.language).sort()).toEqual(['en', 'hi']);
    const all = Object.fromEntries(ABSENCE_PLACEHOLDERS.map((name) => [name, `<${name}>`]));
    for (const t of templatesFile.absence) {
      for (const text of [t.student, t.guardian]) {
        expect(fillAbsence(text, t.language as 'en' | 'hi', all)).not.toMatch(/\{\w*\}/);
        expect(fillAbsence(text, t.language as 'en' | 'hi', {})).not.toMatch(/\{\w*\}/);
      }
    }
  });
});
