/**
 * The Settings screen on a 360 px phone, as the demo Owner: a threshold out of range is refused
 * beside its field and stays as typed; the grace days a new fee plan starts with is saved with one
 * Save and its change is in the history in words; a holiday is added (names in English and
 * Hindi), a second one on the same day is refused with the server's words and what was typed
 * kept, then removed. The values are put back as they were and the holiday is far ahead, so the
 * specs running beside this one (registers, certificates) see the office's usual settings.
 */
import { dayInWords } from '../../src/lib/attendance-words';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';

test('an Owner changes the default grace, adds and removes a holiday, and reads the history, on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  // A day of its own, far ahead: nobody else's class is on it.
  const day = new Date(Date.UTC(2099, 0, 1 + Math.floor(Math.random() * 360))).toISOString().slice(0, 10);
  const dayWords = dayInWords(day);
  const days = (n: string) => `${n} ${n === '1' ? 'day' : 'days'}`;

  await page.goto('/adminSettings');
  await expect(panelHeading(page)).toHaveText('Settings');
  const threshold = page.getByLabel('Attendance threshold (%)');
  const grace = page.getByLabel('Grace days of a new fee plan');
  await expect(threshold).not.toHaveValue('');
  const [thresholdWas, graceWas] = [await threshold.inputValue(), await grace.inputValue()];
  await expect(page.getByText('A new fee plan starts with this; each plan keeps its own', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'the Settings screen at 360px');

  // A threshold above 100 is refused beside its field; what was typed stays.
  await threshold.fill('101');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The attendance threshold must be between 1% and 100%.')).toBeVisible();
  await expect(threshold).toHaveValue('101');
  await threshold.fill(thresholdWas);

  // The grace days: one Save, then the history says it in words.
  const newGrace = graceWas === '3' ? '4' : '3';
  await grace.fill(newGrace);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText(`Grace days a new fee plan starts with: ${days(graceWas)} → ${days(newGrace)}`);

  // A holiday with its names in English and Hindi.
  const holidays = page.getByRole('region', { name: 'Holidays' });
  await holidays.getByRole('textbox', { name: 'Day', exact: true }).fill(day);
  await holidays.getByLabel('Name in English').fill('Town fair');
  await holidays.getByLabel('Name in Hindi').fill('मेला');
  await holidays.getByRole('button', { name: 'Save the holiday' }).click();
  const listed = holidays.getByRole('listitem').filter({ hasText: 'Town fair (मेला)' });
  await expect(listed).toContainText(dayWords);
  await expect(holidays.getByLabel('Name in English')).toHaveValue('');

  // The same day again: the server's words beside the day, and what was typed kept.
  await holidays.getByRole('textbox', { name: 'Day', exact: true }).fill(day);
  await holidays.getByLabel('Name in English').fill('Second fair');
  await holidays.getByLabel('Name in Hindi').fill('दूसरा मेला');
  await holidays.getByRole('button', { name: 'Save the holiday' }).click();
  await expect(holidays.getByText(`${dayWords} is already a holiday (Town fair).`)).toBeVisible();
  await expect(holidays.getByLabel('Name in English')).toHaveValue('Second fair');

  // Nothing scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await holidays.getByRole('button', { name: `Remove the holiday Town fair on ${dayWords}` }).click();
  await expect(listed).toHaveCount(0);
  await expect(history.getByRole('listitem').first()).toContainText(`Holiday removed: ${dayWords} — Town fair (मेला)`);
  await expect(history.getByRole('listitem').nth(1)).toContainText(`Holiday added: ${dayWords} — Town fair (मेला)`);

  // Back as it was.
  await grace.fill(graceWas);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(history.getByRole('listitem').first()).toContainText(`${days(newGrace)} → ${days(graceWas)}`);
});
