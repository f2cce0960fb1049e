/** Small helpers for the API tests: requests as a given client, and direct database checks. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { startTarget } from '../support/api-target';
import type { Target } from './global-setup';

/** This file's functions on a database of its own (one target; the suites run once per database). */
const target = await startTarget(inject('api'));
afterAll(() => target.close());
export const targets: Target[] = [target];

/** A random client address, so each test has its own rate-limit budget. */
export function newClientIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `100.${64 + Math.floor(Math.random() * 64)}.${byte()}.${byte()}`;
}

/** The forms that ask everyone "Are you under 18?" first (decision 053). */
const AGE_FORMS = new Set(['/api/apply', '/api/contact', '/api/emitra', '/api/csc', '/api/iibf', '/api/submit', '/api/user/register']);

/** A form's body as an adult sends it: tests that are not about age answer "adult" (an `age` of their own stays). */
export function asAdult(route: string, body: unknown): unknown {
  const isForm = AGE_FORMS.has(route.split('?')[0]!.toLowerCase());
  return isForm && body && typeof body === 'object' && !Array.isArray(body) && !('age' in body) ? { age: 'adult', ...body } : body;
}

/** Sends `body` as JSON (or as given when it is a string) from the client `ip`; a form's body answers the age question as an adult unless it says otherwise. */
export function post(target: Target, route: string, body: unknown, headers: Record<string, string> = {}, ip = newClientIp()) {
  return target.fetch(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(asAdult(route, body)),
  });
}

/** Runs one query on the target's database. */
export async function db<T extends pg.QueryResultRow = Record<string, unknown>>(target: Target, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Number of leads stored with this name (tests use unique names). */
export async function leadsNamed(target: Target, name: string): Promise<number> {
  const [row] = await db<{ n: number }>(target, 'select count(*)::int as n from leads where name = $1', [name]);
  return row?.n ?? 0;
}

/** The outbox messages whose text contains `needle`. */
export async function outboxMessages(target: Target, needle: string): Promise<string[]> {
  const files = await readdir(target.outbox).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(path.join(target.outbox, f), 'utf8')));
  return texts.filter((t) => t.includes(needle));
}

/** A unique, valid-looking person name for one test. */
export function uniqueName(label: string): string {
  const letters = 'abcdefghij';
  const id = String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return `${label} ${[...id].map((d) => letters[Number(d)]).join('')}`;
}

/** A unique, valid Indian mobile number for one test (limits count per phone number). */
export function uniquePhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

let serial = 0;
/** A unique e-mail address for one test (lower case, as the server stores it). */
export const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${serial++}${Math.random().toString(36).slice(2, 6)}@example.in`;

/**
 * Polls `check` until it passes or `ms` run out (work the server does after answering, such as
 * sending a notification, lands a moment later).
 */
export async function eventually<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A GET from the client `ip` with extra headers. */
export function get(target: Target, route: string, headers: Record<string, string> = {}, ip = newClientIp()) {
  return target.fetch(route, { headers: { 'x-forwarded-for': ip, ...headers } });
}
