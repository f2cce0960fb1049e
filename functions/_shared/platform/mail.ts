/**
 * Outgoing mail. With SENDGRID_API_KEY it goes through SendGrid; without it each message is
 * written to the outbox folder OUTBOX_DIR, which the local server sets (`.data/outbox` unless
 * told otherwise), and summarised on the console. The folder is never named here: a bundler that
 * follows file references would copy it into the function bundles.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, env } from './env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
}

/** Sends one message; throws if it could not be handed over. */
export async function sendMail(mail: Mail): Promise<void> {
  const { SENDGRID_API_KEY, MAIL_FROM, OUTBOX_DIR } = env();
  const from = MAIL_FROM ?? 'website@localhost';
  if (SENDGRID_API_KEY) {
    const { default: sendgrid } = await import('@sendgrid/mail');
    sendgrid.setApiKey(SENDGRID_API_KEY);
    await sendgrid.send({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) });
    return;
  }
  if (!OUTBOX_DIR)
    throw new ConfigurationError(
      'OUTBOX_DIR is not set: without SENDGRID_API_KEY, mail is written to the folder OUTBOX_DIR names, which `npm start` sets. Set OUTBOX_DIR, or SENDGRID_API_KEY.',
    );
  const dir = path.resolve(OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const slug = mail.subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40);
  // A random tail: two messages with the same subject in the same millisecond must not overwrite each other.
  const file = path.join(dir, `${stamp}-${slug}-${crypto.randomUUID().slice(0, 8)}.eml`);
  const headers = [
    `From: ${from}`,
    `To: ${mail.to}`,
    ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
  ];
  await writeFile(file, `${headers.join('\n')}\n\n${mail.text}\n`);
  console.log(`[outbox] "${mail.subject}" to ${mail.to} → ${path.relative(process.cwd(), file)}`);
}

/** Where notifications for the institute go. */
export function instituteAddress(): string {
  return env().INSTITUTE_EMAIL ?? 'institute@localhost';
}
