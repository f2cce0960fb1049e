/** Helpers of the account tests: mail read from the outbox, registering, verified accounts, signing in. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { quickPasswordHash } from '../support/quick-password';
import type { Target } from './global-setup';
import { db, eventually, post, uniqueEmail } from './helpers';

export const VERIFICATION = 'Your verification code';
export const ALREADY_REGISTERED = 'You already have an account';
export const RESET = 'Your password reset code';

/** The mails with `subject` sent to `email`, oldest first (outbox files are named by time). */
export async function mailsTo(target: Target, email: string, subject = VERIFICATION): Promise<string[]> {
  const files = (await readdir(target.outbox).catch(() => [] as string[])).sort();
  const texts = await Promise.all(files.map((file) => readFile(path.join(target.outbox, file), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${email}\n`) && text.includes(`Subject: ${subject}\n`));
}

/** The codes e-mailed to `email` with `subject`, oldest first. */
export async function codesSentTo(target: Target, email: string, subject = VERIFICATION): Promise<string[]> {
  return (await mailsTo(target, email, subject)).map((text) => /code .+ is: (\d{6})$/m.exec(text)?.[1] ?? 'none');
}

/** The newest code e-mailed to `email` (waiting a moment for mail sent after the answer). */
export async function latestCode(target: Target, email: string, subject = VERIFICATION): Promise<string> {
  return eventually(async () => {
    const code = (await codesSentTo(target, email, subject)).at(-1);
    expect(code, `a code e-mailed to ${email}`).toBeDefined();
    return code!;
  });
}

/** Registers `email`; returns the activation token. */
export async function register(target: Target, email: string, password = 'a long passphrase', name = 'Test Student') {
  const res = await post(target, '/api/user/register', { name, email, password });
  expect(res.status).toBe(201);
  return (await res.json()).activationToken as string;
}

/** A verified account. */
export async function createAccount(target: Target, label: string) {
  const email = uniqueEmail(label);
  const password = `pass phrase ${label}`;
  const activationToken = await register(target, email, password, `Student ${label}`);
  const res = await post(target, '/api/user/verify', { otp: Number(await latestCode(target, email)), activationToken });
  expect(res.status).toBe(200);
  const [user] = await db<{ id: string }>(target, 'select id::text from users where email = $1', [email]);
  return { email, password, name: `Student ${label}`, id: user!.id };
}

/**
 * A verified account (above) whose password is then kept under a quick hash
 * (tests/support/quick-password.ts): for tests of what a signed-in student does, which sign in
 * again and again. Tests of the sign-in's limits keep createAccount's full-cost hash.
 */
export async function createQuickAccount(target: Target, label: string) {
  const account = await createAccount(target, label);
  await db(target, 'update users set password_hash = $2 where id = $1::uuid', [account.id, await quickPasswordHash(account.password)]);
  return account;
}

/** Logs in; returns the session token. */
export async function login(target: Target, email: string, password: string): Promise<string> {
  const res = await post(target, '/api/user/login', { email, password });
  expect(res.status).toBe(200);
  return (await res.json()).token as string;
}
