/**
 * The test server's mail outbox (OUTBOX_DIR of playwright.config.ts): without SENDGRID_API_KEY
 * every e-mail is written there as an .eml file, which is how the journeys read one-time codes,
 * invitation and fix links and applicants' confirmations. A mail is sent after the answer, so the
 * readers that wait for one ask again until it is there (expect.poll, the expect timeout).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { escapeRe } from './routes';

const outbox = () => path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');

/** Every mail addressed to `email` (its To: line), newest first, quoted-printable soft line breaks and `=3D` undone. */
export async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(outbox()).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  const to = new RegExp(`^To: .*${escapeRe(email)}`, 'mi');
  const mails = await Promise.all(files.map(async (file) => (await readFile(path.join(outbox(), file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')));
  return mails.filter((mail) => to.test(mail));
}

/** How many mails to `email` match `containing` (all of them without it), as the outbox is now. */
export const countMailsTo = async (email: string, containing?: RegExp): Promise<number> =>
  (await mailsTo(email)).filter((mail) => !containing || containing.test(mail)).length;

/** The newest mail to `email` in which `pattern` is found, and what it found; waits for it to be written. */
export async function waitForMail(email: string, pattern: RegExp): Promise<{ mail: string; found: RegExpExecArray }> {
  let match: { mail: string; found: RegExpExecArray } | undefined;
  const find = async () => {
    for (const mail of await mailsTo(email)) {
      const found = pattern.exec(mail);
      if (found) return (match = { mail, found });
    }
    return undefined;
  };
  await expect.poll(async () => Boolean(await find()), { message: `a mail to ${email} matching ${pattern} in ${outbox()}` }).toBe(true);
  return match!;
}

/** The newest mail to `email` (containing `containing`, when given). */
export const mailTo = async (email: string, containing = /^/): Promise<string> => (await waitForMail(email, containing)).mail;

/** The newest one-time code e-mailed to `email`. */
export const codeFor = async (email: string): Promise<string> => (await waitForMail(email, /code[^\n]*?:\s*(\d{6})\b/i)).found[1]!;

/** The newest staff invitation link e-mailed to `email`. */
export const invitationLink = async (email: string): Promise<string> =>
  (await waitForMail(email, /https?:\/\/[^\s"'<>]*\/adminInvite#token=[A-Za-z0-9_-]{43}/)).found[0];

/** The newest documents-to-fix link mailed to `email`, and its mail. */
export async function fixLinkFor(email: string): Promise<{ link: string; mail: string }> {
  const { mail, found } = await waitForMail(email, /https?:\/\/\S+\/fixDocuments#[A-Za-z0-9_-]{43}/);
  return { link: found[0], mail };
}
