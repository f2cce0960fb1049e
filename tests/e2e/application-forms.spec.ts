/**
 * The four application forms on a cheap phone (360 × 740, touch): each is filled and sent with
 * real files (camera-like JPEGs, PDFs) through the real API, the real upload policies and the
 * local storage that enforces them; every message of the specification; an 8 MB photo shrunk
 * before it is sent; a PDF named .jpg and an HTML page named .pdf; a missing file; a tampered
 * policy refused by the storage; a final submit retried after its answer was lost (stored once);
 * an upload cut off half-way (that slot fails, nothing is sent, Retry mends it); the fill restored
 * after a reload; uploads that wait offline and go on once back; no axe findings.
 */
import type { Request } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, gate, test as base } from './fixtures';
import { clientAddress } from './admin-fixtures';
import {
  applicant,
  choose,
  control,
  fillAll,
  fillFields,
  filesFor,
  htmlNamedPdf,
  openForm,
  pdf,
  pdfNamedJpg,
  slot,
  smallPhoto,
  upload,
  validFill,
} from './application-fill';
import { draftKey } from '../../src/lib/form-draft';
import { FORMS, fieldsOf } from '../../src/lib/schemas/application-forms';
import { cameraPhoto } from '../support/photo';
import { countMailsTo, mailTo } from './outbox';
import { content, escapeRe } from './routes';

/** Every test poses as a visitor of its own: the per-address limits never meet the suite. */
const test = base.extend<{ ownAddress: void }>({
  ownAddress: [
    async ({ page }, use) => {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      await use();
    },
    { auto: true },
  ],
});

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** A description (hint, then error) that ends with `message`. */
const endsWith = (message: string) => new RegExp(`${escapeRe(message)}$`);

/** The storage's answers to the form's POST of a file (the local endpoint, or a bucket). */
const isStoragePost = (request: Request) => request.method() === 'POST' && /\/api\/uploads\/local$|amazonaws\.com/.test(request.url());

/** Each form's notice title in English (content/privacy-notice.json). */
const notice = content<{ forms: Record<(typeof FORMS)[keyof typeof FORMS]['form'], { title: { en: string } }> }>('privacy-notice.json');

const REFERENCE = { emitra: /EM-\d{4}-\d{5,}/, csc: /CS-\d{4}-\d{5,}/, iibf: /IB-\d{4}-\d{5,}/, nielit: /NL-\d{4}-\d{5,}/ } as const;
const SUCCESS = {
  emitra: 'Registration Successful',
  csc: 'Application submitted successfully!',
  iibf: 'Application submitted successfully!',
  nielit: 'Form submitted successfully! Check your email.',
} as const;

