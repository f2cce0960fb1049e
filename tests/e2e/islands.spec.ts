/**
 * The interactive parts wired to the API: announcement line, visitor counter, Apply Now dialog,
 * the two contact forms and the Pay Now dialog — each through its success and failure paths.
 * Failures are produced by answering the API call in the browser (page.route).
 */
import { expect, test, type Page } from '@playwright/test';
import { gate, recordScripts, answerAdult } from './fixtures';
import { content, site } from './routes';

const failWith = (page: Page, path: string, status: number, body: unknown) =>
  page.route(path, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));

test.describe('announcement line', () => {
  test('shows the default text with the phone when there is no announcement', async ({ page }) => {
    await failWith(page, '**/api/marquee', 200, []);
    await page.goto('/');
    await expect(page.locator('[data-announcement-text]')).toHaveText(`Admissions Open | Call Now ${site.phone}`);
  });

  test('shows the newest message', async ({ page }) => {
    await failWith(page, '**/api/marquee', 200, [
      { _id: '2', message: 'RS-CIT batch starts 1 December' },
      { _id: '1', message: 'Old news' },
    ]);
    await page.goto('/about');
    await expect(page.locator('[data-announcement-text]')).toHaveText('RS-CIT batch starts 1 December');
  });

  test('shows the default text for an answer that is not a list', async ({ page }) => {
    await failWith(page, '**/api/marquee', 200, { message: 'odd' });
    await page.goto('/');
    await expect(page.locator('[data-announcement-text]')).toHaveText(`Admissions Open | Call Now ${site.phone}`);
  });

  test('says so when updates cannot be loaded', async ({ page }) => {
    await failWith(page, '**/api/marquee', 500, { message: 'down' });
    await page.goto('/');
    await expect(page.locator('[data-announcement-text]')).toHaveText('Failed to load updates. Check again later.');
  });
});

test.describe('visitor counter', () => {
  test('shows the server count, counting this browser once', async ({ page }) => {
    test.setTimeout(120_000);
    const counter = page.locator('[data-visitor-count]');
    // Other tests visit the site at the same time, so the total may grow between two page
    // loads: what must hold is that this browser is counted on its first call only, and that
    // the footer shows what the server answered.
    const firstAnswer = page.waitForResponse('**/api/visitor', { timeout: 45_000 });
    await page.goto('/');
    const first = await firstAnswer;
    expect(first.status()).toBe(200);
    expect(await first.headerValue('set-cookie')).toMatch(/^visitor_counted=1;.*HttpOnly/);
    const { count: firstCount } = (await first.json()) as { count: number };
    expect(firstCount).toBeGreaterThan(0);
    await expect(counter).toHaveText(firstCount.toLocaleString('en-IN'));

    const secondAnswer = page.waitForResponse('**/api/visitor', { timeout: 45_000 });
    await page.goto('/about');
    const second = await secondAnswer;
    expect(second.status()).toBe(200);
    expect(await second.request().headerValue('cookie')).toContain('visitor_counted=1');
    expect(await second.headerValue('set-cookie'), 'not counted again').toBeNull();
    const { count: secondCount } = (await second.json()) as { count: number };
    expect(secondCount).toBeGreaterThanOrEqual(firstCount);
    await expect(counter).toHaveText(secondCount.toLocaleString('en-IN'));
  });

  test('stays at 0 when the count cannot be loaded', async ({ page }) => {
    await failWith(page, '**/api/visitor', 503, { message: 'down' });
    // The page has dealt with the failure once it logs it (src/lib/live.ts).
    const handled = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().startsWith('Visitor count unavailable'));
    await page.goto('/about');
    await handled;
    await expect(page.locator('[data-visitor-count]')).toHaveText('0');
  });
});

test.describe('Apply Now dialog', () => {
  /** Two departments of content/departments.json, and the first course of the first. */
  const [department, otherDepartment] = content<{ departments: { key: string; courses: string[] }[] }>('departments.json').departments;
  const open = async (page: Page) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Get Started' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const fill = async (page: Page, name: string) => {
    const dialog = page.getByRole('dialog', { name: 'Get Started' });
    await answerAdult(dialog);
    await dialog.getByLabel('Full name', { exact: true }).fill(name);
    await dialog.getByLabel('E-mail', { exact: true }).fill('meena@example.in');
    await dialog.getByLabel('Mobile number', { exact: true }).fill('98290 12345');
    const course = dialog.getByLabel('Course', { exact: true });
    await expect(course).toBeDisabled();
    await dialog.getByLabel('Department', { exact: true }).selectOption(department!.key);
    await course.selectOption(department!.courses[0]!);
    await dialog.getByRole('checkbox').check();
    return dialog;
  };

  test('opens without leaving the page, and loads no React before that', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /client\.|react|ApplyDialog/.test(url))).toEqual([]);
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Get Started' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('changing the department clears the course', async ({ page }) => {
    const dialog = await open(page);
    await fill(page, 'Meena Kumari');
    await dialog.getByLabel('Department', { exact: true }).selectOption(otherDepartment!.key);
    await expect(dialog.getByLabel('Course', { exact: true })).toHaveValue('');
  });

  test('a successful application shows the server message, clears the form and closes', async ({ page }) => {
    await open(page);
    const dialog = await fill(page, 'Meena Kumari');
    const submit = dialog.getByRole('button', { name: 'Enroll Now' });
    await submit.click();
    await expect(page.getByText(/Thank you, Meena Kumari! .*reference AP-\d{4}-\d{5}/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await expect(dialog.getByLabel('Full name', { exact: true })).toHaveValue('');
    await expect(dialog.getByRole('checkbox')).not.toBeChecked();
  });

  test('shows Submitting... while the call runs, then the server error, keeping the values', async ({ page }) => {
    const held = gate();
    await page.route('**/api/apply', async (route) => {
      await held.wait;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many requests. Please wait a little and try again.' }),
      });
    });
    await open(page);
    const dialog = await fill(page, 'Ravi Sharma');
    await dialog.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    held.release();
    await expect(dialog.getByRole('alert')).toHaveText('Too many requests. Please wait a little and try again.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full name', { exact: true })).toHaveValue('Ravi Sharma');
    await expect(dialog.getByRole('checkbox')).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
  });

  test('falls back to the generic message when the server gives none', async ({ page }) => {
    await failWith(page, '**/api/apply', 500, {});
    await open(page);
    const dialog = await fill(page, 'Ravi Sharma');
    await dialog.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  });

  test('checks the fields before sending', async ({ page }) => {
    let called = false;
    await page.route('**/api/apply', (route) => {
      called = true;
      return route.continue();
    });
    const dialog = await open(page);
    await dialog.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please tick the box to allow us to contact you.')).toBeVisible();
    expect(called).toBe(false);
  });

  test('closes with × and with Escape, returning focus to the link that opened it', async ({ page }) => {
    const dialog = await open(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    const link = page.getByRole('link', { name: 'Apply Now' }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });
});

