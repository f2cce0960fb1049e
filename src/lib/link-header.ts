/**
 * The next page of a list, as the API names it: a `Link` header with rel="next" (RFC 8288), so a
 * list's body keeps the shape the specification gives it (a bare list, `{users}`).
 */

/** The address of rel="next" in a `Link` header, or null when there is none (the last page). */
export function nextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const link of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!match) continue;
    const rels = match[2]!
      .split(';')
      .map((param) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(param)?.[1])
      .find((value) => value !== undefined);
    if (rels?.toLowerCase().split(/\s+/).includes('next')) return match[1]!;
  }
  return null;
}
