/**
 * The API answers in the language of the page that asked (the `x-language` header the site's
 * pages send): Hindi for `hi`, the spec's English word for word without the header, for any other
 * value, and for the mobile app or curl. Devanagari digits are stored as Latin ones.
 */
import { describe, expect, it } from 'vitest';
import { db, post, targets, uniqueName, uniquePhone } from './helpers';

/** The same digits as a Hindi keyboard types them. */
const devanagari = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));

describe.each(targets)('the language of the answers on $name', (target) => {
  const application = (name: string, phone = uniquePhone()) => ({
    name,
    email: `${phone}@example.in`,
    phone,
    department: 'dl',
    course: 'RS-CIT (Basic)',
    consent: true,
  });

  it('tells a Hindi page what is wrong with a shared field in Hindi, and any other client in the spec’s English', async () => {
    const bad = { ...application('A'), phone: '12345', email: 'not-an-address' };
    const hindi = await post(target, '/api/apply', bad, { 'x-language': 'hi' });
    expect(hindi.status).toBe(400);
    const hindiBody = await hindi.json();
    expect(hindiBody.message).toBe('कृपया निशान लगे खानों को जाँचें और फिर कोशिश करें।');
    expect(hindiBody.errors).toMatchObject({
      name: 'कृपया अपना नाम लिखें।',
      phone: 'कृपया सही 10 अंकों का भारतीय मोबाइल नंबर लिखें।',
      email: 'कृपया सही ई-मेल पता लिखें, जैसे name@example.com',
    });

    for (const headers of [{}, { 'x-language': 'en' }, { 'x-language': 'fr' }]) {
      const english = await post(target, '/api/apply', bad, headers);
      expect(english.status).toBe(400);
      const body = await english.json();
      expect(body.message, JSON.stringify(headers)).toBe('Please check the highlighted fields and try again.');
      expect(body.errors).toMatchObject({
        name: 'Please enter your name.',
        phone: 'Please enter a valid 10-digit Indian mobile number.',
        email: 'Please enter a valid e-mail address, like name@example.com.',
      });
    }
  });

  it('thanks a Hindi applicant in Hindi, stores a mobile number typed in Devanagari digits in Latin ones, and thanks others in English', async () => {
    const digits = uniquePhone();
    const name = uniqueName('Sunita');
    const hindi = await post(target, '/api/apply', { ...application(name, devanagari(digits)), email: `${digits}@example.in` }, { 'x-language': 'hi-IN' });
    expect(hindi.status).toBe(201);
    const { message, reference } = await hindi.json();
    expect(message).toBe(`धन्यवाद, ${name}! हमें आपका आवेदन मिल गया है (संदर्भ नंबर ${reference})। हमारे काउंसलर जल्द ही आपको फ़ोन करेंगे।`);
    const [row] = await db<{ phone: string }>(target, 'select phone from leads where reference = $1', [reference]);
    expect(row?.phone).toBe(`+91${digits}`);

    const other = uniqueName('Sunil');
    const english = await post(target, '/api/apply', application(other));
    expect(english.status).toBe(201);
    const answer = await english.json();
    expect(answer.message).toBe(`Thank you, ${other}! We have received your application (reference ${answer.reference}). Our counsellor will call you soon.`);
  });

  it('refuses a Hindi visitor over a rate limit in Hindi, and others in English', async () => {
    const phone = uniquePhone();
    const message = (n: number) => ({ source: 'home', name: uniqueName(`Limit ${'abcdef'[n]}`), phone, message: 'Tally course' });
    // contact:phone allows five messages an hour from one number.
    for (let n = 0; n < 5; n++) expect((await post(target, '/api/contact', message(n))).status).toBe(201);
    const hindi = await post(target, '/api/contact', message(5), { 'x-language': 'hi' });
    expect(hindi.status).toBe(429);
    expect((await hindi.json()).message).toBe('बहुत ज़्यादा अनुरोध आ गए हैं। कृपया थोड़ी देर रुकें और फिर कोशिश करें।');
    const english = await post(target, '/api/contact', message(5));
    expect(english.status).toBe(429);
    expect((await english.json()).message).toBe('Too many requests. Please wait a little and try again.');
  });

  it('answers a refusal written by a function in Hindi: an application status that is not found', async () => {
    const query = { reference: 'IB-2026-99999999', mobile: uniquePhone() };
    const hindi = await post(target, '/api/applications/status', query, { 'x-language': 'hi' });
    expect(hindi.status).toBe(404);
    expect((await hindi.json()).message).toBe('इस संदर्भ नंबर और मोबाइल नंबर का कोई आवेदन नहीं मिला। कृपया दोनों जाँचें और फिर कोशिश करें।');
    const english = await post(target, '/api/applications/status', query);
    expect((await english.json()).message).toBe('We found no application with this reference and mobile number. Please check both and try again.');
  });
});
