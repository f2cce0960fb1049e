/**
 * The public status page's limits: one client guessing mobile numbers for a reference is stopped
 * by its own address's limit and cannot lock the application's owner out; wrong numbers for one
 * reference from many networks together are still stopped, at a number no single client reaches.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['application-status'] }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);

let n = 0;
const newIp = () => `100.90.${Math.floor((n += 1) / 250)}.${1 + (n % 250)}`;
const newMobile = () => `9${String(300_000_000 + (n += 1)).padStart(9, '0')}`;

/** An IIBF application inserted directly: its reference and mobile number. */
async function insertApplication(): Promise<{ reference: string; mobile: string }> {
  const mobile = newMobile();
  const reference = `IB-2026-${String(10_000 + (n += 1)).padStart(5, '0')}`;
  await sql(
    `with p as (insert into people default values returning id),
          l as (insert into leads (reference, kind, form, status, name, phone, phone_norm, email, person_id)
                select $1, 'iibf', '/IIBFForm', 'submitted', 'Pooja Sharma', $2, $3, $4, p.id from p returning id)
     insert into applications (lead_id, form, draft, fields, consent_version, consent_at)
     select id, 'iibf', $5, '{}', 'test', now() from l`,
    [reference, `+91${mobile}`, mobile, `${reference.toLowerCase()}@example.in`, randomUUID()],
  );
  return { reference, mobile };
}

/** Asks for the status of `reference` with `mobile` from `ip`. */
async function ask(reference: string, mobile: string, ip: string): Promise<Response> {
  const request = new Request('http://127.0.0.1:8888/api/applications/status', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference, mobile }),
  });
  return (await fx.call('application-status', request, { ip })).response;
}

describe('the status page', () => {
  it('ten wrong mobile numbers from one address do not lock the owner out', async () => {
    const app = await insertApplication();
    const guesser = newIp();
    for (let i = 0; i < 10; i += 1) expect((await ask(app.reference, newMobile(), guesser)).status).toBe(404);
    const owner = await ask(app.reference, app.mobile, newIp());
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ reference: app.reference, status: 'submitted' });
  });

  it('stops one address at its own limit, whatever the references', async () => {
    const ip = newIp();
    const app = await insertApplication();
    for (let i = 0; i < LIMITS['status:address'].max; i += 1) expect((await ask(app.reference, newMobile(), ip)).status).not.toBe(429);
    const refused = await ask(app.reference, app.mobile, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await ask(app.reference, app.mobile, newIp())).status).toBe(200);
  });

  it('stops wrong numbers for one reference from many networks together; the owner’s own checks do not count', async () => {
    const app = await insertApplication();
    const limit = LIMITS['status-failures:reference'];
    expect(limit.max).toBeGreaterThan(LIMITS['status:address'].max);
    for (let i = 0; i < 3; i += 1) expect((await ask(app.reference, app.mobile, newIp())).status).toBe(200);
    for (let i = 0; i < limit.max; i += 1) expect((await ask(app.reference, newMobile(), newIp())).status).toBe(404);
    const refused = await ask(app.reference, app.mobile, newIp());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(limit.seconds);
  });
});
