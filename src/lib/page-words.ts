/**
 * The words a page's own script shows (a status line, a heading it changes), handed over by the
 * page in its language as JSON in a `data-words` attribute: the script then carries no words at
 * all, and a Hindi page's script no English. Placeholders stay as `{name}`, filled by `fill`.
 * No imports: this runs in the pages' small scripts.
 */

/** The words of `element`'s `data-words` (the page wrote every key; an unreadable one is a bug). */
export function pageWords<T extends object>(element: HTMLElement): T {
  return JSON.parse(element.dataset['words'] ?? '{}') as T;
}

/** `text` with each `{name}` replaced by `values[name]` ('Revoked on {day}' → 'Revoked on 3 March 2027'). */
export const fill = (text: string, values: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (found, name: string) => values[name] ?? found);
