/**
 * Certificates anyone can verify, on a 360 px phone: a visitor types a number (in small letters)
 * on /certificate and reads the verification at /certificate/{number}; the printable page shows
 * the Hindi wording in the font the site ships and a QR code of the verification address; a
 * revoked certificate says so with its reason, and an unknown number says no certificate has it.
 * The certificates are written straight to the test server's database.
 */
import { randomBytes } from 'node:crypto';
import { create } from 'qrcode/lib/core/qrcode.js';
import { CERTIFICATE_ALPHABET } from '../../src/lib/certificate-number';
import { expectNoViolations } from './axe';
import { withClient } from './database';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

/** A random number of the institute's shape, different in every run. */
const newNumber = () => `PCI-2026-${[...randomBytes(6)].map((b) => CERTIFICATE_ALPHABET[b % CERTIFICATE_ALPHABET.length]).join('')}`;

const valid = newNumber();
const revoked = newNumber();

test.beforeAll(async () => {
  await withClient(async (client) => {
    const insert = `insert into certificates (number, student_name, course, starts_on, ends_on, grade, marks, issued_on, revoked_at, revoked_reason)
                    values ($1, $2, 'Tally Prime with GST', '2026-01-05', '2026-03-27', $3, $4, '2026-03-30', $5, $6)`;
    await client.query(insert, [valid, 'Sunita Sharma', 'A+', '86%', null, null]);
    await client.query(insert, [revoked, 'Ravi Kumar', null, null, new Date('2026-04-02T06:00:00Z'), 'Issued to the wrong student.']);
  });
});

test.beforeEach(async ({ page }) => {
  // A client address of its own: the verification's per-address limit never meets another test.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}` });
});

test('a visitor types a number and sees the certificate is valid, with what it says', async ({ page }) => {
  await page.goto('/certificate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify a certificate');
  await expectNoViolations(page, '/certificate at 360px');
  await page.getByLabel('Certificate number').fill('not a number');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is not a certificate number. A certificate number looks like PCI-2027-7F3K9Q.');

  await page.getByLabel('Certificate number').fill(valid.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate/${valid}$`));
  const card = page.locator('[data-cert]');
  await expect(card.locator('[data-cert-state]')).toHaveText('Valid');
  await expect(page.getByRole('status')).toHaveText('This certificate was issued by the institute and is valid.');
  const fact = (name: string) => card.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd');
  await expect(fact('Name')).toHaveText('Sunita Sharma');
  await expect(fact('Course')).toHaveText('Tally Prime with GST');
  await expect(fact('Dates')).toHaveText('5 January 2026 to 27 March 2026');
  await expect(fact('Grade')).toHaveText('A+');
  await expect(fact('Marks')).toHaveText('86%');
  await expect(fact('Issued on')).toHaveText('30 March 2026');
  await expect(page.getByRole('link', { name: 'Print the certificate' })).toHaveAttribute('href', `/certificate/${valid}/print`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoViolations(page, '/certificate/{number} at 360px');
});

test('the printable certificate shows the Hindi wording in the shipped font and a QR code of the verification address', async ({ page }) => {
  const fonts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/certificate/${valid}/print`);
  const certificate = page.getByRole('article', { name: 'Certificate' });
  await expect(certificate.locator('section[lang="hi"] h2')).toHaveText('पाठ्यक्रम पूर्णता प्रमाण-पत्र');
  await expect(certificate.locator('section[lang="hi"] p')).toHaveText(
    'प्रमाणित किया जाता है कि Sunita Sharma ने 5 जनवरी 2026 से 27 मार्च 2026 तक आयोजित पाठ्यक्रम Tally Prime with GST सफलतापूर्वक पूर्ण किया है।',
  );
  await expect(certificate.locator('section[lang="en"] p')).toHaveText(
    'This is to certify that Sunita Sharma has successfully completed the course Tally Prime with GST, held from 5 January 2026 to 27 March 2026.',
  );
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The Devanagari face the page ships is the one the browser loaded for the Hindi text.
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans Devanagari' && f.status === 'loaded').length;
  });
  expect(loaded).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'प्रमाण'))).toBe(true);
  expect(fonts.some((f) => /^\/_astro\/noto-sans-devanagari-devanagari-400-normal\.[\w-]+\.woff2$/.test(f))).toBe(true);

  // The QR code encodes the verification address, and its squares are that address's code.
  const qr = certificate.locator('svg[data-qr-text]');
  await expect(qr).toBeVisible();
  const text = (await qr.getAttribute('data-qr-text'))!;
  expect(new URL(text).pathname).toBe(`/certificate/${valid}`);
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let expected = '';
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) expected += `M${column + 4} ${row + 4}h1v1h-1z`;
  expect(await qr.locator('path').getAttribute('d')).toBe(expected);
  await expect(certificate.locator('[data-field="url"]')).toHaveText(text);

  // On paper: only the certificate, A4 landscape.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Print certificate' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expectNoViolations(page, '/certificate/{number}/print at 360px');
});

test('a revoked certificate says Revoked with the day and reason; an unknown number says no certificate has it', async ({ page }) => {
  await page.goto(`/certificate/${revoked}`);
  const card = page.locator('[data-cert]');
  await expect(card.locator('[data-cert-state]')).toHaveText('Revoked');
  await expect(card.locator('[data-cert-revoked]')).toHaveText('Revoked on 2 April 2026. Reason: Issued to the wrong student.');
  await expect(page.getByRole('link', { name: 'Print the certificate' })).toHaveCount(0);
  await expectNoViolations(page, 'a revoked certificate at 360px');

  await page.goto(`/certificate/${revoked}/print`);
  await expect(page.getByRole('status')).toHaveText(`Certificate ${revoked} has been revoked, so it cannot be printed. Reason: Issued to the wrong student.`);
  await expect(page.getByRole('article', { name: 'Certificate' })).toBeHidden();

  await page.goto('/certificate/PCI-2026-ZZZZZZ');
  await expect(page.getByRole('status')).toHaveText('No certificate has this number.');
  await page.goto('/certificate/hello');
  await expect(page.getByRole('status')).toHaveText('This is not a certificate number. A certificate number looks like PCI-2027-7F3K9Q.');
});
