/**
 * What the application-form specs (and the upload benchmark) share: realistic files made on the
 * spot (camera-like JPEGs with sharp, a small real PDF, an HTML page named .pdf, a PDF named .jpg),
 * a valid fill of each form for a new applicant, and helpers that fill a form, choose a document
 * and read the applicant's mail from the test server's outbox.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { FORMS, fieldsOf } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { pdfBytes } from '../support/pdf';
import { escapeRe } from './routes';

/** A file as Playwright's setInputFiles takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A camera-like JPEG: a smooth scene (gradients, soft shapes) under sensor noise, which
 * compresses the way a phone photo does. `noise` and `quality` set its size: 4000 × 3000 at
 * noise 70 and quality 97 is about 8.5 MB; at noise 40 and quality 90, 3264 × 2448 is about 3 MB.
 */
export async function cameraPhoto({ width = 1200, height = 900, noise = 30, quality = 85, seed = 1 } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * noise;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 97) * Math.cos(y / 131) + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** A small real photo (a passport photo from a phone's gallery), about 100 KB. */
export const smallPhoto = async (name = 'photo.jpg'): Promise<FilePayload> => ({ name, mimeType: 'image/jpeg', buffer: await cameraPhoto({ width: 600, height: 800 }) });

/** A signature scanned to PNG, a few KB. */
export async function signaturePng(name = 'signature.png'): Promise<FilePayload> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 110 110, 160 50 S 260 20, 390 80" stroke="#123" stroke-width="6" fill="none"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}


/** A scan saved as PDF. */
export const pdf = (name = 'scan.pdf', text?: string): FilePayload => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(text) });
/** A PDF whose name (and so the type the browser gives it) says JPEG. */
export const pdfNamedJpg = (name = 'scan.jpg'): FilePayload => ({ name, mimeType: 'image/jpeg', buffer: pdfBytes('Renamed') });
/** An HTML page saved with a .pdf name. */
export const htmlNamedPdf = (name = 'marksheet.pdf'): FilePayload => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('<!doctype html><html><head><title>Marksheet</title></head><body><h1>Marksheet</h1><p>Saved from the browser.</p></body></html>'),
});

/** A new applicant's e-mail address and 10-digit mobile number (the limits count per number). */
export function applicant(label: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { email: `${label}-${unique}@example.in`, mobile };
}

/** A valid fill of `form`'s fields (as typed: lower case where the form upper-cases), for `person`. */
export function validFill(form: ApplicationForm, person: { email: string; mobile: string }): Record<string, string> {
  switch (form) {
    case 'emitra':
      return {
        name: 'Ramesh Kumar', fatherName: 'Suresh Kumar', dob: '1990-05-14', permanentAddress: 'Ward 4, Main Road, Pali',
        currentAddress: 'Ward 4, Main Road, Pali', aadharNo: '234123412346', email: person.email, panNo: 'abcde1234f',
        janAadharNo: '1234567890', contactNumber: person.mobile, location: 'Rural', kioskName: 'Ramesh e-Mitra', ssoId: 'ramesh.k',
        policeStation: 'Kotwali', kioskAddress: 'Shop 2, Bus Stand', tehsil: 'Pali', municipality: 'Pali', wardOrVillage: 'Ward 4',
        pincode: '306401', bankAccountNumber: '12345678901', ifsc: 'sbin0001234', bankName: 'State Bank of India',
        accountHolder: 'Ramesh Kumar', correspondentBank: 'Bank of Baroda', correspondentIfsc: 'barb0palixx', odAccount: '998877665544', koCode: 'ko123',
      };
    case 'csc':
      return {
        name: 'sunita devi', email: person.email, contact: person.mobile, motherName: 'kamla', fatherName: 'mohan',
        accountNumber: '123456789012', ifscCode: 'punb0123400', bankName: 'punjab national bank', voterIdNumber: 'abc1234567',
        tecNumber: 'tec-778', nomineeName: 'ravi', nomineeDob: '2001-02-03', nomineeRelation: 'son',
      };
    case 'iibf':
      return { applicantName: 'meena sharma', email: person.email, mobile: person.mobile, motherName: 'geeta', fatherName: 'rajesh' };
    case 'nielit':
      return { name: 'anil', fatherName: 'sunil', mobile: person.mobile, email: person.email, dob: '2005-01-01', casteCategory: 'OBC', neilitCourse: 'CCC+' };
  }
}

