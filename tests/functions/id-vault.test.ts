/**
 * ID numbers at rest: sealed with the first key of the keyring, bound to their application's
 * draft, opened by any key still listed, masked to their last four characters; and the rotation
 * (`npm run ids:reseal`) moving every row to the new key, on a database of its own.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskId, openIds, parseKeyring, sealIds, type IdKey } from '../../functions/_shared/applications/id-vault';
import { unseal } from '../../functions/_shared/platform/sealed';
import { closeInProcess, openInProcess, type InProcess } from '../support/in-process';

const key = () => randomBytes(32);

/**
 * Runs `npm run ids:reseal` with `env`. Not spawnSync: the database it reaches is served from
 * this very process, which must keep answering meanwhile.
 */
function reseal(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve('scripts/reseal-ids.mjs')], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
const ring = (...keys: [string, Buffer][]) => keys.map(([id, k]) => `${id}:${k.toString('base64')}`).join(',');

describe('sealing ID numbers', () => {
  const [k1, k2] = [key(), key()];
  const keyring: IdKey[] = parseKeyring(ring(['k2', k2], ['k1', k1]));
  const values = { aadharNo: '234567890124', panNo: 'ABCDE1234F' };

  it('seals with the first key, and the sealed text holds none of the values', () => {
    const draft = randomUUID();
    const sealed = sealIds(values, draft, keyring);
    expect(sealed.keyId).toBe('k2');
    expect(sealed.sealed).not.toContain('234567890124');
    expect(sealed.sealed).not.toContain('ABCDE1234F');
    expect(openIds(sealed.sealed!, 'k2', draft, keyring)).toEqual(values);
    expect(sealed.masks).toEqual({ aadharNo: '•••• 0124', panNo: '•••• 234F' });
  });

  it('opens with an older key still listed, and not once it is dropped', () => {
    const draft = randomUUID();
    const old = sealIds(values, draft, parseKeyring(ring(['k1', k1])));
    expect(openIds(old.sealed!, 'k1', draft, keyring)).toEqual(values);
    expect(() => openIds(old.sealed!, 'k1', draft, parseKeyring(ring(['k2', k2])))).toThrow(
      'The key "k1" that sealed these ID numbers is not in ID_NUMBER_KEYS.',
    );
  });

  it('does not open in another application (another draft) or when altered', () => {
    const draft = randomUUID();
    const { sealed } = sealIds(values, draft, keyring);
    expect(() => openIds(sealed!, 'k2', randomUUID(), keyring)).toThrow();
    const altered = sealed!.slice(0, -2) + (sealed!.endsWith('A') ? 'BA' : 'AA');
    expect(() => openIds(altered, 'k2', draft, keyring)).toThrow();
  });

  it('seals nothing for a form without ID numbers, and masks the last four characters', () => {
    expect(sealIds({}, randomUUID(), keyring)).toEqual({ sealed: null, keyId: null, masks: {} });
    expect(maskId('RJX1234567')).toBe('•••• 4567');
  });

  it('refuses a keyring naming a key twice', () => {
    expect(() => parseKeyring(ring(['a', k1], ['a', k2]))).toThrow(/names a key twice/);
  });
});

describe('npm run ids:reseal', () => {
  let fx: InProcess;
  let client: pg.Client;
  beforeAll(async () => ({ fx, client } = await openInProcess({ functions: [] })));
  afterAll(() => closeInProcess({ fx, client }));

  /** An application row whose ID numbers `keyId` sealed. */
  async function insertSealed(keyring: IdKey[], values: Record<string, string>) {
    const draft = randomUUID();
    const { sealed, keyId, masks } = sealIds(values, draft, keyring);
    const reference = `CS-2026-${randomUUID().slice(0, 8)}`;
    await client.query(
      `with p as (insert into people default values returning id),
            l as (insert into leads (reference, kind, form, status, name, phone, phone_norm, person_id)
                  select $1, 'csc', '/CSCForm', 'submitted', 'Sealed', '+919829012345', '9829012345', p.id from p returning id)
       insert into applications (lead_id, form, draft, fields, id_numbers, id_key, id_masks, consent_version, consent_at)
       select id, 'csc', $2, '{}', $3, $4, $5, 'test', now() from l`,
      [reference, draft, sealed, keyId, JSON.stringify(masks)],
    );
    return draft;
  }
  const row = async (draft: string) =>
    (await client.query<{ id_numbers: string; id_key: string }>('select id_numbers, id_key from applications where draft = $1', [draft])).rows[0]!;

  it('re-seals every row an older key sealed with the new first key, and leaves rows of unknown keys alone', async () => {
    const [oldKey, newKey, lostKey] = [key(), key(), key()];
    const values = { accountNumber: '50123456789', voterIdNumber: 'RJX1234567' };
    const old = await insertSealed(parseKeyring(ring(['k2025', oldKey])), values);
    const current = await insertSealed(parseKeyring(ring(['k2026', newKey])), values);
    const lost = await insertSealed(parseKeyring(ring(['lost', lostKey])), values);
    const currentBefore = (await row(current)).id_numbers;

    const run = await reseal({ DATABASE_URL: fx.databaseUrl, ID_NUMBER_KEYS: ring(['k2026', newKey], ['k2025', oldKey]) });
    expect(run.stdout).toContain('ID numbers re-sealed with key "k2026": 1 application(s); 1 already were.');
    expect(run.stdout).toContain('1 application(s) were sealed with a key that is not in ID_NUMBER_KEYS');
    expect(run.stderr).toMatch(/sealed with key "lost", which is not in ID_NUMBER_KEYS/);
    expect(run.status).toBe(2);

    const moved = await row(old);
    expect(moved.id_key).toBe('k2026');
    // Only the new key opens it now, still bound to its draft.
    expect(JSON.parse(unseal(moved.id_numbers, newKey, old))).toEqual(values);
    expect(() => unseal(moved.id_numbers, oldKey, old)).toThrow();
    expect((await row(current)).id_numbers).toBe(currentBefore);
    expect((await row(lost)).id_key).toBe('lost');
  });

  it('refuses to run on a database of its own choosing without ID_NUMBER_KEYS', async () => {
    const run = await reseal({ DATABASE_URL: fx.databaseUrl, ID_NUMBER_KEYS: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ID_NUMBER_KEYS is not set');
  });
});
