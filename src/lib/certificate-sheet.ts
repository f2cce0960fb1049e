/**
 * Filling a printed certificate (src/components/certificate/CertificateSheet.astro) in the
 * browser: the statement in both languages with the name, course and dates in bold, grade,
 * marks, issue day, number and verification address, then the QR code of that address (drawn
 * lazily). Text only (textContent): nothing from the server is put in the page as markup.
 */
import { longDay } from './certificate-page';
import type { PublicCertificate } from './schemas/certificate';

/** The statement's text with each {placeholder} as a bold part. */
function fillStatement(target: HTMLElement, c: PublicCertificate): void {
  const locale = target.dataset['locale'] ?? 'en-IN';
  const values: Record<string, string> = { name: c.name, course: c.course, startsOn: longDay(c.startsOn, locale), endsOn: longDay(c.endsOn, locale) };
  const parts = (target.dataset['statement'] ?? '').split(/\{(\w+)\}/);
  target.replaceChildren(
    ...parts.map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const strong = document.createElement('strong');
      strong.textContent = values[part] ?? '';
      // A name or course in Latin letters stays in the Latin font inside the Hindi sentence.
      if (!/[\u0900-\u097F]/.test(strong.textContent)) strong.lang = 'en';
      return strong;
    }),
  );
}

/** The verification address a sheet prints for `number`. */
export const verifyUrlOf = (sheet: HTMLElement, number: string): string => `${sheet.dataset['verifyBase'] ?? '/certificate/'}${encodeURIComponent(number)}`;

/** Fills `sheet` with certificate `c` and shows it (its QR code is drawn by drawCodes). */
export function fillSheet(sheet: HTMLElement, c: PublicCertificate): void {
  const put = (field: string, text: string) => (sheet.querySelector(`[data-field="${field}"]`)!.textContent = text);
  for (const statement of sheet.querySelectorAll<HTMLElement>('[data-statement]')) fillStatement(statement, c);
  put('grade', c.grade ?? '');
  put('marks', c.marks ?? '');
  // The printed certificate is in both languages; its date is written the English way.
  put('issuedOn', longDay(c.issuedOn));
  put('number', c.number);
  put('url', verifyUrlOf(sheet, c.number));
  for (const key of ['grade', 'marks'] as const) sheet.querySelector<HTMLElement>(`[data-when="${key}"]`)!.hidden = !c[key];
  sheet.hidden = false;
}

/** Draws the QR code of each sheet's verification address; `label` names it ({url} filled by the caller). */
export async function drawCodes(sheets: { sheet: HTMLElement; url: string; label: string }[]): Promise<void> {
  const { qrSvg } = await import('./certificate-qr');
  for (const { sheet, url, label } of sheets) sheet.querySelector<HTMLElement>('[data-cert-qr]')!.replaceChildren(qrSvg(url, label));
}