/** A field's control, by its label (the label ends with the required marker, an asterisk). */
export const control = (page: Page, label: string): Locator => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));

/** The form's island, once it has woken (the first focus inside it wakes it). */
export async function openForm(page: Page, form: ApplicationForm) {
  await page.goto(FORMS[form].path);
  const island = page.locator('astro-island').filter({ has: page.locator('form.application-form') });
  await control(page, fieldsOf(FORMS[form])[0]!.label).focus();
  await expect(island).not.toHaveAttribute('ssr');
}

/** Types `values` into the form's fields, by their labels. */
export async function fillFields(page: Page, form: ApplicationForm, values: Record<string, string>) {
  for (const field of fieldsOf(FORMS[form])) {
    const value = values[field.name];
    if (value === undefined) continue;
    const input = control(page, field.label);
    if (field.input === 'select') await input.selectOption(value);
    else await input.fill(value);
  }
}

/** A document's slot, by its label. */
export const slot = (page: Page, label: string): Locator => page.getByRole('group', { name: new RegExp(`^${escapeRe(label)}( \\(optional\\))?$`) });

/** Chooses `file` for the document `label` (nothing is awaited). */
export async function choose(page: Page, label: string, file: FilePayload) {
  await slot(page, label).locator('input[type=file]').setInputFiles(file);
}

/** Chooses `file` for the document `label` and waits until it is uploaded and checked. */
export async function upload(page: Page, label: string, file: FilePayload) {
  await choose(page, label, file);
  await expect(slot(page, label).getByText(/^Uploaded: /)).toBeVisible({ timeout: 30_000 });
}

/** A fitting file for each document of `form` (a photo for images-only slots, else a PDF). */
export async function filesFor(form: ApplicationForm, { optional = false } = {}): Promise<{ label: string; file: FilePayload }[]> {
  const photo = await smallPhoto();
  const signature = await signaturePng();
  return FORMS[form].documents
    .filter((doc) => doc.required || optional)
    .map((doc) => ({
      label: doc.label,
      file: doc.imagesOnly ? (/signature/i.test(doc.label) ? signature : { ...photo, name: `${doc.slot}.jpg` }) : pdf(`${doc.slot}.pdf`, doc.label),
    }));
}

/** True when a mail's To: line names `email`. */
const addressedTo = (mail: string, email: string) => new RegExp(`^To: .*${escapeRe(email)}`, 'mi').test(mail);

/** Fills every field, uploads every required file (and the optional ones when asked), ticks the consent. */
export async function fillAll(page: Page, form: ApplicationForm, person: { email: string; mobile: string }, { optional = false } = {}) {
  await fillFields(page, form, validFill(form, person));
  const files = await filesFor(form, { optional });
  for (const { label, file } of files) await choose(page, label, file);
  for (const { label } of files) await expect(slot(page, label).getByText(/^Uploaded: /)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('checkbox', { name: /I have read what is collected/ }).check();
}

/** The newest e-mail the test server wrote to `email` (quoted-printable undone), waiting up to 10 s. */
export async function mailTo(email: string, containing?: RegExp): Promise<string> {
  const outbox = path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const file of files) {
      const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (addressedTo(mail, email) && (!containing || containing.test(mail))) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${email} in ${outbox}`);
}

/** How many e-mails the outbox holds for `email` that match `containing`. */
export async function countMailsTo(email: string, containing: RegExp): Promise<number> {
  const outbox = path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');
  let count = 0;
  for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
    const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (addressedTo(mail, email) && containing.test(mail)) count += 1;
  }
  return count;
}
