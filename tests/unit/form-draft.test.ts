/**
 * The kept fill of an application form (src/lib/form-draft.ts): what comes back, what is kept
 * apart or left out (ID numbers past the tab's life, documents the server will have deleted,
 * fills older than seven days), and that a blocked storage costs nothing but the keeping.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DAYS, DRAFT_DOCUMENT_HOURS, clearDraft, draftSaver, loadDraft, newDraft, saveDraft, type FormDraft } from '../../src/lib/form-draft';

/** A Storage kept in a Map, as a browser's would be. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const SEALED = ['aadharNo', 'panNo'];
const HOUR = 3_600_000;
const doc = (uploadedAt: number) => ({ uploadId: crypto.randomUUID(), name: 'marksheet.pdf', size: 1234, type: 'application/pdf', uploadedAt });
const fill = (over: Partial<FormDraft> = {}): FormDraft => ({ ...newDraft(), fields: { name: 'Ramesh', aadharNo: '234123412346', panNo: '' }, ...over });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('a kept fill', () => {
  it('comes back whole in the same tab: fields, ID numbers, documents and the fill id', () => {
    const now = Date.now();
    const kept = fill({ documents: { marksheet: doc(now) } });
    saveDraft('emitra', kept, SEALED, now);
    const { fill: back, restored, idsMissing } = loadDraft('emitra', SEALED, now + 1000);
    expect(restored).toBe(true);
    expect(idsMissing).toEqual([]);
    expect(back.draft).toBe(kept.draft);
    expect(back.fields).toEqual(kept.fields);
    expect(back.documents).toEqual(kept.documents);
    expect(back.savedAt).toBe(now);
  });

  it('keeps ID numbers only for the tab: another tab gets the rest and is told which to type again', () => {
    saveDraft('emitra', fill(), SEALED);
    expect(localStorage.getItem('application-draft:emitra')).not.toContain('234123412346');
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    const { fill: back, restored, idsMissing } = loadDraft('emitra', SEALED);
    expect(restored).toBe(true);
    expect(back.fields['name']).toBe('Ramesh');
    expect(back.fields['aadharNo']).toBeUndefined();
    expect(idsMissing).toEqual(['aadharNo']);
  });

  it('does not lend one fill’s ID numbers to another fill', () => {
    saveDraft('emitra', fill(), SEALED);
    const other = fill({ fields: { name: 'Suresh' } });
    localStorage.setItem(
      'application-draft:emitra',
      JSON.stringify({ v: 1, draft: other.draft, fields: other.fields, idsTyped: [], documents: {}, savedAt: Date.now() }),
    );
    expect(loadDraft('emitra', SEALED).fill.fields['aadharNo']).toBeUndefined();
  });

  it('leaves out documents older than the server keeps unattached uploads, and forgets fills older than seven days', () => {
    const now = Date.now();
    saveDraft('emitra', fill({ documents: { old: doc(now - (DRAFT_DOCUMENT_HOURS + 1) * HOUR), fresh: doc(now - HOUR) } }), SEALED, now);
    expect(Object.keys(loadDraft('emitra', SEALED, now).fill.documents)).toEqual(['fresh']);

    const stale = loadDraft('emitra', SEALED, now + (DRAFT_DAYS * 24 + 1) * HOUR);
    expect(stale.restored).toBe(false);
    expect(stale.fill.fields).toEqual({});
    expect(localStorage.getItem('application-draft:emitra')).toBeNull();
  });

  it('is per form, cleared on demand, and an empty fill is not kept at all', () => {
    saveDraft('csc', fill(), SEALED);
    expect(loadDraft('iibf', SEALED).restored).toBe(false);
    clearDraft('csc');
    expect(loadDraft('csc', SEALED).restored).toBe(false);
    saveDraft('csc', fill({ fields: { name: '  ' } }), SEALED);
    expect(localStorage.getItem('application-draft:csc')).toBeNull();
  });

  it('is saved a moment after the last change, at once on flush, never after cancel', () => {
    vi.useFakeTimers();
    try {
      const saver = draftSaver('nielit', SEALED, 400);
      saver.schedule(fill({ fields: { name: 'A' } }));
      saver.schedule(fill({ fields: { name: 'AB' } }));
      expect(localStorage.getItem('application-draft:nielit')).toBeNull();
      vi.advanceTimersByTime(400);
      expect(loadDraft('nielit', SEALED).fill.fields['name']).toBe('AB');
      saver.schedule(fill({ fields: { name: 'ABC' } }));
      saver.flush();
      expect(loadDraft('nielit', SEALED).fill.fields['name']).toBe('ABC');
      saver.schedule(fill({ fields: { name: 'ABCD' } }));
      saver.cancel();
      vi.advanceTimersByTime(1000);
      expect(loadDraft('nielit', SEALED).fill.fields['name']).toBe('ABC');
    } finally {
      vi.useRealTimers();
    }
  });

  it('costs nothing but the keeping when storage is blocked or holds rubbish', () => {
    localStorage.setItem('application-draft:emitra', '{not json');
    expect(loadDraft('emitra', SEALED).restored).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    vi.stubGlobal('localStorage', blocked);
    vi.stubGlobal('sessionStorage', blocked);
    expect(() => saveDraft('emitra', fill(), SEALED)).not.toThrow();
    expect(loadDraft('emitra', SEALED).restored).toBe(false);
    expect(() => clearDraft('emitra')).not.toThrow();
  });
});