test.describe('contact forms', () => {
  test('home form: Sending..., then success with the reference, and the form is reset', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('form.contact-form');
    await answerAdult(form);
    await form.getByLabel('Your name').fill('Kiran Devi');
    await form.getByLabel('Mobile number').fill('76650 11223');
    await form.getByLabel('Subject').fill('Tally with GST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText(/^Form Submitted Successfully! Your reference is CT-\d{4}-\d{5}\.$/);
    await expect(form.getByLabel('Your name')).toHaveValue('');
  });

  test('home form: the service message on failure, values kept', async ({ page }) => {
    await failWith(page, '**/api/contact', 429, {
      message: 'Too many requests. Please wait a little and try again.',
      error: 'Too many requests. Please wait a little and try again.',
    });
    await page.goto('/');
    const form = page.locator('form.contact-form');
    await answerAdult(form);
    await form.getByLabel('Your name').fill('Kiran Devi');
    await form.getByLabel('Mobile number').fill('7665011223');
    await form.getByLabel('Subject').fill('Tally');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText('Too many requests. Please wait a little and try again.');
    await expect(form.getByLabel('Your name')).toHaveValue('Kiran Devi');
  });

  /** The contact page's labels, as content/contact.json words them. */
  const labels = Object.fromEntries(
    Object.entries(content<{ contactPage: { labels: Record<string, { en: string }> } }>('contact.json').contactPage.labels).map(([key, words]) => [
      key,
      words.en,
    ]),
  );

  /** Opens /contactForm, fills in a message and sends it; the form. */
  async function sendFromContactPage(page: Page, message: string) {
    await page.goto('/contactForm');
    const form = page.locator('form.contact-form');
    await answerAdult(form);
    await form.getByLabel(labels.name!).fill('Suresh Kumar');
    await form.getByLabel(labels.email!).fill('suresh@example.in');
    await form.getByLabel(labels.phone!, { exact: true }).fill('9414012345');
    await form.getByLabel(labels.subject!, { exact: true }).fill('CSC registration');
    await form.getByLabel(labels.message!, { exact: true }).fill(message);
    await form.getByRole('button', { name: labels.submit! }).click();
    return form;
  }

  test('contact page: success clears the fields', async ({ page }) => {
    const form = await sendFromContactPage(page, 'Which documents do I need for a CSC kiosk?');
    await expect(form.getByRole('status')).toHaveText(/^Message sent successfully! Your reference is CT-/);
    await expect(form.getByLabel(labels.name!)).toHaveValue('');
  });

  test("contact page: the answer's error, or 'Failed to send message'", async ({ page }) => {
    await failWith(page, '**/api/contact', 500, {});
    const form = await sendFromContactPage(page, 'Which documents do I need?');
    await expect(form.getByRole('status')).toHaveText('Failed to send message');
    await expect(form.getByLabel(labels.name!)).toHaveValue('Suresh Kumar');
  });
});

test.describe('Pay Now dialog', () => {
  test('shows the bank details and the merchant UPI ID, no QR code without an amount, and closes with Escape and ×', async ({ page }) => {
    const site = content<{ bank: { accountNumber: string; ifsc: string; branchCode: string; accountType: { en: string } }; fees: { upiId: string } }>(
      'site.json',
    );
    const bank = site.bank;
    await page.goto('/');
    const opener = page.getByRole('button', { name: /Pay Now/ }).first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const value of [bank.accountNumber, bank.ifsc, bank.branchCode, site.fees.upiId, bank.accountType.en]) {
      await expect(dialog.getByText(value!, { exact: true }).first()).toBeVisible();
    }
    // A QR code without the amount and the due's reference is a payment the office cannot match.
    await expect(dialog.locator('svg[role="img"], [role="img"] svg')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Pay a due from your account' })).toHaveAttribute('href', '/account');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('sends a phone to the account to pay a due, with no upi:// link without an amount', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${test.info().project.use.baseURL}/`);
    await page
      .getByRole('button', { name: /Pay Now/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'Pay a due from your account' })).toBeVisible();
    await expect(dialog.locator('a[href^="upi:"]')).toHaveCount(0);
    await context.close();
  });
});
