/**
 * The Leads list (/adminLeads) against the real API, signed in as the demo admin on a 360 px
 * phone: leads made through the public forms (POST /api/apply and /api/contact), every name
 * carrying a word of its own so that a search finds only them (shared by the tests that only
 * look, made afresh for the one that changes them). Search,
 * filters and sort live in the address (reload and Back keep them), keyset pages with Load more,
 * bulk assign and bulk status (with what the status needs, the skipped leads listed), the page
 * readable on a phone without sideways scrolling, axe, and the CSV export as a browser download:
 * UTF-8 with BOM, CRLF, the contract's columns, Hindi intact, formula-like cells made text.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { indiaToday, type LeadRow } from '../../src/lib/schemas/lead';
import { LEADS_EXPORT_COLUMNS, parseCsv } from '../support/csv';
import { expectNoViolations } from './axe';
import { clientAddress, expect, panelHeading, test as base } from './admin-fixtures';
import { seededPerWorker } from './fixtures';

const CSV_COLUMNS = LEADS_EXPORT_COLUMNS;

/** A word of letters only (names allow no digits) that no other test uses, e.g. 'Qzkvbw'. */
const tagWord = () => {
  const letters = Array.from({ length: 7 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
  return `Q${letters}`;
};
let phoneSerial = 0;
/** A mobile number no other test uses. */
const uniquePhone = () => `9${String((Date.now() * 7 + phoneSerial++ * 7919 + Math.floor(Math.random() * 1e6)) % 1e9).padStart(9, '0')}`;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${phoneSerial++}${Math.random().toString(36).slice(2, 6)}@example.in`;

/** The text of the contact message whose subject would be a formula in a spreadsheet. */
const FORMULA_SUBJECT = '=HYPERLINK("http://example.com/x","Click me")';
const FORMULA_MESSAGE = '+91 call me back after 5 pm please';
const HINDI = 'सीमा वर्मा';

interface Made {
  tag: string;
  /** The names, in the order the leads were received. */
  names: string[];
  aaravPhone: string;
}

/** Sends one public form as a visitor of its own. */
async function sendForm(request: APIRequestContext, route: string, data: Record<string, unknown>) {
  // Everyone answers "Are you under 18?" first (decision 053): these leads are adults'.
  const answer = await request.post(route, { data: { age: 'adult', ...data }, headers: { 'x-forwarded-for': clientAddress() } });
  expect(answer.status(), `${route}: ${await answer.text()}`).toBeLessThan(300);
}

/**
 * Five leads of one tag: three applications (one with a Hindi name), a contact-page message
 * whose subject and message look like formulas, and Aarav applying again with the same mobile
 * number (one person, two enquiries).
 */
async function makeLeads(request: APIRequestContext): Promise<Made> {
  const tag = tagWord();
  const aaravPhone = uniquePhone();
  const apply = (name: string, department: string, course: string, phone = uniquePhone()) =>
    sendForm(request, '/api/apply', { name, email: uniqueEmail('lead'), phone, department, course, consent: true });
  const names = [`${tag} Aarav Sharma`, `${tag} Bhavna Joshi`, `${HINDI} ${tag}`, `${tag} Chetan Rao`, `${tag} Aarav Sharma`];
  await apply(names[0]!, 'UGcourses', 'BCA', aaravPhone);
  await apply(names[1]!, 'dl', 'RS-CIT (Basic)');
  await apply(names[2]!, 'PGcourses', 'MBA');
  await sendForm(request, '/api/contact', {
    name: names[3],
    email: uniqueEmail('contact'),
    phone: uniquePhone(),
    subject: FORMULA_SUBJECT,
    message: FORMULA_MESSAGE,
  });
  await apply(names[4]!, 'UGcourses', 'BCOM', aaravPhone);
  return { tag, names, aaravPhone };
}

/**
 * The tests that only look at leads (search, sort, pages, the page on a phone, the export)
 * share one set of five per worker, made once as the first of them needs it; a test that
 * changes its leads (bulk) makes its own.
 */
const test = base.extend<object, { seenLeads: Made }>({ seenLeads: seededPerWorker(makeLeads) });

/** The leads of a tag as the API lists them (oldest first). */
async function leadsOf(adminApi: APIRequestContext, tag: string): Promise<LeadRow[]> {
  const answer = await adminApi.get(`/api/admin/leads?q=${encodeURIComponent(tag)}&sort=oldest`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { items: LeadRow[] }).items;
}

/** The cards of the list (a phone shows cards). */
const cards = (page: Page) => page.getByRole('list', { name: /^Leads/ }).getByRole('listitem');
/** The names on the cards, top to bottom. */
const cardNames = (page: Page) => page.locator('.leads-card__name a').allTextContents();
/** A toast's text. */
const toast = (page: Page, kind: 'success' | 'error', text: string | RegExp) => page.locator(`.toast--${kind}`).filter({ hasText: text });

/** Opens the list at `query` and waits for it. */
async function openList(page: Page, query = '') {
  await page.goto(`/adminLeads${query}`);
  await expect(panelHeading(page)).toHaveText('Leads');
  await expect(page.getByText('Loading leads...')).toHaveCount(0);
}

/** Searches for `text` through the search box. */
async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search by name, phone, e-mail or reference').fill(text);
  await page.getByRole('button', { name: 'Show leads' }).click();
}

/** The filters' disclosure, opened. */
async function openFilters(page: Page) {
  const summary = page.locator('.leads-filters__more > summary');
  if ((await page.locator('.leads-filters__more').getAttribute('open')) === null) await summary.click();
}

/** A tomorrow in India, as YYYY-MM-DD. */
const tomorrow = () => indiaToday(new Date(Date.now() + 86_400_000));

test.describe('the leads list', () => {
  test("search, filters and sort are kept in the address: reload and Back keep them, a bad value shows the server's message", async ({ page, seenLeads }) => {
    const { tag, names, aaravPhone } = seenLeads;
    await openList(page);
    await searchFor(page, tag);
    await expect(page).toHaveURL(new RegExp(`/adminLeads\\?q=${tag}$`));
    await expect(cards(page)).toHaveCount(5);
    // Newest first: the order received, reversed.
    expect(await cardNames(page)).toEqual([...names].reverse());
    // The same person's second enquiry is marked; the Hindi name is shown as written.
    await expect(cards(page).filter({ hasText: 'Aarav' }).first()).toContainText('2 enquiries');
    await expect(cards(page).filter({ hasText: 'Bhavna' })).not.toContainText('enquiries');
    await expect(page.getByRole('link', { name: `${HINDI} ${tag}` })).toBeVisible();
    const chetan = cards(page).filter({ hasText: 'Chetan' });
    await expect(chetan).toContainText(FORMULA_SUBJECT);
    await expect(chetan).toContainText('Message');
    await expect(chetan).toContainText('Contact page');
    await expect(chetan).toContainText('New');
    await expect(chetan).toContainText('Nobody');

    // A filter: only the message.
    await openFilters(page);
    await page.getByLabel('Kind').selectOption({ label: 'Message' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&kind=contact$`));
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(`${tag} Chetan Rao`);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/leads/export.csv?q=${tag}&kind=contact`);
    await expect(page.getByRole('link', { name: 'Export Excel' })).toHaveAttribute('href', `/api/admin/leads/export.csv?q=${tag}&kind=contact&format=xlsx`);

    // A reload keeps the view and shows what it is filtered by.
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByLabel('Search by name, phone, e-mail or reference')).toHaveValue(tag);
    await expect(page.getByLabel('Kind')).toHaveValue('contact');
    await expect(page.locator('.leads-filters__more > summary')).toHaveText('Filters (1 set)');

    // Sort by name, then Back twice: each view as it was.
    await page.getByLabel('Sort by').selectOption({ label: 'Name' });
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&kind=contact&sort=name$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&kind=contact$`));
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByLabel('Kind')).toHaveValue('');

    // Sorts: by name (the Latin names, then the Devanagari one), oldest first.
    await page.getByLabel('Sort by').selectOption({ label: 'Name' });
    await expect(page).toHaveURL(new RegExp(`sort=name$`));
    await expect.poll(() => cardNames(page)).toEqual([names[0], names[4], names[1], names[3], names[2]]);
    await page.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
    await expect.poll(() => cardNames(page)).toEqual(names);

    // A search by mobile number: the person's two enquiries.
    await searchFor(page, `+91 ${aaravPhone}`);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toContainText('Aarav');

    // Course, status and form together.
    await openList(page, `?q=${tag}&course=MBA&status=new&form=apply-form`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(HINDI);

    // A bad value in the address: the server's message, beside its filter.
    await openList(page, `?q=${tag}&status=bogus&from=2026-02-31`);
    const alert = page.getByRole('alert').filter({ hasText: 'Please choose a status from the list.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Please choose the first day.');
    await expect(page.getByLabel('Status')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Status')).toHaveValue('bogus');
    await expect(page.getByLabel('Received from')).toHaveAttribute('aria-invalid', 'true');
  });

  test('pages with Load more (keyset pages of the real API)', async ({ page, seenLeads }) => {
    const { tag, names } = seenLeads;
    // Two a page instead of fifty, so five leads make three pages.
    await page.route('**/api/admin/leads?*', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname !== '/api/admin/leads') return route.continue();
      url.searchParams.set('limit', '2');
      return route.continue({ url: url.toString() });
    });
    await openList(page, `?q=${tag}&sort=oldest`);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole('list', { name: /^Leads/ })).toHaveAccessibleName('Leads matching the filters (2+)');
    const more = page.getByRole('button', { name: 'Load more' });
    await more.click();
    await expect(cards(page)).toHaveCount(4);
    await more.click();
    await expect(cards(page)).toHaveCount(5);
    await expect(more).toHaveCount(0);
    expect(await cardNames(page)).toEqual(names);
  });

  test('bulk: assign to me, then a status with what it needs; a failure keeps the selection and what was typed; skipped leads are listed', async ({
    page,
    request,
    adminApi,
  }) => {
    const { tag } = await makeLeads(request);
    await openList(page, `?q=${tag}`);
    await expect(cards(page)).toHaveCount(5);
    const count = page.getByRole('status').filter({ hasText: /selected\.$/ });
    await expect(count).toHaveText('No leads selected.');

    // Everything shown, with the keyboard.
    await page.getByLabel('Select all shown (5)').press('Space');
    await expect(count).toHaveText('5 leads selected.');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Assign to…' }).click();
    const me = ((await (await adminApi.get('/api/admin/me')).json()) as { staff: { name: string } }).staff.name;
    await bar.getByLabel('Assign to').selectOption({ label: `Me (${me})` });

    // A failure first: the selection and the choice stay.
    await page.route('**/api/admin/leads/bulk', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong. Please try again.' } }), {
      times: 1,
    });
    await bar.getByRole('button', { name: 'Assign 5 leads' }).click();
    await expect(toast(page, 'error', 'Something went wrong. Please try again.')).toBeVisible();
    await expect(bar.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(count).toHaveText('5 leads selected.');
    await expect(bar.getByLabel('Assign to')).not.toHaveValue('');

    await bar.getByRole('button', { name: 'Assign 5 leads' }).click();
    await expect(toast(page, 'success', '5 leads updated.')).toBeVisible();
    await expect(count).toHaveText('No leads selected.');
    await expect(bar).toHaveCount(0);
    await expect(cards(page).filter({ hasText: `Assigned to${me}` })).toHaveCount(5);
    // Assigned to me: the filter finds them.
    await openList(page, `?q=${tag}&assigned=me`);
    await expect(cards(page)).toHaveCount(5);

    // One of them admitted on its own page (the API here); a bulk move then skips it.
    const leads = await leadsOf(adminApi, tag);
    const bhavna = leads.find((lead) => lead.name.includes('Bhavna'))!;
    const admitted = await adminApi.post(`/api/admin/leads/${bhavna._id}`, {
      data: {
        action: 'move',
        version: bhavna.version,
        next: { status: 'admitted', student: { name: bhavna.name, email: uniqueEmail('student'), phone: bhavna.phone, course: bhavna.course } },
      },
    });
    expect(admitted.status(), await admitted.text()).toBe(200);
    await page.reload();
    await expect(cards(page)).toHaveCount(5);

    const chetan = cards(page).filter({ hasText: 'Chetan' });
    await chetan.getByRole('checkbox').check();
    await cards(page).filter({ hasText: 'Bhavna' }).getByRole('checkbox').check();
    await expect(count).toHaveText('2 leads selected.');
    await bar.getByRole('button', { name: 'Change status…' }).click();
    await bar.getByLabel('New status').selectOption({ label: 'Contacted' });
    // Contacted needs a follow-up day: refused in the browser, nothing sent, the selection stays.
    await bar.getByRole('button', { name: 'Change 2 leads' }).click();
    await expect(bar.getByText('Please choose the next follow-up date.')).toBeVisible();
    await expect(count).toHaveText('2 leads selected.');
    await bar.getByLabel('Next follow-up').fill(tomorrow());
    await bar.getByRole('button', { name: 'Change 2 leads' }).click();
    // (The server says '1 lead updated.' for one.)
    await expect(toast(page, 'success', /^1 leads? updated\.$/)).toBeVisible();
    const skipped = page.getByRole('region', { name: /^Not changed/ });
    await expect(skipped).toContainText(bhavna.reference);
    await expect(chetan).toContainText('Contacted');
    await expect(chetan).toContainText(
      new RegExp(
        `Follow-up${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${tomorrow()}T00:00:00Z`))}`,
      ),
    );
    await expect(cards(page).filter({ hasText: 'Bhavna' })).toContainText('Admitted');

    // Lost needs a reason; escape closes the form and gives the keyboard back to its button.
    await cards(page).filter({ hasText: 'Chetan' }).getByRole('checkbox').check();
    await bar.getByRole('button', { name: 'Change status…' }).click();
    await bar.getByLabel('New status').selectOption({ label: 'Lost' });
    await bar.getByRole('button', { name: 'Change 1 lead' }).click();
    await expect(bar.getByText('Please choose why the lead was lost.')).toBeVisible();
    await bar.getByLabel('Why was it lost?').selectOption({ label: 'Fees too high' });
    await bar.getByLabel('Why was it lost?').press('Escape');
    await expect(bar.getByRole('button', { name: 'Change status…' })).toBeFocused();
    await expect(bar.getByRole('button', { name: 'Change status…' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('on a 360 px phone the list is readable without sideways scrolling; axe finds nothing, on the phone and on a wide screen', async ({
    page,
    seenLeads,
  }) => {
    const { tag } = seenLeads;
    await openList(page, `?q=${tag}`);
    await expect(cards(page)).toHaveCount(5);
    await cards(page).first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Change status…' }).click();
    await bar.getByLabel('New status').selectOption({ label: 'Interested (visit booked)' });
    await openFilters(page);
    const fits = () => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
    expect(await fits(), 'the page does not scroll sideways').toBe(true);
    await expectNoViolations(page, '/adminLeads on a phone, a lead selected, the status form open');

    // A wide screen: a table with its caption and column headers, the name heading each row.
    await page.setViewportSize({ width: 1400, height: 900 });
    const table = page.getByRole('table', { name: /^Leads matching the filters/ });
    await expect(table).toBeVisible();
    for (const header of ['Name', 'Reference', 'Asked about', 'Status', 'Follow-up', 'Assigned to', 'Received', 'Source']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('rowheader')).toHaveCount(5);
    await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(1);
    expect(await fits(), 'the page does not scroll sideways').toBe(true);
    await expectNoViolations(page, '/adminLeads on a wide screen');
  });
});

/** Reads a downloaded file. */
const textOf = async (download: Download) => readFile((await download.path())!, 'utf8');

test.describe('the CSV export', () => {
  test("Export CSV downloads the current filter: BOM, CRLF, the contract's columns, Hindi intact, formulas made text; Export selected gives the chosen ones", async ({
    page,
    seenLeads,
  }) => {
    const { tag, names } = seenLeads;
    await openList(page, `?q=${tag}&sort=oldest`);
    await expect(cards(page)).toHaveCount(5);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await textOf(download);
    expect(text.startsWith('\uFEFF'), 'starts with the UTF-8 byte order mark').toBe(true);
    const body = text.slice(1);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, ''), 'every line ends with CRLF').not.toMatch(/[\r\n]/);
    const rows = parseCsv(body);
    expect(rows[0]).toEqual(CSV_COLUMNS);
    expect(rows).toHaveLength(6);
    const column = (name: string) => CSV_COLUMNS.indexOf(name);
    expect(rows.slice(1).map((row) => row[column('Name')])).toEqual(names);
    const chetan = rows.find((row) => row[column('Name')]?.includes('Chetan'))!;
    expect(chetan[column('Subject')]).toBe(`'${FORMULA_SUBJECT}`);
    expect(chetan[column('Message')]).toBe(`'${FORMULA_MESSAGE}`);
    // No cell of the file starts with a character a spreadsheet would read as a formula.
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(text).toContain(`${HINDI} ${tag}`);

    // The chosen leads only.
    await cards(page).filter({ hasText: 'Chetan' }).getByRole('checkbox').check();
    await cards(page).filter({ hasText: HINDI }).getByRole('checkbox').check();
    const exportSelected = page.getByRole('region', { name: 'Bulk actions' }).getByRole('link', { name: 'Export selected' });
    const [chosen] = await Promise.all([page.waitForEvent('download'), exportSelected.click()]);
    const chosenRows = parseCsv((await textOf(chosen)).slice(1));
    expect(
      chosenRows
        .slice(1)
        .map((row) => row[column('Name')])
        .sort(),
    ).toEqual([names[3], names[2]].sort());
  });
});