test.describe('the application forms on a phone', () => {
  for (const form of ['emitra', 'csc', 'iibf', 'nielit'] as const) {
    test(`${FORMS[form].path}: filled, sent with real files, answered with the reference; fields and files cleared`, async ({ page }) => {
      test.setTimeout(180_000);
      const person = applicant(form);
      await openForm(page, form);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORMS[form].title);
      await expect(page.getByRole('heading', { name: `Privacy notice: ${notice.forms[form].title.en}` })).toBeVisible();
      await expectNoViolations(page, `${FORMS[form].path}, empty`);

      await fillAll(page, form, person, { optional: form === 'emitra' });
      // Photos and signatures show a preview.
      for (const doc of FORMS[form].documents.filter((d) => d.imagesOnly)) {
        await expect(slot(page, doc.label).getByRole('img', { name: `Preview of the ${doc.label.toLowerCase()}` })).toBeVisible();
      }
      await expectNoViolations(page, `${FORMS[form].path}, filled`);

      // 'Sending...' while the server works (held until seen).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(FORMS[form].endpoint, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      await expect(page.getByRole('status').filter({ hasText: 'Sending...' })).toBeVisible();
      release();

      const region =
        form === 'emitra' ? page.getByRole('alert').filter({ hasText: SUCCESS[form] }) : page.getByRole('status').filter({ hasText: SUCCESS[form] });
      await expect(region).toBeVisible({ timeout: 30_000 });
      const reference = REFERENCE[form].exec((await region.textContent()) ?? '')?.[0];
      expect(reference, 'the reference is shown').toBeTruthy();
      await expect(region.getByRole('link', { name: 'application status page' })).toHaveAttribute('href', '/applicationStatus');

      // Fields and files cleared, ready for the next applicant.
      for (const field of fieldsOf(FORMS[form])) await expect(control(page, field.label)).toHaveValue('');
      await expect(page.getByText(/^Uploaded: /)).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: /I have read what is collected/ })).not.toBeChecked();

      // The applicant's confirmation carries the reference.
      expect(await mailTo(person.email, new RegExp(reference!))).toContain(reference);
    });
  }

  test('/EmitraForm: every message of the specification, under its field and in the summary that takes the focus', async ({ page }) => {
    await openForm(page, 'emitra');
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/emitra');
    await page.getByRole('button', { name: 'Submit' }).click();

    const summary = page.locator('.form-summary');
    await expect(summary).toBeFocused();
    for (const field of fieldsOf(FORMS.emitra)) {
      const message = `Please fill in the field: ${field.label}`;
      await expect(control(page, field.label)).toHaveAccessibleDescription(endsWith(message));
      await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible();
    }
    for (const doc of FORMS.emitra.documents) {
      const message = `Please upload required file: ${doc.label}`;
      if (doc.required) await expect(slot(page, doc.label)).toContainText(message);
      else await expect(slot(page, doc.label)).not.toContainText('Please upload');
    }
    await expect(page.getByRole('checkbox', { name: /I have read what is collected/ })).toHaveAccessibleDescription(/Please tick the box to agree/);
    await expectNoViolations(page, '/EmitraForm with every error shown');

    // A summary link takes the focus to its field.
    await summary.getByRole('link', { name: 'Please fill in the field: PAN number' }).click();
    await expect(control(page, 'PAN number')).toBeFocused();

    // Upper-cased and digits-only as typed.
    const pan = control(page, 'PAN number');
    await pan.pressSequentially('abcd1234f');
    await expect(pan).toHaveValue('ABCD1234F');
    const contact = control(page, 'Contact number');
    await contact.pressSequentially('98a76-5x');
    await expect(contact).toHaveValue('98765');
    await expect(contact).toHaveAttribute('inputmode', 'numeric');
    await control(page, 'Jan Aadhaar number').fill('12345');
    await control(page, 'IFSC code').fill('sbin1234567');
    await expect(control(page, 'IFSC code')).toHaveValue('SBIN1234567');
    await control(page, 'Correspondent IFSC code').fill('barb0palixx');
    await expect(control(page, 'Correspondent IFSC code')).toHaveValue('BARB0PALIXX');
    await control(page, 'SSO ID').fill('ramesh.k');
    await expect(control(page, 'SSO ID')).toHaveValue('RAMESH.K');
    await control(page, 'Pincode').fill('3064011');
    await expect(control(page, 'Pincode')).toHaveValue('306401');
    await control(page, 'Pincode').fill('30640');
    await control(page, 'Aadhaar number').fill('2341 2341 2346');
    await expect(control(page, 'Aadhaar number')).toHaveValue('234123412346');
    await expect(control(page, 'Location').locator('option')).toHaveText(['Choose…', 'Urban', 'Rural']);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(summary).toBeFocused();
    const expected: Record<string, string> = {
      'PAN number': 'Invalid PAN Number. Format: AAAAA9999A',
      'Jan Aadhaar number': 'Invalid Jan Aadhaar Number. Must be 10 digits.',
      'Contact number': 'Invalid Contact Number. Must be 10 digits.',
      'IFSC code': 'Invalid IFSC Code. Format: ABCD0EFGHIJ',
      Pincode: 'Invalid Pincode. Must be 6 digits.',
    };
    for (const [label, message] of Object.entries(expected)) {
      await expect(control(page, label)).toHaveAccessibleDescription(endsWith(message));
    }
    await expect(control(page, 'Correspondent IFSC code')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('before its script arrives, the form keeps what is typed, shows Submit working at once, then tidies the fill and shows the summary from its heading', async ({
    page,
  }) => {
    await page.goto(FORMS.csc.path);
    const island = page.locator('astro-island').filter({ has: page.locator('form.application-form') });
    // The form's script is held back, as on a slow 3G connection.
    const script = new URL((await island.getAttribute('component-url'))!, page.url()).pathname;
    const held = gate();
    await page.route(
      (url) => url.pathname === script,
      async (route) => {
        await held.wait;
        await route.continue();
      },
    );
    await control(page, "Mother's name").pressSequentially('kamla');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(island, 'busy at once, before the script has arrived').toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCSS('cursor', 'progress');
    await expect(island).toHaveAttribute('ssr');

    held.release();
    await expect(island).not.toHaveAttribute('ssr');
    await expect(control(page, "Mother's name"), 'typed before the form woke, upper-cased once it did').toHaveValue('KAMLA');
    const summary = page.locator('.form-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading', { name: /^Please correct/ })).toBeInViewport();
    await expect(island).not.toHaveAttribute('aria-busy');
  });

  test('the summary tells apart two fields with the same message; an Aadhaar number says what is wrong with it', async ({ page }) => {
    await openForm(page, 'emitra');
    await control(page, 'IFSC code').fill('sbin12');
    await control(page, 'Correspondent IFSC code').fill('barb0');
    await control(page, 'Aadhaar number').fill('123412341234');
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.locator('.form-summary');
    await expect(summary.getByRole('link', { name: 'IFSC code: Invalid IFSC Code. Format: ABCD0EFGHIJ', exact: true })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Correspondent IFSC code: Invalid IFSC Code. Format: ABCD0EFGHIJ', exact: true })).toBeVisible();
    // Under the field, the specification's words.
    await expect(control(page, 'IFSC code')).toHaveAccessibleDescription(endsWith('Invalid IFSC Code. Format: ABCD0EFGHIJ'));
    await expect(control(page, 'Aadhaar number')).toHaveAccessibleDescription(
      endsWith('An Aadhaar number never starts with 0 or 1. Please check the 12 digits on the card.'),
    );
    await control(page, 'Aadhaar number').fill('234123412345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(control(page, 'Aadhaar number')).toHaveAccessibleDescription(
      endsWith('This Aadhaar number is not valid. Please check the 12 digits on the card.'),
    );
  });

  test('/CSCForm, /IIBFForm, /NeilitForm: their own messages, limits and choices', async ({ page }) => {
    await openForm(page, 'csc');
    const contact = control(page, 'Contact number');
    await contact.fill('1234567890123456789012345');
    await expect(contact, 'CSC takes up to 20 digits').toHaveValue('12345678901234567890');
    await control(page, "Mother's name").fill('kamla');
    await expect(control(page, "Mother's name")).toHaveValue('KAMLA');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(contact).toHaveAccessibleDescription(endsWith('Contact number must be exactly 10 digits.'));
    await expect(slot(page, 'IIBF certificate')).not.toContainText('Please upload');
    await expect(slot(page, 'TEC certificate')).toContainText('Please upload required file: TEC certificate');

    await openForm(page, 'iibf');
    const mobile = control(page, 'Mobile number');
    await mobile.fill('98765432101234');
    await expect(mobile, 'IIBF takes up to 10 digits').toHaveValue('9876543210');
    await mobile.fill('98765');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(mobile).toHaveAccessibleDescription(endsWith('Mobile number must be exactly 10 digits.'));
    for (const doc of FORMS.iibf.documents) await expect(slot(page, doc.label)).toContainText(`Please upload required file: ${doc.label}`);
    await expectNoViolations(page, '/IIBFForm with errors');

    await openForm(page, 'nielit');
    await control(page, 'Mobile number').fill('98765');
    await control(page, 'Email').fill('anil@example.in');
    await expect(control(page, 'Email')).toHaveValue('ANIL@EXAMPLE.IN');
    await expect(control(page, 'Caste category').locator('option')).toHaveText(['Choose…', 'General', 'OBC', 'SC', 'ST', 'EWS']);
    await expect(control(page, 'Course').locator('option')).toHaveText(['Choose…', 'O Level', 'CCC', 'CCC+', 'ACC', 'BCC', 'ECC']);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(control(page, 'Mobile number')).toHaveAccessibleDescription(endsWith('Please enter a valid 10-digit mobile number.'));

    // Photo and signature take images only, checked before anything is sent; HEIC is explained.
    await expect(slot(page, 'Photo').locator('input[type=file]')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await choose(page, 'Photo', pdf('photo.pdf'));
    await expect(slot(page, 'Photo')).toContainText('Please choose a photo in JPEG, PNG or WebP format.');
    await choose(page, 'Aadhaar card', {
      name: 'aadhaar-scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024)]),
    });
    await expect(slot(page, 'Aadhaar card')).toContainText(
      'This file is 6.0 MB; the largest we accept is 5 MB. Please choose a smaller file or a lower-resolution scan.',
    );
    await choose(page, 'Signature', { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: Buffer.from('....ftypheic') });
    await expect(slot(page, 'Signature')).toContainText('This photo is in HEIC format, which we cannot read. Please choose a JPEG photo or a PDF');
    await expectNoViolations(page, '/NeilitForm with errors');
  });

  test('an 8 MB camera photo is shrunk on the phone before it is sent (well under 1 MB on the wire)', async ({ page }) => {
    test.setTimeout(120_000);
    const big = await cameraPhoto({ width: 4000, height: 3000, noise: 70, quality: 97 });
    expect(big.length).toBeGreaterThan(8 * 1024 * 1024);
    // What went to the storage, as the network layer counted it.
    const sent: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (isStoragePost(request)) sent.push(request.sizes().then((sizes) => sizes.requestBodySize));
    });
    await openForm(page, 'nielit');
    await upload(page, 'Photo', { name: 'IMG_20261124_101500.jpg', mimeType: 'image/jpeg', buffer: big });
    const sizes = await Promise.all(sent);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]!, 'a real photo was sent').toBeGreaterThan(50 * 1024);
    expect(sizes[0]!, `bytes sent for an ${(big.length / 1024 / 1024).toFixed(1)} MB photo`).toBeLessThan(1024 * 1024);
    const shown = await slot(page, 'Photo')
      .getByText(/^Uploaded: /)
      .textContent();
    expect(shown).toMatch(/^Uploaded: IMG_20261124_101500\.jpg \((\d+) KB\)$/);
    expect(Number(/\((\d+) KB\)/.exec(shown!)![1]), 'the stored size').toBeLessThan(1024);
    await expect(slot(page, 'Photo').getByRole('img', { name: 'Preview of the photo' })).toBeVisible();
  });

  test('a file is replaced and removed; a PDF named .jpg passes as a PDF where PDFs are allowed and is refused for a photo; an HTML page named .pdf is refused', async ({
    page,
  }) => {
    await openForm(page, 'emitra');
    await upload(page, 'Marksheet', pdfNamedJpg('marksheet.jpg'));
    // Replace and Remove.
    const marksheet = slot(page, 'Marksheet');
    await expect(marksheet.getByText('Replace')).toBeVisible();
    await upload(page, 'Marksheet', pdf('marksheet-2.pdf'));
    await expect(marksheet.getByText(/^Uploaded: /)).toHaveText(/^Uploaded: marksheet-2\.pdf/);
    await marksheet.getByRole('button', { name: 'Remove Marksheet' }).click();
    await expect(marksheet.getByText(/^Uploaded: /)).toHaveCount(0);
    await expect(marksheet.getByText('Choose file')).toBeVisible();
    await expect(marksheet.locator('input[type=file]')).toBeFocused();
    await upload(page, 'Marksheet', pdfNamedJpg('marksheet.jpg'));

    await choose(page, 'Applicant photo', pdfNamedJpg('photo.jpg'));
    const photo = slot(page, 'Applicant photo');
    await expect(photo).toContainText('This file is a PDF. Please choose a photo in JPEG, PNG or WebP format.');
    await expect(photo.getByText('Choose file')).toBeVisible();

    await choose(page, 'Affidavit', htmlNamedPdf('affidavit.pdf'));
    const affidavit = slot(page, 'Affidavit');
    await expect(affidavit).toContainText('This file is not a real PDF: its contents are an HTML page. Please choose the PDF again.');
    await expect(affidavit.locator('input[type=file]')).toHaveAccessibleDescription(/not a real PDF/);
    await expect(affidavit.getByText(/^Uploaded/)).toHaveCount(0);
    await expectNoViolations(page, '/EmitraForm with refused files');
  });

  test('a missing required file stops the form before anything is sent', async ({ page }) => {
    test.setTimeout(120_000);
    const person = applicant('missing');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/IIBF')) sent += 1;
    });
    await openForm(page, 'iibf');
    await fillFields(page, 'iibf', validFill('iibf', person));
    for (const { label, file } of (await filesFor('iibf')).filter((f) => f.label !== 'Caste certificate')) await upload(page, label, file);
    await page.getByRole('checkbox', { name: /I have read what is collected/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.form-summary')).toBeFocused();
    await expect(page.locator('.form-summary').getByRole('link')).toHaveText(['Please upload required file: Caste certificate']);
    await expect(slot(page, 'Caste certificate').locator('input[type=file]')).toHaveAccessibleDescription(/Please upload required file: Caste certificate/);
    expect(sent).toBe(0);
  });

  test('a tampered or expired upload policy is refused by the storage: that file fails with Retry, which sends it under a fresh policy', async ({ page }) => {
    await openForm(page, 'iibf');
    await page.route('**/api/uploads', async (route) => {
      const response = await route.fetch();
      const policy = (await response.json()) as { fields: Record<string, string> };
      // One character of the signature changed: the storage must refuse the upload.
      const signature = policy.fields['x-amz-signature']!;
      policy.fields['x-amz-signature'] = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      await route.fulfill({ response, json: policy });
    });
    const refused = page.waitForResponse((response) => isStoragePost(response.request()));
    await choose(page, 'PAN card', pdf('pan.pdf'));
    expect((await refused).status()).toBe(403);
    const pan = slot(page, 'PAN card');
    await expect(pan).toContainText('The storage did not accept pan.pdf. Please press Retry to send it again.');
    await page.unroute('**/api/uploads');
    await pan.getByRole('button', { name: 'Retry PAN card' }).click();
    await expect(pan.getByText('Uploaded: pan.pdf')).toBeVisible();
    await expect(pan.locator('input[type=file]')).toBeFocused();

    // A policy that expired before the file got through (a long stall on 3G): the storage answers
    // as S3 does; Retry asks for a fresh policy.
    let expired = true;
    await page.route('**/api/uploads/local', (route) =>
      expired
        ? route.fulfill({
            status: 403,
            contentType: 'application/xml',
            body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>',
          })
        : route.continue(),
    );
    await choose(page, 'Caste certificate', pdf('caste.pdf'));
    const caste = slot(page, 'Caste certificate');
    await expect(caste).toContainText('The storage did not accept caste.pdf. Please press Retry to send it again.');
    await expect(pan.getByText('Uploaded: pan.pdf'), 'the other file stays').toBeVisible();
    expired = false;
    await caste.getByRole('button', { name: 'Retry Caste certificate' }).click();
    await expect(caste.getByText('Uploaded: caste.pdf')).toBeVisible();
  });

  test('a final submit whose answer was lost is sent again and stored once, under the first reference', async ({ page }) => {
    test.setTimeout(180_000);
    const person = applicant('retry');
    await openForm(page, 'iibf');
    await fillAll(page, 'iibf', person);
    let firstReference = '';
    await page.route('**/api/IIBF', async (route) => {
      // The server stores it; the answer never reaches the phone.
      const response = await route.fetch();
      firstReference = ((await response.json()) as { reference: string }).reference;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to submit application.' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('check your connection');
    expect(firstReference).toMatch(REFERENCE.iibf);
    // Everything is kept.
    await expect(control(page, "Applicant's name")).toHaveValue('MEENA SHARMA');
    await expect(page.getByText(/^Uploaded: /)).toHaveCount(6);

    await page.unroute('**/api/IIBF');
    const again = page.waitForResponse((response) => response.url().endsWith('/api/IIBF') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Application submitted successfully!' });
    await expect(success).toContainText(firstReference);
    // The server knew it for the first one: a replay, which stores and mails nothing of its own.
    expect((await again).headers()['idempotent-replayed'], 'answered as a replay').toBe('true');
    await mailTo(person.email, new RegExp(firstReference));
    expect(await countMailsTo(person.email, /IB-\d{4}-\d{5,}/), 'one confirmation').toBe(1);
  });

  test('an upload cut off half-way fails alone, nothing is sent, and Retry mends it', async ({ page }) => {
    test.setTimeout(180_000);
    const person = applicant('cutoff');
    let submits = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/IIBF')) submits += 1;
    });
    await openForm(page, 'iibf');
    await fillFields(page, 'iibf', validFill('iibf', person));
    await page.route('**/api/uploads/local', (route) =>
      // The connection to the storage drops for the qualification document, every time.
      (route.request().postDataBuffer() ?? Buffer.alloc(0)).includes('/qualificationDoc-') ? route.abort('connectionreset') : route.continue(),
    );
    const files = await filesFor('iibf');
    for (const { label, file } of files) await choose(page, label, file);
    const qualification = slot(page, 'Qualification document');
    await expect(qualification).toContainText('The upload of qualificationDoc.pdf was interrupted. Please press Retry.', { timeout: 60_000 });
    for (const { label } of files.filter((f) => f.label !== 'Qualification document')) {
      await expect(slot(page, label).getByText(/^Uploaded: /)).toBeVisible({ timeout: 60_000 });
    }
    await page.getByRole('checkbox', { name: /I have read what is collected/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.form-summary')).toBeFocused();
    await expect(page.locator('.form-summary').getByRole('link')).toHaveText(['The upload of qualificationDoc.pdf was interrupted. Please press Retry.']);
    expect(submits, 'nothing sent while a file is missing').toBe(0);

    await page.unroute('**/api/uploads/local');
    await qualification.getByRole('button', { name: 'Retry Qualification document' }).click();
    await expect(qualification.getByText('Uploaded: qualificationDoc.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toBeVisible({ timeout: 30_000 });
    expect(submits).toBe(1);
  });

  test('what was typed and uploaded comes back after a reload, and "Clear the form" starts afresh', async ({ page }) => {
    const person = applicant('draft');
    await openForm(page, 'emitra');
    await fillFields(page, 'emitra', { name: 'Ramesh Kumar', panNo: 'abcde1234f', aadharNo: '234123412346', contactNumber: person.mobile, location: 'Urban' });
    await upload(page, 'Marksheet', pdf('marksheet.pdf'));
    // Saved a moment after the last change: kept once the kept fill holds it.
    await expect
      .poll(() =>
        page.evaluate((key) => {
          const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as {
            fields?: Record<string, string>;
            documents?: Record<string, { name: string }>;
          } | null;
          return { name: kept?.fields?.['name'], location: kept?.fields?.['location'], files: Object.values(kept?.documents ?? {}).map((d) => d.name) };
        }, draftKey('emitra')),
      )
      .toEqual({ name: 'Ramesh Kumar', location: 'Urban', files: ['marksheet.pdf'] });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'We restored what you typed on this device' })).toContainText('and the file you uploaded');
    await expect(control(page, 'Name')).toHaveValue('Ramesh Kumar');
    await expect(control(page, 'PAN number')).toHaveValue('ABCDE1234F');
    await expect(control(page, 'Aadhaar number'), 'ID numbers last as long as the tab').toHaveValue('234123412346');
    await expect(control(page, 'Location')).toHaveValue('Urban');
    await expect(slot(page, 'Marksheet').getByText('Uploaded: marksheet.pdf')).toBeVisible();
    await expectNoViolations(page, '/EmitraForm restored');

    // A new tab (a closed one reopened) has the fill but not the ID numbers.
    const other = await page.context().newPage();
    await other.goto('/EmitraForm');
    await expect(other.getByRole('status').filter({ hasText: 'We restored' })).toContainText('Please type them again: Aadhaar number, PAN number');
    await expect(control(other, 'Name')).toHaveValue('Ramesh Kumar');
    await expect(control(other, 'Aadhaar number')).toHaveValue('');
    await other.close();

    await page.getByRole('button', { name: 'Clear the form' }).click();
    await expect(control(page, 'Name')).toHaveValue('');
    await expect(control(page, 'Name')).toBeFocused();
    await expect(page.getByText(/^Uploaded: /)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('We restored')).toHaveCount(0);
  });

  test('uploads wait while the phone is offline and go on by themselves once it is back', async ({ page, context }) => {
    await openForm(page, 'iibf');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await choose(page, 'Aadhaar card', pdf('aadhaar.pdf'));
    await expect(slot(page, 'Aadhaar card')).toContainText('Waiting for the connection: aadhaar.pdf will be sent when you are back online.');
    await context.setOffline(false);
    await expect(slot(page, 'Aadhaar card').getByText('Uploaded: aadhaar.pdf')).toBeVisible();

    // Cut off in the middle of an upload: it waits, then starts again by itself.
    let cut = false;
    await page.route('**/api/uploads/local', async (route) => {
      if (cut) return route.continue();
      cut = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await choose(page, 'PAN card', pdf('pan.pdf'));
    await expect(slot(page, 'PAN card')).toContainText('Waiting for the connection');
    await context.setOffline(false);
    await expect(slot(page, 'PAN card').getByText('Uploaded: pan.pdf')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);

    // Sent, then cut off before the check answered: checked by itself once the phone is back.
    let checkCut = false;
    await page.route('**/api/uploads/check', async (route) => {
      if (checkCut) return route.continue();
      checkCut = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await choose(page, 'Qualification document', pdf('marksheet.pdf'));
    await expect(slot(page, 'Qualification document')).toContainText('Waiting for the connection: marksheet.pdf will be checked when you are back online.');
    await expect(slot(page, 'Qualification document').getByRole('button', { name: /Retry/ })).toHaveCount(0);
    await context.setOffline(false);
    await expect(slot(page, 'Qualification document').getByText('Uploaded: marksheet.pdf')).toBeVisible();
  });

  test('files waiting their turn say so, with their place in the line', async ({ page }) => {
    await openForm(page, 'iibf');
    // The storage holds the first two uploads until released: the others wait their turn.
    const held = gate();
    await page.route('**/api/uploads/local', async (route) => {
      await held.wait;
      await route.continue();
    });
    await choose(page, 'Aadhaar card', pdf('aadhaar.pdf'));
    await choose(page, 'PAN card', pdf('pan.pdf'));
    await choose(page, 'Qualification document', pdf('marksheet.pdf'));
    await expect(slot(page, 'Aadhaar card')).toContainText('Uploading aadhaar.pdf: 0%');
    await expect(slot(page, 'Qualification document')).toContainText('Waiting its turn: marksheet.pdf (next in line). Two files are sent at a time.');
    await expect(slot(page, 'Qualification document').getByRole('progressbar')).toHaveCount(0);
    held.release();
    for (const [label, name] of [
      ['Aadhaar card', 'aadhaar.pdf'],
      ['PAN card', 'pan.pdf'],
      ['Qualification document', 'marksheet.pdf'],
    ] as const) {
      await expect(slot(page, label).getByText(`Uploaded: ${name}`)).toBeVisible();
    }
  });

  test('failures keep everything: the kiosk alerts Registration Failed; NIELIT says the server’s message or the network error', async ({ page }) => {
    test.setTimeout(180_000);
    await openForm(page, 'nielit');
    await fillAll(page, 'nielit', applicant('fail'));
    await page.route('**/api/submit', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error submitting the form. Try again.' })).toBeVisible();
    await page.unroute('**/api/submit');
    await page.route('**/api/submit', (route) =>
      route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again in a minute.', error: 'unavailable' } }),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit: The service is busy. Please try again in a minute.' })).toBeVisible();
    await expect(control(page, 'Name')).toHaveValue('ANIL');
    await expect(page.getByText(/^Uploaded: /)).toHaveCount(6);

    await openForm(page, 'emitra');
    await page.route('**/api/emitra', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }));
    await fillAll(page, 'emitra', applicant('kioskfail'));
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Something went wrong on our side.');
    await expect(control(page, 'Kiosk name')).toHaveValue('Ramesh e-Mitra');
  });
});

test.describe('/fixDocuments', () => {
  test('uploads just the documents asked for, then sends them; the token leaves the address', async ({ page }) => {
    const token = 'fixtoken_0123456789abcdefghij';
    const uploadIds: Record<string, string> = {};
    let opened: unknown;
    await page.route('**/api/applications/fix/open', (route) => {
      // The token goes in the body, never in an address a server would log.
      opened = { method: route.request().method(), url: route.request().url(), body: route.request().postDataJSON() };
      return route.fulfill({
        json: {
          reference: 'CS-2026-00042',
          form: 'csc',
          formLabel: 'CSC application',
          note: 'The passbook photo is blurred; please send a clearer one.',
          expiresAt: '2026-12-08T10:00:00.000Z',
          documents: [
            { slot: 'bankPassbook', label: 'Bank passbook', imagesOnly: false },
            { slot: 'photo', label: 'Photo', imagesOnly: true },
          ],
        },
      });
    });
    // The policies, the storage and the checks of this link (the real ones need a link staff made).
    await page.route('**/api/uploads', async (route) => {
      const body = route.request().postDataJSON() as { fix: string; slot: string };
      expect(body.fix).toBe(token);
      const uploadId = crypto.randomUUID();
      uploadIds[body.slot] = uploadId;
      await route.fulfill({
        status: 201,
        json: { uploadId, key: `k/${body.slot}`, url: '/storage-test', fields: { key: `k/${body.slot}` }, expiresAt: new Date(Date.now() + 9e5).toISOString() },
      });
    });
    await page.route('**/storage-test', (route) => route.fulfill({ status: 201, body: '<PostResponse/>', contentType: 'application/xml' }));
    await page.route('**/api/uploads/check', async (route) => {
      const body = route.request().postDataJSON() as { uploadId: string; fix: string };
      expect(body.fix).toBe(token);
      await route.fulfill({ json: { uploadId: body.uploadId, type: 'application/pdf', size: 900 } });
    });
    let sent: unknown;
    await page.route('**/api/applications/fix', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ json: { message: 'Thank you. We have received your documents and will check them soon.' } });
    });

    await page.goto(`/fixDocuments#${token}`);
    await expect(page.getByText('Application CS-2026-00042 (CSC application)')).toBeVisible();
    await expect(page.getByText('The passbook photo is blurred')).toBeVisible();
    const open = opened as { method: string; url: string; body: unknown };
    expect({ method: open.method, body: open.body }).toEqual({ method: 'POST', body: { token } });
    expect(open.url).not.toContain(token);
    await expect(page.getByRole('group', { name: /^(Bank passbook|Photo)$/ })).toHaveCount(2);
    await expectNoViolations(page, '/fixDocuments');
    await page.getByRole('button', { name: 'Send the documents' }).click();
    await expect(page.locator('.form-summary')).toBeFocused();
    await expect(slot(page, 'Photo')).toContainText('Please upload required file: Photo');

    await upload(page, 'Bank passbook', pdf('passbook.pdf'));
    await upload(page, 'Photo', await smallPhoto());
    await page.getByRole('button', { name: 'Send the documents' }).click();
    await expect(page.getByText('Thank you. We have received your documents and will check them soon.')).toBeVisible();
    expect(sent).toEqual({ token, documents: { bankPassbook: uploadIds['bankPassbook'], photo: uploadIds['photo'] } });
    expect(new URL(page.url()).hash).toBe('');
  });

  test('a link without its token says so', async ({ page }) => {
    await page.goto('/fixDocuments');
    await expect(page.getByRole('alert')).toContainText('This link is not complete.');
  });
});
