/**
 * The test server's mail outbox (OUTBOX_DIR of playwright.config.ts): without SENDGRID_API_KEY
 * every e-mail is written there as an .eml file, which is how the journeys read one-time codes.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeRe } from './routes';

/** The newest one-time code e-mailed to `email`, waiting up to 10 s for the mail to be written. */
export async function codeFor(email: string): Promise<string> {
  const outbox = path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const file of files) {
      const mail = await readFile(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: ${escapeRe(email)}$`, 'mi').test(mail)) continue;
      const code = /code[^\n]*?:\s*(\d{6})\b/i.exec(mail)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code e-mailed to ${email} in ${outbox}`);
}
