/**
 * People's rights over their data on a 360 px phone (DPDP Act 2023 ss.11–14, decision 053): a
 * student downloads a copy of their data and asks for erasure from /hi/account, in Hindi; the
 * Owner sees the request on Today with the days left, opens it under Data requests and erases;
 * and someone without an account asks from /hi/data-request, the age question first (an
 * under-18's request waits for the guardian's consent, the waiting step). Axe on the
 * account's section and its dialog, the request page and the staff screens. Runs in the admin
 * project (the demo admin is an Owner); the student has a browser of their own.
 */
import { readFile } from 'node:fs/promises';
import { answerDay } from '../../src/admin/privacy/answer-by';
import { formatIndiaDay } from '../../src/lib/india-time';
import { RIGHTS_ANSWER_DAYS } from '../../src/lib/schemas/data-rights';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { dayPlus, uniqueTag } from '../support/class-records';
import { clientAddress, expect, panelHeading, SIGNED_OUT, test, uniqueLetters } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { awake } from './fixtures';
import { codeFor } from './outbox';

const PHONE = { width: 360, height: 740 };

test('a student downloads their data and asks for erasure in Hindi; the Owner answers it from Today', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const headers = { 'x-forwarded-for': clientAddress() };
  const name = `Sunita ${uniqueLetters()}`;
  const email = `rights-${uniqueTag()}@example.in`;
  const password = 'correct horse battery';
  const answerBy = dayPlus(indiaToday(), RIGHTS_ANSWER_DAYS);

  const student = await browser.newContext({ viewport: PHONE, storageState: SIGNED_OUT, extraHTTPHeaders: headers });
  const mine = await student.newPage();
  const registered = await mine.request.post('/api/user/register', { data: { name, email, password, age: 'adult' } });
  expect(registered.status()).toBe(201);
  const { activationToken } = (await registered.json()) as { activationToken: string };
  expect((await mine.request.post('/api/user/verify', { data: { otp: Number(await codeFor(email)), activationToken } })).status()).toBe(200);

  await test.step('the student logs in on the Hindi site and downloads a copy of their data', async () => {
    await mine.goto('/hi/login');
    await mine.getByRole('main').getByLabel('ई-मेल').fill(email);
    await mine.getByRole('main').getByLabel('पासवर्ड').fill(password);
    await mine.getByRole('main').getByRole('button', { name: 'लॉगिन' }).click();
    await expect(mine).toHaveURL(/\/hi$/);
    await mine.goto('/hi/account');
    const rights = mine.getByRole('region', { name: 'आपका डेटा और आपके अधिकार' });
    await expect(rights.getByRole('heading', { name: 'आपके अनुरोध' })).toBeVisible();
    await expect(rights.getByText('आपने अभी तक कोई अनुरोध नहीं भेजा है।')).toBeVisible();
    await expect(rights.getByRole('heading', { name: 'आपकी सहमतियाँ' })).toBeVisible();
    await expectNoViolations(mine, '/hi/account: your data and your rights at 360px');

    const download = mine.waitForEvent('download');
    await rights.getByRole('button', { name: 'अपने डेटा की कॉपी डाउनलोड करें' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(await readFile((await file.path())!, 'utf8')) as { account: { name: string; email: string } | null };
    expect(copy.account).toMatchObject({ name, email });
  });

  await test.step('asks for erasure: the dialog says what the law keeps and that the account ends', async () => {
    const rights = mine.getByRole('region', { name: 'आपका डेटा और आपके अधिकार' });
    await rights.getByRole('button', { name: 'अपना डेटा मिटाने के लिए कहें' }).click();
    const dialog = mine.getByRole('dialog', { name: 'अपना डेटा मिटाना है?' });
    await expect(dialog.getByText(/फ़ीस की रसीदें .* सर्टिफ़िकेट/)).toBeVisible();
    await expect(dialog.getByText('यह होने के बाद आपका खाता बंद हो जाएगा और आप लॉगिन नहीं कर पाएँगे।')).toBeVisible();
    await expect(dialog.getByLabel('हमारे लिए कुछ शब्द')).toHaveValue('कृपया मेरा डेटा मिटा दें।');
    await expectNoViolations(mine, '/hi/account: the erasure dialog at 360px');
    await dialog.getByRole('button', { name: 'हाँ, मिटाने के लिए कहें' }).click();
    await expect(dialog).toBeHidden();
    // The request, with the day it will be answered by in Hindi words (India's day).
    await expect(rights.getByText(/^आपका डेटा मिटाना \(DR-\d{4}-\d{5}\), .* को भेजा गया$/)).toBeVisible();
    await expect(rights.getByText(`बाकी है: हम ${formatIndiaDay(answerBy, 'hi')} तक जवाब देंगे।`)).toBeVisible();
    expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  await test.step('the Owner sees it on Today with the days left and erases', async () => {
    await page.goto('/adminToday');
    const card = page.getByRole('region', { name: /^Requests about personal data/ });
    await expect(card.getByText(/^\d+ open, (answer the first by|the first was due on) /)).toBeVisible();
    await card.getByRole('link', { name: 'Open the data requests' }).click();
    await expect(panelHeading(page)).toHaveText('Data requests');
    const link = page.getByRole('link', { name: new RegExp(`^${name} \\(DR-`) });
    await expect(
      page
        .getByRole('listitem')
        .filter({ has: link })
        .getByText(`Answer by ${answerDay(answerBy, indiaToday())}: ${RIGHTS_ANSWER_DAYS} days left`),
    ).toBeVisible();
    await expectNoViolations(page, 'Data requests at 360px');
    await link.click();
    await expect(panelHeading(page)).toHaveText(`Erasure of their data: ${name}`);
    await expect(page.getByText(`Website account: ${name} <${email}>`)).toBeVisible();
    await expectNoViolations(page, 'a data request at 360px');

    await page.getByRole('button', { name: 'Erase now' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${name}’s data?` });
    await expect(dialog.getByText(/^Kept by law: fee receipts and refunds/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Erase now' }).click();
    await expect(dialog).toBeHidden();
    const answer = page.getByRole('region', { name: 'The answer' });
    await expect(answer.getByText(/^Done on /)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  await student.close();
});

test('/hi/data-request: its notice and the age question first, what was typed kept, the answer’s reference and day, and an under-18’s request waiting for the guardian', async ({
  page,
}) => {
  const answerBy = dayPlus(indiaToday(), RIGHTS_ANSWER_DAYS);
  let sent: Record<string, unknown> | undefined;
  let refuse = true;
  // The server's answers, so that the page's own behaviour shows on its own: a refusal first, then
  // the request stored; an under-18's is held for their guardian's consent (202, as every form's).
  await page.route('**/api/data-request', (route) => {
    sent = route.request().postDataJSON() as Record<string, unknown>;
    if (sent['age'] === 'minor') {
      const held = { id: '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60', number: 'H-7K3P-Q2', guardianEmail: 's•••@example.in', expiresAt: '2026-12-02T10:00:00.000Z' };
      return route.fulfill({ status: 202, json: { message: 'कोड भेजा गया।', held } });
    }
    if (refuse) {
      refuse = false;
      return route.fulfill({ status: 400, json: { message: 'कृपया जाँच लें।', errors: { details: 'कृपया थोड़ा और लिखें।' } } });
    }
    // The endpoint's words (rights_request_thanks) and the request's reference.
    const day = formatIndiaDay(answerBy, 'hi');
    return route.fulfill({
      status: 201,
      json: { message: `धन्यवाद। आपकी जानकारी मिलने पर, यह जाँचकर कि अनुरोध आपने ही किया है, हम ${day} तक जवाब देंगे।`, reference: 'DR-2026-00042' },
    });
  });
  await page.goto('/hi/data-request');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('अपने डेटा के बारे में पूछें');
  await main.getByRole('radio', { name: 'हाँ, मेरी उम्र 18 साल से कम है' }).click();
  await awake(page, 'DataRequestForm');
  await main.getByRole('radio', { name: 'हाँ, मेरी उम्र 18 साल से कम है' }).check();
  await expect(main.getByRole('group', { name: 'आपके माता-पिता या अभिभावक' })).toBeVisible();
  await main.getByRole('radio', { name: 'नहीं, मेरी उम्र 18 साल या उससे ज़्यादा है' }).check();
  await expect(main.getByRole('group', { name: 'आपके माता-पिता या अभिभावक' })).toBeHidden();

  // Nothing chosen: the form says so in Hindi and sends nothing.
  await main.getByRole('button', { name: 'अनुरोध भेजें' }).click();
  await expect(main.getByText('कृपया चुनें कि आप क्या माँग रहे हैं।')).toBeVisible();
  expect(sent).toBeUndefined();

  await main.getByRole('radio', { name: 'मेरे डेटा की कॉपी' }).check();
  await main.getByLabel('आपका नाम').fill('Ramesh Kumar');
  await main.getByLabel('आपका मोबाइल नंबर').fill('9829012345');
  await main.getByLabel('हमें और बताएँ').fill('मेरे आवेदन की कॉपी चाहिए।');
  await expectNoViolations(page, '/hi/data-request at 360px');
  await main.getByRole('button', { name: 'अनुरोध भेजें' }).click();
  // Refused: the reason beside the field, and what was typed stays.
  await expect(main.getByText('कृपया थोड़ा और लिखें।')).toBeVisible();
  await expect(main.getByLabel('आपका नाम')).toHaveValue('Ramesh Kumar');
  await expect(main.getByLabel('हमें और बताएँ')).toHaveValue('मेरे आवेदन की कॉपी चाहिए।');
  expect(sent).toMatchObject({ age: 'adult', kind: 'copy', name: 'Ramesh Kumar', phone: '+919829012345' });
  expect(sent).not.toHaveProperty('guardian');
  expect(sent).not.toHaveProperty('email');

  await main.getByRole('button', { name: 'अनुरोध भेजें' }).click();
  await expect(main.getByText(`हम ${formatIndiaDay(answerBy, 'hi')} तक जवाब देंगे।`, { exact: false })).toBeVisible();
  await expect(main.getByText('आपके अनुरोध की संदर्भ संख्या: DR-2026-00042।')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An under-18's request waits for their guardian, like every form's: the waiting step, and back to the form as typed.
  await page.reload();
  // The request's notice comes before the form.
  await expect(main.getByRole('region', { name: /^गोपनीयता सूचना: / })).toBeVisible();
  await main.getByRole('radio', { name: 'हाँ, मेरी उम्र 18 साल से कम है' }).click();
  await awake(page, 'DataRequestForm');
  await main.getByRole('radio', { name: 'हाँ, मेरी उम्र 18 साल से कम है' }).check();
  await main.getByLabel('माता-पिता या अभिभावक का नाम').fill('Sunita Kumari');
  await main.getByLabel('वे आपके क्या लगते हैं?').selectOption('mother');
  await main.getByLabel('माता-पिता या अभिभावक का ई-मेल').fill('sunita@example.in');
  await main.getByRole('radio', { name: 'मेरे डेटा की कॉपी' }).check();
  await main.getByLabel('आपका नाम').fill('Ravi Kumar');
  await main.getByLabel('आपका मोबाइल नंबर').fill('9829012346');
  await main.getByLabel('हमें और बताएँ').fill('मेरे आवेदन की कॉपी चाहिए।');
  await main.getByRole('button', { name: 'अनुरोध भेजें' }).click();
  const waiting = main.getByRole('region', { name: 'आपके माता-पिता या अभिभावक की सहमति का इंतज़ार है' });
  await expect(waiting).toContainText('H-7K3P-Q2');
  expect(sent).toMatchObject({ age: 'minor', guardian: { name: 'Sunita Kumari', relation: 'mother', email: 'sunita@example.in' } });
  await waiting.getByRole('button', { name: 'जानकारी बदलें' }).click();
  await expect(main.getByLabel('आपका नाम')).toHaveValue('Ravi Kumar');
});
