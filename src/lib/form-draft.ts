/**
 * The fill of a long application form, kept in the browser so that a closed tab, a reload or a
 * dropped connection loses nothing: the fill's `draft` id (its uploads carry it), what was typed,
 * and each document already uploaded. Kept for seven days per form, in localStorage.
 *
 * ID numbers (Aadhaar, PAN, bank accounts…) are kept apart, in sessionStorage: they survive a
 * reload or a lost connection, but not the closing of the tab, so a shared phone or a cyber
 * café's computer does not keep them for the next person. Uploaded documents are kept for less
 * than a day: the server deletes uploads never attached to an application after a day.
 */

/** An uploaded, checked document of the fill. */
export interface DraftDocument {
  /** The upload's id (POST /api/uploads), sent as the document's value. */
  uploadId: string;
  /** The file's name as it was uploaded. */
  name: string;
  /** Its size in bytes, as stored. */
  size: number;
  /** Its type, as the server read it from its bytes. */
  type: string;
  /** When it was uploaded (ms since the epoch). */
  uploadedAt: number;
}

/** One fill of a form. */
export interface FormDraft {
  /** The fill's id: made when the form is first opened, kept until it is sent. */
  draft: string;
  /** What was typed, by field name. */
  fields: Record<string, string>;
  /** Uploaded documents, by slot. */
  documents: Record<string, DraftDocument>;
  /** When it was last saved (ms since the epoch); 0 for a new fill. */
  savedAt: number;
}

/** Days a fill is kept after it was last changed. */
export const DRAFT_DAYS = 7;
/** Hours an uploaded document is kept in the fill (the server drops unattached uploads after 24). */
export const DRAFT_DOCUMENT_HOURS = 20;
/** How long typing pauses before the fill is saved. */
export const SAVE_DELAY_MS = 400;

const HOUR = 60 * 60 * 1000;
const VERSION = 1;
/** The localStorage key of a form's kept fill (the page wakes a form that has one). */
export const draftKey = (form: string) => `application-draft:${form}`;
const idsKeyOf = (form: string) => `application-draft-ids:${form}`;

/** A storage, or undefined where the browser blocks it (some private modes do). */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reads JSON from a storage; undefined when missing, unreadable or blocked. */
function read(store: Storage | undefined, key: string): unknown {
  try {
    return JSON.parse(store?.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes JSON to a storage; a full or blocked storage only means the fill is not kept. */
function write(store: Storage | undefined, key: string, value: unknown) {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the form works without a kept fill.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): Record<string, string> =>
  isRecord(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/** A new, empty fill with a fresh id. */
export function newDraft(): FormDraft {
  return { draft: crypto.randomUUID(), fields: {}, documents: {}, savedAt: 0 };
}

/** True when the fill holds anything the applicant typed or uploaded. */
export function hasContent(fill: FormDraft): boolean {
  return Object.values(fill.fields).some((v) => v.trim() !== '') || Object.keys(fill.documents).length > 0;
}

/** What `loadDraft` found. */
export interface LoadedDraft {
  /** The kept fill, or a new one. */
  fill: FormDraft;
  /** A kept fill with content was found (the form says so and offers to clear it). */
  restored: boolean;
  /** ID-number fields the kept fill had but this tab no longer has (to be typed again). */
  idsMissing: string[];
}

/**
 * The kept fill of `form`, or a new one when there is none or it is older than DRAFT_DAYS.
 * `sealed` names the ID-number fields (kept in sessionStorage). Documents older than
 * DRAFT_DOCUMENT_HOURS are left out: the server will have deleted them.
 */
export function loadDraft(form: string, sealed: readonly string[], now = Date.now()): LoadedDraft {
  const kept = read(storage('localStorage'), draftKey(form));
  if (!isRecord(kept) || kept['v'] !== VERSION || typeof kept['draft'] !== 'string' || typeof kept['savedAt'] !== 'number') {
    return { fill: newDraft(), restored: false, idsMissing: [] };
  }
  if (now - kept['savedAt'] > DRAFT_DAYS * 24 * HOUR) {
    clearDraft(form);
    return { fill: newDraft(), restored: false, idsMissing: [] };
  }
  const documents: Record<string, DraftDocument> = {};
  for (const [slot, doc] of Object.entries(isRecord(kept['documents']) ? kept['documents'] : {})) {
    if (!isRecord(doc) || typeof doc['uploadId'] !== 'string' || typeof doc['name'] !== 'string') continue;
    const uploadedAt = typeof doc['uploadedAt'] === 'number' ? doc['uploadedAt'] : 0;
    if (now - uploadedAt > DRAFT_DOCUMENT_HOURS * HOUR) continue;
    documents[slot] = { uploadId: doc['uploadId'], name: doc['name'], size: Number(doc['size']) || 0, type: String(doc['type'] ?? ''), uploadedAt };
  }
  const fields = strings(kept['fields']);
  const ids = read(storage('sessionStorage'), idsKeyOf(form));
  const idFields = isRecord(ids) && ids['draft'] === kept['draft'] ? strings(ids['fields']) : {};
  const idsMissing = sealed.filter((name) => Array.isArray(kept['idsTyped']) && kept['idsTyped'].includes(name) && !idFields[name]);
  const fill: FormDraft = { draft: kept['draft'], fields: { ...fields, ...pick(idFields, sealed) }, documents, savedAt: kept['savedAt'] };
  return { fill, restored: hasContent(fill) || idsMissing.length > 0, idsMissing };
}

/** The entries of `values` whose names are in `names`. */
function pick(values: Record<string, string>, names: readonly string[]) {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

/** Keeps the fill now: ID numbers in sessionStorage, the rest in localStorage; an empty fill is forgotten. */
export function saveDraft(form: string, fill: FormDraft, sealed: readonly string[], now = Date.now()) {
  if (!hasContent(fill)) {
    clearDraft(form);
    return;
  }
  const ids = pick(fill.fields, sealed);
  const others = Object.fromEntries(Object.entries(fill.fields).filter(([name]) => !sealed.includes(name)));
  // Which ID numbers were typed, so a later visit can ask for them again by name.
  const idsTyped = Object.keys(ids).filter((name) => ids[name]!.trim() !== '');
  write(storage('localStorage'), draftKey(form), { v: VERSION, draft: fill.draft, fields: others, idsTyped, documents: fill.documents, savedAt: now });
  write(storage('sessionStorage'), idsKeyOf(form), { draft: fill.draft, fields: ids });
}

/** Forgets the kept fill of `form` (after it was sent, or on "Clear the form"). */
export function clearDraft(form: string) {
  try {
    storage('localStorage')?.removeItem(draftKey(form));
    storage('sessionStorage')?.removeItem(idsKeyOf(form));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/**
 * Saves a form's fill a moment after the last change (`schedule`), at once with `flush` (the page
 * is being hidden or left), or never again once `cancel`led (the fill was sent or cleared).
 */
export function draftSaver(form: string, sealed: readonly string[], delay = SAVE_DELAY_MS) {
  let pending: FormDraft | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (pending) saveDraft(form, pending, sealed);
    pending = undefined;
  };
  return {
    /** Saves `fill` once typing pauses. */
    schedule(fill: FormDraft) {
      pending = fill;
      clearTimeout(timer);
      timer = setTimeout(flush, delay);
    },
    flush,
    /** Drops a save not yet made. */
    cancel() {
      clearTimeout(timer);
      pending = undefined;
    },
  };
}
