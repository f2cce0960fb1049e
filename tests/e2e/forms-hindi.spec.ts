/**
 * The public forms on their Hindi pages: the Apply dialog and an application form speak Hindi in
 * everything the browser says before anything is sent (labels, choices, the checks' messages,
 * the summary of what to correct, the document slots), and their Devanagari fits their buttons
 * and inputs on a 360 px phone. (What the server answers a Hindi page is in tests/functions.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { control } from './application-fill';
import { answerAdult } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

/** Fails when a control's text is cut: wider (or taller) than the box that shows it. */
async function expectNothingClipped(scope: Locator) {
  const clipped = await scope.locator('button, .btn, input, select, label, legend').evaluateAll((elements) =>
    elements
      // Shown ones only: not the file inputs kept out of sight under their buttons, nor the honeypot.
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.clientWidth > 2 && !el.closest('.form-honeypot'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || (el.tagName !== 'LABEL' && el.scrollHeight > el.clientHeight + 1))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || (el as HTMLInputElement).value || '').trim().slice(0, 40)}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
      ),
  );
  expect(clipped).toEqual([]);
}

/** Counts the calls a page makes to `path` (nothing may be sent while the browser's checks fail). */
function countCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path && request.method() === 'POST') calls.push(request.url());
  });
  return calls;
}

test('the Apply dialog on a Hindi page: Hindi labels, departments and messages, and nothing sent', async ({ page }) => {
  const calls = countCalls(page, '/api/apply');
  await page.goto('/hi');
  await page.locator("a[href='/hi/apply'], [data-open-apply]").first().click();
  const dialog = page.getByRole('dialog', { name: 'शुरू करें' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'बंद करें' })).toBeVisible();
  await expect(dialog.getByText('सभी जानकारी भरना ज़रूरी है।')).toBeVisible();
  const department = dialog.getByLabel('विभाग', { exact: true });
  await expect(department.locator('option', { hasText: 'डिजिटल साक्षरता' })).toHaveCount(1);
  await expect(dialog.getByLabel('कोर्स', { exact: true }).locator('option').first()).toHaveText('पहले विभाग चुनें');

  await answerAdult(dialog);
  await dialog.getByLabel('पूरा नाम', { exact: true }).fill('Asha Meena');
  await dialog.getByLabel('ई-मेल', { exact: true }).fill('asha@example.in');
  await dialog.getByLabel('मोबाइल नंबर', { exact: true }).fill('98290 12345');
  await dialog.getByRole('button', { name: 'अभी प्रवेश लें' }).click();
  await expect(dialog.getByText('कृपया सूची में से विभाग चुनें।')).toBeVisible();
  await expect(dialog.getByText('कृपया कोर्स चुनें।')).toBeVisible();
  await expect(dialog.getByText('हमें आपसे संपर्क करने की अनुमति देने के लिए कृपया बॉक्स पर टिक करें।')).toBeVisible();

  // A department chosen: its courses offered under a Hindi prompt; the consent still missing.
  await department.selectOption('dl');
  await expect(dialog.getByLabel('कोर्स', { exact: true }).locator('option').first()).toHaveText('कोर्स चुनें');
  await dialog.getByRole('button', { name: 'अभी प्रवेश लें' }).click();
  await expect(dialog.getByText('कृपया सूची में से विभाग चुनें।')).toBeHidden();
  await expect(dialog.getByText('हमें आपसे संपर्क करने की अनुमति देने के लिए कृपया बॉक्स पर टिक करें।')).toBeVisible();
  expect(calls).toEqual([]);
  await expectNothingClipped(dialog);
  await page.screenshot({ path: test.info().outputPath('apply-dialog-hi.png') });
});

test('an application form on its Hindi page: Hindi labels, documents, checks and summary, and nothing sent', async ({ page }) => {
  const calls = countCalls(page, '/api/IIBF');
  await page.goto('/hi/IIBFForm');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('IIBF आवेदन फ़ॉर्म');
  await expect(page.getByRole('heading', { name: 'गोपनीयता सूचना: IIBF आवेदन' })).toBeVisible();
  const form = page.locator('form.application-form');
  const island = page.locator('astro-island').filter({ has: form });
  await control(page, 'आवेदक का नाम').focus();
  await expect(island).not.toHaveAttribute('ssr');
  await expect(form.getByRole('group', { name: 'आवेदक का विवरण' })).toBeVisible();
  await expect(form.getByRole('group', { name: 'हस्ताक्षर' }).getByText('JPEG, PNG या WebP फ़ोटो, ज़्यादा से ज़्यादा 5 MB।')).toBeVisible();

  // Devanagari digits are digits: a short number is refused in Hindi, a whole one is taken as typed.
  await control(page, 'मोबाइल नंबर').fill('९८७६५');
  await control(page, 'ई-मेल').fill('meena@');
  await form.getByRole('button', { name: 'जमा करें' }).click();

  const summary = page.locator('.form-summary');
  await expect(summary.getByRole('heading')).toHaveText(/^कृपया \d+ चीज़ें ठीक करें$/);
  for (const message of [
    'कृपया यह जानकारी भरें: आवेदक का नाम',
    'मोबाइल नंबर ठीक 10 अंकों का होना चाहिए।',
    'कृपया सही ई-मेल पता लिखें, जैसे name@example.com',
    'कृपया यह जानकारी भरें: पिता का नाम',
    'कृपया ज़रूरी फ़ाइल अपलोड करें: आधार कार्ड',
    'कृपया ज़रूरी फ़ाइल अपलोड करें: जाति प्रमाण पत्र',
    'कृपया सहमति के बॉक्स पर टिक करें, ताकि हम आपका आवेदन आगे बढ़ा सकें।',
  ]) {
    await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible();
  }
  // Each message is also under its own field, and the summary's link leads there.
  await expect(form.getByRole('group', { name: 'आधार कार्ड' }).getByText('कृपया ज़रूरी फ़ाइल अपलोड करें: आधार कार्ड')).toBeVisible();
  await summary.getByRole('link', { name: 'कृपया यह जानकारी भरें: आवेदक का नाम' }).click();
  await expect(control(page, 'आवेदक का नाम')).toBeFocused();
  await control(page, 'मोबाइल नंबर').fill('९८७६५४३२१०');
  await expect(control(page, 'मोबाइल नंबर')).toHaveValue('९८७६५४३२१०');
  await form.getByRole('button', { name: 'जमा करें' }).click();
  await expect(summary.getByRole('link', { name: 'कृपया यह जानकारी भरें: आवेदक का नाम', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'मोबाइल नंबर ठीक 10 अंकों का होना चाहिए।' })).toHaveCount(0);
  expect(calls).toEqual([]);

  await expectNothingClipped(form);
  await page.screenshot({ path: test.info().outputPath('iibf-form-hi.png'), fullPage: true });
});