const run = promisify(execFile);

/** LibreOffice's command, or '' where it is not installed. */
const sofficeCommand = () =>
  run('sh', ['-c', 'command -v soffice || command -v libreoffice']).then(
    (r) => r.stdout.trim(),
    () => '',
  );

test('the export opens in LibreOffice with the same columns and the Hindi name intact', async ({ page, seenLeads }) => {
  const soffice = await sofficeCommand();
  test.skip(
    !soffice,
    'LibreOffice (soffice/libreoffice) is not installed on this machine, so the file cannot be opened in it here; the export test checks what it reads: BOM, CRLF, quoting and the leading apostrophe.',
  );
  const { tag, names } = seenLeads;
  await openList(page, `?q=${tag}&sort=oldest`);
  await expect(cards(page)).toHaveCount(5);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leads-csv-'));
  const csv = path.join(dir, 'leads.csv');
  await download.saveAs(csv);
  // 44,34,76: comma-separated, double quotes, UTF-8.
  await run(soffice, ['--headless', '--convert-to', 'xlsx', '--infilter=CSV:44,34,76', '--outdir', dir, csv], { timeout: 60_000 });
  await run(
    soffice,
    ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', path.join(dir, 'back'), path.join(dir, 'leads.xlsx')],
    { timeout: 60_000 },
  );
  const back = (await readdir(path.join(dir, 'back'))).find((f) => f.endsWith('.csv'))!;
  const again = parseCsv(
    (await readFile(path.join(dir, 'back', back), 'utf8'))
      .replace(/^\uFEFF/, '')
      .replace(/\r?\n/g, '\r\n')
      .replace(/(?<!\r\n)$/, '\r\n'),
  );
  expect(again[0]).toEqual(CSV_COLUMNS);
  const column = (heading: string) => CSV_COLUMNS.indexOf(heading);
  expect(again.slice(1).map((row) => row[column('Name')])).toEqual(names);
  // Kept as text, not run as a formula (which would leave its result, 'Click me').
  expect(again.find((row) => row[column('Name')]?.includes('Chetan'))?.[column('Subject')]).toMatch(/^'?=HYPERLINK\(/);
});
