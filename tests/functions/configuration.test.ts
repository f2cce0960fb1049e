/**
 * A function refuses to run without its configuration unless `npm start` says it is local:
 * a function bundle is run by itself in a child process with a chosen environment — empty, half
 * configured as a Netlify site might be, with a weak AUTH_SECRET, or local mode on a production
 * deploy — and must answer 503 with no detail, log what is missing, and store or send nothing.
 * Locally, the mail outbox and the document folder are only where `npm start` says they are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction, bundleModule } from '../../scripts/in-process.mjs';

let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'institute-config-'));
  bundle = await bundleFunction('apply', dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STRONG = 'q2Zk7VwP0mJx4sR9tLb1nYc8uHe3gFa6dK5oEi2WvQyT0pXz';

/** Runs the bundle once with exactly `env` (plus PATH); returns its answer and its log. */
function runWith(env: Record<string, string>, deployContext = '') {
  const script = `
    const { default: handler } = await import(${JSON.stringify(bundle)});
    const body = JSON.stringify({ name: 'Asha Verma', email: 'asha@example.in', phone: '9829012345', department: 'dl', course: 'RS-CIT (Basic)', consent: true, age: 'adult' });
    const res = await handler(new Request('https://site.example/api/apply', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      { ip: '100.64.0.1', requestId: 'req-1', deploy: { context: ${JSON.stringify(deployContext)} }, waitUntil() {} });
    console.log(JSON.stringify({ status: res.status, body: await res.json() }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const line = run.stdout.trim().split('\n').at(-1) ?? '{}';
  return { ...(JSON.parse(line) as { status: number; body: Record<string, unknown> }), log: run.stderr };
}

const REFUSED = {
  message: 'This service is not available right now. Please try again later, or call us.',
  error: 'This service is not available right now. Please try again later, or call us.',
  requestId: 'req-1',
};

describe('a function without its configuration', () => {
  it('refuses to run with an empty environment, naming what is missing in the log only', () => {
    const { status, body, log } = runWith({});
    expect(status).toBe(503);
    expect(body).toEqual(REFUSED);
    expect(log).toContain(
      'Refusing to run without DATABASE_URL, SENDGRID_API_KEY, MAIL_FROM, INSTITUTE_EMAIL, AUTH_SECRET, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, ID_NUMBER_KEYS',
    );
    expect(existsSync(path.join(dir, '.data'))).toBe(false);
  });

  it('refuses a half-configured production (no mail settings), whatever Netlify exposes', () => {
    for (const extra of [{}, { CONTEXT: 'production' }, { CONTEXT: 'dev' }, { NETLIFY_DEV: 'true' }]) {
      const { status, log } = runWith({ DATABASE_URL: 'postgres://u:p@db.example.invalid/neondb', AUTH_SECRET: STRONG, ...extra });
      expect(status, JSON.stringify(extra)).toBe(503);
      expect(log).toContain('Refusing to run without SENDGRID_API_KEY, MAIL_FROM, INSTITUTE_EMAIL');
    }
    // Nothing was written where the local outbox would be.
    expect(existsSync(path.join(dir, '.data'))).toBe(false);
  });

  it('refuses an AUTH_SECRET with too little randomness, saying how to make one', () => {
    for (const secret of ['x'.repeat(32), 'my-super-secret-auth-key-for-the-institute-website-2026', 'ab'.repeat(40)]) {
      const { status, log } = runWith({ LOCAL_MODE: '1', AUTH_SECRET: secret });
      expect(status, secret).toBe(503);
      expect(log).toContain('AUTH_SECRET must carry at least 256 bits of randomness');
      expect(log).toContain('openssl rand -base64 48');
      expect(log).not.toContain(secret);
    }
  });

  it('refuses local mode on a production deploy', () => {
    const { status, log } = runWith({ LOCAL_MODE: '1', AUTH_SECRET: STRONG }, 'production');
    expect(status).toBe(503);
    expect(log).toContain('LOCAL_MODE is set on a production deploy');
  });

  it('gets past the configuration check once everything is set (and then needs its database)', () => {
    const { status, body } = runWith({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none',
      SENDGRID_API_KEY: 'SG.test',
      MAIL_FROM: 'website@example.in',
      INSTITUTE_EMAIL: 'office@example.in',
      AUTH_SECRET: STRONG,
      S3_BUCKET: 'institute-documents',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      ID_NUMBER_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    // No database there: a 500 with a request id, not the configuration refusal.
    expect(status).toBe(500);
    expect(body['requestId']).toBe('req-1');
  });
});

describe('the local mail outbox and document folder', () => {
  it('are written only where the local server says (OUTBOX_DIR, UPLOAD_DIR): without them, a clear refusal and no folder made', async () => {
    const mail = await bundleModule('functions/_shared/platform/mail.ts', path.join(dir, 'mail.mjs'));
    const storage = await bundleModule('functions/_shared/storage/storage-local.ts', path.join(dir, 'storage-local.mjs'));
    const script = `
      const { sendMail } = await import(${JSON.stringify(mail)});
      const { localDocumentStorage } = await import(${JSON.stringify(storage)});
      const said = async (work) => work.then(() => 'written', (error) => error.constructor.name + ': ' + error.message);
      console.log(JSON.stringify({
        mail: await said(sendMail({ to: 'asha@example.in', subject: 'Test', text: 'Hello' })),
        document: await said(localDocumentStorage().put('applications/emitra/x/marksheet.pdf', new Uint8Array([37]), 'application/pdf')),
      }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', LOCAL_MODE: '1', AUTH_SECRET: STRONG },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      mail: expect.stringMatching(/^ConfigurationError: OUTBOX_DIR is not set: /),
      document: expect.stringMatching(/^ConfigurationError: UPLOAD_DIR is not set: /),
    });
    expect(readdirSync(dir).filter((name) => !name.endsWith('.mjs') && !name.endsWith('.map'))).toEqual([]);
  });
});
