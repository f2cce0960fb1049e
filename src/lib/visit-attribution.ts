/**
 * The visit kept by keep-visit.ts (sessionStorage `visit`), which every public form sends with an
 * enquiry as its `attribution`.
 */

/** The sessionStorage key; keep-visit.ts writes the same one. */
const KEY = 'visit';

/** The visit as kept by keepVisit, to send as a form's `attribution`; undefined when none. */
export function visitAttribution(): Record<string, string> | undefined {
  try {
    const visit: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return visit && typeof visit === 'object' ? (visit as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
