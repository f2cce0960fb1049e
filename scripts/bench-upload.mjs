// Benchmark of the kiosk (e-Mitra) form on a slow phone connection: Chromium (Playwright) on a
// phone-sized page, throttled through the DevTools protocol to Lighthouse's mobile network
// profile — 150 ms round trip, 1.6 Mbps down, 750 kbps up (Chrome's "Slow 4G", which Lighthouse
// long called "Fast 3G") — and its 4× CPU slowdown (a low-end Android phone shrinking photos). It
// fills the form, chooses eight camera-like 3 MB photos as its documents, and submits. It prints
// the time to submit (first file chosen → reference shown), how long the uploads took, and the
// bytes that actually went to the storage for each file (after the photos were shrunk), then
// checks the time against budgets.json (`api.kioskSubmit3gSeconds`; exit 1 over it).
// Usage: npm run bench:upload [-- --port 8913 --cpu 4 --no-build]
// Serves the built site (`astro build` first unless --no-build) with throwaway data.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('port', process.env.BENCH_PORT ?? 8913));
const cpu = Number(arg('cpu', 4));
/** Lighthouse's mobile network: bytes per second as the DevTools protocol takes them. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PHOTOS = 8;
const MB = 1024 * 1024;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-upload-'));
process.env.PGLITE_DIR = path.join(scratch, 'pglite');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
delete process.env.DATABASE_URL;
// Each stored application writes mails to the outbox and says so: keep the figures readable.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => (String(chunk).startsWith('[outbox]') ? true : write(chunk, ...rest));

/** A camera-like 3 MB JPEG (3264 × 2448, a smooth scene under sensor noise), different per seed. */
async function cameraPhoto(seed) {
  const width = 3264;
  const height = 2448;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * 40;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin((x + seed * 50) / 97) * Math.cos(y / 131) + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const fill = {
  Name: 'Ramesh Kumar',
  "Father's name": 'Suresh Kumar',
  'Date of birth': '1990-05-14',
  'Permanent address': 'Ward 4, Main Road, Pali',
  'Current address': 'Ward 4, Main Road, Pali',
  'Aadhaar number': '234123412346',
  Email: 'bench@example.in',
  'PAN number': 'ABCDE1234F',
  'Jan Aadhaar number': '1234567890',
  'Contact number': `9${String(Date.now()).slice(-9)}`,
  'Kiosk name': 'Ramesh e-Mitra',
  'SSO ID': 'RAMESH.K',
  'Police station': 'Kotwali',
  'Kiosk address': 'Shop 2, Bus Stand',
  Tehsil: 'Pali',
  'Municipality / Panchayat samiti': 'Pali',
  'Ward or village': 'Ward 4',
  Pincode: '306401',
  'Bank account number': '12345678901',
  'IFSC code': 'SBIN0001234',
  'Bank name': 'State Bank of India',
  'Account holder name': 'Ramesh Kumar',
  'Correspondent bank': 'Bank of Baroda',
  'Correspondent IFSC code': 'BARB0PALIXX',
  'OD account number': '998877665544',
  'KO code': 'KO123',
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label as a pattern: the label of a required field ends with its asterisk. */
const labelled = (label) => new RegExp(`^${escape(label)}( \\*)?$`);
/** The eight documents given a photo: label and slot. */
const slots = [
  ['Police verification (Pali)', 'policeVerificationPali'],
  ['Applicant photo', 'applicantPhoto'],
  ['Marksheet', 'marksheet'],
  ['Aadhaar card copy', 'aadharCopy'],
  ['PAN card copy', 'panCardCopy'],
  ['RS-CIT certificate', 'rscit'],
  ['Affidavit', 'affidavit'],
  ['Rent agreement', 'rentAgreement'],
];

const { startServer } = await import('./server.mjs');
let server;
let browser;
try {
  process.stdout.write(`Making ${PHOTOS} camera-like photos… `);
  const photos = [];
  for (let i = 0; i < PHOTOS; i += 1) photos.push(await cameraPhoto(i + 1));
  console.log(`${photos.map((p) => (p.length / MB).toFixed(2)).join(', ')} MB`);

  server = await startServer({ port, quiet: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  // Per document, the bytes sent to the storage (the size its policy was asked for) and the bytes
  // kept (the size its check answers: a photo as the server re-encoded it), matched to the slot
  // through the policy's key; the count of posts to the storage shows no file went twice.
  let posts = 0;
  const slotOfUpload = new Map();
  const uploadedBytes = new Map();
  const stored = new Map();
  const reading = [];
  page.on('requestfinished', (request) => reading.push(read(request)));
  const read = async (request) => {
    if (request.method() !== 'POST') return;
    if (/\/api\/uploads\/local$|amazonaws\.com/.test(request.url())) posts += 1;
    const response = await request.response();
    if (!response?.ok()) return;
    if (request.url().endsWith('/api/uploads')) {
      const policy = await response.json();
      const slot = /\/([A-Za-z]+)-[^/]*$/.exec(policy.key)?.[1] ?? policy.key;
      slotOfUpload.set(policy.uploadId, slot);
      uploadedBytes.set(slot, JSON.parse(request.postData() ?? '{}').size ?? 0);
    } else if (request.url().endsWith('/api/uploads/check')) {
      const checked = await response.json();
      stored.set(slotOfUpload.get(checked.uploadId) ?? checked.uploadId, checked.size);
    }
  };
  await page.goto(`${server.url}/EmitraForm`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });

  await page.getByLabel(labelled('Name')).focus();
  await page.locator('astro-island:has(form.application-form):not([ssr])').waitFor();
  for (const [label, value] of Object.entries(fill)) await page.getByLabel(labelled(label)).fill(value);
  await page.getByLabel(labelled('Location')).selectOption('Rural');
  await page.getByRole('checkbox', { name: /I have read/ }).check();

  const started = performance.now();
  for (const [i, [label]] of slots.entries()) {
    const group = page.getByRole('group', { name: new RegExp(`^${escape(label)}( \\(optional\\))?$`) });
    await group.locator('input[type=file]').setInputFiles({ name: `IMG_2026112${i}_1015.jpg`, mimeType: 'image/jpeg', buffer: photos[i] });
  }
  await page
    .getByText(/^Uploaded: /)
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 15 * 60_000 });
  const uploaded = performance.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  const outcome = page.getByRole('alert').filter({ hasText: 'Registration Successful' });
  await outcome.waitFor({ timeout: 5 * 60_000 });
  const done = performance.now();
  const reference = /EM-\d{4}-\d{5,}/.exec((await outcome.textContent()) ?? '')?.[0];

  const seconds = (done - started) / 1000;
  await Promise.all(reading);
  const original = photos.reduce((sum, p) => sum + p.length, 0);
  const sent = [...uploadedBytes.values()].reduce((sum, n) => sum + n, 0);
  console.log(`\nKiosk form, ${PHOTOS} photos, network: ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up (Lighthouse mobile); CPU ${cpu}× slower`);
  console.log(`  time to submit (first file chosen → ${reference ?? 'reference'} shown): ${seconds.toFixed(1)} s`);
  console.log(
    `  of which uploads (chosen → all checked):                ${((uploaded - started) / 1000).toFixed(1)} s; final submit ${((done - uploaded) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  bytes uploaded: ${(sent / 1024).toFixed(0)} KB in ${posts} posts to the storage, of ${(original / MB).toFixed(1)} MB chosen (${((sent / original) * 100).toFixed(1)} %; each post adds about 1 KB of policy fields)`,
  );
  for (const [i, [, slot]] of slots.entries()) {
    const kb = (n) => ((n ?? 0) / 1024).toFixed(0).padStart(4);
    console.log(
      `    ${slot.padEnd(24)} ${(photos[i].length / MB).toFixed(2)} MB chosen → ${kb(uploadedBytes.get(slot))} KB sent, ${kb(stored.get(slot))} KB kept`,
    );
  }

  const budget = JSON.parse(readFileSync(path.join(root, 'budgets.json'), 'utf8')).api?.kioskSubmit3gSeconds;
  if (budget && seconds > budget) {
    console.error(`\n  Over budget: ${seconds.toFixed(1)} s > ${budget} s (budgets.json api.kioskSubmit3gSeconds)`);
    process.exitCode = 1;
  } else if (budget) console.log(`  within budget (${budget} s)`);
} finally {
  await browser?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
}
