/**
 * The audit log's filter offers every kind of record the office's functions write, and each line
 * reads in words: a kind a function writes without words in RECORD_KINDS would be missing from
 * the filter and named by its key ('fee-reminder #12') in the log.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';
import { RECORD_KINDS, recordKindLabel } from '../../src/lib/labels';

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Names a record in a not-found message only (marquee-item.ts); its audit line says 'marquee'. */
const NOT_AUDITED = new Set(['announcement']);

/** The kinds the office's new screens write: refunds, cash hand-overs, the cash book, student imports. */
const NEW_KINDS = ['refund', 'cash-handover', 'cash-book', 'student-import'];

/** Each `entity: '…'` written anywhere in functions/, with the file it is in. */
const written = new Map<string, string>();
for (const file of sources('functions')) {
  for (const match of readFileSync(file, 'utf8').matchAll(/\bentity: '([a-z][a-z-]*)'/g)) {
    if (!NOT_AUDITED.has(match[1]!)) written.set(match[1]!, file);
  }
}

describe('the kinds of record of the audit log', () => {
  it('finds the kinds the functions write (the scan itself works)', () => {
    expect([...written.keys()]).toEqual(expect.arrayContaining(['student', 'receipt', 'fee-plan', 'fee-due', 'fee-reminder', 'fee-receipts']));
  });

  it.each([...written.keys(), ...NEW_KINDS])('offers “%s” in the filter, in words', (entity) => {
    expect(RECORD_KINDS, `${entity} (written in ${written.get(entity) ?? 'a new screen'}) has no words in RECORD_KINDS`).toHaveProperty([entity]);
    const { one, many } = RECORD_KINDS[entity]!;
    expect(one).toMatch(/^[a-z][A-Za-z ’-]+$/);
    expect(many).toMatch(/^[A-Z]/);
    expect(recordKindLabel(entity)).toBe(one);
  });

  it.each([...written.keys(), ...NEW_KINDS])('writes the sentences of “%s” in words, never its key', (entity) => {
    const line = { actor: 'Asha Verma', entity, entityId: '12' };
    const sentences = [
      auditSentence({ ...line, action: 'view', entityId: null, detail: { count: 3 } }),
      auditSentence({ ...line, action: 'delete', detail: null }),
      auditSentence({ ...line, action: 'create', detail: { subject: 'PCI-2026-00042' } }),
    ];
    for (const sentence of sentences) {
      expect(sentence).toMatch(/^Asha Verma /);
      // A key with a hyphen never reads as words; a one-word key may be its own word ('batch').
      if (entity.includes('-')) expect(sentence).not.toContain(entity);
    }
  });

  it('lists each kind once, with a name of its own in the filter', () => {
    const names = Object.values(RECORD_KINDS).map((k) => k.many);
    expect(new Set(names).size).toBe(names.length);
  });
});
