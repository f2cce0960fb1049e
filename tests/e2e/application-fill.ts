/**
 * What the application-form specs share: realistic files as the browser picks them (photos and a
 * signature from ../support/photo.ts, a small real PDF, an HTML page named .pdf, a PDF named
 * .jpg), a valid fill of each form for a new applicant, and helpers that fill a form and choose a
 * document (the applicant's mail: ./outbox.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { FORMS, fieldsOf } from '../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../src/lib/schemas/uploads';
import { answersOf } from '../support/form-answers';
import { pdfBytes } from '../support/pdf';
import { cameraPhoto, signatureBytes } from '../support/photo';
import { escapeRe } from './routes';
import { answerAdult } from './fixtures';

/** A file as Playwright's setInputFiles takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small real photo (a passport photo from a phone's gallery), about 100 KB. */
export const smallPhoto = async (name = 'photo.jpg'): Promise<FilePayload> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await cameraPhoto({ width: 600, height: 800 }),
});

/** A signature scanned to PNG, a few KB. */
export const signaturePng = async (name = 'signature.png'): Promise<FilePayload> => ({ name, mimeType: 'image/png', buffer: await signatureBytes() });

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

/** `answers` as an applicant types them: in lower case where `form` upper-cases a field as it is typed. */
function asTyped(form: ApplicationForm, answers: Record<string, string>): Record<string, string> {
  const upper = new Set(
    fieldsOf(FORMS[form])
      .filter((f) => f.upper)
      .map((f) => f.name),
  );
  return Object.fromEntries(Object.entries(answers).map(([name, value]) => [name, upper.has(name) ? value.toLowerCase() : value]));
}

/**
 * A valid fill of `form`'s fields for `person` (the shared answers of ../support/form-answers.ts,
 * as typed: lower case where the form upper-cases), with names and choices of its own where the
 * specs assert them.
 */
export function validFill(form: ApplicationForm, person: { email: string; mobile: string }): Record<string, string> {
  const answers = answersOf(form);
  switch (form) {
    case 'emitra':
      return asTyped(form, { ...answers, email: person.email, contactNumber: person.mobile });
    case 'csc':
      return asTyped(form, {
        ...answers,
        name: 'Sunita Devi',
        email: person.email,
        contact: person.mobile,
        motherName: 'Kamla',
        fatherName: 'Mohan',
        nomineeName: 'Ravi',
        nomineeRelation: 'Son',
      });
    case 'iibf':
      return asTyped(form, {
        ...answers,
        applicantName: 'Meena Sharma',
        email: person.email,
        mobile: person.mobile,
        motherName: 'Geeta',
        fatherName: 'Rajesh',
      });
    case 'nielit':
      return asTyped(form, {
        ...answers,
        name: 'Anil',
        fatherName: 'Sunil',
        mobile: person.mobile,
        email: person.email,
        dob: '2005-01-01',
        neilitCourse: 'CCC+',
      });
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
  await answerAdult(page.locator('form.application-form'));
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

/** Fills every field, uploads every required file (and the optional ones when asked), ticks the consent. */
export async function fillAll(page: Page, form: ApplicationForm, person: { email: string; mobile: string }, { optional = false } = {}) {
  await fillFields(page, form, validFill(form, person));
  const files = await filesFor(form, { optional });
  for (const { label, file } of files) await choose(page, label, file);
  for (const { label } of files) await expect(slot(page, label).getByText(/^Uploaded: /)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('checkbox', { name: /I have read what is collected/ }).check();
}
