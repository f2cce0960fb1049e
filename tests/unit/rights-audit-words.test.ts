/** The audit log's sentences for people's requests about their data: words, never keys or values of the person. */
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';

const line = (action: string, entity: string, detail: Record<string, unknown>, entityId: string | null = null) =>
  auditSentence({ actor: 'Asha Verma', action, entity, entityId, detail });

describe('audit sentences of requests about people’s data', () => {
  it('names each answer in words', () => {
    expect(line('update', 'rights-request', { action: 'erase', subject: 'DR-2026-00001' }, '1')).toBe(
      'Asha Verma answered by erasing the data: request DR-2026-00001.',
    );
    expect(line('update', 'rights-request', { action: 'decline', subject: 'DR-2026-00002' }, '2')).toBe('Asha Verma declined: request DR-2026-00002.');
    expect(line('view', 'rights-request', { subject: 'DR-2026-00003' }, '3')).toBe('Asha Verma opened request about a person’s data DR-2026-00003.');
  });

  it('says what an erasure removed by counts, and a copy handed over by its request', () => {
    expect(line('delete', 'person', { erasure: true, subject: 'DR-2026-00001', leads: 3, objects: 5, users: 1 })).toBe(
      'Asha Verma erased the data of the person of request DR-2026-00001 (3 enquiries, 5 documents).',
    );
    expect(line('export', 'person', { request: 'DR-2026-00001', subject: 'DR-2026-00001', records: 4 })).toBe(
      'Asha Verma downloaded the data of the person of request DR-2026-00001 to hand it over.',
    );
  });
});
